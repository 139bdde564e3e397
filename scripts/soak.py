"""`make soak`: a mixed read/write load through nginx on PostgreSQL, then a check that no acknowledged write is lost.

Builds a fresh database (SOAK_DATABASE_URL, default portal_soak: migrations, the demo, a bench tree), serves it with
scripts/serve.sh (gunicorn behind nginx, ports SOAK_PORT/SOAK_API_PORT, files under a temporary folder) and runs
SOAK_CONNECTIONS (32) keep-alive clients for SOAK_SECONDS (600) as several demo and bench users: module views and
lists, comments, small file uploads, article edits, reorders and deliverable status edits (form fetched for its
_token, then submitted). Every write answered 2xx is recorded; afterwards each must be found: the comment with its
text, the file with the same bytes (downloaded through nginx), the article and deliverable with a value some
acknowledged write left last, reordered modules under their parent with unique idx among siblings.
Meanwhile SOAK_LISTENERS (8) live streams (nchan, through nginx) listen to modules the load comments on, half of them
moving to another module every 5 to 30 s. Each listener's last stream stays open after the load until no hint has
come for SOAK_HINT_QUIET (5) seconds (at most SOAK_DRAIN_MAX, 120): every comment acknowledged on its module while
it was open must have reached it. How long hints took is printed, not judged (a saturated machine delays them).

Prints one summary (requests, req/s, p50/p95/p99 per kind, statuses, verification, live hints and their latency).
Exits 1 when an acknowledged write is missing, a 5xx or a transport error occurred, the verification could not read
something back, a hint did not arrive or a stream was cut.
Other knobs: SOAK_MODULES (bench tree size, 2000), SOAK_MIX ("module-view=25,comment-add=14,..."), SOAK_SEED,
SOAK_KEEP=1 (keep the database and the temporary folder). The client shares the machine with the server:
figures are indicative, compare runs on one machine.
"""
import gzip
import hashlib
import heapq
import http.client
import json
import os
import random
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections import Counter, defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import ROOT, fresh_database, sh  # noqa: E402

DB = os.environ.get("SOAK_DATABASE_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/portal_soak")
SECONDS = float(os.environ.get("SOAK_SECONDS", 600))
CONNECTIONS = int(os.environ.get("SOAK_CONNECTIONS", 32))
HOST = "127.0.0.1"
PORT = int(os.environ.get("SOAK_PORT", 8190))
API_PORT = int(os.environ.get("SOAK_API_PORT", 8191))
MODULES = int(os.environ.get("SOAK_MODULES", 2000))
SEED = int(os.environ.get("SOAK_SEED", random.randrange(1 << 30)))
KEEP = os.environ.get("SOAK_KEEP", "") not in ("", "0")
PROGRESS = float(os.environ.get("SOAK_PROGRESS", 60))
LISTENERS = int(os.environ.get("SOAK_LISTENERS", 8))
HINT_QUIET = float(os.environ.get("SOAK_HINT_QUIET", 5))  # the drain ends when no hint came for this long
DRAIN_MAX = float(os.environ.get("SOAK_DRAIN_MAX", 120))

# Operations and their weights; a deliverable edit is two requests (its form, then the submission).
MIX = {"module-view": 25, "module-list": 15, "comment-add": 14, "file-upload": 8, "article-edit": 10,
       "reorder": 10, "deliverable-edit": 18}
if os.environ.get("SOAK_MIX"):
    MIX.update({k.strip(): float(v) for k, v in (p.split("=") for p in os.environ["SOAK_MIX"].split(",") if p)})
KINDS = ["module-view", "module-list", "comment-add", "file-upload", "article-edit", "reorder", "deliverable-form",
         "deliverable-edit"]
EXPECTED_4XX = (409, 423)  # conflicts and locks are answers a concurrent user may get
POOL_MAX = 250       # modules the load touches
FANOUT = 6           # children of one parent taken into the pool
ARTICLES = 40        # articles made before the load, edited during it
BENCH_MEMBERS = 12   # member0 admin, even ones edit, every third creates (api/services/benchdata.py)
BENCH_USERS = ["member0", "member1", "member2", "member3", "member4"]
DEMO_SKIP = {"nobody@demo.eu"}

STOP = threading.Event()
DRAINED = threading.Event()  # the last live streams may close
HEARD = [0.0]                # when a live hint last came


# --- HTTP through nginx ------------------------------------------------------------------------------

class Response:
    def __init__(self, status, body, error=None):
        self.status, self.body, self.error = status, body, error

    def json(self):
        return json.loads(self.body)

    @property
    def ok(self):
        return 200 <= self.status < 300


