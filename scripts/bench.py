"""`make bench`: builds the synthetic tree on PostgreSQL, serves it with gunicorn and measures.

Prints SQL query counts per endpoint (in-process), then p50/p95 latency and requests per second
with 8 concurrent keep-alive clients through gunicorn. The load generator shares the machine's
two cores with gunicorn and PostgreSQL: compare figures of one run with each other.
"""
import http.client
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DB = os.environ.get("BENCH_DATABASE_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/portal_bench")
CLIENTS = int(os.environ.get("BENCH_CLIENTS", 8))
SECONDS = float(os.environ.get("BENCH_SECONDS", 10))


def sh(*args, env):
    return subprocess.run(args, cwd=ROOT, env=env, check=True, capture_output=True, text=True).stdout


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def fresh_database(env):
    import sqlalchemy as sa
    base, name = DB.rsplit("/", 1)
    eng = sa.create_engine(base + "/postgres", isolation_level="AUTOCOMMIT")
    with eng.connect() as c:
        c.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        c.execute(sa.text(f'CREATE DATABASE "{name}"'))
    eng.dispose()


def query_counts(info):
    sys.path.insert(0, ROOT)
    from sqlalchemy import event

    from api import create_app
    from api.extensions import db
    app = create_app(DATABASE_URL=DB, SQLALCHEMY_DATABASE_URI=DB, RATELIMIT_ENABLED=False)
    client = app.test_client()
    out = {}
    with app.app_context():
        for who in ("superuser", "member"):
            r = client.post("/json/login", json={"username": info[who], "password": info["password"]})
            headers = {"Authorization": "Bearer " + r.get_json()["token"]}
            for name, url in endpoints(info):
                n = []
                listener = lambda *a: n.append(1)  # noqa: E731
                event.listen(db.engine, "before_cursor_execute", listener)
                t0 = time.perf_counter()
                resp = client.get(url, headers=headers)
                dt = (time.perf_counter() - t0) * 1000
                event.remove(db.engine, "before_cursor_execute", listener)
                assert resp.status_code == 200, (url, resp.status_code)
                body = resp.get_json()
                size = len(body.get("list") or body["item"].get("children") or [])
                out[(who, name)] = (len(n), size, dt)
    return out


def endpoints(info):
    return [("module view (200 children)", f"/api/module/view/{info['wide_project']}"),
            ("module list (200 children)", f"/api/module/list/{info['wide_project']}"),
            ("detailed-list-by-type, whole portal", f"/api/module/detailed-list-by-type/4rineu_task/{info['portal']}"),
            ("module view (portal)", f"/api/module/view/{info['portal']}")]


def load(port, path, token, clients=CLIENTS, seconds=SECONDS):
    latencies, errors = [], []
    stop = time.monotonic() + seconds
    lock = threading.Lock()

    def worker():
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        mine = []
        while time.monotonic() < stop:
            t0 = time.perf_counter()
            conn.request("GET", path, headers={"Authorization": "Bearer " + token})
            resp = conn.getresponse()
            resp.read()
            mine.append(time.perf_counter() - t0)
            if resp.status != 200:
                errors.append(resp.status)
        with lock:
            latencies.extend(mine)
    threads = [threading.Thread(target=worker) for _ in range(clients)]
    t0 = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - t0
    latencies.sort()
    q = statistics.quantiles(latencies, n=100)
    return {"requests": len(latencies), "rps": len(latencies) / elapsed, "p50": q[49] * 1000, "p95": q[94] * 1000,
            "errors": len(errors)}


def main():
    env = dict(os.environ, DATABASE_URL=DB, RATELIMIT_ENABLED="0", PYTHONPATH=ROOT)
    flask = [os.path.join(ROOT, ".venv/bin/flask"), "--app", "api"]
    fresh_database(env)
    t0 = time.perf_counter()
    sh(*flask, "db", "upgrade", env=env)
    info = json.loads(sh(*flask, "bench-data", "--modules", "10000", "--members", "50", env=env).strip().splitlines()[-1])
    print(f"bench data: {info['modules']} modules, {info['members']} members, built in {time.perf_counter() - t0:.1f} s")

    print("\nSQL queries per request (in-process)        superuser        member(viewer)")
    counts = query_counts(info)
    for name, _ in endpoints(info):
        s, m = counts[("superuser", name)], counts[("member", name)]
        print(f"  {name:40s} {s[0]:3d} q ({s[1]} rows)   {m[0]:3d} q ({m[1]} rows)")

    port = free_port()
    server = subprocess.Popen([os.path.join(ROOT, ".venv/bin/gunicorn"), "-c", "api/gunicorn_conf.py",
                               "--bind", f"127.0.0.1:{port}", "--access-logfile", "/dev/null", "api.wsgi:app"],
                              cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        conn = http.client.HTTPConnection("127.0.0.1", port)
        tokens = {}
        for who in ("superuser", "member"):
            conn.request("POST", "/json/login", json.dumps({"username": info[who], "password": info["password"]}),
                         {"Content-Type": "application/json"})
            tokens[who] = json.loads(conn.getresponse().read())["token"]
        print(f"\nThrough gunicorn, {CLIENTS} concurrent clients, {SECONDS:.0f} s each "
              f"({os.cpu_count()} cores shared by client, server and database)")
        print(f"  {'endpoint':40s} {'user':10s} {'req/s':>8s} {'p50 ms':>8s} {'p95 ms':>8s} {'errors':>6s}")
        for name, url in endpoints(info) + [("health", "/api/health")]:
            for who in ("superuser", "member"):
                if name == "health" and who == "member":
                    continue
                r = load(port, url, tokens[who])
                print(f"  {name:40s} {who:10s} {r['rps']:8.1f} {r['p50']:8.1f} {r['p95']:8.1f} {r['errors']:6d}")
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)


if __name__ == "__main__":
    main()
