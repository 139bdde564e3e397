"""The module tree (spec §7 Modules)."""