class Http:
    """One keep-alive connection to nginx. A transport failure is status 0 (the connection is reopened next time);
    nothing is retried, so a write's outcome is never guessed."""

    def __init__(self, token=None, timeout=120):
        self.token, self.timeout, self.conn = token, timeout, None

    def call(self, method, path, body=None, content_type=None):
        headers = {"Accept": "application/json", "Accept-Encoding": "gzip"}
        if self.token:
            headers["Authorization"] = "Bearer " + self.token
        if content_type:
            headers["Content-Type"] = content_type
        if self.conn is None:
            self.conn = http.client.HTTPConnection(HOST, PORT, timeout=self.timeout)
        try:
            self.conn.request(method, path, body=body, headers=headers)
            resp = self.conn.getresponse()
            data = resp.read()
            if resp.getheader("Content-Encoding") == "gzip":
                data = gzip.decompress(data)
        except (OSError, http.client.HTTPException, EOFError) as e:
            self.close()
            return Response(0, b"", f"{type(e).__name__}: {e}")
        return Response(resp.status, data)

    def close(self):
        if self.conn is not None:
            self.conn.close()
            self.conn = None


def multipart(fields, files=()):
    boundary = "soak" + uuid.uuid4().hex
    out = []
    for name, value in fields.items():
        out += [f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n'.encode(),
                str(value).encode(), b"\r\n"]
    for name, filename, data, mime in files:
        out += [f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; filename="{filename}"\r\n'
                f'Content-Type: {mime}\r\n\r\n'.encode(), data, b"\r\n"]
    out.append(f"--{boundary}--\r\n".encode())
    return b"".join(out), "multipart/form-data; boundary=" + boundary


def must(resp, what):
    if not resp.ok:
        raise RuntimeError(f"{what}: {resp.status} {resp.error or resp.body[:300]!r}")
    return resp.json()


def draft(*texts):
    """A draft-js raw state without entities: the API stores it byte for byte."""
    return json.dumps({"blocks": [{"key": uuid.uuid4().hex[:5], "text": t, "type": "unstyled", "depth": 0,
                                   "inlineStyleRanges": [], "entityRanges": [], "data": {}} for t in texts],
                       "entityMap": {}})


# --- the served portal -----------------------------------------------------------------------------

def drop_database(url):
    import sqlalchemy as sa
    base, name = url.rsplit("/", 1)
    eng = sa.create_engine(base + "/postgres", isolation_level="AUTOCOMMIT")
    with eng.connect() as c:
        c.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    eng.dispose()


def port_busy(port):
    import socket
    try:
        socket.create_connection((HOST, port), timeout=0.5).close()
        return True
    except OSError:
        return False


def build(env):
    """Fresh database, migrations, the demo and a bench tree; returns (demo users, demo password, bench info)."""
    flask = [os.path.join(ROOT, ".venv/bin/flask"), "--app", "api"]
    fresh_database(env, DB)
    sh(*flask, "db", "upgrade", env=env)
    out = sh(*flask, "seed-demo", env=env)
    password = re.search(r"password: (\S+?)\)", out).group(1)
    emails = [e for e in re.findall(r"^\s+(\S+@\S+)\s", out, re.M) if e not in DEMO_SKIP]
    info = json.loads(sh(*flask, "bench-data", "--modules", str(MODULES), "--members", str(BENCH_MEMBERS),
                         env=env).strip().splitlines()[-1])
    return emails, password, info


def start_server(env, log_path):
    for p in (PORT, API_PORT):
        if port_busy(p):
            raise RuntimeError(f"port {p} is in use: stop what runs there, or set SOAK_PORT / SOAK_API_PORT")
    log = open(log_path, "wb")
    # Its own session: a Ctrl-C reaches this script only, which stops the server after the load.
    proc = subprocess.Popen(["bash", "scripts/serve.sh"], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
                            start_new_session=True)
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"serve.sh exited with {proc.returncode}:\n{tail(log_path)}")
        r = Http(timeout=2).call("GET", "/api/health")
        if r.status == 200:
            return proc
        time.sleep(0.3)
    stop_server(proc)
    raise RuntimeError(f"/api/health did not answer 200 within 90 s:\n{tail(log_path)}")


def stop_server(proc):
    if proc is None or proc.poll() is not None:
        return
    proc.send_signal(signal.SIGTERM)  # serve.sh stops gunicorn and nginx
    try:
        proc.wait(timeout=45)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)  # the session started above: serve.sh, gunicorn, nginx
        proc.wait(timeout=10)


def tail(path, n=40):
    try:
        with open(path, errors="replace") as fh:
            return "".join(fh.readlines()[-n:])
    except OSError:
        return ""


def server_errors(path, n=80):
    """Tracebacks and error lines of the gunicorn log."""
    out, keep = [], 0
    try:
        with open(path, errors="replace") as fh:
            for line in fh:
                if "Traceback" in line or "[ERROR]" in line or "[CRITICAL]" in line:
                    keep = 25
                if keep:
                    out.append(line)
                    keep -= 1
                if len(out) >= n:
                    break
    except OSError:
        pass
    return "".join(out)


# --- users and what each may do ----------------------------------------------------------------------

class User:
    def __init__(self, email, token):
        self.email, self.token = email, token
        self.view, self.list, self.comment, self.upload = [], [], [], []
        self.articles, self.reorder, self.deliverables = [], [], []

    def mix(self):
        has = {"module-view": self.view, "module-list": self.list, "comment-add": self.comment,
               "file-upload": self.upload, "article-edit": self.articles, "reorder": self.reorder,
               "deliverable-edit": self.deliverables}
        kinds = [k for k, w in MIX.items() if w > 0 and has.get(k)]
        return kinds, [MIX[k] for k in kinds]


