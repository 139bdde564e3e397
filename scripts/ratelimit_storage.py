"""Where `make run` counts failed sign-ins (scripts/serve.sh): printed on stdout, to export as RATELIMIT_STORAGE_URI.

With memory:// every gunicorn worker keeps counts of its own, so an attacker gets the limit once per worker. When
nothing was chosen (neither RATELIMIT_STORAGE_URI nor REDIS_URL) and a Redis without a password answers on
127.0.0.1:6379, its database LOCAL_DB counts them for all workers; otherwise memory://, and stderr says so.
"""
import multiprocessing
import os
import socket
import sys

LOCAL_REDIS = ("127.0.0.1", 6379)
LOCAL_DB = 2  # not 0: a developer's own Redis keeps its things there (the test suites use 3, 9 and 11)


def redis_answers(address=LOCAL_REDIS, timeout=0.5):
    """Whether a Redis at `address` answers PING without asking for a password."""
    try:
        with socket.create_connection(address, timeout=timeout) as s:
            s.settimeout(timeout)
            s.sendall(b"PING\r\n")
            return s.recv(64).startswith(b"+PONG")
    except OSError:
        return False


def choose(environ=os.environ, probe=redis_answers):
    """(uri or None, message): None keeps what is set (the app reads RATELIMIT_STORAGE_URI, then REDIS_URL)."""
    for name in ("RATELIMIT_STORAGE_URI", "REDIS_URL"):
        if environ.get(name):
            return None, f"Sign-in limits: counted where {name} says."
    if probe():
        host, port = LOCAL_REDIS
        uri = f"redis://{host}:{port}/{LOCAL_DB}"
        return uri, f"Sign-in limits: counted in Redis ({uri}), once for every gunicorn worker."
    workers = environ.get("GUNICORN_WORKERS") or multiprocessing.cpu_count() + 1
    return "memory://", (f"Sign-in limits: memory:// (no Redis answers on {LOCAL_REDIS[0]}:{LOCAL_REDIS[1]}): each of "
                         f"the {workers} gunicorn workers counts failures alone. Start Redis, or set "
                         "RATELIMIT_STORAGE_URI, to count them once.")


if __name__ == "__main__":
    uri, message = choose()
    print(message, file=sys.stderr)
    if uri:
        print(uri)
