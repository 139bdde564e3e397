"""Work that must not hold up a response, nor show by its duration what it found (does an account exist?): it is
handed to the Huey queue (`api/tasks.py`) and runs in the consumer, after the handler returned; a worker killed
meanwhile loses nothing (the queue is persistent: SQLite or Redis). In immediate mode (tests) it runs at once."""
from .. import tasks


def submit(fn, *args):
    """Run `fn(*args)` in the background; `fn` must be a module-level function (it is found again by name)."""
    return tasks.call(fn.__module__, fn.__name__, *args)


def drain(timeout=30):
    """Kept for callers that waited for the old thread pool: the queue needs no waiting here (in immediate mode
    the work is done when `submit` returns)."""
    return None