def login(email, password):
    r = Http().call("POST", "/json/login", json.dumps({"username": email, "password": password}), "application/json")
    return must(r, f"sign in as {email}")["token"]


def discover(admin):
    """The pool of modules (as the superuser sees them): portals, then a few children of each, breadth first.
    Returns (pool {id: summary}, parents {id: [child ids in order]})."""
    http = Http(admin.token)
    entries = must(http.call("GET", "/api/membership/list-entry-modules"), "entry modules")["list"]
    pool = {m["id"]: m for m in entries}
    parents = {}
    queue = [m["id"] for m in entries]
    while queue and len(pool) < POOL_MAX:
        pid = queue.pop(0)
        if pool[pid].get("childCount", 0) == 0:
            continue
        children = must(http.call("GET", f"/api/module/list/{pid}"), f"list {pid}")["list"]
        parents[pid] = [c["id"] for c in children]
        for c in children[:FANOUT]:
            if len(pool) >= POOL_MAX:
                break
            pool[c["id"]] = c
            queue.append(c["id"])
    http.close()
    return pool, parents


def make_articles(admin, pool, rng):
    """ARTICLES articles on modules of the pool, made by the superuser before the load."""
    http = Http(admin.token)
    targets = rng.sample(sorted(m for m in pool if pool[m]["level"] >= 1), min(ARTICLES, len(pool)))
    made = []
    for i, mid in enumerate(targets):
        body, ctype = multipart({"title": f"Soak article {i}", "content": draft(f"Article {i} before the soak.")})
        item = must(http.call("POST", f"/api/article/add/{mid}", body, ctype), f"add article on {mid}")["item"]
        made.append((mid, item["id"], item["links"]["edit"]["url"]))
    http.close()
    return made


def capabilities(user, pool, parents, articles):
    """What `user` may do on the pool, read from the links the API gives them (as the webapp does)."""
    http = Http(user.token)
    content = set()
    for mid, m in pool.items():
        if m["level"] != 1:
            continue
        r = http.call("GET", f"/api/module/view/{mid}")
        if r.status != 200:
            continue
        links = r.json()["item"]["links"]
        user.view.append(mid)
        user.list.append(mid)
        if "add_comment" in links:
            user.comment.append(mid)
        if "add_file" in links:
            user.upload.append(mid)
            content.add(mid)
    for pid, child_ids in parents.items():
        r = http.call("GET", f"/api/module/list/{pid}")
        if r.status != 200:
            continue
        for c in r.json()["list"]:
            links = c["links"]
            if c["id"] not in pool or "view" not in links:
                continue
            user.view.append(c["id"])
            user.comment.append(c["id"])  # commenting needs the view right only
            if c["childCount"]:
                user.list.append(c["id"])
            if "edit" in links:  # 'content' and 'edit' are the same right on an unlocked module
                user.upload.append(c["id"])
                content.add(c["id"])
            if "reindex" in links:
                user.reorder.append((c["id"], pid, child_ids))
            # A row carries only the date links it edits in place; the status form is the deliverable's own.
            if c.get("deliverable") and "edit" in links:
                d = http.call("GET", f"/api/deliverable/find/{c['id']}")
                edit = ((d.json().get("item") or {}).get("links") or {}).get("edit") if d.status == 200 else None
                if edit:
                    user.deliverables.append((c["id"], edit["url"]))
    for mid, aid, url in articles:
        if mid in content:
            user.articles.append((mid, aid, url))
    http.close()


# --- the load ----------------------------------------------------------------------------------------

class Stats:
    def __init__(self):
        self.latency = defaultdict(list)
        self.status = Counter()            # (kind, status) -> n
        self.samples = defaultdict(list)   # (kind, status) -> [(request, response)] for unexpected answers
        self.writes = []                   # acknowledged and unknown-outcome writes
        self.failures = []                 # exceptions in the client (a 2xx answer it could not read)
        self.slowest = []                  # heap of (seconds, request)
        self.sessions = []                 # live streams (Listener)
        self.drained = 0.0                 # seconds the last streams listened after the load

    def record(self, kind, method, path, resp, seconds, sent=None):
        self.latency[kind].append(seconds)
        if len(self.slowest) < 10:
            heapq.heappush(self.slowest, (seconds, f"{method} {path} -> {resp.status}"))
        elif seconds > self.slowest[0][0]:
            heapq.heapreplace(self.slowest, (seconds, f"{method} {path} -> {resp.status}"))
        self.status[(kind, resp.status)] += 1
        if not resp.ok and len(self.samples[(kind, resp.status)]) < 3:
            self.samples[(kind, resp.status)].append(
                (f"{method} {path}" + (f" {sent}" if sent else ""),
                 resp.error or resp.body[:400].decode("utf-8", "replace")))

    def merge(self, other):
        for k, v in other.latency.items():
            self.latency[k].extend(v)
        self.status.update(other.status)
        for k, v in other.samples.items():
            self.samples[k].extend(v[:max(0, 3 - len(self.samples[k]))])
        self.writes.extend(other.writes)
        self.failures.extend(other.failures)
        self.slowest = heapq.nlargest(10, self.slowest + other.slowest)


