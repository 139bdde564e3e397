"""A real gunicorn (api/gunicorn_conf.py, gthread) on a free port, against a database and an upload folder of
its own, for the live suites (test_races.py, test_faults.py).

    stack = LiveStack("sqlite", workdir)          # or "postgresql" (a database of our own on the server)
    stack.migrate()                               # flask --app api db upgrade
    ids = stack.call("races_setup")               # appside.races_setup() in a process of its own
    stack.start()                                 # gunicorn; returns when /api/health answers 200
    h = stack.login(ids["su"])                    # bearer headers
    r = stack.post(url, headers=h, data={...})    # requests, with a timeout
    stack.kill_workers()                          # SIGKILL every worker (the master forks new ones)
    stack.restart("kill")                         # stop (graceful | quick | kill) and start: on_starting runs again
    stack.rows("SELECT ...")                      # the database as it is, from the test process
    stack.close()                                 # stop, drop the database, remove the folder

Everything the stack starts runs in its own process group and is stopped by its id.
"""
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import uuid

import requests
import sqlalchemy as sa
from sqlalchemy.pool import NullPool

from .appside import PASSWORD

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
BIN = os.path.join(ROOT, ".venv", "bin")
PYTHON = os.path.join(BIN, "python") if os.path.exists(os.path.join(BIN, "python")) else sys.executable
TIMEOUT = 20  # seconds any single request may take before the test calls it hung


def pg_server_url():
    """The PostgreSQL server the live suites make their databases on (no database name)."""
    url = (os.environ.get("LIVE_PG_URL") or os.environ.get("TEST_PG_URL") or os.environ.get("TEST_DATABASE_URL")
           or "postgresql+psycopg://postgres@127.0.0.1:5432/postgres")
    if not url.startswith("postgresql"):
        url = "postgresql+psycopg://postgres@127.0.0.1:5432/postgres"
    return url.rsplit("/", 1)[0]


def pg_reachable(server_url=None):
    try:
        import psycopg
        plain = (server_url or pg_server_url()).replace("postgresql+psycopg://", "postgresql://")
        psycopg.connect(plain + "/postgres", connect_timeout=3).close()
        return True
    except Exception:  # noqa: BLE001 - any failure: not reachable
        return False


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def create_pg_database(server_url, name):
    admin = sa.create_engine(server_url + "/postgres", isolation_level="AUTOCOMMIT", poolclass=NullPool)
    with admin.connect() as conn:
        conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        conn.execute(sa.text(f'CREATE DATABASE "{name}"'))
        conn.execute(sa.text(f'ALTER DATABASE "{name}" SET synchronous_commit = off'))
    admin.dispose()


def drop_pg_database(server_url, name):
    admin = sa.create_engine(server_url + "/postgres", isolation_level="AUTOCOMMIT", poolclass=NullPool,
                             connect_args={"connect_timeout": 3})
    try:
        with admin.connect() as conn:
            conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    finally:
        admin.dispose()


