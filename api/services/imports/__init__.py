"""Issue 46: bringing work in (Redmine, spreadsheets, MS Project) and moving a portal between installations.
Readers turn a source into one intermediate plan (plan.py); one writer (writer.py) puts a plan into a portal."""