def outcome(resp):
    """'ack' for 2xx, 'unknown' when the write may or may not have happened (5xx, transport), else None."""
    if resp.ok:
        return "ack"
    if resp.status == 0 or resp.status >= 500:
        return "unknown"
    return None


class Worker(threading.Thread):
    def __init__(self, n, user, until):
        super().__init__(daemon=True, name=f"soak-{n}")
        self.n, self.user, self.until = n, user, until
        self.rng = random.Random(SEED * 1000 + n)
        self.http = Http(user.token)
        self.stats = Stats()
        self.seq = 0

    def call(self, kind, method, path, body=None, ctype=None, sent=None):
        t0 = time.monotonic()
        resp = self.http.call(method, path, body, ctype)
        t1 = time.monotonic()
        self.stats.record(kind, method, path, resp, t1 - t0, sent)
        return resp, t0, t1

    def write(self, resp, t0, t1, **rec):
        state = outcome(resp)
        if state:
            self.stats.writes.append(dict(rec, state=state, start=t0, end=t1, user=self.user.email))

    def run(self):
        kinds, weights = self.user.mix()
        while not STOP.is_set() and time.monotonic() < self.until:
            self.seq += 1
            kind = self.rng.choices(kinds, weights)[0]
            try:
                getattr(self, kind.replace("-", "_"))()
            except Exception as e:  # noqa: BLE001 - an answer of an unexpected shape: counted, the load goes on
                self.stats.failures.append(f"{kind}: {type(e).__name__}: {e}")
        self.http.close()

    def tag(self):
        return f"w{self.n}#{self.seq}-{uuid.uuid4().hex[:8]}"

    def module_view(self):
        self.call("module-view", "GET", f"/api/module/view/{self.rng.choice(self.user.view)}")

    def module_list(self):
        self.call("module-list", "GET", f"/api/module/list/{self.rng.choice(self.user.list)}")

    def comment_add(self):
        mid = self.rng.choice(self.user.comment)
        tag = self.tag()
        title = f"Soak {tag}"  # the API strips a comment's title and text: none ends in a space
        content = f"Soak comment {tag} by {self.user.email}: {'x' * self.rng.randint(0, 400)} ünïcødé ✓"
        body, ctype = multipart({"title": title, "content": content})
        resp, t0, t1 = self.call("comment-add", "POST", f"/api/comment/add/{mid}", body, ctype, sent=f"title={title!r}")
        self.write(resp, t0, t1, kind="comment", module=mid, id=resp.json()["item"]["id"] if resp.ok else None,
                   value=(title, content))

    def file_upload(self):
        mid = self.rng.choice(self.user.upload)
        tag = self.tag()
        size = self.rng.randint(1, 4096) if self.rng.random() < 0.5 else self.rng.randint(4096, 65536)
        data = self.rng.randbytes(size)
        name = f"soak-{tag}.bin"
        body, ctype = multipart({"title": f"Soak file {tag}"}, [("file", name, data, "application/octet-stream")])
        resp, t0, t1 = self.call("file-upload", "POST", f"/api/vault/upload/{mid}", body, ctype,
                                 sent=f"file={name} ({size} bytes)")
        self.write(resp, t0, t1, kind="file", module=mid, id=resp.json()["item"]["id"] if resp.ok else None,
                   value=(hashlib.sha256(data).hexdigest(), size), name=name)

    def article_edit(self):
        mid, aid, url = self.rng.choice(self.user.articles)
        tag = self.tag()
        title = f"Soak article {aid} {tag}"
        content = draft(f"Edited by {self.user.email} ({tag}).",
                        "ünïcødé ✓ " + "lorem ipsum " * self.rng.randint(0, 200))
        body, ctype = multipart({"_method": "PUT", "title": title, "content": content})
        resp, t0, t1 = self.call("article-edit", "POST", url, body, ctype, sent=f"title={title!r}")
        self.write(resp, t0, t1, kind="article", module=mid, id=aid, value=(title, content))

    def reorder(self):
        mid, parent, siblings = self.rng.choice(self.user.reorder)
        previous = self.rng.choice([0] + [s for s in siblings if s != mid])
        resp, t0, t1 = self.call("reorder", "GET", f"/api/module/reindex/{mid}/{previous}")
        self.write(resp, t0, t1, kind="reorder", module=mid, id=parent, value=previous)

    def deliverable_edit(self):
        mid, url = self.rng.choice(self.user.deliverables)
        resp, _, _ = self.call("deliverable-form", "GET", url)
        if not resp.ok:
            return
        form = resp.json()
        fields = {el["name"]: el["value"] for el in form["elements"] if el["type"] != "compound"}
        status = next(el for el in form["elements"] if el["name"] == "status")
        choices = [o["value"] for o in status["options"] if o["value"] != fields["status"]]
        fields["status"] = self.rng.choice(choices)
        fields["_method"] = form["method"]
        body, ctype = multipart(fields)
        resp, t0, t1 = self.call("deliverable-edit", "POST", form["action"], body, ctype,
                                 sent=f"status={fields['status']}")
        did = int(form["action"].rsplit("/", 1)[1])
        self.write(resp, t0, t1, kind="deliverable", module=mid, id=did, value=fields["status"])


