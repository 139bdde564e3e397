"""The knowledge library (spec §7 Articles)."""
