"""Faults (issue 10, 2d) against a real gunicorn, on SQLite and on PostgreSQL.

Workers killed (SIGKILL) in the middle of uploads, of a clone and of a subtree delete: after the next start of
gunicorn, no row without its stored file, no stored file without its row, no half-copied or half-deleted
subtree. The tests look only at the end state after a restart, not at how it is reached.

PostgreSQL stopped and started again under load (a private cluster of this test, never the machine's server):
clean 503s with a JSON error while it is away, never a 500 or a hung request, and 200 again from the same
gunicorn within a few seconds.
"""
import glob
import http.client
import json
import os
import pwd
import random
import shutil
import subprocess
import tempfile
import threading
import time
import uuid

import pytest

from .conftest import DATABASES
from .livestack import TIMEOUT, LiveStack, free_port

pytestmark = pytest.mark.live

ROUNDS = 3


@pytest.fixture(scope="module")
def stack(database_kind, make_stack):
    s = make_stack(database_kind)
    s.ids = s.call("faults_setup", rounds=ROUNDS, modules=16, files_per_module=2, file_kb=192)
    s.start()
    yield s
    s.stop("kill")


# --- the end state -------------------------------------------------------------------------------------------

STORED = {
    "files": "SELECT stored_name, filesize FROM vault_file UNION ALL SELECT stored_name, filesize FROM file_version",
    "logos": "SELECT logo, logo_size FROM brand WHERE logo IS NOT NULL",
    "avatars": "SELECT avatar, NULL FROM \"user\" WHERE avatar IS NOT NULL",
}


def settle_problems(stack):
    """{(what, name): message} of everything out of place: rows without their stored file (or of another size),
    stored files without a row, modules whose parent is gone or whose path or level does not follow from it."""
    problems = {}
    for kind, sql in STORED.items():
        rows = dict(stack.rows(sql))
        disk = stack.stored(kind)
        for name in set(rows) - set(disk):
            problems[(kind, name)] = f"{kind} row without its stored file: {name}"
        for name in set(disk) - set(rows):
            problems[(kind, name)] = f"stored {kind} without a row: {name}"
        for name, size in rows.items():
            if name in disk and size is not None and disk[name] != size:
                problems[(kind, name)] = f"stored {kind} of {disk[name]} bytes, its row says {size}: {name}"
    for (mid,) in stack.rows("SELECT m.id FROM module m LEFT JOIN module p ON p.id = m.parent_id "
                             "WHERE m.parent_id IS NOT NULL AND p.id IS NULL"):
        problems[("module", mid)] = f"module {mid} whose parent is gone"
    for mid, path, parent_path in stack.rows(
            "SELECT m.id, m.path, p.path FROM module m JOIN module p ON p.id = m.parent_id "
            "WHERE m.level <> p.level + 1 OR m.path <> p.path || CAST(m.id AS VARCHAR(20)) || '/'"):
        problems[("module", mid)] = f"module {mid} at {path} under {parent_path}"
    return problems


def assert_settled(stack, when, known=()):
    """Rows and stored files exist together and the tree is whole (`known`: problems an earlier test left)."""
    problems = {k: v for k, v in settle_problems(stack).items() if k not in known}
    shown = sorted(problems.values())
    assert not problems, (f"after {when}, {len(problems)} problem(s):\n" + "\n".join(shown[:12])
                          + f"\n--- gunicorn log:\n{stack.log_tail(30)}")


def subtree_counts(stack, path):
    """(modules, vault files, file versions) of the subtree at `path`."""
    like = path + "%"
    return (stack.scalar("SELECT count(*) FROM module WHERE path LIKE :p", p=like),
            stack.scalar("SELECT count(*) FROM vault_file f JOIN module m ON m.id = f.module_id "
                         "WHERE m.path LIKE :p", p=like),
            stack.scalar("SELECT count(*) FROM file_version v JOIN module m ON m.id = v.module_id "
                         "WHERE m.path LIKE :p", p=like))


def in_flight(call):
    """Start call() in a thread; returns (thread, box) where box["result"] gets its response or exception."""
    box = {}

    def run():
        t0 = time.monotonic()
        try:
            box["result"] = call()
        except Exception as e:  # noqa: BLE001 - a connection cut by the kill is an expected outcome
            box["result"] = e
        box["seconds"] = time.monotonic() - t0

    t = threading.Thread(target=run, daemon=True)
    t.start()
    return t, box