class Listener(threading.Thread):
    """A live stream as a page holds one: a ticket for one of the user's modules, then the stream (HTTP/1.0 through
    nginx: nchan's EventSource, not chunked). Even listeners hold one module for the whole load; odd ones move to
    another every 5 to 30 s (streams coming and going). Every listener's last stream stays open after the load until
    DRAINED is set (no hint came for a while): on it, every comment acknowledged while it was open must arrive.
    Each session records its module, when it was open, whether it was the last, and when each hint (kind, item) came."""

    def __init__(self, n, user, until):
        super().__init__(daemon=True, name=f"listen-{n}")
        self.user, self.until, self.moves = user, until, n % 2 == 1
        self.rng = random.Random(SEED * 7919 + n)
        self.http = Http(user.token)
        self.sessions, self.failures = [], []

    def run(self):
        while not STOP.is_set() and not DRAINED.is_set():
            mid = self.rng.choice(self.user.comment)
            end = time.monotonic() + self.rng.uniform(5, 30) if self.moves else self.until
            try:
                self.listen(mid, None if end >= self.until else end)
            except Exception as e:  # noqa: BLE001 - counted as a failure, the listener goes on
                self.failures.append(f"live stream of {mid} as {self.user.email}: {type(e).__name__}: {e}")
                STOP.wait(1)
        self.http.close()

    def listen(self, mid, until):
        """Listen to `mid` until `until`, or (the last stream, `until` None) until the drain is over."""
        url = must(self.http.call("GET", f"/api/live/ticket/{mid}"), f"live ticket of {mid}")["item"]["url"]
        sock = socket.create_connection((HOST, PORT), timeout=0.5)
        session = None
        try:
            sock.sendall(f"GET {url} HTTP/1.0\r\nHost: {HOST}\r\nAccept: text/event-stream\r\n\r\n".encode())
            data = b""
            while b"\r\n\r\n" not in data:
                data += self._recv(sock, 10)
            head, data = data.split(b"\r\n\r\n", 1)
            if not head.startswith(b"HTTP/1.1 200"):
                raise RuntimeError(head.split(b"\r\n", 1)[0].decode())
            session = {"module": mid, "user": self.user.email, "from": time.monotonic(), "hints": {},
                       "last": until is None, "cut": False}
            self.sessions.append(session)
            while not STOP.is_set() and (not DRAINED.is_set() if until is None else time.monotonic() < until):
                *lines, data = data.split(b"\n")
                for line in lines:
                    if line.startswith(b"data:"):
                        hint = json.loads(line[5:])
                        session["hints"].setdefault((hint.get("kind"), hint.get("item")), time.monotonic())
                        HEARD[0] = time.monotonic()
                try:
                    more = sock.recv(65536)
                except TimeoutError:
                    continue
                if not more:
                    session["cut"] = True  # the server ended a stream it should have kept (600 s)
                    break
                data += more
        finally:
            if session is not None:
                session["to"] = time.monotonic()  # also when a hint could not be read (a failure, counted)
            sock.close()

    @staticmethod
    def _recv(sock, seconds):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                more = sock.recv(65536)
            except TimeoutError:
                continue
            if not more:
                raise RuntimeError("the stream closed before its headers")
            return more
        raise RuntimeError("no answer to the stream in 10 s")


def drain(listeners):
    """After the load: the last streams stay open until no hint has come for HINT_QUIET seconds (the dispatcher
    caught up), at most DRAIN_MAX. Returns how long that took."""
    t0 = time.monotonic()
    HEARD[0] = max(HEARD[0], t0)
    while any(x.is_alive() for x in listeners) and not STOP.is_set():
        now = time.monotonic()
        if now - HEARD[0] >= HINT_QUIET or now - t0 >= DRAIN_MAX:
            break
        STOP.wait(0.2)
    DRAINED.set()
    for listener in listeners:
        listener.join()
    return time.monotonic() - t0


def verify_live(sessions, writes):
    """(due, latencies, problems). On every last stream (open from before the load ended until after the drain),
    each comment acknowledged on its module while it was open must have come. Latencies: from a comment's
    acknowledgement to its hint on every stream that heard it."""
    comments = defaultdict(list)
    by_id = {}
    for w in writes:
        if w["kind"] == "comment" and w["state"] == "ack":
            comments[w["module"]].append(w)
            by_id[w["id"]] = w
    due, latencies, problems = 0, [], []
    for s in sessions:
        if s["cut"]:
            problems.append(("live", f"the stream of {s['user']} on module {s['module']} was cut after "
                                     f"{s['to'] - s['from']:.1f} s"))
        for (kind, item), came in s["hints"].items():
            if kind == "comment.add" and item in by_id and by_id[item]["module"] == s["module"]:
                latencies.append(max(0.0, came - by_id[item]["end"]))
        if not s["last"]:
            continue
        for w in comments[s["module"]]:
            if s["from"] < w["start"] and w["end"] < s["to"]:
                due += 1
                if ("comment.add", w["id"]) not in s["hints"]:
                    problems.append(("live", f"comment {w['id']} on module {w['module']} (acknowledged to "
                                             f"{w['user']}) never reached {s['user']}'s stream"))
    return due, latencies, problems


