"""Baselines of a subtree's dates (issue 42, point 5)."""
