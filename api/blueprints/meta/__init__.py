"""Platform metadata: the skeleton of a module's platform and the platform roots (/v2)."""
