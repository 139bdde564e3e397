"""`make bench`: builds the synthetic tree on PostgreSQL (10,000 modules) and the search corpus (10,000 more
modules in four portals, 20,000 articles, 10,000 files, 50,000 comments), serves it with gunicorn as configured
and measures the read path and GET /api/search (a common word, a rare word, a phrase; as the superuser and as a
member of one portal).

For each endpoint: SQL queries, bytes and gzip bytes of the answer, time in-process (median of many calls through
Flask's test client) and its *floor*: the same payload produced by one hand-written SQL query (psycopg, rows as
JSON arrays) and orjson, with no framework work; then, through gunicorn, wrk with 8 connections gives requests
per second and p50/p95 latency, for a first fetch and for a revalidation (If-None-Match answered 304). PSS of the
gunicorn master and workers is read before and after the load. The load generator shares the machine's two
cores with gunicorn and PostgreSQL: compare figures of one run with each other.
"""
import contextvars
import gzip
import http.client
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time

from bench_planning import planning

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DB = os.environ.get("BENCH_DATABASE_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/portal_bench")
CONNECTIONS = int(os.environ.get("BENCH_CLIENTS", 8))
SECONDS = float(os.environ.get("BENCH_SECONDS", 10))
RUNS = int(os.environ.get("BENCH_RUNS", 40))

WRK_SCRIPT = r"""
local etag = os.getenv("BENCH_ETAG")
wrk.headers["Authorization"] = "Bearer " .. os.getenv("BENCH_TOKEN")
wrk.headers["Accept-Encoding"] = "gzip"
if etag and etag ~= "" then wrk.headers["If-None-Match"] = etag end
local statuses = {}
response = function(status, headers, body) statuses[status] = (statuses[status] or 0) + 1 end
done = function(summary, latency, requests)
  io.write(string.format("BENCH {\"requests\": %d, \"us\": %d, \"p50\": %.3f, \"p95\": %.3f, \"p99\": %.3f, " ..
    "\"errors\": %d}\n", summary.requests, summary.duration, latency:percentile(50) / 1000,
    latency:percentile(95) / 1000, latency:percentile(99) / 1000,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.status +
    summary.errors.timeout))
end
"""


def search_targets(info):
    """(name, url, who) of the searches measured: the corpus's common word (in about 15% of the items), its rare
    word (8 items) and its phrase, as the superuser and as the member of one of its four portals."""
    from urllib.parse import urlencode
    out = []
    for who, email in (("superuser", "bench@bench.local"), ("one portal", info["searcher"])):
        for what in ("common", "rare", "phrase"):
            word = info["words"][what]
            out.append((f"search {what} {word}, {who}", "/api/search?" + urlencode({"q": word, "perPage": 20}),
                        email))
    for who, email in (("superuser", "bench@bench.local"), ("one portal", info["searcher"])):
        # Issue 47: inside PDFs only (the file type filter), each hit with its page
        word = info["words"]["common"]
        out.append((f"search {word} in PDFs, {who}", "/api/search?" + urlencode(
            {"q": word, "fileType": "pdf", "perPage": 20}), email))
    for who, email in (("superuser", "bench@bench.local"), ("one portal", info["searcher"])):
        for what in ("common", "phrase"):  # the top bar's box as the word is typed: its beginning, 3 per kind
            word = info["words"][what].strip('"')[:-2]
            out.append((f"box {what} {word}, {who}", "/api/search?" + urlencode({"q": word, "perKind": 3}), email))
    return out


def relevance(env):
    """The relevance set of make test (api/tests/test_search_relevance.py) on PostgreSQL over the demo: each query
    once through the API, in process, as the demo's superuser: how many stand where they must, and the time."""
    url = DB.rsplit("/", 1)[0] + "/portal_bench_demo"
    fresh_database(env, url)
    demo_env = dict(env, DATABASE_URL=url)
    flask = [os.path.join(ROOT, ".venv/bin/flask"), "--app", "api"]
    sh(*flask, "db", "upgrade", env=demo_env)
    sh(*flask, "seed-demo", env=demo_env)
    sys.path.insert(0, ROOT)
    from api import create_app
    from api.extensions import db
    from api.tests.test_search_relevance import RELEVANCE, named
    app = create_app(DATABASE_URL=url, SQLALCHEMY_DATABASE_URI=url, RATELIMIT_ENABLED=False)
    client = app.test_client()
    with app.app_context():
        token = client.post("/json/login", json={"username": "admin@demo.eu", "password": "demo1234"}).get_json()
        headers = {"Authorization": "Bearer " + token["token"]}
        client.get("/api/search?q=warm", headers=headers)
        times, placed = [], 0
        for q, kind, title, within in RELEVANCE:
            t0 = time.perf_counter()
            body = client.get("/api/search", query_string={"q": q, "perPage": 10}, headers=headers).get_json()
            times.append((time.perf_counter() - t0) * 1000)
            top = [(h["kind"], named(h)) for h in body["list"][:within]]
            placed += any(k == kind and n.startswith(title) for k, n in top)
        db.engine.dispose()
    times.sort()
    return len(RELEVANCE), placed, sum(times), statistics.median(times), times[int(0.95 * (len(times) - 1))]