def run_load(users, seconds):
    until = time.monotonic() + seconds
    workers = [Worker(n, users[n % len(users)], until) for n in range(CONNECTIONS)]
    talkers = [u for u in users if u.comment]
    listeners = [Listener(n, talkers[n % len(talkers)], until) for n in range(LISTENERS if talkers else 0)]
    t0 = time.monotonic()
    for w in workers + listeners:
        w.start()
    next_report = t0 + PROGRESS
    while any(w.is_alive() for w in workers):
        STOP.wait(0.5)
        if time.monotonic() >= next_report and any(w.is_alive() for w in workers):
            n = sum(sum(len(v) for v in list(w.stats.latency.values())) for w in workers)
            bad = sum(c for w in workers for (k, s), c in list(w.stats.status.items()) if s == 0 or s >= 500)
            el = time.monotonic() - t0
            print(f"  [{el:5.0f} s] {n} requests, {n / el:.1f} req/s, {bad} 5xx/transport errors", file=sys.stderr,
                  flush=True)
            next_report += PROGRESS
    elapsed = time.monotonic() - t0
    drained = drain(listeners)
    total = Stats()
    for w in workers:
        total.merge(w.stats)
    for listener in listeners:
        total.sessions += listener.sessions
        total.failures += listener.failures
    total.drained = drained
    return total, elapsed


# --- verification ------------------------------------------------------------------------------------

def last_candidates(writes):
    """Values the object may hold after these writes to it: those of the acknowledged or unknown-outcome writes
    that no acknowledged write began after the end of (such a write was surely applied later)."""
    acked_starts = sorted(w["start"] for w in writes if w["state"] == "ack")
    latest_start = acked_starts[-1] if acked_starts else float("-inf")
    return {w["value"] for w in writes if not latest_start > w["end"]}


def verify(admin, writes):
    """Returns (checked counts by kind, problems [(kind, text)])."""
    http = Http(admin.token)
    checked, problems = Counter(), []
    by = defaultdict(list)
    for w in writes:
        by[w["kind"]].append(w)

    def get(path):
        r = http.call("GET", path)
        if not r.ok:
            problems.append(("verify", f"GET {path} -> {r.status} {r.error or r.body[:200]!r}"))
            return None
        return r

    def every(path, per_page=500, rows=lambda body: body["list"]):
        """Every row of a paged list, page after page until an empty one (a discussion's meta.total counts threads,
        not the replies among its rows)."""
        out, page = [], 1
        while True:
            r = get(f"{path}?page={page}&perPage={per_page}")
            got = rows(r.json()) if r is not None else []
            if not got:
                return out
            out += got
            page += 1

    # Comments: each acknowledged one exists with its title and text.
    acked = defaultdict(list)
    for w in by["comment"]:
        if w["state"] == "ack":
            acked[w["module"]].append(w)
    for mid, ws in acked.items():
        present = {c["id"]: c for c in every(f"/api/discussion/list/{mid}")}
        for w in ws:
            checked["comment"] += 1
            c = present.get(w["id"])
            if c is None or c["deleted"] or (c["title"], c["content"]) != w["value"]:
                problems.append(("comment", f"comment {w['id']} on module {mid}: "
                                            f"{'absent' if c is None else 'different: ' + repr(c)[:200]}"))

    # Files: each acknowledged upload is in the vault and downloads (through nginx) to the same bytes.
    acked = defaultdict(list)
    for w in by["file"]:
        if w["state"] == "ack":
            acked[w["module"]].append(w)
    for mid, ws in acked.items():
        present = {f["id"]: f for f in every(f"/api/vault/view/{mid}", rows=lambda b: b["item"]["files"])}
        for w in ws:
            checked["file"] += 1
            f = present.get(w["id"])
            digest, size = w["value"]
            if f is None:
                problems.append(("file", f"file {w['id']} ({w['name']}) on module {mid}: absent from the vault"))
                continue
            d = http.call("GET", f["links"]["download"]["url"])
            if d.status != 200 or len(d.body) != size or hashlib.sha256(d.body).hexdigest() != digest:
                problems.append(("file", f"file {w['id']} ({w['name']}) on module {mid}: download {d.status}, "
                                         f"{len(d.body)} bytes (sent {size}), sha256 "
                                         f"{'equal' if hashlib.sha256(d.body).hexdigest() == digest else 'differs'}"))

    # Articles and deliverables: the value left is one an acknowledged (or unknown) write may have left last.
    for kind, path, read in (
            ("article", "/api/article/view/{module}/{id}", lambda item: (item["title"], item["content"])),
            ("deliverable", "/api/deliverable/find/{module}", lambda item: item["status"]["name"])):
        targets = defaultdict(list)
        for w in by[kind]:
            targets[(w["module"], w["id"])].append(w)
        for (mid, oid), ws in targets.items():
            if not any(w["state"] == "ack" for w in ws):
                continue
            checked[kind] += 1
            r = get(path.format(module=mid, id=oid))
            if r is None:
                continue
            value = read(r.json()["item"])
            if value not in last_candidates(ws):
                last = max((w for w in ws if w["state"] == "ack"), key=lambda w: w["end"])
                problems.append((kind, f"{kind} {oid} on module {mid}: holds {str(value)[:80]!r}, the last "
                                       f"acknowledged write ({last['user']}, {len(ws)} writes to it) was "
                                       f"{str(last['value'])[:80]!r}"))

    # Reorders: every moved module is still under its parent and sibling idx values are unique.
    moved = defaultdict(set)
    for w in by["reorder"]:
        if w["state"] == "ack":
            moved[w["id"]].add(w["module"])
    for parent, mids in moved.items():
        checked["reorder"] += len(mids)
        r = get(f"/api/module/list/{parent}")
        if r is None:
            continue
        children = r.json()["list"]
        ids = {c["id"] for c in children if c["parentId"] == parent}
        for mid in sorted(mids - ids):
            problems.append(("reorder", f"module {mid} is no longer under its parent {parent}"))
        idx = Counter(c["idx"] for c in children)
        dup = sorted(i for i, n in idx.items() if n > 1)
        if dup:
            problems.append(("reorder", f"children of {parent}: idx values {dup} are shared by several siblings"))
    http.close()
    return checked, problems