class LiveStack:
    def __init__(self, kind, workdir, pg_server=None, workers=2, threads=4, name=None):
        assert kind in ("sqlite", "postgresql"), kind
        self.kind = kind
        self.workdir = str(workdir)
        self.instance_dir = os.path.join(self.workdir, "instance")
        self.upload_dir = os.path.join(self.workdir, "uploads")
        os.makedirs(self.instance_dir, exist_ok=True)
        os.makedirs(self.upload_dir, exist_ok=True)
        self.workers, self.threads = workers, threads
        self.port = None
        self.proc = None
        self.log_path = os.path.join(self.workdir, "gunicorn.log")
        self._tokens = {}
        if kind == "sqlite":
            self.db_name = None
            self.database_url = "sqlite:///" + os.path.join(self.workdir, "portal.db")
        else:
            self.pg_server = pg_server or pg_server_url()
            self.db_name = name or f"portal_live_{uuid.uuid4().hex[:10]}"
            create_pg_database(self.pg_server, self.db_name)
            self.database_url = f"{self.pg_server}/{self.db_name}"
        self.engine = sa.create_engine(self.database_url, poolclass=NullPool)

    # --- processes -------------------------------------------------------------------------------------

    def env(self):
        env = dict(os.environ)
        for k in ("TEST_DATABASE_URL", "FLASK_APP"):
            env.pop(k, None)
        env.update({
            "DATABASE_URL": self.database_url, "INSTANCE_DIR": self.instance_dir, "UPLOAD_DIR": self.upload_dir,
            "MAIL_OUTBOX_DIR": os.path.join(self.workdir, "outbox"), "RATELIMIT_ENABLED": "0",
            "GUNICORN_WORKERS": str(self.workers), "GUNICORN_THREADS": str(self.threads),
            "GUNICORN_BIND": f"127.0.0.1:{self.port or 0}", "GUNICORN_ACCESS_LOG": "-",
            "PYTHONDONTWRITEBYTECODE": "1", "PYTHONPATH": ROOT,
        })
        return env

    def _run(self, args, what, timeout=180):
        out = subprocess.run(args, cwd=ROOT, env=self.env(), capture_output=True, text=True, timeout=timeout)
        if out.returncode != 0:
            raise RuntimeError(f"{what} failed ({out.returncode}):\n{out.stdout[-3000:]}\n{out.stderr[-3000:]}")
        return out.stdout

    def migrate(self):
        self._run([os.path.join(BIN, "flask"), "--app", "api", "db", "upgrade"], "flask db upgrade")

    def call(self, name, **kwargs):
        """Run appside.<name>(**kwargs) in the app, in a process of its own; returns its JSON result."""
        import json
        out = self._run([PYTHON, "-m", "api.tests.live.appside", name, json.dumps(kwargs)], f"appside.{name}")
        return json.loads(out.strip().splitlines()[-1])

    def start(self, timeout=30):
        """Start gunicorn (the master runs on_starting first) and wait until /api/health answers 200."""
        assert self.proc is None, "already running"
        self.port = free_port()
        log = open(self.log_path, "ab")
        log.write(f"\n===== start on port {self.port} at {time.strftime('%X')}\n".encode())
        log.flush()
        self.proc = subprocess.Popen(
            [os.path.join(BIN, "gunicorn"), "-c", "api/gunicorn_conf.py", "--no-control-socket", "api.wsgi:app"],
            cwd=ROOT, env=self.env(), stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        log.close()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                code = self.proc.returncode
                self.proc = None
                raise RuntimeError(f"gunicorn exited with {code} while starting:\n{self.log_tail()}")
            try:
                if requests.get(self.url("/api/health"), timeout=2).status_code == 200 \
                        and len(self.worker_pids()) == self.workers:
                    return self
            except requests.RequestException:
                pass
            time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"gunicorn did not answer within {timeout}s:\n{self.log_tail()}")

    def stop(self, mode="graceful", timeout=30):
        """Stop gunicorn. "graceful": SIGTERM to the master, workers finish what they serve (a second or two);
        "quick": SIGINT, workers leave at once; "kill": SIGKILL to the master and its workers, as a crash or a
        container kill would (nothing tidies up; only the next start's on_starting does). A master that does not
        end in time is killed with its process group."""
        if self.proc is None:
            return
        proc, self.proc = self.proc, None
        if proc.poll() is None:
            if mode == "kill":
                os.killpg(proc.pid, signal.SIGKILL)
            else:
                proc.send_signal(signal.SIGTERM if mode == "graceful" else signal.SIGINT)
            try:
                proc.wait(timeout)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(10)
        # Workers of a master that died hard would keep the port: they are in the master's process group.
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        for _ in range(100):  # killed workers leave their group a moment after their master
            try:
                os.killpg(proc.pid, 0)
            except ProcessLookupError:
                break
            time.sleep(0.02)

    def restart(self, mode="graceful"):
        """Stop gunicorn and start it again: the next start runs the master's on_starting (storage recovery)."""
        self.stop(mode)
        return self.start()

    @property
    def master_pid(self):
        return self.proc.pid if self.proc else None

    def worker_pids(self):
        """The master's children (gunicorn's workers), from /proc."""
        if self.proc is None:
            return []
        pids = []
        task_dir = f"/proc/{self.proc.pid}/task"
        try:
            for tid in os.listdir(task_dir):
                with open(f"{task_dir}/{tid}/children") as fh:
                    pids += [int(p) for p in fh.read().split()]
        except FileNotFoundError:
            return []
        return sorted(set(pids))

    def kill_workers(self, sig=signal.SIGKILL):
        """Kill every worker of the master at once (a request in flight is on one of them); returns their pids."""
        pids = self.worker_pids()
        for pid in pids:
            try:
                os.kill(pid, sig)
            except ProcessLookupError:
                pass
        return pids

    def log_tail(self, lines=60, access=False):
        """The end of gunicorn's log (master, workers and app), without the access log lines unless asked."""
        try:
            with open(self.log_path, "rb") as fh:
                text = fh.read().decode(errors="replace").splitlines()
        except FileNotFoundError:
            return "(no log)"
        if not access:
            text = [line for line in text if not line.startswith("127.0.0.1 - - [")]
        out = []  # repeated lines once, with their count
        for line in text:
            if out and out[-1][0] == line:
                out[-1][1] += 1
            else:
                out.append([line, 1])
        return "\n".join(line if n == 1 else f"{line}  (x{n})" for line, n in out[-lines:])

    def close(self):
        """Stop gunicorn, drop the database, remove the folder (LIVE_KEEP_LOGS=<dir> keeps gunicorn's log there)."""
        try:
            self.stop()
        finally:
            keep = os.environ.get("LIVE_KEEP_LOGS")
            if keep and os.path.exists(self.log_path):
                os.makedirs(keep, exist_ok=True)
                shutil.copy(self.log_path, os.path.join(keep, f"gunicorn-{self.kind}-{os.path.basename(self.workdir)}"
                                                              f"-{int(time.time())}.log"))
            self.engine.dispose()
            if self.db_name:
                try:
                    drop_pg_database(self.pg_server, self.db_name)
                except Exception:  # noqa: BLE001 - a server gone away has nothing left to drop
                    pass
            shutil.rmtree(self.workdir, ignore_errors=True)

    # --- HTTP ----------------------------------------------------------------------------------------------

    def url(self, path):
        return f"http://127.0.0.1:{self.port}{path}"

    def request(self, method, path, timeout=TIMEOUT, **kw):
        return requests.request(method, self.url(path), timeout=timeout, **kw)

    def get(self, path, **kw):
        return self.request("GET", path, **kw)

    def post(self, path, **kw):
        return self.request("POST", path, **kw)

    def login(self, email, password=PASSWORD):
        """Bearer headers for the account (one sign-in per account and stack)."""
        if email not in self._tokens:
            r = self.post("/json/login", json={"username": email, "password": password})
            assert r.status_code == 200, (r.status_code, r.text)
            self._tokens[email] = r.json()["token"]
        return {"Authorization": "Bearer " + self._tokens[email]}

    def form_token(self, headers, form_url):
        r = self.get(form_url, headers=headers)
        assert r.status_code == 200, (form_url, r.status_code, r.text)
        return next(e["value"] for e in r.json()["elements"] if e["name"] == "_token")

    # --- the state left behind -----------------------------------------------------------------------------

    def rows(self, sql, **params):
        with self.engine.connect() as conn:
            return [tuple(r) for r in conn.execute(sa.text(sql), params)]

    def scalar(self, sql, **params):
        with self.engine.connect() as conn:
            return conn.execute(sa.text(sql), params).scalar()

    def stored(self, kind="files"):
        """{name: size} of what is on disk under UPLOAD_DIR/<kind>/."""
        folder = os.path.join(self.upload_dir, kind)
        if not os.path.isdir(folder):
            return {}
        return {n: os.path.getsize(os.path.join(folder, n)) for n in os.listdir(folder)}


# --- requests released together --------------------------------------------------------------------------

def together(calls, timeout=60):
    """Run each callable in a thread of its own, all released at the same moment by a threading.Barrier.
    Returns what each returned, or the exception it raised, in order."""
    barrier = threading.Barrier(len(calls))
    results = [None] * len(calls)

    def run(i, call):
        try:
            barrier.wait(timeout)
            results[i] = call()
        except BaseException as e:  # noqa: BLE001 - the caller judges
            results[i] = e

    threads = [threading.Thread(target=run, args=(i, c), daemon=True) for i, c in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout)
    assert not any(t.is_alive() for t in threads), "a request released together did not finish (hung?)"
    return results


def concurrent_edits(stack, headers, url, payloads, form_url=None, method="POST"):
    """Send len(payloads) edits of one item at the same moment (one form token, fetched first, for all).
    Returns the responses (or exceptions) in the order of `payloads` (F9 in test_races.py)."""
    token = stack.form_token(headers, form_url or url)
    calls = [lambda p=p: stack.request(method, url, headers=headers, data={"_token": token, **p}) for p in payloads]
    return together(calls)