def sh(*args, env):
    return subprocess.run(args, cwd=ROOT, env=env, check=True, capture_output=True, text=True).stdout


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def fresh_database(env, url=None):
    """Drop and create the database of `url` (default: the bench database)."""
    import sqlalchemy as sa
    base, name = (url or DB).rsplit("/", 1)
    eng = sa.create_engine(base + "/postgres", isolation_level="AUTOCOMMIT")
    with eng.connect() as c:
        c.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        c.execute(sa.text(f'CREATE DATABASE "{name}"'))
    eng.dispose()


def settle():
    """VACUUM ANALYZE the freshly loaded data: the state autovacuum keeps a live database in (planner statistics,
    a visibility map for index-only scans), reached at once rather than whenever autovacuum next wakes."""
    import sqlalchemy as sa
    eng = sa.create_engine(DB, isolation_level="AUTOCOMMIT")
    with eng.connect() as c:
        c.execute(sa.text("VACUUM ANALYZE"))
    eng.dispose()


def targets(info):
    """(name, url) of the endpoints measured, on the bench tree."""
    import sqlalchemy as sa
    eng = sa.create_engine(DB)
    with eng.connect() as c:
        task = c.execute(sa.text("SELECT t.id FROM module t WHERE t.type = '4rineu_task' AND t.path LIKE :p AND "
                                 "(SELECT count(*) FROM module s WHERE s.parent_id = t.id) = 3 ORDER BY t.id LIMIT 1"),
                         {"p": f"%/{info['portal']}/%"}).scalar()
    eng.dispose()
    return [("module view, 200 children", f"/api/module/view/{info['wide_project']}"),
            ("module list, 200 children", f"/api/module/list/{info['wide_project']}"),
            ("module view, task (3 children)", f"/api/module/view/{task}"),
            ("module view, portal (26 children, 50 members)", f"/api/module/view/{info['portal']}"),
            ("tasks-all, a 50-row page of 10,000", f"/api/module/detailed-list-by-type/4rineu_task/{info['portal']}"
                                                   f"?perPage=50&page=3")]


# --- floors: one SQL query and orjson ---------------------------------------------------------------------------

def _link(route, url, label, access, operation="GET"):
    return {"route": route, "url": url, "label": label, "access": access, "operation": operation}


def _row_links(mid, reindex):
    links = {"view": _link("module.view", f"/api/module/view/{mid}", "View", "view"),
             "edit": _link("module.edit", f"/api/module/edit/{mid}", "Edit", "edit", "POST"),
             "delete": _link("module.delete", f"/api/module/delete/{mid}", "Delete", "delete", "DELETE")}
    if reindex:
        links["reindex"] = _link("module.reindex", f"/api/module/reindex/{mid}/{{previous_id}}", "Move", "edit")
    return links


LABELS = {"4rineu_project": ("Project", "Projects"), "4rineu_phase": ("Phase", "Phases"),
          "4rineu_task": ("Task", "Tasks"), "4rineu_subtask": ("Subtask", "Subtasks"),
          "4rineu_portal": ("Portal", "Portals")}
CHECK_OPTIONS = [{"value": "not_completed", "label": "Not completed"}, {"value": "completed", "label": "Completed"}]

ROW_SQL = """json_build_array(m.id, m.parent_id, m.idx, m.name, left(m.description, 160), m.type, m.level, m.locked,
  (SELECT count(*) FROM module c WHERE c.parent_id = m.id), d.id, d.status, d.owner_id, u.name, u.avatar,
  d.start_date, d.deadline, d.commenced_date, d.completion_date, cv.id, cv.stringval, cf.id)"""
