"""Issue 46's Redmine import at scale: a synthetic Redmine of N issues (default 5,000) with 3 journals each over 5
projects, answered in memory by the same requests a real one gets (services/imports/redmine.py), read into a plan
(time, requests, plan sizes) and, when the writer exists (services/imports/writer.py), written into a fresh bench
portal of a temporary SQLite database (time, the writer's report). Prints one JSON object.

    .venv/bin/python scripts/bench_import.py --issues 5000 [--dry-run] [--keep]
"""
import argparse
import json
import os
import re
import shutil
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

PROJECTS = ["bench", "bench-wp1", "bench-wp2", "bench-wp3", "bench-wp3-a"]  # bench-wp3-a under bench-wp3
USERS = 20
NOTE = "Progress on *this* item: see \"the plan\":https://example.org/plan.\n\n* measured\n* checked"
DESCRIPTION = "h3. Scope\n\nWork on the _envelope_ survey.\n\n# Geometry\n# Systems\n\n|_.Item|_.Tool|\n|Wall|Scanner|"


class SyntheticRedmine:
    """A transport `(method, path) -> (status, type, body)` answering a Redmine of `issues` issues; issues come in
    blocks of ten (the first the parent of the nine others, each of which precedes the next)."""

    def __init__(self, issues):
        self.n, self.requests = issues, 0

    def __call__(self, method, path):
        self.requests += 1
        for pattern, answer in self.ROUTES:
            m = re.fullmatch(pattern, path)
            if m:
                return 200, "application/json", json.dumps(answer(self, *m.groups())).encode()
        raise LookupError(f"No synthetic answer for {method} {path}")

    def project(self, i):
        parent = None if i == 0 else {"id": 4 if i == 4 else 1, "name": PROJECTS[3 if i == 4 else 0]}
        return {"id": i + 1, "name": f"Bench project {i}", "identifier": PROJECTS[i], "description": "A project.",
                "parent": parent, "inherit_members": True, "created_on": "2026-01-01T00:00:00Z"}

    def issue(self, i):
        block = (i - 1) // 10
        first = block * 10 + 1
        return {"id": i, "project": {"id": block % 5 + 1}, "tracker": {"id": 1 + i % 3, "name": "Feature"},
                "status": {"id": 1 + i % 5, "name": "New", "is_closed": i % 5 == 4},
                "author": {"id": 1 + i % USERS, "name": f"User {i % USERS}"},
                "assigned_to": {"id": 1 + (i * 7) % USERS, "name": f"User {(i * 7) % USERS}"},
                "parent": None if i == first else {"id": first}, "subject": f"Bench issue {i}",
                "description": DESCRIPTION, "start_date": "2026-02-02", "due_date": "2026-03-02",
                "closed_on": "2026-03-01T10:00:00Z" if i % 5 == 4 else None,
                "custom_fields": [{"id": 1, "name": "Budget", "value": str(i * 10)}],
                "created_on": "2026-01-05T09:00:00Z"}

    def page(self, key, total, offset, make):
        offset = int(offset)
        return {key: [make(i) for i in range(offset + 1, min(offset + 25, total) + 1)], "total_count": total,
                "offset": offset, "limit": 25}

    def details(self, i):
        i = int(i)
        issue, first = self.issue(i), (i - 1) // 10 * 10 + 1
        rel = [{"id": i, "issue_id": i, "issue_to_id": i + 1, "relation_type": "precedes", "delay": 1}] \
            if i != first and i % 10 and i < self.n else []
        issue.update(relations=rel, attachments=[], journals=[
            {"id": i * 3 + k, "user": {"id": 1 + (i + k) % USERS, "name": "x"}, "notes": NOTE,
             "created_on": "2026-02-10T12:00:00Z", "private_notes": False, "details": []} for k in range(3)])
        return {"issue": issue}

    def user(self, uid):
        return {"user": {"id": int(uid), "login": f"user{uid}", "firstname": "Bench", "lastname": f"User {uid}",
                         "mail": f"bench-user{uid}@bench.local", "api_key": "never copied"}}

    ROUTES = [
        (r"/issue_statuses\.json", lambda s: {"issue_statuses": [
            {"id": k, "name": n, "is_closed": k == 5} for k, n in
            enumerate(["New", "In Progress", "Resolved", "Feedback", "Closed"], 1)]}),
        (r"/trackers\.json", lambda s: {"trackers": [{"id": k, "name": n} for k, n in
                                                     enumerate(["Bug", "Feature", "Support"], 1)]}),
        (r"/custom_fields\.json", lambda s: {"custom_fields": [
            {"id": 1, "name": "Budget", "customized_type": "issue", "field_format": "float", "multiple": False}]}),
        (r"/projects\.json\?limit=25&offset=(\d+)", lambda s, o: s.page("projects", 5, o, lambda i: s.project(i - 1))),
        (r"/projects/([\w-]+)\.json\?include=.*", lambda s, p: {"project": {
            "enabled_modules": [{"name": "issue_tracking"}, {"name": "wiki"}]}}),
        (r"/projects/([\w-]+)/memberships\.json\?limit=25&offset=(\d+)", lambda s, p, o: s.page(
            "memberships", USERS if p == "bench" else 0, o, lambda i: {
                "id": i, "user": {"id": i, "name": f"User {i}"}, "roles": [{"id": 4, "name": "Developer"}]})),
        (r"/projects/([\w-]+)/versions\.json", lambda s, p: {"versions": []}),
        (r"/projects/([\w-]+)/wiki/index\.json", lambda s, p: {"wiki_pages": []}),
        (r"/issues\.json\?project_id=bench&subproject_id=\*&status_id=\*&sort=id&limit=25&offset=(\d+)",
         lambda s, o: s.page("issues", s.n, o, s.issue)),
        (r"/issues/(\d+)\.json\?include=children,attachments,relations,journals,watchers", details),
        (r"/time_entries\.json\?project_id=bench&limit=25&offset=(\d+)", lambda s, o: s.page(
            "time_entries", s.n // 2, o, lambda i: {
                "id": i, "project": {"id": 1}, "issue": {"id": i * 2}, "user": {"id": 1 + i % USERS},
                "activity": {"name": "Design"}, "hours": 1.5, "comments": "", "spent_on": "2026-02-11"})),
        (r"/users/(\d+)\.json\?include=memberships,groups", user),
    ]


