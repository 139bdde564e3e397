"""The reader's own work across portals and the board's and calendar's reads (issue 44): My work, calendar items,
the board's swimlanes."""