ROW_JOINS = """LEFT JOIN deliverable d ON d.module_id = m.id LEFT JOIN "user" u ON u.id = d.owner_id
  LEFT JOIN custom_field cf ON cf.module_id = %(portal)s AND cf.attribute = 'checklist_status'
  LEFT JOIN custom_value cv ON cv.module_id = m.id AND cv.field_id = cf.id"""


def _row(a, reindex=True):
    (mid, parent, idx, name, desc, type_, level, locked, count, did, status, owner, oname, oavatar, start, deadline,
     commenced, completion, vid, value, fid) = a
    label, plural = LABELS.get(type_, (type_, type_ + "s"))
    d = None if did is None else {
        "id": did, "status": {"name": status, "label": status.replace("_", " ").title()}, "ownerId": owner,
        "ownerName": oname, "ownerAvatar": f"/api/avatar/view/{owner}?v={oavatar[:8]}" if oavatar else None,
        "startDate": start, "deadline": deadline, "commencedDate": commenced, "completionDate": completion}
    toggle = (_link("custom_field.value_edit", f"/api/custom-field/value/edit/{mid}/{vid}", "Edit", "edit", "POST")
              if vid else _link("custom_field.value_add", f"/api/custom-field/value/add/{mid}/{fid}", "Add value",
                                "edit", "POST"))
    return {"id": mid, "parentId": parent, "idx": idx, "name": name, "description": desc, "type": type_,
            "typeLabel": label, "labelPlural": plural, "tab": plural.lower(), "platform": "4rineu", "level": level,
            "childCount": count, "locked": locked, "deliverable": d, "brand": None,
            "checklist": {"fieldId": fid, "valueId": vid, "value": value, "completed": value == "completed",
                          "options": CHECK_OPTIONS, "links": {"toggle": toggle}},
            "links": _row_links(mid, reindex)}


def floor_page(cur, module_id, portal, kind):
    """module/view (kind 'view') or module/list ('list') of a module, as the superuser."""
    sql = f"""SELECT 'c', {ROW_SQL} FROM module m {ROW_JOINS} WHERE m.parent_id = %(id)s"""
    if kind == "view":
        sql += f""" UNION ALL SELECT 'self', {ROW_SQL} FROM module m {ROW_JOINS} WHERE m.id = %(id)s
        UNION ALL SELECT 'anc', json_build_array(a.id, a.name, a.type, a.level) FROM module a
          WHERE a.id = ANY(string_to_array(trim(both '/' from (SELECT path FROM module WHERE id = %(id)s)), '/')::int[])
            AND a.id <> %(id)s
        UNION ALL SELECT 'mem', json_build_array(ms.id, ms.module_id, ms.user_id, u.email, u.name, ms.role,
            u.organisation, u.avatar, ms.admin, ms.allow_create, ms.allow_view, ms.allow_edit, ms.allow_delete)
          FROM membership ms JOIN "user" u ON u.id = ms.user_id
          WHERE ms.module_id = ANY(string_to_array(trim(both '/' from (SELECT path FROM module WHERE id = %(id)s)),
                                   '/')::int[])"""
    cur.execute(sql, {"id": module_id, "portal": portal})
    rows = cur.fetchall()
    children = sorted((_row(a) for k, a in rows if k == "c"), key=lambda r: (r["idx"], r["id"]))
    if kind == "list":
        return {"list": children}
    me = next(_row(a, False) for k, a in rows if k == "self")
    ancestors = sorted((a for k, a in rows if k == "anc" and a[3] > 0), key=lambda a: a[3])
    members = []
    for k, a in rows:
        if k == "mem":
            msid, mmod, uid, email, name, role, org, avatar, admin, cr, vw, ed, de = a
            members.append({"id": msid, "moduleId": mmod, "userId": uid, "userName": email, "userEmail": email,
                            "name": name, "role": role, "organisation": org,
                            "avatar": f"/api/avatar/view/{uid}?v={avatar[:8]}" if avatar else None, "admin": admin,
                            "allowCreate": cr, "allowView": vw, "allowEdit": ed, "allowDelete": de,
                            "inherited": mmod != module_id,
                            "links": {} if mmod != module_id else {
                                "edit": _link("membership.edit", f"/api/membership/edit/{module_id}/{msid}", "Edit",
                                              "edit", "POST"),
                                "delete": _link("membership.delete", f"/api/membership/delete/{module_id}/{msid}",
                                                "Delete", "delete", "DELETE")}})
    me.update({"path": None, "created": None, "createdBy": None, "createdById": None, "customFields": [],
               "fullPath": [{"id": a[0], "name": a[1], "type": a[2], "typeLabel": LABELS.get(a[2], ("",))[0]}
                            for a in ancestors],
               "fqn": "/".join([a[1] for a in ancestors] + [me["name"]]), "children": children,
               "memberships": members, "childTypes": []})
    return {"item": me}