# --- the summary -------------------------------------------------------------------------------------

def pct(values, p):
    if not values:
        return float("nan")
    if len(values) == 1:
        return values[0] * 1000
    return statistics.quantiles(values, n=100, method="inclusive")[p - 1] * 1000


def summary(stats, elapsed, cpu, checked, problems, users, pool, live):
    workers = int(os.environ.get("GUNICORN_WORKERS", (os.cpu_count() or 1) * 2 + 1))
    threads = int(os.environ.get("GUNICORN_THREADS", 2))
    total = sum(len(v) for v in stats.latency.values())
    print(f"\nSoak: {elapsed:.0f} s, {CONNECTIONS} connections through nginx {HOST}:{PORT} "
          f"(gunicorn {workers} workers x {threads} threads), PostgreSQL {DB.rsplit('/', 1)[1]}, "
          f"{len(users)} users, {len(pool)} modules in play, seed {SEED}; {os.cpu_count()} cores shared by all")
    print(f"requests {total}, throughput {total / elapsed:.1f} req/s "
          f"(the load generator itself used {cpu:.0f} s of CPU, {100 * cpu / elapsed:.0f}% of one core)")
    print(f"  {'kind':17s} {'requests':>8s} {'req/s':>7s} {'p50 ms':>7s} {'p95 ms':>7s} {'p99 ms':>7s} "
          f"{'2xx':>7s} {'409':>5s} {'423':>5s} {'4xx!':>5s} {'5xx':>5s} {'net':>5s}")
    per = defaultdict(Counter)
    for (kind, status), n in stats.status.items():
        cls = ("2xx" if 200 <= status < 300 else str(status) if status in EXPECTED_4XX else
               "4xx!" if 400 <= status < 500 else "net" if status == 0 else "5xx" if status >= 500 else "other")
        per[kind][cls] += n
    for kind in KINDS:
        lat = stats.latency.get(kind)
        if not lat:
            continue
        c = per[kind]
        print(f"  {kind:17s} {len(lat):8d} {len(lat) / elapsed:7.1f} {pct(lat, 50):7.1f} {pct(lat, 95):7.1f} "
              f"{pct(lat, 99):7.1f} {c['2xx']:7d} {c['409']:5d} {c['423']:5d} {c['4xx!']:5d} {c['5xx']:5d} "
              f"{c['net']:5d}")
    print("slowest requests: " + ", ".join(f"{req} {sec * 1000:.0f} ms" for sec, req in
                                           sorted(stats.slowest, reverse=True)[:5]))
    other = Counter()
    for (kind, status), n in stats.status.items():
        if not 200 <= status < 300:
            other[status] += n
    print("statuses other than 2xx: " + (", ".join(f"{s or 'transport'}: {n}" for s, n in sorted(other.items()))
                                         or "none"))
    for (kind, status), samples in sorted(stats.samples.items()):
        if status in EXPECTED_4XX:
            continue
        for req, resp in samples:
            print(f"  {kind} {status or 'transport error'}: {req}\n      -> {resp}")
    if stats.failures:
        print(f"client-side failures (answers the client could not read): {len(stats.failures)}")
        for text in stats.failures[:5]:
            print(f"  {text[:300]}")
    acked = Counter(w["kind"] for w in stats.writes if w["state"] == "ack")
    unknown = Counter(w["kind"] for w in stats.writes if w["state"] == "unknown")
    print("acknowledged writes: " + ", ".join(f"{k} {acked[k]}" for k in ("comment", "file", "article", "deliverable",
                                                                          "reorder"))
          + (f" (outcome unknown: {dict(unknown)})" if unknown else ""))
    missing = [p for p in problems if p[0] != "verify"]
    print("verified: " + ", ".join(f"{checked[k]} {k}{'s' if k != 'reorder' else ' targets'}"
                                   for k in ("comment", "file", "article", "deliverable", "reorder"))
          + " (files downloaded and compared by sha256)")
    for kind, text in problems[:40]:
        print(f"  MISSING {text}" if kind != "verify" else f"  VERIFY FAILED {text}")
    if len(problems) > 40:
        print(f"  ... and {len(problems) - 40} more")
    print(f"missing writes: {len(missing)}")
    due, latencies, lost = live
    sessions = stats.sessions
    missed = [p for p in lost if "never reached" in p[1]]
    print(f"live: {len(sessions)} streams of {len({x['user'] for x in sessions})} users on "
          f"{len({x['module'] for x in sessions})} modules, {sum(len(x['hints']) for x in sessions)} hints heard; "
          f"on the last streams (open {stats.drained:.1f} s after the load, until no hint came for {HINT_QUIET:.0f} s) "
          f"{due} comment hints due, {due - len(missed)} came; a comment's hint came after its acknowledgement in "
          f"p50 {pct(latencies, 50):.0f} ms, p95 {pct(latencies, 95):.0f} ms, max "
          f"{max(latencies, default=0) * 1000:.0f} ms ({len(latencies)} hints)")
    for _, text in lost[:20]:
        print(f"  LIVE {text}")
    bad = sum(n for (k, s), n in stats.status.items() if s == 0 or s >= 500)
    return not missing and not bad and not problems and not stats.failures and not lost