def cut(box):
    """Whether the request was cut by the kill (no answer) rather than answered."""
    return isinstance(box.get("result"), Exception)


def kill_and_restart(stack, threads, after_kill=None):
    killed = stack.kill_workers()
    if after_kill is not None:
        after_kill()
    assert killed, "no worker to kill"
    for t in threads:
        t.join(TIMEOUT + 10)
    assert not any(t.is_alive() for t in threads), "a request did not end after its worker was killed"
    # The next start: killed at once (a crash, a container kill), then started (on_starting settles the files).
    stack.restart("kill")
    return killed


# --- uploads -------------------------------------------------------------------------------------------------

def raw_upload(stack, headers, module_id, size, chunk=64 * 1024, pause=0.0, hold=None):
    """POST a multipart upload with http.client, `pause` seconds between chunks (so it is in flight a while);
    with `hold` (a pair of events) it sends half the file, sets hold[0] and waits for hold[1] before the rest,
    so the kill surely finds it in flight. Returns (status, json body, size sent)."""
    boundary = uuid.uuid4().hex
    head = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nUpload of {size}\r\n"
            f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"up-{size}.bin\"\r\n"
            "Content-Type: application/octet-stream\r\n\r\n").encode()
    tail = f"\r\n--{boundary}--\r\n".encode()
    payload = os.urandom(size)
    conn = http.client.HTTPConnection("127.0.0.1", stack.port, timeout=TIMEOUT)
    try:
        conn.putrequest("POST", f"/api/vault/upload/{module_id}")
        conn.putheader("Authorization", headers["Authorization"])
        conn.putheader("Content-Type", f"multipart/form-data; boundary={boundary}")
        conn.putheader("Content-Length", str(len(head) + size + len(tail)))
        conn.endheaders()
        conn.send(head)
        for i in range(0, size, chunk):
            if hold is not None and i >= size // 2 and not hold[0].is_set():
                hold[0].set()
                hold[1].wait(TIMEOUT)
            conn.send(payload[i:i + chunk])
            if pause:
                time.sleep(pause)
        conn.send(tail)
        resp = conn.getresponse()
        body = resp.read()
        return resp.status, json.loads(body or b"null"), size
    finally:
        conn.close()


def test_workers_killed_during_uploads(stack):
    known = settle_problems(stack)
    su = stack.login(stack.ids["su"])
    inbox = stack.ids["inbox"]
    rng = random.Random()
    cut_count, answered = 0, []
    for round_ in range(ROUNDS):
        jobs = []
        # One upload is held half-sent until the kill (so every round cuts one for sure); of the others, half
        # trickle in and half arrive at once and are processed, stored and committed around the kill.
        half_sent, killed = threading.Event(), threading.Event()
        jobs.append(in_flight(lambda: raw_upload(stack, su, inbox, 2 * 1024 * 1024, hold=(half_sent, killed))))
        for i in range(6):
            size = rng.randint(2, 6) * 1024 * 1024
            pause = 0.004 if i % 2 else 0.0
            jobs.append(in_flight(lambda size=size, pause=pause: raw_upload(stack, su, inbox, size, pause=pause)))
            time.sleep(rng.uniform(0, 0.05))
        assert half_sent.wait(TIMEOUT), "the held upload never got half way"
        time.sleep(rng.uniform(0.02, 0.5))
        kill_and_restart(stack, [t for t, _ in jobs], after_kill=killed.set)
        for _, box in jobs:
            if cut(box):
                cut_count += 1
            else:
                status, body, size = box["result"]
                assert status in (200, 503), (status, body)  # 503: the worker lost its database link
                if status == 200:
                    answered.append((body["item"]["id"], size))
        assert_settled(stack, f"upload round {round_}", known)
    # An upload that was answered 200 is there, whole.
    for file_id, size in answered:
        assert stack.scalar("SELECT filesize FROM vault_file WHERE id = :i", i=file_id) == size
    assert cut_count, "the kills came after every upload had finished: nothing was tested"
    print(f"uploads ({stack.kind}): {cut_count} cut, {len(answered)} answered before the kill")


# --- clone ---------------------------------------------------------------------------------------------------

