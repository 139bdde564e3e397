"""Custom field values: add, edit and delete through server-described forms (checklist included)."""