# --- main --------------------------------------------------------------------------------------------

def _interrupt(*_):
    raise KeyboardInterrupt


def main():
    for sig in (signal.SIGINT, signal.SIGTERM):  # also when started in the background (SIGINT ignored)
        signal.signal(sig, _interrupt)
    tmp = tempfile.mkdtemp(prefix="portal-soak-")
    os.chmod(tmp, 0o755)  # nginx workers (another user) buffer bodies under run/ and serve files from uploads/
    instance = os.path.join(tmp, "instance")
    log_path = os.path.join(tmp, "serve.log")
    env = dict(os.environ, DATABASE_URL=DB, INSTANCE_DIR=instance, UPLOAD_DIR=os.path.join(instance, "uploads"),
               RUN_DIR=os.path.join(tmp, "run"), PORT=str(PORT), API_PORT=str(API_PORT), HOST=HOST, QUIET="1",
               PYTHONPATH=ROOT)
    os.makedirs(env["UPLOAD_DIR"])
    rng = random.Random(SEED)
    server, ok, built, interrupted = None, False, False, False
    try:
        t0 = time.monotonic()
        built = True
        emails, password, info = build(env)
        print(f"database {DB.rsplit('/', 1)[1]}: demo + {info['modules']} bench modules, "
              f"built in {time.monotonic() - t0:.1f} s; files and logs in {tmp}", flush=True)
        server = start_server(env, log_path)
        logins = [(e, password) for e in emails] + [(info["superuser"], info["password"])] + \
                 [(f"{m}@bench.local", info["password"]) for m in BENCH_USERS]
        users = [User(e, login(e, p)) for e, p in logins]  # one sign-in per user, the token reused throughout
        admin = next(u for u in users if u.email == info["superuser"])
        pool, parents = discover(admin)
        articles = make_articles(admin, pool, rng)
        for u in users:
            capabilities(u, pool, parents, articles)
        users = [u for u in users if u.view]
        print(f"served on http://{HOST}:{PORT}; {len(users)} users, {len(pool)} modules, {len(articles)} articles; "
              f"load for {SECONDS:.0f} s with {CONNECTIONS} connections", flush=True)
        for u in users:
            print(f"  {u.email:22s} view {len(u.view):3d}  comment {len(u.comment):3d}  upload {len(u.upload):3d}  "
                  f"articles {len(u.articles):2d}  reorder {len(u.reorder):3d}  deliverables {len(u.deliverables):3d}",
                  file=sys.stderr)
        cpu = time.process_time()
        stats, elapsed = run_load(users, SECONDS)
        cpu = time.process_time() - cpu
        checked, problems = verify(admin, stats.writes)
        ok = summary(stats, elapsed, cpu, checked, problems, users, pool, verify_live(stats.sessions, stats.writes))
        errors = server_errors(log_path)
        if errors:
            print("\nserver errors logged (gunicorn):\n" + errors)
        print(f"\nRESULT: {'PASS' if ok else 'FAIL'}")
    except KeyboardInterrupt:
        STOP.set()
        interrupted = True
        print("\ninterrupted: stopping", file=sys.stderr)
    except Exception as e:  # noqa: BLE001 - report, clean up, fail
        STOP.set()
        print(f"\nsoak failed: {e}", file=sys.stderr)
        if server is not None:
            print(tail(log_path), file=sys.stderr)
    finally:
        STOP.set()
        stop_server(server)
        if KEEP:
            print(f"kept: database {DB.rsplit('/', 1)[1]}, folder {tmp}", file=sys.stderr)
        else:
            if built:
                drop_database(DB)
            if ok or interrupted:
                shutil.rmtree(tmp, ignore_errors=True)
            else:
                shutil.rmtree(os.path.join(instance, "uploads"), ignore_errors=True)
                print(f"logs kept in {tmp} (serve.log, run/nginx-*.log)", file=sys.stderr)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