def floor_tasks(cur, portal_path, portal, page, per_page):
    # The page is chosen on ids alone and counted apart, then only its rows are joined: as the endpoint does, so
    # the floor is the best one statement, not a join and a window over every task.
    cur.execute(f"""WITH page AS MATERIALIZED (SELECT t.id FROM module t WHERE t.type = '4rineu_task'
          AND t.path LIKE %(path)s ORDER BY t.path COLLATE "C", t.id LIMIT %(limit)s OFFSET %(offset)s)
        SELECT {ROW_SQL}, json_build_array(p.name, pr.id, pr.name),
          (SELECT count(*) FROM module t WHERE t.type = '4rineu_task' AND t.path LIKE %(path)s)
        FROM page JOIN module m ON m.id = page.id {ROW_JOINS} LEFT JOIN module p ON p.id = m.parent_id
        LEFT JOIN module pr ON pr.id = ANY(string_to_array(trim(both '/' from m.path), '/')::int[])
          AND pr.type = '4rineu_project'
        ORDER BY m.path COLLATE "C", m.id""",
                {"portal": portal, "path": portal_path + "%", "limit": per_page, "offset": (page - 1) * per_page})
    rows, total = [], 0
    for a, ctx, total in cur.fetchall():
        row = _row(a, False)
        row.update({"completed": row["checklist"]["completed"], "parentName": ctx[0], "projectId": ctx[1],
                    "projectName": ctx[2], "entryId": portal, "entryName": "Bench portal",
                    "breadcrumb": ["Bench portal", ctx[2], ctx[0]]})
        rows.append(row)
    return {"list": rows, "meta": {"page": page, "perPage": per_page, "total": total}}


def floors(info, targets_):
    """{name: (ms per call, bytes)} of the floors, in this process."""
    import orjson
    import psycopg
    conn = psycopg.connect(DB.replace("postgresql+psycopg://", "postgresql://"))
    cur = conn.cursor()
    cur.execute("SELECT path FROM module WHERE id = %s", (info["portal"],))
    portal_path = cur.fetchone()[0]
    out = {}
    for name, url in targets_:
        if "detailed-list" in url:
            def build():
                return floor_tasks(cur, portal_path, info["portal"], 3, 50)
        else:
            mid = int(url.rsplit("/", 1)[1])
            kind = "list" if "/list/" in url else "view"

            def build(mid=mid, kind=kind):
                return floor_page(cur, mid, info["portal"], kind)
        body = orjson.dumps(build(), option=orjson.OPT_NAIVE_UTC)
        times = []
        for _ in range(RUNS):
            t0 = time.perf_counter()
            orjson.dumps(build(), option=orjson.OPT_NAIVE_UTC)
            times.append(time.perf_counter() - t0)
        out[name] = (statistics.median(times) * 1000, len(body))
    conn.close()
    return out


# --- in-process: queries, bytes, time ---------------------------------------------------------------------------

def in_process(info, targets_):
    sys.path.insert(0, ROOT)
    from sqlalchemy import event

    from api import create_app
    from api.extensions import db
    app = create_app(DATABASE_URL=DB, SQLALCHEMY_DATABASE_URI=DB, RATELIMIT_ENABLED=False)
    client = app.test_client()
    out = {}
    with app.app_context():
        tokens = {}

        def headers_of(email):
            if email not in tokens:
                r = client.post("/json/login", json={"username": email, "password": info["password"]})
                tokens[email] = {"Authorization": "Bearer " + r.get_json()["token"]}
            return tokens[email]
        def get(url, headers):  # in a context of its own, as under gunicorn (a fresh `g`: nothing cached)
            return contextvars.Context().run(client.get, url, headers=headers)
        for name, url, *who in targets_:
            headers = headers_of(who[0] if who else info["superuser"])
            get(url, headers)  # the connection's first use is not counted
            n = []
            listener = lambda *a: n.append(1)  # noqa: E731
            event.listen(db.engine, "before_cursor_execute", listener)
            resp = get(url, headers)
            event.remove(db.engine, "before_cursor_execute", listener)
            assert resp.status_code == 200, (url, resp.status_code)
            times = []
            for _ in range(RUNS):
                t0 = time.perf_counter()
                get(url, headers)
                times.append(time.perf_counter() - t0)
            times.sort()
            out[name] = {"queries": len(n), "bytes": len(resp.data), "gzip": len(gzip.compress(resp.data, 6)),
                         "ms": statistics.median(times) * 1000, "etag": resp.headers.get("ETag"),
                         "p95": times[int(0.95 * (len(times) - 1))] * 1000,
                         "total": (resp.get_json() or {}).get("meta", {}).get("total")}
        db.engine.dispose()
    return out


