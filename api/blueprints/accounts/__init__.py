"""Sign-in, sign-out, forgotten and reset passwords (spec §7 Authentication)."""
