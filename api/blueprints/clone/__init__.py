"""Cloning and templates (spec §7 Modules 'Form /api/clone/module/{moduleId}' and Templates)."""