def _clone_call(stack, headers, source, name):
    url = f"/api/clone/module/{source}"
    token = stack.form_token(headers, url)
    data = {"_token": token, "name": name, "parentId": stack.ids["portal"], "children": "1", "deliverables": "1",
            "articles": "1", "files": "1", "references": "1", "members": "0", "customValues": "1",
            "shiftDays": "0"}
    return lambda: stack.post(url, headers=headers, data=data)


def _assert_clone_whole_or_absent(stack, name):
    source = stack.ids["source"]
    roots = stack.rows("SELECT id, path FROM module WHERE name = :n AND parent_id = :p", n=name,
                       p=stack.ids["portal"])
    assert len(roots) <= 1, f"two copies named {name!r}: {roots}"
    if roots:
        modules, files, _ = subtree_counts(stack, roots[0][1])
        assert (modules, files) == (source["modules"], source["files"]), \
            f"half a clone: {modules} of {source['modules']} modules, {files} of {source['files']} files"
    return bool(roots)


def test_workers_killed_during_a_clone(stack):
    known = settle_problems(stack)
    su = stack.login(stack.ids["su"])
    source = stack.ids["source"]
    # An undisturbed clone first: it is whole, and it tells how long one takes here.
    t0 = time.monotonic()
    r = _clone_call(stack, su, source["id"], "Clone timed")()
    seconds = time.monotonic() - t0
    assert r.status_code == 200, r.text
    assert _assert_clone_whole_or_absent(stack, "Clone timed")
    rng = random.Random()
    outcomes = []
    for round_ in range(ROUNDS):
        name = f"Clone killed {round_}"
        call = _clone_call(stack, su, source["id"], name)
        thread, box = in_flight(call)
        time.sleep((0.05 if round_ == 0 else rng.uniform(0.1, 0.8)) * seconds)  # the first one surely cut
        kill_and_restart(stack, [thread])
        if not cut(box):
            assert box["result"].status_code in (200, 503), box["result"].text
        assert_settled(stack, f"clone round {round_}", known)
        outcomes.append(("cut" if cut(box) else box["result"].status_code,
                         "present" if _assert_clone_whole_or_absent(stack, name) else "absent"))
    # The source is untouched.
    assert subtree_counts(stack, source["path"])[:2] == (source["modules"], source["files"])
    print(f"clone ({stack.kind}, {seconds:.2f} s undisturbed): {outcomes}")
    assert any(o[0] == "cut" for o in outcomes), "every clone finished before the kill: nothing was tested"


# --- delete --------------------------------------------------------------------------------------------------

def _assert_doomed_whole_or_gone(stack, doomed):
    counts = subtree_counts(stack, doomed["path"])
    assert counts in ((doomed["modules"], doomed["files"], doomed["files"]), (0, 0, 0)), \
        f"half a delete: {counts} of {(doomed['modules'], doomed['files'], doomed['files'])}"
    return counts[0] > 0


def test_workers_killed_during_a_subtree_delete(stack):
    known = settle_problems(stack)
    su = stack.login(stack.ids["su"])
    first, *rest = stack.ids["doomed"]
    t0 = time.monotonic()
    r = stack.post(f"/api/module/delete/{first['id']}", headers=su)
    seconds = time.monotonic() - t0
    assert r.status_code == 200, r.text
    assert not _assert_doomed_whole_or_gone(stack, first)
    assert_settled(stack, "an undisturbed delete", known)
    rng = random.Random()
    outcomes = []
    for round_, doomed in enumerate(rest):
        assert _assert_doomed_whole_or_gone(stack, doomed)
        thread, box = in_flight(lambda d=doomed: stack.post(f"/api/module/delete/{d['id']}", headers=su))
        time.sleep((0.05 if round_ == 0 else rng.uniform(0.1, 0.9)) * seconds)  # the first one surely cut
        kill_and_restart(stack, [thread])
        if not cut(box):
            assert box["result"].status_code in (200, 503), box["result"].text
        assert_settled(stack, f"delete round {round_}", known)
        outcomes.append(("cut" if cut(box) else box["result"].status_code,
                         "present" if _assert_doomed_whole_or_gone(stack, doomed) else "gone"))
    print(f"delete ({stack.kind}, {seconds:.2f} s undisturbed): {outcomes}")
    assert any(o[0] == "cut" for o in outcomes), "every delete finished before the kill: nothing was tested"


# --- PostgreSQL restarted under load ---------------------------------------------------------------------

