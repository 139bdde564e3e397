"""A synthetic tree for `make bench`: one portal of `n_modules` modules (one project with exactly `wide`
children, 200 for the view benchmark, 2,000 for the Gantt's browser test), `n_members` members, a deliverable on
every module and checklist values.
Rows go in with bulk inserts and explicit ids, so 10,000 modules take seconds."""
from datetime import date, timedelta

import sqlalchemy as sa

from ..extensions import db
from ..models import CustomField, CustomValue, Deliverable, Membership, Module, PicklistOption, Relation, User
from . import accounts
from .modules import add_default_fields
from .platforms import PORTAL

STATUSES = ["NOT_STARTED", "IN_PROGRESS", "BLOCKED", "COMPLETED", "VERIFIED_COMPLETE"]


def build(n_modules=10000, n_members=50, wide=200, relations=0, effort=0):
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

    # The view benchmark's project: exactly `wide` tasks.
    n_wide = wide
    wide, wide_path = add(portal.id, portal.path, 2, "4rineu_project", f"Wide project ({n_wide} tasks)", 0)
    for i in range(n_wide):
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
    # The Gantt's arrows at scale (issue 42): finish-to-start relations between the wide project's tasks, each to the
    # next, then to the one after (no cycle: always to a later task).
    tasks = [r["id"] for r in rows if r["parent_id"] == wide]
    pairs = [(a, b) for step in (1, 2, 3) for a, b in zip(tasks, tasks[step:])][:relations]
    if pairs:
        db.session.execute(sa.insert(Relation), [
            {"portal_id": portal.id, "from_id": a, "to_id": b, "low_id": a, "high_id": b, "kind": "FS", "lag": 0,
             "created_by_id": owner.id} for a, b in pairs])
    values = [{"field_id": check.id, "module_id": r["id"], "stringval": "completed", "option_id": done.id,
               "user_id": owner.id} for r in rows if r["type"] == "4rineu_task" and r["id"] % 3 == 0]
    for i in range(0, len(values), 2000):
        db.session.execute(sa.insert(CustomValue), values[i:i + 2000])
    if db.engine.dialect.name == "postgresql":
        for table in ("module", "user"):
            db.session.execute(sa.text(f"SELECT setval(pg_get_serial_sequence('\"{table}\"', 'id'), "
                                       f"(SELECT max(id) FROM \"{table}\"))"))
    db.session.commit()
    if db.engine.dialect.name == "postgresql":
        # Planner statistics, as autovacuum would gather them on a live database after such a load.
        with db.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
            conn.exec_driver_sql("ANALYZE")
    info = {"portal": portal.id, "wide_project": wide, "modules": len(rows) + 1, "members": n_members,
            "relations": len(pairs),
            "superuser": "bench@bench.local", "member": "member1@bench.local", "password": "bench-pass"}
    if effort:  # issue 45's time entries (off by default: the other figures stay comparable)
        info.update(build_effort(portal.id, effort))
    return info


# --- issue 45: effort (scripts/bench.py effort) -------------------------------------------------------------------

