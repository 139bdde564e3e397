"""The file vault (spec §7 Vault): files with versions, locks and downloads."""
