"""Puts an import plan (plan.py) into a portal, in one transaction: everything or nothing.

Modules, deliverables, relations, people and memberships here; what modules carry (fields and values, articles,
comments, files, time, baselines) in content.py. New rows get ids reserved up front and are inserted in bulk
(services/bulk.py), so 5,000 issues cost a few hundred statements, not tens of thousands. Each source item's key is
kept in `import_map` with what it became: a repeated import of the same source updates those rows instead of adding
new ones (a row deleted here since is made again)."""
from sqlalchemy import bindparam, delete, func, select, update

from ...extensions import db
from ...i18n import N_
from ...models import (Deliverable, ImportMap, Membership, Module, Relation, User)
from ...models.base import utcnow
from ...models.module import scope_id
from ...models.planning import KINDS
from .. import emails, feed, platforms, sentences
from ..bulk import insert_rows, reserve_ids
from ..sentences import said
from . import content
from .plan import Invalid, day, moment

COUNTED = ("modules", "deliverables", "relations", "articles", "comments", "files", "time", "fields", "values",
           "members", "people", "baselines")
STATUSES = ("NOT_STARTED", "IN_PROGRESS", "BLOCKED", "COMPLETED", "VERIFIED_COMPLETE")
# Which type a module takes when the plan names none: the first of these the skeleton allows under its parent.
PREFERRED = {"container": ("4rineu_project", "4rineu_phase", "4rineu_task", "4rineu_subtask"),
             "item": ("4rineu_project", "4rineu_task", "4rineu_subtask")}


class Run:
    """One write: the plan, what exists from earlier runs of the same source, and the report being made."""

    def __init__(self, user, portal, plan, source, people_mode):
        self.user, self.portal, self.plan, self.source = user, portal, plan, source
        self.people_mode = people_mode
        self.portal_id = portal.id
        self.report = {"created": dict.fromkeys(COUNTED, 0), "updated": dict.fromkeys(COUNTED, 0),
                       "skipped": list(plan.get("skipped") or []), "moduleId": None}
        self.mapped = {}      # key -> (target, id) of earlier runs (and of this one, as rows are made)
        self.new_map = []     # import_map rows to insert
        self.users = {}       # personKey -> user id (None: unknown, not created)
        self.invite = []      # e-mails to invite after the commit
        self.modules = {}     # module key -> Module-like (id, path, level, type)
        self.stored = []      # staged file names (removed if the run fails)
        self.staged = {}      # file key -> (staged name, size)

    def skip(self, what, reason, **values):
        """A line of the report's skipped list; its reason is kept as a sentence, said in each reader's language."""
        text = said(reason, **values) if values else said(reason)
        self.report["skipped"].append({"what": what, "reason": str(text), "said": sentences.stored(text)})

    def count(self, kind, created=True, n=1):
        self.report["created" if created else "updated"][kind] += n

    def earlier(self, key, target):
        """The id an earlier run made of `key` (as a `target` row), or None."""
        hit = self.mapped.get(key)
        return hit[1] if hit and hit[0] == target else None

    def remember(self, key, target, id_):
        hit = self.mapped.get(key)
        if hit and hit == (target, id_):
            return
        if hit:
            db.session.execute(delete(ImportMap).where(ImportMap.portal_id == self.portal_id,
                                                       ImportMap.source == self.source, ImportMap.key == key))
        self.mapped[key] = (target, id_)
        self.new_map.append({"portal_id": self.portal_id, "source": self.source[:300], "key": key[:300],
                             "target": target, "target_id": id_})


# --- checks ---------------------------------------------------------------------------------------------------

