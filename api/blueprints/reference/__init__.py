"""References of the vault (spec §7 Vault): links to documents, videos and pages, lockable. Their form endpoints"""
