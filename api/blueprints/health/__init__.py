"""Health: the database answers and its schema is at the migrations' head."""
