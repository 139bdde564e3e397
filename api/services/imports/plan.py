"""The intermediate plan every reader produces and the writer consumes (a plain, JSON-serialisable dict: see
docs/architecture.md, 'Imports'), and the errors readers raise."""
from datetime import date, datetime


class Invalid(Exception):
    """The source cannot be imported as given (a 422 with this message; nothing written)."""


class Cancelled(Exception):
    """The person who started the import cancelled it (nothing written)."""


class Unreachable(Exception):
    """The source's server did not answer as expected (network, HTTP status, size)."""


def empty(source):
    return {"source": source, "people": {}, "fields": [], "modules": [], "relations": [], "articles": [],
            "comments": [], "files": [], "time": [], "baselines": [], "skipped": []}


def day(value):
    """A plan's date ('YYYY-MM-DD', or the date part of a longer text) as a date; None when it is none."""
    if value is None or isinstance(value, date):
        return value
    try:
        return date.fromisoformat(str(value)[:10])
    except ValueError:
        return None


def moment(value):
    """A plan's ISO date-time (a trailing Z read as UTC) as a naive UTC datetime; None when it is none."""
    if not value:
        return None
    try:
        return datetime.fromisoformat(str(value).replace("Z", "+00:00")).replace(tzinfo=None)
    except ValueError:
        return None
