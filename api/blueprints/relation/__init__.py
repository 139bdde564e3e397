"""Relations between modules (issue 42)."""