# --- through gunicorn ---------------------------------------------------------------------------------------------

def pss(master_pid):
    """PSS in MiB of the gunicorn master and of its workers."""
    def one(pid):
        try:
            with open(f"/proc/{pid}/smaps_rollup") as fh:
                for line in fh:
                    if line.startswith("Pss:"):
                        return int(line.split()[1]) / 1024
        except OSError:
            return 0.0
        return 0.0
    children = subprocess.run(["pgrep", "-P", str(master_pid)], capture_output=True, text=True).stdout.split()
    return one(master_pid), [one(int(p)) for p in children]


def wrk(port, path, token, etag=None, script=None):
    env = dict(os.environ, BENCH_TOKEN=token, BENCH_ETAG=etag or "")
    out = subprocess.run(["wrk", "-t2", f"-c{CONNECTIONS}", f"-d{SECONDS:.0f}s", "--timeout", "30s", "-s", script,
                          f"http://127.0.0.1:{port}{path}"], capture_output=True, text=True, env=env, check=True)
    line = next(x for x in out.stdout.splitlines() if x.startswith("BENCH "))
    r = json.loads(line[6:])
    r["rps"] = r["requests"] / (r["us"] / 1e6)
    return r


def main():
    env = dict(os.environ, DATABASE_URL=DB, RATELIMIT_ENABLED="0", PYTHONPATH=ROOT)
    flask = [os.path.join(ROOT, ".venv/bin/flask"), "--app", "api"]
    fresh_database(env)
    t0 = time.perf_counter()
    sh(*flask, "db", "upgrade", env=env)
    info = json.loads(sh(*flask, "bench-data", "--modules", "10000", "--members", "50", env=env).strip().splitlines()[-1])
    print(f"bench data: {info['modules']} modules, {info['members']} members, built in {time.perf_counter() - t0:.1f} s")
    t0 = time.perf_counter()
    corpus = json.loads(sh(*flask, "bench-search-data", env=env).strip().splitlines()[-1])
    print(f"search corpus: {corpus['modules']} modules in {len(corpus['portals'])} portals, {corpus['articles']} "
          f"articles, {corpus['files']} files (with {corpus['file_text_mb']} MB of text read from them), "
          f"{corpus['comments']} comments, indexed in {time.perf_counter() - t0:.1f} s")
    settle()
    targets_ = targets(info)
    searches = search_targets(corpus)

    measured = in_process(info, targets_)
    floor = floors(info, targets_)
    print(f"\nIn-process, as the superuser (median of {RUNS}); floor: the same payload by one SQL query and orjson")
    print(f"  {'endpoint':48s} {'queries':>7s} {'bytes':>9s} {'gzip':>8s} {'ms':>7s} {'floor ms':>8s} "
          f"{'floor B':>9s} {'x floor':>7s}")
    for name, _ in targets_:
        m, (fms, fbytes) = measured[name], floor[name]
        print(f"  {name:48s} {m['queries']:7d} {m['bytes']:9d} {m['gzip']:8d} {m['ms']:7.2f} {fms:8.2f} "
              f"{fbytes:9d} {m['ms'] / fms:7.2f}")
    search_table(info, searches)
    work(info)
    n, placed, total_ms, p50, p95 = relevance(env)
    print(f"\nThe relevance set on PostgreSQL over the demo: {placed} of {n} queries place their item; "
          f"{total_ms:.0f} ms in all (p50 {p50:.1f} ms, p95 {p95:.1f} ms a query)")
    print("\nPlanning (issue 42), in process on PostgreSQL: median and worst of 11 runs")
    for what, median, worst, note in planning(ROOT, DB, info):
        print(f"  {what:78s} {median:8.1f} ms {worst:8.1f} ms  {note}")

    port = free_port()
    server = subprocess.Popen([os.path.join(ROOT, ".venv/bin/gunicorn"), "-c", "api/gunicorn_conf.py",
                               "--bind", f"127.0.0.1:{port}", "--access-logfile", "/dev/null", "api.wsgi:app"],
                              cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    script = tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False)
    script.write(WRK_SCRIPT)
    script.close()
    try:
        for _ in range(200):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        time.sleep(1.0)
        conn = http.client.HTTPConnection("127.0.0.1", port)
        conn.request("POST", "/json/login", json.dumps({"username": info["superuser"], "password": info["password"]}),
                     {"Content-Type": "application/json"})
        token = json.loads(conn.getresponse().read())["token"]
        conn.request("POST", "/json/login", json.dumps({"username": corpus["searcher"], "password": "bench-pass"}),
                     {"Content-Type": "application/json"})
        tokens = {info["superuser"]: token, corpus["searcher"]: json.loads(conn.getresponse().read())["token"]}
        for _, url, who in searches:
            conn.request("GET", url, headers={"Authorization": "Bearer " + tokens[who]})
            conn.getresponse().read()
        etags = {}
        for name, url in targets_:  # the workers' first requests (imports, pools) are not measured
            conn.request("GET", url, headers={"Authorization": "Bearer " + token})
            resp = conn.getresponse()
            resp.read()
            etags[name] = resp.getheader("ETag")
        master, workers = pss(server.pid)
        print(f"\ngunicorn before the load: master {master:.0f} MiB, {len(workers)} workers "
              f"{' + '.join(f'{w:.0f}' for w in workers)} MiB PSS = {master + sum(workers):.0f} MiB")
        print(f"\nThrough gunicorn, wrk with {CONNECTIONS} connections, {SECONDS:.0f} s each "
              f"({os.cpu_count()} cores shared by wrk, gunicorn and PostgreSQL)")
        print(f"  {'endpoint':48s} {'req/s':>8s} {'p50 ms':>8s} {'p95 ms':>8s} {'errors':>6s}")
        for name, url in targets_ + [("health", "/api/health")]:
            r = wrk(port, url, token, script=script.name)
            print(f"  {name:48s} {r['rps']:8.1f} {r['p50']:8.1f} {r['p95']:8.1f} {r['errors']:6d}")
            if etags.get(name):
                r = wrk(port, url, token, etag=etags[name], script=script.name)
                print(f"  {'  revalidated (If-None-Match, 304)':48s} {r['rps']:8.1f} {r['p50']:8.1f} {r['p95']:8.1f} "
                      f"{r['errors']:6d}")
        for name, url, who in searches:
            r = wrk(port, url, tokens[who], script=script.name)
            print(f"  {name:48s} {r['rps']:8.1f} {r['p50']:8.1f} {r['p95']:8.1f} {r['errors']:6d}")
        master, workers = pss(server.pid)
        print(f"\ngunicorn after the load: master {master:.0f} MiB, {len(workers)} workers "
              f"{' + '.join(f'{w:.0f}' for w in workers)} MiB PSS = {master + sum(workers):.0f} MiB")
        replicas(env, server, port, targets_, token, script.name)
    finally:
        os.unlink(script.name)
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
    # Last, as it adds 200,000 time entries to the bench portal (the figures above are without them).
    t0 = time.perf_counter()
    info.update(add_effort(info, EFFORT_ENTRIES))
    print(f"\neffort data: {info['effort_entries']:,} time entries in {time.perf_counter() - t0:.1f} s")
    effort(info)


