"""Time tracking (issue 45): time entries, the running timer and a portal's effort settings."""
