"""Documents: the text inside uploaded files, extracted for search and for viewing without a download."""
