"""Timesheets (issue 45): a person's week in a portal, saved a cell at a time; months submitted, approved or
returned; the approvers' list; the month as a PDF."""