def build_effort(portal_id, n_entries=200000, n_orgs=5, seed=45):
    """Effort data on the bench portal: its settings (143.33 hours a person-month, periods M1-M18 and M19-M36),
    every project running the last three years (its status' start date and deadline), a plan of `n_orgs`
    organisations on each work package, and `n_entries` time entries spread over the portal's modules below its
    projects, its members (each of an organisation; every seventh moves to the next one at M19) and the three
    years. Bulk inserts; about 20 seconds for 200,000 entries on PostgreSQL."""
    import random
    from ..models import EffortPlan, EffortSettings, TimeEntry
    from ..models.base import utcnow
    from .effort import add_months
    rnd = random.Random(seed)
    today = date.today()
    start = add_months(date(today.year, today.month, 1), -36)
    m19 = add_months(start, 18)
    portal = db.session.get(Module, portal_id)
    db.session.merge(EffortSettings(portal_id=portal_id, hours_per_pm=143.33, periods="M1-M18\nM19-M36"))
    modules = db.session.execute(sa.select(Module.id, Module.parent_id, Module.level).where(
        Module.path.like(portal.path + "%"), Module.level >= 2)).all()
    projects = [m.id for m in modules if m.level == 2]
    db.session.execute(sa.update(Deliverable).where(Deliverable.module_id.in_(projects))
                       .values(start_date=start, deadline=add_months(start, 36) - timedelta(days=1)))
    orgs = [f"Organisation {k + 1}" for k in range(n_orgs)]
    db.session.execute(sa.insert(EffortPlan), [
        {"module_id": m.id, "organisation": org, "person_months": round(rnd.uniform(0.5, 12), 2)}
        for m in modules if m.level == 3 for org in orgs])
    people = db.session.scalars(sa.select(Membership.user_id).where(Membership.module_id == portal_id)).all()
    targets = [m.id for m in modules]
    now = utcnow()
    days = (add_months(start, 36) - start).days
    batch = []
    for i in range(n_entries):
        person = people[i % len(people)]
        day = start + timedelta(days=rnd.randrange(days))
        org = orgs[(person + (day >= m19 and person % 7 == 0)) % n_orgs]
        batch.append({"module_id": rnd.choice(targets), "portal_id": portal_id, "user_id": person, "day": day,
                      "minutes": 30 * rnd.randint(1, 16), "activity_id": None, "note": "", "organisation": org,
                      "created": now, "updated": now, "version": 1})
        if len(batch) == 5000:
            db.session.execute(sa.insert(TimeEntry), batch)
            batch = []
    if batch:
        db.session.execute(sa.insert(TimeEntry), batch)
    db.session.commit()
    biggest = max(projects, key=lambda p: sum(1 for m in modules if m.parent_id == p)) if projects else None
    named = db.session.scalar(sa.select(Module.id).where(Module.parent_id == portal_id, Module.name == "Project 1"))
    return {"effort_entries": n_entries, "effort_project": named or biggest, "effort_start": start.isoformat()}


# --- the search corpus (make bench: GET /api/search) ---------------------------------------------------------------

SEARCH_WORDS = {"common": "renovation", "rare": "quetzal", "phrase": '"heat pump"'}
FILE_PAGES = 5  # pages of text in each of the corpus's files (issue 47: 10,000 extracted documents, about 50 MB)


def _vocabulary(rnd, n=4000):
    """n made-up words of two to four syllables (a few accented), the same for every run."""
    onsets = ["b", "c", "d", "f", "g", "l", "m", "n", "p", "r", "s", "t", "v", "br", "tr", "st", "gl", "pl", "ch"]
    nuclei = ["a", "e", "i", "o", "u", "ia", "ou", "é", "ó", "ai"]
    words = set()
    while len(words) < n:
        words.add("".join(rnd.choice(onsets) + rnd.choice(nuclei) for _ in range(rnd.randint(2, 4))))
    return sorted(words)


class _Text:
    """Filler text: words drawn with a Zipf-like law from the vocabulary; the benchmark's words are put in at
    known rates (the common word in about 15% of the items, the rare one in 8, the phrase in about 2%)."""

    def __init__(self, rnd):
        self.rnd = rnd
        self.words = _vocabulary(rnd)
        weights = [1 / (i + 10) for i in range(len(self.words))]
        self.cum, total = [], 0.0
        for w in weights:
            total += w
            self.cum.append(total)
        self.rare_left = 8

    def words_(self, n):
        return self.rnd.choices(self.words, cum_weights=self.cum, k=n)

    def sentence(self, n):
        w = self.words_(n)
        r = self.rnd.random()
        if r < 0.15:
            w[self.rnd.randrange(n)] = "renovation"
        if self.rnd.random() < 0.02:
            i = self.rnd.randrange(n)
            w[i:i + 2] = ["heat", "pump"]
        elif self.rnd.random() < 0.05:
            w[self.rnd.randrange(n)] = self.rnd.choice(["heat", "pump"])
        if self.rare_left and self.rnd.random() < 0.0002:
            self.rare_left -= 1
            w[0] = "quetzal"
        return " ".join(w).capitalize()