class PrivateCluster:
    """A PostgreSQL cluster of this test only: initdb into a temporary folder, on a free port."""

    def __init__(self):
        initdbs = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
        if not initdbs:
            pytest.skip("no /usr/lib/postgresql/*/bin/initdb: cannot make a private PostgreSQL cluster")
        self.bin = os.path.dirname(initdbs[-1])
        me = pwd.getpwuid(os.geteuid()).pw_name
        if os.geteuid() == 0:
            try:
                pg = pwd.getpwnam("postgres")
            except KeyError:
                pytest.skip("running as root but there is no 'postgres' account to run the private cluster as")
            self.prefix = ["runuser", "-u", "postgres", "--"]
        elif me == "postgres":
            pg, self.prefix = None, []
        else:
            pytest.skip("the private PostgreSQL cluster needs root (runuser -u postgres) or the postgres account")
        self.dir = tempfile.mkdtemp(prefix="portal-live-pg-")
        if pg is not None:
            os.chown(self.dir, pg.pw_uid, pg.pw_gid)
        self.data = os.path.join(self.dir, "data")
        self.port = free_port()
        self.server_url = f"postgresql+psycopg://postgres@127.0.0.1:{self.port}"
        self.running = False
        try:
            self._pg([os.path.join(self.bin, "initdb"), "-D", self.data, "-U", "postgres", "--auth=trust", "-N",
                      "-E", "UTF8", "--locale=C"])
        except BaseException:
            shutil.rmtree(self.dir, ignore_errors=True)
            raise

    def _pg(self, args, timeout=60):
        out = subprocess.run(self.prefix + args, capture_output=True, text=True, timeout=timeout, cwd=self.dir)
        if out.returncode != 0:
            raise RuntimeError(f"{' '.join(args[:2])} failed: {out.stdout[-2000:]}\n{out.stderr[-2000:]}")

    def start(self):
        opts = (f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 -c fsync=off "
                "-c full_page_writes=off -c max_connections=50")
        self._pg([os.path.join(self.bin, "pg_ctl"), "-D", self.data, "-o", opts, "-l",
                  os.path.join(self.dir, "server.log"), "-w", "-t", "30", "start"])
        self.running = True

    def stop(self, mode="fast"):
        self._pg([os.path.join(self.bin, "pg_ctl"), "-D", self.data, "-m", mode, "-w", "-t", "30", "stop"])
        self.running = False

    def remove(self):
        try:
            if self.running or os.path.exists(os.path.join(self.data, "postmaster.pid")):
                self.stop("immediate")
        except Exception:  # noqa: BLE001 - removing the folder matters more
            pass
        shutil.rmtree(self.dir, ignore_errors=True)


@pytest.fixture
def private_pg():
    if "postgresql" not in [d.id for d in DATABASES]:
        pytest.skip("LIVE_DATABASES leaves PostgreSQL out")
    cluster = PrivateCluster()
    try:
        cluster.start()
        yield cluster
    finally:
        cluster.remove()


def test_postgresql_restarted_under_load_gives_503s_and_recovers(private_pg, tmp_path):
    stack = LiveStack("postgresql", tmp_path / "outage", pg_server=private_pg.server_url,
                      name="portal_live_outage")
    try:
        stack.migrate()
        ids = stack.call("outage_setup")
        stack.start()
        _restart_under_load(stack, private_pg, ids)
    finally:
        stack.close()


OUTAGES = 2          # stop/start cycles of the database under one load
LOAD_THREADS = 8     # as many as gunicorn serves at once (2 workers x 4 threads)
RECOVERY = 3.0       # seconds within which the same gunicorn must answer 200 again


