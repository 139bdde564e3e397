"""gunicorn settings, used by `make run`, `make bench`, the browser tests and the Docker image."""
import gc
import multiprocessing
import os

bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
# One process per core and one more, each with 4 threads: requests wait on the database for part of their time,
# and every process costs ~50-65 MiB PSS, so more processes buy memory, not throughput (make bench measures both).
workers = int(os.environ.get("GUNICORN_WORKERS", multiprocessing.cpu_count() + 1))
threads = int(os.environ.get("GUNICORN_THREADS", 4))
worker_class = "gthread"
timeout = int(os.environ.get("GUNICORN_TIMEOUT", 60))
graceful_timeout = 20
# Each connection is closed after its response (nginx in front opens the next one on the loopback): a new connection
# goes to whichever worker is free, while a kept-alive one stays with the worker that accepted it, and under load
# one worker held most of them at one core while another idled (make bench: 168 against 237 req/s, by chance).
keepalive = int(os.environ.get("GUNICORN_KEEPALIVE", 0))
accesslog = os.environ.get("GUNICORN_ACCESS_LOG", "-")
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "info")
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
# Workers import the app after fork: each opens its own database connections.
preload_app = False


def on_starting(server):
    """In the master, before any worker: settle files a killed worker left between its write and its commit,
    and warn when workers would count sign-in limits each on their own."""
    from api import create_app
    from api.services import storage
    app = create_app()
    with app.app_context():
        try:
            published, removed = storage.recover()
        except Exception:  # the database may not be reachable yet: serving matters more than tidying
            server.log.exception("Storage recovery skipped")
        else:
            if published or removed:
                server.log.info("Storage recovery: %d file(s) published, %d removed", len(published), len(removed))
        from api.extensions import db
        db.engine.dispose()  # no connection crosses the fork into the workers
    if workers > 1 and app.config["RATELIMIT_STORAGE_URI"].startswith("memory://"):
        server.log.warning("Sign-in limits are counted per worker (%d workers share memory://): set REDIS_URL or "
                           "RATELIMIT_STORAGE_URI to count them once for the whole installation", workers)
    # What the master imported is inherited by every worker: frozen, the collector never walks (and so never
    # writes to) those objects, and their pages stay shared between the processes instead of being copied.
    gc.collect()
    gc.freeze()


def post_worker_init(worker):
    """The worker's own app is made once and kept: out of the collector's way too (shorter collections)."""
    gc.collect()
    gc.freeze()