# --- one and two replicas behind nginx (docs/scaling.md) ---------------------------------------------------------

SCALE_TARGETS = ("module view, task (3 children)", "module view, 200 children", "tasks-all, a 50-row page of 10,000")


def _nginx(upstreams, run_dir):
    """An nginx from the repository's template balancing `upstreams` (ports); returns (process, port)."""
    sys.path.insert(0, os.path.join(ROOT, "scripts"))
    import render_nginx
    port = free_port()
    os.makedirs(run_dir, exist_ok=True)
    conf = render_nginx.render(os.path.join(run_dir, "nginx.conf"), NGINX_RUN_DIR=run_dir,
                               NGINX_LISTEN=f"127.0.0.1:{port}", NGINX_ACCESS_LOG="/dev/null",  # the template names a format: "off" takes none
                               NGINX_API_UPSTREAM=",".join(f"127.0.0.1:{p}" for p in upstreams),
                               NGINX_PUBLISH_LISTEN="unix:" + os.path.join(run_dir, "nchan.sock"))
    exe = "/usr/sbin/nginx" if os.path.exists("/usr/sbin/nginx") else "nginx"
    proc = subprocess.Popen([exe, "-e", os.path.join(run_dir, "error.log"), "-c", conf, "-g", "daemon off;"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            break
        except OSError:
            time.sleep(0.1)
    return proc, port


def replicas(env, first, first_port, targets_, token, script):
    """The same reads through nginx in front of one replica, then of two (each as configured: workers x threads),
    with the requests per second per core and each replica's memory: what docs/scaling.md builds on."""
    wanted = [(n, u) for n, u in targets_ if n in SCALE_TARGETS]
    second_port = free_port()
    second = subprocess.Popen([os.path.join(ROOT, ".venv/bin/gunicorn"), "-c", "api/gunicorn_conf.py",
                               "--bind", f"127.0.0.1:{second_port}", "--access-logfile", "/dev/null", "api.wsgi:app"],
                              cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    run = tempfile.mkdtemp(prefix="bench-nginx-")
    cores = os.cpu_count() or 1
    try:
        for _ in range(200):
            try:
                socket.create_connection(("127.0.0.1", second_port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        time.sleep(1.0)
        print(f"\nThrough nginx, one replica then two (each: the gunicorn settings above), wrk with {CONNECTIONS} "
              f"connections, {SECONDS:.0f} s each, {cores} cores in all")
        print(f"  {'endpoint':48s} {'replicas':>8s} {'req/s':>8s} {'/core':>7s} {'p95 ms':>8s} {'errors':>6s}")
        for ports in ([first_port], [first_port, second_port]):
            proc, port = _nginx(ports, os.path.join(run, str(len(ports))))
            try:
                for _, url in wanted:  # warm the second replica's workers
                    wrk_once(port, url, token)
                for name, url in wanted:
                    r = wrk(port, url, token, script=script)
                    print(f"  {name:48s} {len(ports):8d} {r['rps']:8.1f} {r['rps'] / cores:7.1f} {r['p95']:8.1f} "
                          f"{r['errors']:6d}")
            finally:
                proc.terminate()
                proc.wait(10)
        for n, server in enumerate((first, second), 1):
            master, workers = pss(server.pid)
            print(f"  replica {n}: {master + sum(workers):.0f} MiB PSS (master {master:.0f}, "
                  f"{len(workers)} workers {' + '.join(f'{w:.0f}' for w in workers)})")
    finally:
        second.send_signal(signal.SIGTERM)
        second.wait(timeout=30)


def wrk_once(port, path, token):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    for _ in range(4):
        conn.request("GET", path, headers={"Authorization": "Bearer " + token})
        conn.getresponse().read()


# --- issue 44: My work and the calendar's items, in process ------------------------------------------------------

WORK_TARGET_MS = 100


def work_targets(info):
    """(name, url, who) of issue 44's reads, as a member of the bench portal who views its 10,000 modules: the
    deliverables' owners go round the portal's 50 members, so member1 owns about 200 of them (all In progress, due
    from today to 39 days on: this week's group and later's, each listing its first 100)."""
    from datetime import date, timedelta
    start = date.today()
    return [("my work, 10,000 visible modules", "/api/my-work", info["member"]),
            ("calendar items, own, 31 days", f"/api/calendar/items?from={start}&to={start + timedelta(days=30)}",
             info["member"])]


def in_process_table(title, targets_, info):
    """Measure `targets_` in process and print them under `title`: queries, sizes, p50 and p95."""
    measured = in_process(info, targets_)
    print(f"\n{title}")
    print(f"  {'endpoint':48s} {'queries':>7s} {'bytes':>9s} {'gzip':>8s} {'p50 ms':>7s} {'p95 ms':>7s}")
    for name, _, _ in targets_:
        m = measured[name]
        print(f"  {name:48s} {m['queries']:7d} {m['bytes']:9d} {m['gzip']:8d} {m['ms']:7.2f} {m['p95']:7.2f}")


def work(info):
    in_process_table(f"In-process, issue 44's reads as a member of the bench portal, one request at a time ({RUNS} "
                     f"each; target: My work under {WORK_TARGET_MS} ms)", work_targets(info), info)


def bench_tree():
    """A fresh database with the bench tree alone (no search corpus, no load through gunicorn): its info."""
    env = dict(os.environ, DATABASE_URL=DB, RATELIMIT_ENABLED="0", PYTHONPATH=ROOT)
    flask = [os.path.join(ROOT, ".venv/bin/flask"), "--app", "api"]
    fresh_database(env)
    sh(*flask, "db", "upgrade", env=env)
    built = sh(*flask, "bench-data", "--modules", "10000", "--members", "50", env=env)
    return json.loads(built.strip().splitlines()[-1])


def search_table(info, searches):
    """The searches in process, one user at a time: queries, hits, bytes, p50 and p95."""
    searched = in_process({**info, "password": "bench-pass"}, searches)
    print(f"\nIn-process searches, one user, one request at a time ({RUNS} each), 20 hits a page; the box: 3 per kind")
    print(f"  {'search':48s} {'queries':>7s} {'hits':>7s} {'bytes':>9s} {'gzip':>8s} {'p50 ms':>7s} {'p95 ms':>7s}")
    for name, _, _ in searches:
        m = searched[name]
        print(f"  {name:48s} {m['queries']:7d} {m['total']:7d} {m['bytes']:9d} {m['gzip']:8d} {m['ms']:7.2f} "
              f"{m['p95']:7.2f}")


def search_only():
    """`scripts/bench.py search`: the bench tree and the search corpus (its files' text read: issue 47), then the
    searches in process, one user at a time; a few minutes."""
    info = bench_tree()
    env = dict(os.environ, DATABASE_URL=DB, RATELIMIT_ENABLED="0", PYTHONPATH=ROOT)
    t0 = time.perf_counter()
    corpus = json.loads(sh(os.path.join(ROOT, ".venv/bin/flask"), "--app", "api", "bench-search-data",
                           env=env).strip().splitlines()[-1])
    print(f"search corpus: {corpus['files']} files with {corpus['file_text_mb']} MB of text among "
          f"{corpus['articles']} articles and {corpus['comments']} comments, indexed in {time.perf_counter() - t0:.1f} s")
    settle()
    searches = search_targets(corpus)
    search_table(info, searches)


def work_only():
    """`scripts/bench.py work`: the bench tree, then issue 44's reads; about a minute."""
    info = bench_tree()
    settle()
    work(info)


# --- issue 45: the effort report, in process ------------------------------------------------------------------

EFFORT_TARGET_MS = 200
EFFORT_ENTRIES = int(os.environ.get("BENCH_EFFORT_ENTRIES", 200000))


def effort_targets(info):
    """(name, url, who) of issue 45's report as the superuser: over a project of about 400 modules (5 work
    packages, about 8,000 of the portal's entries), for a period and for all time, as XLSX, and over the wide
    project (200 work packages)."""
    p, wide, su = info["effort_project"], info["wide_project"], info["superuser"]
    return [("effort report, 406 modules, M1-M18", f"/api/time/report/{p}?period=M1-M18", su),
            ("effort report, 406 modules, all time", f"/api/time/report/{p}", su),
            ("effort report, 406 modules, M19-M36 as XLSX", f"/api/time/report/{p}?period=M19-M36&format=xlsx", su),
            ("effort report, 200 work packages, all time", f"/api/time/report/{wide}", su),
            ("effort plan, 406 modules", f"/api/time/plan/{p}", su)]


def add_effort(info, n_entries):
    """Issue 45's data on the bench portal (benchdata.build_effort), in process."""
    sys.path.insert(0, ROOT)
    from api import create_app
    from api.extensions import db
    from api.services import benchdata
    app = create_app(DATABASE_URL=DB, SQLALCHEMY_DATABASE_URI=DB, RATELIMIT_ENABLED=False)
    with app.app_context():
        out = benchdata.build_effort(info["portal"], n_entries)
        db.engine.dispose()
    return out


def effort(info):
    in_process_table(f"In-process, issue 45's effort report over the bench portal with {info['effort_entries']:,} time "
                     f"entries, as the superuser, one request at a time ({RUNS} each; target: under "
                     f"{EFFORT_TARGET_MS} ms)", effort_targets(info), info)


def effort_only():
    """`scripts/bench.py effort`: the bench tree alone with issue 45's effort data (BENCH_EFFORT_ENTRIES time
    entries, 200,000 by default), then the effort report's reads; a minute or two."""
    info = bench_tree()
    t0 = time.perf_counter()
    info.update(add_effort(info, EFFORT_ENTRIES))
    print(f"effort data: {info['effort_entries']:,} time entries in {time.perf_counter() - t0:.1f} s")
    settle()
    effort(info)


if __name__ == "__main__":
    {"work": work_only, "effort": effort_only, "search": search_only}.get(sys.argv[1] if sys.argv[1:] else "", main)()