def check(plan):
    """The plan's shape: unique keys, parents known and listed first, relations between known modules."""
    if not isinstance(plan, dict) or not isinstance(plan.get("modules"), list):
        raise Invalid("The import has nothing to import")
    seen = set()
    for m in plan["modules"]:
        key = m.get("key")
        if not key or key in seen:
            raise Invalid(f"Module key {key!r} is missing or repeated")
        if m.get("parent") is not None and m["parent"] not in seen:
            raise Invalid(f"Module {key!r} comes before its parent {m['parent']!r}")
        if not (m.get("name") or "").strip():
            raise Invalid(f"Module {key!r} has no name")
        seen.add(key)
    for r in plan.get("relations") or []:
        if r.get("kind") not in KINDS or r.get("from") not in seen or r.get("to") not in seen:
            raise Invalid(f"Relation {r.get('from')!r} -> {r.get('to')!r} is not between imported modules")


# --- people ---------------------------------------------------------------------------------------------------

def resolve_people(run):
    """Each person of the plan as a user of this installation, found by e-mail; the unknown ones created inactive
    (no password: they set one through a reset) or, in 'invite' mode, invited to the portal after the commit."""
    people = run.plan.get("people") or {}
    emails_of = {}
    for key, p in people.items():
        try:
            emails_of[key] = emails.normalise(p.get("email") or "") if p.get("email") else None
        except ValueError:
            emails_of[key] = None
    wanted = {e for e in emails_of.values() if e}
    known = dict(db.session.execute(select(func.lower(User.email), User.id)
                                    .where(func.lower(User.email).in_(wanted))).all()) if wanted else {}
    for key, email in emails_of.items():
        name = (people[key].get("name") or email or key)[:120]
        if not email:
            run.users[key] = None
            run.skip(name, N_("no e-mail address: what this person did is imported without them"))
        elif email in known:
            run.users[key] = known[email]
        elif run.people_mode == "invite":
            run.users[key] = None
            run.invite.append(email)
            run.skip(name, N_("invited to the portal; import again once they have accepted to name them as owners"))
        else:
            user = User(email=email, name=name, is_active=False, password_hash=None)
            db.session.add(user)
            db.session.flush()
            known[email] = run.users[key] = user.id
            run.count("people")


# --- modules --------------------------------------------------------------------------------------------------

def _type_for(parent_type, platform, m):
    allowed = [r.child_type for r in platforms.skeleton().get((platform, parent_type), [])]
    wanted = [m["type"]] if m.get("type") else []
    for t in wanted + list(PREFERRED.get(m.get("kind") or "item", PREFERRED["item"])):
        if t in allowed:
            return t
    return allowed[0] if allowed else None


def _place(run, m, up):
    """(parent, type) of a plan module: its parent's row, or the nearest ancestor that may hold it (`up`: each
    placed row's parent)."""
    parent = run.modules[m["parent"]] if m.get("parent") else run.portal
    type_ = _type_for(parent.type, run.portal.platform, m)
    moved = False
    while type_ is None and parent.id != run.portal.id:
        parent, moved = up[parent.id], True
        type_ = _type_for(parent.type, run.portal.platform, m)
    if moved:
        run.skip(m["name"][:200], N_("placed under '%(parent)s': its own parent may hold no children here"),
                 parent=parent.name)
    return parent, type_


class Row:
    """What the writer knows of a module while it writes (a new one has no ORM object)."""
    __slots__ = ("id", "path", "level", "type", "name")

    def __init__(self, id_, path, level, type_, name):
        self.id, self.path, self.level, self.type, self.name = id_, path, level, type_, name


