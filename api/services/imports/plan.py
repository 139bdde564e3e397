"""The intermediate plan every reader produces and the writer consumes (a plain, JSON-serialisable dict: see
docs/architecture.md, 'Imports'), and the errors readers raise."""


class Invalid(Exception):
    """The source cannot be imported as given (a 422 with this message; nothing written)."""


class Cancelled(Exception):
    """The person who started the import cancelled it (nothing written)."""


class Unreachable(Exception):
    """The source's server did not answer as expected (network, HTTP status, size)."""


def empty(source):
    return {"source": source, "people": {}, "fields": [], "modules": [], "relations": [], "articles": [],
            "comments": [], "files": [], "time": [], "baselines": [], "skipped": []}
