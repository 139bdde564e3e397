"""Custom field definitions (portal settings, custom fields page): list, add, edit, delete."""
