"""A synthetic tree for `make bench`: one portal of `n_modules` modules (one project with exactly 200
children for the view benchmark), `n_members` members, a deliverable on every module and checklist values.
Rows go in with bulk inserts and explicit ids, so 10,000 modules take seconds."""
from datetime import date, timedelta

import sqlalchemy as sa

from ..extensions import db
from ..models import CustomField, CustomValue, Deliverable, Membership, Module, PicklistOption, User
from . import accounts
from .modules import add_default_fields
from .platforms import PORTAL

STATUSES = ["NOT_STARTED", "IN_PROGRESS", "BLOCKED", "COMPLETED", "VERIFIED_COMPLETE"]


def build(n_modules=10000, n_members=50):
    root = db.session.scalar(sa.select(Module).where(Module.platform == "4rineu", Module.level == 0))
    owner = accounts.find_by_email("bench@bench.local") or accounts.create_user(
        "bench@bench.local", "bench-pass", "Bench Superuser", superuser=True)
    portal = Module(parent_id=root.id, name="Bench portal", description="", type=PORTAL, platform="4rineu",
                    level=1, idx=0, path=root.path, created_by_id=owner.id)
    db.session.add(portal)
    db.session.flush()
    portal.path = f"{root.path}{portal.id}/"
    add_default_fields(portal)
    db.session.flush()
    check = db.session.scalar(sa.select(CustomField).where(CustomField.module_id == portal.id))
    done = db.session.scalar(sa.select(PicklistOption).where(PicklistOption.field_id == check.id,
                                                             PicklistOption.value == "completed"))
    password_hash = accounts.hash_password("bench-pass")
    first_user = (db.session.scalar(sa.select(sa.func.max(User.id))) or 0) + 1
    db.session.execute(sa.insert(User), [
        {"id": first_user + i, "email": f"member{i}@bench.local", "name": f"Member {i}",
         "password_hash": password_hash, "is_superuser": False, "is_active": True} for i in range(n_members)])
    db.session.execute(sa.insert(Membership), [
        {"module_id": portal.id, "user_id": first_user + i, "role": "User", "admin": i == 0,
         "allow_create": i % 3 == 0, "allow_view": True, "allow_edit": i % 2 == 0, "allow_delete": i % 5 == 0}
        for i in range(n_members)])

    next_id = (db.session.scalar(sa.select(sa.func.max(Module.id))) or 0) + 1
    rows = []

    def add(parent_id, parent_path, level, type_, name, idx):
        nonlocal next_id
        mid = next_id
        next_id += 1
        rows.append({"id": mid, "parent_id": parent_id, "idx": idx, "name": name, "description": "",
                     "type": type_, "platform": "4rineu", "path": f"{parent_path}{mid}/", "level": level,
                     "locked": False, "created_by_id": owner.id})
        return mid, f"{parent_path}{mid}/"

    # The view benchmark's project: exactly 200 tasks.
    wide, wide_path = add(portal.id, portal.path, 2, "4rineu_project", "Wide project (200 tasks)", 0)
    for i in range(200):
        add(wide, wide_path, 3, "4rineu_task", f"Wide task {i}", i)
    p = 1
    while len(rows) < n_modules - 1:
        pid, ppath = add(portal.id, portal.path, 2, "4rineu_project", f"Project {p}", p)
        for k in range(5):
            if len(rows) >= n_modules - 1:
                break
            phid, phpath = add(pid, ppath, 3, "4rineu_phase", f"Phase {k} of project {p}", k)
            for t in range(20):
                if len(rows) >= n_modules - 1:
                    break
                tid, tpath = add(phid, phpath, 4, "4rineu_task", f"Task {t}", t)
                for s in range(3):
                    if len(rows) >= n_modules - 1:
                        break
                    add(tid, tpath, 5, "4rineu_subtask", f"Subtask {s}", s)
        p += 1
    for i in range(0, len(rows), 2000):
        db.session.execute(sa.insert(Module), rows[i:i + 2000])
    today = date.today()
    delivs = [{"module_id": r["id"], "status": STATUSES[r["id"] % 5], "owner_id": first_user + r["id"] % n_members,
               "start_date": today - timedelta(days=r["id"] % 30), "deadline": today + timedelta(days=r["id"] % 40)}
              for r in rows]
    for i in range(0, len(delivs), 2000):
        db.session.execute(sa.insert(Deliverable), delivs[i:i + 2000])
    values = [{"field_id": check.id, "module_id": r["id"], "stringval": "completed", "option_id": done.id,
               "user_id": owner.id} for r in rows if r["type"] == "4rineu_task" and r["id"] % 3 == 0]
    for i in range(0, len(values), 2000):
        db.session.execute(sa.insert(CustomValue), values[i:i + 2000])
    if db.engine.dialect.name == "postgresql":
        for table in ("module", "user"):
            db.session.execute(sa.text(f"SELECT setval(pg_get_serial_sequence('\"{table}\"', 'id'), "
                                       f"(SELECT max(id) FROM \"{table}\"))"))
    db.session.commit()
    return {"portal": portal.id, "wide_project": wide, "modules": len(rows) + 1, "members": n_members,
            "superuser": "bench@bench.local", "member": "member1@bench.local", "password": "bench-pass"}
