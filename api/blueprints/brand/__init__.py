"""Brand logos (spec §7 Brand)."""