def _restart_under_load(stack, cluster, ids):
    su = stack.login(ids["su"])
    portal, projects = ids["portal"], ids["projects"]
    tokens = {p: stack.form_token(su, f"/api/module/edit/{p}") for p in projects}
    master, workers = stack.master_pid, stack.worker_pids()
    log, stop = [], threading.Event()  # (sent, done, kind, status or exception, body, headers)

    def load(i):
        n = 0
        while not stop.is_set():
            n += 1
            kind = ("view", "list", "edit")[(i + n) % 3]
            project = projects[(i + n) % len(projects)]
            sent = time.monotonic()
            try:
                if kind == "view":
                    r = stack.get(f"/api/module/view/{project}", headers=su, timeout=10)
                elif kind == "list":
                    r = stack.get(f"/api/module/list/{portal}", headers=su, timeout=10)
                else:
                    r = stack.post(f"/api/module/edit/{project}", headers=su, timeout=10,
                                   data={"_token": tokens[project], "name": f"Project {project} edit {i}.{n}"})
                log.append((sent, time.monotonic(), kind, r.status_code, r.text[:300], dict(r.headers)))
            except Exception as e:  # noqa: BLE001 - a hung or broken request is a failure, judged below
                log.append((sent, time.monotonic(), kind, e, "", {}))
            time.sleep(0.005)

    threads = [threading.Thread(target=load, args=(i,), daemon=True) for i in range(LOAD_THREADS)]
    cycles = []  # (stop asked, database down, start asked, database up)
    t0 = time.monotonic()
    for t in threads:
        t.start()
    try:
        time.sleep(0.8)
        for _ in range(OUTAGES):
            t_stop = time.monotonic()
            cluster.stop("fast")
            t_down = time.monotonic()
            time.sleep(1.2)
            t_start = time.monotonic()
            cluster.start()
            t_up = time.monotonic()
            cycles.append((t_stop, t_down, t_start, t_up))
            time.sleep(RECOVERY + 1.0)
    finally:
        stop.set()
        for t in threads:
            t.join(15)
    assert not any(t.is_alive() for t in threads), "a request hung"

    def show(entries):
        return [f"{k} +{s - t0:.2f}s: {st if not isinstance(st, Exception) else repr(st)} {b[:100]}"
                for s, _, k, st, b, _ in entries[:6]]

    where = f"\ncycles (stop, down, start, up) at: {[tuple(round(x - t0, 2) for x in c) for c in cycles]}"
    broken = [e for e in log if isinstance(e[3], Exception)]
    assert not broken, f"requests without an answer (hung or dropped): {show(broken)}{where}"
    # 409: two load threads editing one project at once (the version column lets one through, no lost update).
    errors500 = [e for e in log if e[3] != 200 and e[3] != 503 and not (e[2] == "edit" and e[3] == 409)]
    assert not errors500, (f"{len(errors500)} answers neither 200 nor 503: {show(errors500)}{where}\n"
                           f"--- gunicorn log:\n{stack.log_tail(70)}")
    bad_bodies = []
    for e in log:
        if e[3] == 503:
            try:
                body = json.loads(e[4])
            except ValueError:
                body = None
            if not (isinstance(body, dict) and isinstance(body.get("error"), str) and body["error"]) \
                    or "Retry-After" not in e[5]:
                bad_bodies.append(e)
    assert not bad_bodies, f"503s without a JSON {{'error': ...}} body and Retry-After: {show(bad_bodies)}"
    answered = lambda e: e[3] == 200 or (e[2] == "edit" and e[3] == 409)  # noqa: E731
    before = [e for e in log if e[1] < cycles[0][0]]
    assert before and all(answered(e) for e in before), f"not all 200 before the first restart: {show(before)}"
    summary = []
    for k, (t_stop, t_down, t_start, t_up) in enumerate(cycles):
        down = [e for e in log if e[0] >= t_down and e[1] <= t_start]
        assert len(down) >= 5, f"outage {k}: only {len(down)} requests while the database was away"
        not_503 = [e for e in down if e[3] != 503]
        assert not not_503, f"outage {k}: answers other than 503 while the database was away: {show(not_503)}"
        first_ok = min((e[1] for e in log if e[0] >= t_up and e[3] == 200), default=None)
        assert first_ok is not None and first_ok - t_up <= RECOVERY, \
            f"outage {k}: no 200 within {RECOVERY} s of the database's return{where}"
        end = cycles[k + 1][0] if k + 1 < len(cycles) else float("inf")
        late = [e for e in log if t_up + RECOVERY <= e[0] and e[1] < end]
        assert late and all(answered(e) for e in late), \
            f"outage {k}: not all 200 once the database is back: {show([e for e in late if not answered(e)])}"
        summary.append(f"{len(down)} answered 503 while down, first 200 {first_ok - t_up:.2f} s after")
    # The same gunicorn served throughout: the master and its workers were not restarted.
    assert stack.master_pid == master and stack.proc.poll() is None
    assert stack.worker_pids() == workers, "workers were replaced (crashed or timed out) during the outages"
    print(f"outages: {len(log)} requests; " + "; ".join(summary))