def write_modules(run):
    plan_mods = run.plan["modules"]
    old_ids = {m["key"]: run.earlier(m["key"], "module") for m in plan_mods}
    existing = {m.id: m for m in db.session.scalars(select(Module).where(
        Module.id.in_([i for i in old_ids.values() if i]), Module.path.like(run.portal.path + "%")))} \
        if any(old_ids.values()) else {}
    new_keys = [m["key"] for m in plan_mods if old_ids[m["key"]] not in existing]
    fresh = dict(zip(new_keys, reserve_ids(Module, len(new_keys))))
    up = {}
    last = {}
    rows, changes, now = [], [], utcnow()
    for m in plan_mods:
        parent, type_ = _place(run, m, up)
        name, desc = m["name"].strip()[:200], (m.get("description") or "")
        old = existing.get(old_ids[m["key"]])
        if old is not None:
            row = Row(old.id, old.path, old.level, old.type, name)
            if (old.name, old.description) != (name, desc):
                changes.append({"b_id": old.id, "name": name, "description": desc})
                run.count("modules", created=False)
        else:
            id_ = fresh[m["key"]]
            row = Row(id_, f"{parent.path}{id_}/", parent.level + 1, type_, name)
            if parent.id not in last:
                last[parent.id] = _last_idx(parent.id)
            last[parent.id] += 1
            rows.append({"id": id_, "parent_id": parent.id, "idx": last[parent.id], "name": name,
                         "description": desc, "type": type_, "platform": run.portal.platform, "path": row.path,
                         "level": row.level, "locked": False, "created": moment(m.get("created")) or now,
                         "created_by_id": run.users.get(m.get("author")) or run.user.id})
            run.count("modules")
        run.modules[m["key"]] = row
        up[row.id] = parent
        run.remember(m["key"], "module", row.id)
        if run.report["moduleId"] is None:
            run.report["moduleId"] = row.id
    insert_rows(Module, rows)
    if changes:
        t = Module.__table__
        db.session.execute(update(t).where(t.c.id == bindparam("b_id"))
                           .values(name=bindparam("name"), description=bindparam("description"),
                                   version=t.c.version + 1), changes)


def _last_idx(parent_id):
    last = db.session.scalar(select(func.max(Module.idx)).where(Module.parent_id == parent_id))
    return -1 if last is None else last


def write_deliverables(run):
    wanted = {run.modules[m["key"]].id: m["deliverable"] for m in run.plan["modules"] if m.get("deliverable")}
    if not wanted:
        return
    have = {d.module_id: d for d in db.session.scalars(select(Deliverable).where(Deliverable.module_id.in_(wanted)))}
    for module_id, d in wanted.items():
        status = d.get("status") if d.get("status") in STATUSES else "NOT_STARTED"
        start, deadline = day(d.get("startDate")), day(d.get("deadline"))
        if d.get("milestone") and (start or deadline):
            start = deadline = deadline or start
        values = {"status": status, "owner_id": run.users.get(d.get("owner")), "start_date": start,
                  "deadline": deadline, "completion_date": day(d.get("completionDate")),
                  "milestone": bool(d.get("milestone"))}
        if status in ("COMPLETED", "VERIFIED_COMPLETE") and values["completion_date"] is None:
            values["completion_date"] = deadline or utcnow().date()
        old = have.get(module_id)
        if old is None:
            db.session.add(Deliverable(module_id=module_id, **values))
            run.count("deliverables")
        elif any(getattr(old, k) != v for k, v in values.items()):
            for k, v in values.items():
                setattr(old, k, v)
            run.count("deliverables", created=False)


def write_relations(run):
    pairs = {}
    for r in run.plan.get("relations") or []:
        a, b = run.modules[r["from"]].id, run.modules[r["to"]].id
        if a == b:
            continue
        if (min(a, b), max(a, b)) in pairs:
            run.skip(f"{run.modules[r['from']].name} → {run.modules[r['to']].name}",
                     N_("a second relation between the same two modules (one is kept)"))
            continue
        pairs[(min(a, b), max(a, b))] = (a, b, r["kind"], max(-3650, min(3650, int(r.get("lag") or 0))))
    if not pairs:
        return
    ids = {x for p in pairs for x in p}
    have = {(r.low_id, r.high_id): r for r in db.session.scalars(
        select(Relation).where(Relation.low_id.in_(ids), Relation.high_id.in_(ids)))}
    rows = []
    for pair, (a, b, kind, lag) in pairs.items():
        old = have.get(pair)
        if old is None:
            rows.append({"portal_id": run.portal_id, "from_id": a, "to_id": b, "low_id": pair[0],
                         "high_id": pair[1], "kind": kind, "lag": lag, "created": utcnow(),
                         "created_by_id": run.user.id})
        elif (old.from_id, old.to_id, old.kind, old.lag) != (a, b, kind, lag):
            old.from_id, old.to_id, old.kind, old.lag = a, b, kind, lag
            run.count("relations", created=False)
    insert_rows(Relation, rows)
    run.count("relations", n=len(rows))


