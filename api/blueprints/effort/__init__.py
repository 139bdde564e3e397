"""A project's effort plan and effort report (issue 45)."""
