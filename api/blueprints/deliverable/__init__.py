"""Deliverables: status, owner and dates, through server-described forms."""