def write_members(run):
    wanted = {}
    for m in run.plan["modules"]:
        for g in m.get("members") or []:
            uid = run.users.get(g.get("person"))
            if uid:
                wanted[(run.modules[m["key"]].id, uid)] = g
    if not wanted:
        return
    mods = {k[0] for k in wanted}
    have = {(x.module_id, x.user_id) for x in db.session.scalars(select(Membership).where(
        Membership.module_id.in_(mods)))}
    rows = [{"module_id": mid, "user_id": uid, "role": (g.get("role") or "User")[:60], "admin": bool(g.get("admin")),
             "allow_create": bool(g.get("create")), "allow_view": True, "allow_edit": bool(g.get("edit")),
             "allow_delete": bool(g.get("delete")), "created": utcnow()}
            for (mid, uid), g in wanted.items() if (mid, uid) not in have]
    insert_rows(Membership, rows)
    run.count("members", n=len(rows))


# --- the run --------------------------------------------------------------------------------------------------

def load_map(run):
    run.mapped = {k: (t, i) for k, t, i in db.session.execute(
        select(ImportMap.key, ImportMap.target, ImportMap.target_id)
        .where(ImportMap.portal_id == run.portal_id, ImportMap.source == run.source))}


def dry_counts(plan):
    """What a dry run says it would write: the plan's counts (no row is looked at)."""
    created = dict.fromkeys(COUNTED, 0)
    for kind, key in (("modules", "modules"), ("relations", "relations"), ("articles", "articles"),
                      ("comments", "comments"), ("files", "files"), ("time", "time"), ("fields", "fields"),
                      ("baselines", "baselines")):
        created[kind] = len(plan.get(key) or [])
    created["deliverables"] = sum(1 for m in plan["modules"] if m.get("deliverable"))
    created["values"] = sum(len(m.get("values") or {}) for m in plan["modules"])
    created["members"] = sum(len(m.get("members") or []) for m in plan["modules"])
    created["people"] = len(plan.get("people") or {})
    return {"created": created, "updated": dict.fromkeys(COUNTED, 0), "skipped": list(plan.get("skipped") or []),
            "moduleId": None}


def write(user, portal, plan, *, source, dry_run=False, fetch=None, people="inactive", progress=None):
    """Write `plan` into `portal` as `user` (the caller checked their rights); the report. Commits, or rolls back
    and removes the files it stored when anything fails."""
    check(plan)
    if dry_run:
        return dry_counts(plan)
    run = Run(user, portal, plan, source, people)
    load_map(run)
    db.session.commit()  # nothing is held while files download
    try:
        if fetch is not None:
            content.stage_files(run, fetch, progress)
        # The feed entry's insert takes SQLite's write lock before ids are reserved from max(id).
        feed.record(user, portal, "add", "import", said(N_("Import from %(source)s started"), source=source[:200]),
                    data={"source": source[:200]})
        db.session.flush()
        resolve_people(run)
        steps = (write_modules, write_deliverables, write_relations, write_members, content.write_fields,
                 content.write_values, content.write_articles, content.write_comments, content.write_time,
                 content.write_baselines, content.write_files)
        for step in steps:
            step(run)
            db.session.flush()
        run.stored = [name for name, _ in run.staged.values()]
        insert_rows(ImportMap, run.new_map)
        feed.record(user, portal, "add", "import", said(N_("Imported from %(source)s: %(what)s"), source=source[:200],
                                                          what=content.summary(run.report["created"])),
                    item=run.report["moduleId"], data={"source": source[:200]})
        db.session.commit()
    except BaseException:
        db.session.rollback()
        run.stored = [name for name, _ in run.staged.values()]
        content.forget_files(run)
        raise
    content.publish_files(run)
    content.send_invitations(run)
    return run.report


def portal_of(module):
    """The portal (level 1) a module is in."""
    return db.session.get(Module, scope_id(module.path))
