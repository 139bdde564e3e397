"""Memberships (spec §7 Deliverable and members): list, add, edit, remove; the entry modules."""
