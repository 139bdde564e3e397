"""Saved views of a module's screens (issue 44)."""