def build_search(n_modules=10000, n_articles=20000, n_files=10000, n_comments=50000, n_portals=4, seed=7):
    """A corpus for the search benchmark in `n_portals` portals of its own: modules with names and descriptions,
    articles of a few paragraphs (draft-js), files and comments, spread over the modules; people of the bench
    (bench-data first). Rows go in with bulk inserts; the search triggers index them in the same statements."""
    import json
    import random

    from ..models import Article, Comment, VaultFile
    rnd = random.Random(seed)
    text = _Text(rnd)
    root = db.session.scalar(sa.select(Module).where(Module.platform == "4rineu", Module.level == 0))
    owner = accounts.find_by_email("bench@bench.local")
    people = db.session.scalars(sa.select(User.id).where(User.email.like("member%@bench.local"))).all() or [owner.id]
    next_id = (db.session.scalar(sa.select(sa.func.max(Module.id))) or 0) + 1
    rows, portals = [], []
    per_portal = n_modules // n_portals
    for k in range(n_portals):
        pid = next_id
        next_id += 1
        ppath = f"{root.path}{pid}/"
        portals.append(pid)
        rows.append({"id": pid, "parent_id": root.id, "idx": 10 + k, "name": f"Search portal {k + 1}",
                     "description": text.sentence(12), "type": PORTAL, "platform": "4rineu", "path": ppath, "level": 1,
                     "locked": False, "created_by_id": owner.id})
        made, p = 1, 0
        while made < per_portal:
            prj, p = next_id, p + 1
            next_id += 1
            prj_path = f"{ppath}{prj}/"
            rows.append({"id": prj, "parent_id": pid, "idx": p, "name": f"Project {text.sentence(2)}",
                         "description": text.sentence(20), "type": "4rineu_project", "platform": "4rineu",
                         "path": prj_path, "level": 2, "locked": False, "created_by_id": owner.id})
            made += 1
            for t in range(min(49, per_portal - made)):
                tid = next_id
                next_id += 1
                rows.append({"id": tid, "parent_id": prj, "idx": t, "name": text.sentence(3),
                             "description": text.sentence(15), "type": "4rineu_task", "platform": "4rineu",
                             "path": f"{prj_path}{tid}/", "level": 3, "locked": False, "created_by_id": owner.id})
                made += 1
    for i in range(0, len(rows), 2000):
        db.session.execute(sa.insert(Module), rows[i:i + 2000])
    for pid in portals:
        add_default_fields(db.session.get(Module, pid))
    module_ids = [r["id"] for r in rows]

    def batches(make, n):
        batch = []
        for i in range(n):
            batch.append(make(i))
            if len(batch) == 2000:
                yield batch
                batch = []
        if batch:
            yield batch

    def article(i):
        blocks = [{"key": f"k{j}", "text": text.sentence(rnd.randint(40, 60)), "type": "unstyled", "depth": 0,
                   "inlineStyleRanges": [], "entityRanges": [], "data": {}} for j in range(3)]
        return {"module_id": rnd.choice(module_ids), "title": text.sentence(4)[:100],
                "content": json.dumps({"blocks": blocks, "entityMap": {}}), "created_by_id": rnd.choice(people)}

    for batch in batches(article, n_articles):
        db.session.execute(sa.insert(Article), batch)
    file_chars = [0]

    def vault_file(i):
        """A PDF whose text was read (issue 47): FILE_PAGES pages of about 140 words, 5 KB of text in all."""
        pages = [text.sentence(140) for _ in range(FILE_PAGES)]
        starts = [sum(len(p) + 1 for p in pages[:k]) for k in range(FILE_PAGES)]
        body = "\n".join(pages)
        file_chars[0] += len(body)
        return {"module_id": rnd.choice(module_ids), "title": text.sentence(3)[:200],
                "filename": "-".join(text.words_(2)) + f"-{i}.pdf", "stored_name": f"bench-{i}", "filesize": 1000,
                "mime": "application/pdf", "created_by_id": rnd.choice(people), "text_state": "done", "text": body,
                "text_pages": json.dumps(starts)}

    for batch in batches(vault_file, n_files):
        db.session.execute(sa.insert(VaultFile), batch)
    for batch in batches(lambda i: {"module_id": rnd.choice(module_ids), "content": text.sentence(rnd.randint(10, 30)),
                                    "created_by_id": rnd.choice(people)}, n_comments):
        db.session.execute(sa.insert(Comment), batch)
    searcher = accounts.find_by_email("searcher@bench.local") or accounts.create_user(
        "searcher@bench.local", "bench-pass", "Bench Searcher")
    db.session.flush()
    db.session.add(Membership(module_id=portals[0], user_id=searcher.id, role="User", allow_view=True))
    if db.engine.dialect.name == "postgresql":
        db.session.execute(sa.text("SELECT setval(pg_get_serial_sequence('module', 'id'), (SELECT max(id) FROM module))"))
    db.session.commit()
    if db.engine.dialect.name == "postgresql":
        with db.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
            conn.exec_driver_sql("VACUUM ANALYZE")
    return {"portals": portals, "modules": len(rows), "articles": n_articles, "files": n_files,
            "file_text_mb": round(file_chars[0] / 1e6, 1),
            "comments": n_comments, "searcher": "searcher@bench.local", "words": SEARCH_WORDS}