def read(issues):
    from api.services.imports import redmine
    transport = SyntheticRedmine(issues)
    client = redmine.Client("https://redmine.bench", "key", transport=transport)
    started = time.perf_counter()
    plan = redmine.read(client, "bench")
    seconds = time.perf_counter() - started
    return plan, {"seconds": round(seconds, 3), "requests": transport.requests,
                  "issuesPerSecond": round(issues / seconds, 1),
                  "plan": {k: len(v) for k, v in plan.items() if isinstance(v, (list, dict))},
                  "planBytes": len(json.dumps(plan))}


def _app(tmp):
    from api import create_app
    from api.config import TestConfig
    from api.extensions import db
    from api.services.platforms import ensure_platforms
    url = "sqlite:///" + os.path.join(tmp, "bench.db")
    app = create_app(TestConfig, SQLALCHEMY_DATABASE_URI=url, DATABASE_URL=url, INSTANCE_DIR=tmp,
                     UPLOAD_DIR=os.path.join(tmp, "uploads"), MAIL_OUTBOX_DIR=os.path.join(tmp, "outbox"),
                     SQLALCHEMY_ENGINE_OPTIONS={})
    with app.app_context():
        db.create_all()
        with db.engine.begin() as conn:
            ensure_platforms(conn)
    return app


def _portal(user):
    from sqlalchemy import select
    from api.extensions import db
    from api.models import Membership, Module
    from api.services.modules import add_default_fields
    from api.services.platforms import PORTAL
    root = db.session.scalar(select(Module).where(Module.platform == "4rineu", Module.level == 0))
    portal = Module(parent_id=root.id, name="Bench import portal", description="", type=PORTAL,
                    platform=root.platform, level=1, idx=0, path=root.path)
    db.session.add(portal)
    db.session.flush()
    portal.path = f"{root.path}{portal.id}/"
    add_default_fields(portal)
    db.session.add(Membership(module_id=portal.id, user_id=user.id, admin=True, allow_create=True,
                              allow_view=True, allow_edit=True, allow_delete=True, role="Admin"))
    db.session.commit()
    return portal


def write(plan, dry_run, keep):
    """The writer's time and report on a fresh portal (None when there is no writer yet)."""
    if not os.path.exists(os.path.join(ROOT, "api/services/imports/writer.py")):
        return None
    tmp = tempfile.mkdtemp(prefix="bench-import-")
    try:
        app = _app(tmp)
        with app.app_context():
            from api.services import accounts
            from api.services.imports import writer
            user = accounts.create_user("bench@bench.local", "bench-pass-1", "Bench", superuser=True)
            portal = _portal(user)
            started = time.perf_counter()
            report = writer.write(user, portal, plan, source="redmine:https://redmine.bench", dry_run=dry_run,
                                  fetch=None)
            seconds = time.perf_counter() - started
        return {"seconds": round(seconds, 3), "dryRun": dry_run, "database": tmp if keep else None,
                "created": report.get("created"), "skipped": len(report.get("skipped") or [])}
    finally:
        if not keep:
            shutil.rmtree(tmp, ignore_errors=True)


def main():
    args = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    args.add_argument("--issues", type=int, default=5000)
    args.add_argument("--dry-run", action="store_true", help="the writer validates and counts only")
    args.add_argument("--keep", action="store_true", help="keep the temporary database")
    opts = args.parse_args()
    plan, figures = read(opts.issues)
    out = {"issues": opts.issues, "journals": opts.issues * 3, "read": figures,
           "write": write(plan, opts.dry_run, opts.keep)}
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
