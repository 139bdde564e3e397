"""The discussion of a module (spec §7 Discussion): comments, replies, edit and delete."""
