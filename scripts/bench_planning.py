"""make bench, planning (issue 42): rescheduling a chain of 2,000 automatic tasks through the API (one edit of the
first task's dates moves the other 1,999), and the critical path of the bench's 10,000-module portal with 3,000
relations between its dated modules, in process on PostgreSQL. Medians (and the worst) of a few runs."""
import random
import statistics
import sys
import time
from datetime import date, timedelta

CHAIN = 2000
RELATIONS = 3000


def _chain(db, models, portal_id, user_id):
    """A project of CHAIN tasks, each automatic after the one before (finish to start), the first manual."""
    from sqlalchemy import insert, select
    Module, Deliverable, Relation = models.Module, models.Deliverable, models.Relation
    portal = db.session.get(Module, portal_id)
    project = Module(parent_id=portal.id, name="Chain", type="4rineu_project", platform=portal.platform,
                     level=2, path=portal.path, idx=999)
    db.session.add(project)
    db.session.flush()
    project.path = f"{portal.path}{project.id}/"
    db.session.flush()
    rows = [dict(parent_id=project.id, name=f"Step {i}", description="", type="4rineu_phase",
                 platform=portal.platform, level=3, path=project.path, idx=i, locked=False) for i in range(CHAIN)]
    db.session.execute(insert(Module.__table__), rows)
    ids = db.session.scalars(select(Module.id).where(Module.parent_id == project.id).order_by(Module.idx)).all()
    db.session.execute(Module.__table__.update().where(Module.parent_id == project.id)
                       .values(path=Module.path + Module.id.cast(db.String) + "/"))
    start = date(2027, 1, 4)
    db.session.execute(insert(Deliverable.__table__), [dict(
        module_id=m, status="NOT_STARTED", start_date=start + timedelta(days=7 * i),
        deadline=start + timedelta(days=7 * i + 2), auto_scheduled=i > 0, milestone=False, version=1)
        for i, m in enumerate(ids)])
    db.session.execute(insert(Relation.__table__), [dict(
        portal_id=portal.id, from_id=a, to_id=b, low_id=min(a, b), high_id=max(a, b), kind="FS", lag=0,
        created_by_id=user_id, version=1) for a, b in zip(ids, ids[1:])])
    db.session.commit()
    return ids


def _spread(db, models, portal_id, user_id):
    """RELATIONS finish-to-start relations between dated modules of the portal (earlier id to later: no cycle, and
    none between a module and one above or below it)."""
    from sqlalchemy import insert, select
    Module, Deliverable, Relation = models.Module, models.Deliverable, models.Relation
    portal = db.session.get(Module, portal_id)
    rows = db.session.execute(select(Module.id, Module.path).join(Deliverable, Deliverable.module_id == Module.id)
                              .where(Module.path.like(portal.path + "%"), Module.level >= 3,
                                     Deliverable.start_date.is_not(None))).all()
    rnd, pairs, seen = random.Random(42), [], set()
    rows.sort()
    while len(pairs) < RELATIONS and len(rows) > 2:
        i, j = sorted(rnd.sample(range(len(rows)), 2))
        (a, pa), (b, pb) = rows[i], rows[j]
        if (a, b) in seen or pb.startswith(pa) or pa.startswith(pb):
            continue
        seen.add((a, b))
        pairs.append((a, b))
    db.session.execute(insert(Relation.__table__), [dict(
        portal_id=portal.id, from_id=a, to_id=b, low_id=a, high_id=b, kind="FS", lag=rnd.randint(-2, 5),
        created_by_id=user_id, version=1) for a, b in pairs])
    db.session.commit()
    return len(rows), len(pairs)


def planning(root, url, info, runs=11):
    """[(what, median ms, worst ms, note)] of the two targets."""
    sys.path.insert(0, root)
    from api import create_app, models
    from api.extensions import db
    from api.services import scheduling
    from sqlalchemy import select
    app = create_app(DATABASE_URL=url, SQLALCHEMY_DATABASE_URI=url, RATELIMIT_ENABLED=False)
    client = app.test_client()
    out = []
    with app.app_context():
        token = client.post("/json/login", json={"username": info["superuser"], "password": info["password"]}).get_json()
        headers = {"Authorization": "Bearer " + token["token"]}
        user = db.session.scalar(select(models.User).where(models.User.email == info["superuser"]))
        ids = _chain(db, models, info["portal"], user.id)
        first = db.session.scalar(select(models.Deliverable).where(models.Deliverable.module_id == ids[0]))
        times = []
        for run in range(runs):
            db.session.refresh(first)
            deadline = (date(2027, 1, 7) - timedelta(days=run % 2)).isoformat()  # one day later, then back
            form = client.get(f"/api/deliverable/edit-dates/{ids[0]}/{first.id}", headers=headers).get_json()
            token_ = next(e["value"] for e in form["elements"] if e["name"] == "_token")
            t0 = time.perf_counter()
            r = client.post(f"/api/deliverable/edit-dates/{ids[0]}/{first.id}", headers=headers, data={
                "_token": token_, "_method": "PUT", "startDate": "2027-01-04", "deadline": deadline})
            times.append((time.perf_counter() - t0) * 1000)
            assert r.status_code == 200, r.get_json()
            moved = len(r.get_json()["schedule"]["moved"])
        out.append(("reschedule a chain of 2,000 automatic tasks (one edit)", statistics.median(times), max(times),
                    f"{moved} moved"))
        dated, relations = _spread(db, models, info["portal"], user.id)
        portal = db.session.get(models.Module, info["portal"])
        times = []
        for _ in range(runs):
            t0 = time.perf_counter()
            plan = scheduling.Plan.of_portal(portal)
            floats, _ = plan.critical()
            times.append((time.perf_counter() - t0) * 1000)
            db.session.rollback()
        critical = sum(1 for f in floats.values() if f <= 0)
        out.append((f"critical path of the portal ({len(plan.nodes)} dated modules, {len(plan.relations)} relations)",
                    statistics.median(times), max(times), f"{critical} critical"))
        db.engine.dispose()
    return out
