"""gunicorn settings, used by `make run`, `make bench`, the browser tests and the Docker image."""
import functools
import gc
import ipaddress
import multiprocessing
import os
import re

from gunicorn import glogging

# `make run` (scripts/serve.sh) binds a unix socket in the run folder that only nginx uses; "unix:PATH" or host:port,
# several separated by commas.
bind = [b.strip() for b in os.environ.get("GUNICORN_BIND", "127.0.0.1:8000").split(",") if b.strip()]
# Applied only while gunicorn binds a unix socket: 0660, for the service user (and its group: nginx's user).
umask = 0o117
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
# Peers whose X-Forwarded-* headers count (a unix socket's always do); serve.sh sets none: nginx comes through the
# socket, and whoever calls a TCP port directly is a client (pre_request drops what it claims).
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
# gunicornc's socket: serve.sh keeps it with the run's files (gunicorn's default, in $HOME, is one for every gunicorn).
if os.environ.get("GUNICORN_CONTROL_SOCKET"):
    control_socket = os.environ["GUNICORN_CONTROL_SOCKET"]
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


# --- no single-use secrets in the access log --------------------------------------------------------------------
# Reset, invitation and unsubscribe links (?token=), live tickets (?t=) and single sign-on answers (?code=&state=)
# stand in URLs: a query holding one of these is logged as '?[redacted]', in the request line and in the Referer
# (the SPA's pages send theirs). nginx's log_format does the same (nginx/nginx.conf.template, $log_request_uri).
SECRET_PARAMS = ("token", "_token", "t", "ticket", "code", "state", "key", "secret", "password", "access_token",
                 "id_token", "refresh_token")
_NAMES = "|".join(SECRET_PARAMS)
_SECRET_IN_URL = re.compile(rf"\?(?:[^\s\"?#]*&)?(?:{_NAMES})=[^\s\"#]*", re.IGNORECASE)
_SECRET_IN_QUERY = re.compile(rf"(?:^|&)(?:{_NAMES})=", re.IGNORECASE)
_QUERY_ATOMS = ("q", "{query_string}e")
# A calendar feed's address holds its secret in the path (issue 44): '/api/calendar-feed/ical/[redacted].ics'.
_SECRET_IN_PATH = re.compile(r"(/calendar-feed/ical/)[^\s\"?#]*", re.IGNORECASE)
_PATH_MARK = "calendar-feed/ical/"


def _feed(match):
    return match.group(1) + "[redacted]" + (".ics" if match.group(0).lower().endswith(".ics") else "")


def redact(text):
    """`text` with the query of any URL in it that carries a secret replaced by '?[redacted]', and a calendar
    feed's secret in a path by '[redacted]'."""
    if "=" in text:
        text = _SECRET_IN_URL.sub("?[redacted]", text)
    if _PATH_MARK in text.lower():
        text = _SECRET_IN_PATH.sub(_feed, text)
    return text


class RedactingLogger(glogging.Logger):
    """gunicorn's logger; access log atoms (the request line, the path, the query, the Referer, headers such as
    X-Original-URI) pass through redact() first."""

    def atoms(self, resp, req, environ, request_time):
        atoms = super().atoms(resp, req, environ, request_time)
        for name, value in atoms.items():
            if isinstance(value, str) and ("=" in value or _PATH_MARK in value.lower()):
                if name in _QUERY_ATOMS:
                    atoms[name] = "[redacted]" if _SECRET_IN_QUERY.search(value) else value
                else:
                    atoms[name] = redact(value)
        return atoms


logger_class = RedactingLogger


# --- forwarded headers only from the proxy ------------------------------------------------------------------------
# The app believes X-Forwarded-For and its kin (ProxyFix, TRUSTED_PROXIES): they are dropped from any request whose
# peer is not a proxy allowed by forwarded_allow_ips, so a client calling gunicorn directly cannot choose the
# address its sign-in failures are counted under, nor the host or scheme of the links it is sent.
FORWARDED_HEADERS = frozenset({"X-FORWARDED-FOR", "X-FORWARDED-PROTO", "X-FORWARDED-HOST", "X-FORWARDED-PORT",
                               "X-FORWARDED-PREFIX", "X-REAL-IP", "FORWARDED"})


def peer_is_proxy(peer, allowed):
    """Whether `peer` (an (ip, port) pair, or a unix socket's name) may set forwarded headers."""
    if not isinstance(peer, tuple):
        return True  # a unix socket: its mode decides who may connect
    if "*" in allowed:
        return True
    try:
        ip = ipaddress.ip_address(peer[0])
    except ValueError:
        return False
    return any(ip in net for net in _networks(tuple(allowed)))


@functools.lru_cache(maxsize=4)
def _networks(allowed):
    return [ipaddress.ip_network(a, strict=False) for a in allowed]


def pre_request(worker, req):
    if not peer_is_proxy(req.peer_addr, worker.cfg.forwarded_allow_ips):
        req.headers = [(name, value) for name, value in req.headers if name.upper() not in FORWARDED_HEADERS]
    worker.log.debug("%s %s", req.method, redact(req.path or ""))  # what gunicorn's own pre_request logs
