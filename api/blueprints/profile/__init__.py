"""The signed-in user's profile and avatars (spec §7 Authentication and profile)."""
