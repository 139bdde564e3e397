"""Automatic scheduling (issue 42, point 2): when a module's dates change, every automatically scheduled successor
moves to the earliest start its relations allow, keeping its duration in working days; an automatic parent spans
its children. Working days are Monday to Friday without the portal's holidays (portal settings → Planning).

Dates are handled as working-day indexes (`Calendar.index`): a lag, a duration and a bound are then integer
arithmetic, whatever the span, and a chain of 2,000 tasks is one pass over them in topological order. One write
moves the whole chain in its transaction, queued on the portal's row (transactions.lock_row): two people moving
links of one chain are served one after the other, and the second sees the first's dates. `preview` runs the same
computation without saving, so what a drag shows is what the drop does.
"""
import bisect
from collections import deque
from datetime import date, timedelta

import orjson
from sqlalchemy import bindparam, insert, or_, select, update

from .. import permissions as perm
from ..extensions import db
from ..i18n import N_, _
from ..models import Deliverable, FeedEntry, Module, PortalPlanning, Relation
from ..models.base import utcnow
from ..models.module import path_ids, path_under, scope_id
from ..models.planning import SCHEDULING
from ..transactions import check_version, lock_row
from . import sentences
from .sentences import said

# Feed entries written before issue 44 say this sentence: declared still, so the catalogs keep saying it.
EARLIER_SENTENCES = (N_("Changed the planning settings (holidays, project months)"),)
EPOCH = date(2000, 1, 3)  # a Monday: the working-day index counts from it (dates before it count negative)
DONE = ("COMPLETED", "VERIFIED_COMPLETE")


def parse_holidays(text):
    """{date: name} from the settings' text, one 'YYYY-MM-DD name' per line; ([errors]) for lines that are not."""
    days, errors = {}, []
    for n, line in enumerate((text or "").splitlines(), 1):
        line = line.strip()
        if not line:
            continue
        head, __, name = line.partition(" ")
        try:
            days[date.fromisoformat(head)] = name.strip()[:120]
        except ValueError:
            errors.append(_("Line %(line)s: write a date as YYYY-MM-DD, then the holiday's name", line=n))
    return days, errors


class Calendar:
    """Working days: Monday to Friday, without `holidays`."""

    def __init__(self, holidays=()):
        self.off = sorted(d for d in set(holidays) if d.weekday() < 5)
        self._off = frozenset(self.off)
        self._index = {}  # a plan's dates repeat: each is counted once

    def working(self, d):
        return d.weekday() < 5 and d not in self._off

    def index(self, d):
        """The number of working days from EPOCH up to `d`, `d` left out: a working day's own index, and for a day
        off the index of the next working day."""
        k = self._index.get(d)
        if k is None:
            weeks, rest = divmod((d - EPOCH).days, 7)
            k = self._index[d] = weeks * 5 + min(rest, 5) - bisect.bisect_left(self.off, d)
        return k

    def day(self, k):
        """The working day whose index is `k`."""
        skipped = 0
        while True:
            weeks, rest = divmod(k + skipped, 5)
            d = EPOCH + timedelta(days=weeks * 7 + rest)
            before = bisect.bisect_right(self.off, d)  # holidays up to and including d
            if before == skipped and d not in self._off:
                return d
            skipped = before if before > skipped else skipped + 1

    def span(self, start, end):
        """Working days from `start` to `end`, both included."""
        return self.index(end + timedelta(days=1)) - self.index(start)


def calendar(portal_id):
    row = db.session.get(PortalPlanning, portal_id) if portal_id else None
    return Calendar(parse_holidays(row.holidays)[0] if row else ())


def settings(portal_id):
    row = db.session.get(PortalPlanning, portal_id)
    return row or PortalPlanning(portal_id=portal_id, holidays="", project_months=False, board_limits="", version=0)


def board_limits(s):
    """The board's work-in-progress limit per status (issue 44), only the statuses that have one, in the statuses'
    order: {"IN_PROGRESS": 5}. What the column holds is read leniently: anything but a whole number from 1 to 999
    for a known status is no limit."""
    from ..forms.planning import BOARD_LIMIT_FIELDS
    try:
        stored = orjson.loads(s.board_limits or "{}")
    except orjson.JSONDecodeError:
        stored = {}
    if not isinstance(stored, dict):
        return {}
    out = {}
    for _field, status in BOARD_LIMIT_FIELDS:
        n = stored.get(status)
        if isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= 999:
            out[status] = n
    return out


def form_values(s):
    """The planning settings form's values (planning.settings_form): what `settings()` holds."""
    from ..forms.planning import BOARD_LIMIT_FIELDS
    limits = board_limits(s)
    return {"holidays": s.holidays, "projectMonths": s.project_months,
            **{field: limits.get(status) for field, status in BOARD_LIMIT_FIELDS}}


def present_settings(s):
    days = parse_holidays(s.holidays)[0]
    return {"portalId": s.portal_id, "holidays": [{"date": d, "name": n} for d, n in sorted(days.items())],
            "projectMonths": bool(s.project_months), "boardLimits": board_limits(s), "version": s.version}


def save_settings(user, portal, data):
    """Save a portal's planning settings (the holidays kept one a line, by date)."""
    row = db.session.get(PortalPlanning, portal.id)
    if row is None:
        row = PortalPlanning(portal_id=portal.id)
        db.session.add(row)
    else:
        check_version(row, data, lambda: present_settings(row))
    days = parse_holidays(data.get("holidays"))[0]
    row.holidays = "\n".join(f"{d.isoformat()} {n}".strip() for d, n in sorted(days.items()))
    row.project_months = bool(data.get("projectMonths"))
    from ..forms.planning import BOARD_LIMIT_FIELDS
    limits = {status: data[field] for field, status in BOARD_LIMIT_FIELDS if data.get(field) is not None}
    row.board_limits = orjson.dumps(limits).decode() if limits else ""
    db.session.flush()
    from . import feed
    feed.record(user, portal, "edit", "portal",
                said(N_("Changed the planning settings (holidays, project months, board limits)")),
                data={"holidays": len(days), "projectMonths": row.project_months, "boardLimits": limits})
    db.session.commit()
    return present_settings(row)


class Node:
    """A dated module of the portal as scheduling sees it."""
    __slots__ = ("id", "parent_id", "name", "path", "d_id", "version", "start", "end", "has_start", "has_end",
                 "auto", "milestone", "status")

    def __init__(self, row):
        (self.id, self.parent_id, self.name, self.path, self.d_id, self.version, start, end, self.auto,
         self.milestone, self.status) = row
        self.has_start, self.has_end = start is not None, end is not None
        self.start, self.end = start or end, end or start

    @property
    def dated(self):
        return self.start is not None


class Plan:
    """Dated modules, the scheduling relations between them and a calendar."""

    def __init__(self, cal, nodes, relations):
        self.cal, self.nodes, self.relations = cal, {n.id: n for n in nodes}, list(relations)
        self.preds, self.succs, self.children = {}, {}, {}
        for rel in self.relations:
            self.preds.setdefault(rel.to_id, []).append(rel)
            self.succs.setdefault(rel.from_id, []).append(rel)
        for n in self.nodes.values():
            if n.parent_id in self.nodes:
                self.children.setdefault(n.parent_id, []).append(n.id)

    @classmethod
    def of_portal(cls, portal, moving=None):
        """A portal's dated modules, its scheduling relations and its calendar: three queries. With `moving` (a
        module whose dates change), only the modules a move can touch: those in a scheduling relation, automatic
        parents and their children, and that module (a portal of 10,000 modules with a chain of 2,000 reads 2,000)."""
        q = select(Module.id, Module.parent_id, Module.name, Module.path, Deliverable.id, Deliverable.version,
                   Deliverable.start_date, Deliverable.deadline, Deliverable.auto_scheduled, Deliverable.milestone,
                   Deliverable.status).join(Deliverable, Deliverable.module_id == Module.id) \
            .where(path_under(Module.path, portal.path))
        in_portal = (Relation.portal_id == portal.id) & Relation.kind.in_(SCHEDULING)
        if moving is not None:
            auto = select(Deliverable.module_id).where(Deliverable.auto_scheduled.is_(True))
            q = q.where(or_(Module.id == moving.id, Deliverable.auto_scheduled.is_(True), Module.parent_id.in_(auto),
                            Module.id.in_(select(Relation.from_id).where(in_portal)),
                            Module.id.in_(select(Relation.to_id).where(in_portal))))
        rels = select(Relation.id, Relation.from_id, Relation.to_id, Relation.kind, Relation.lag).where(in_portal)
        return cls(calendar(portal.id), [Node(r) for r in db.session.execute(q)], db.session.execute(rels).all())

    def length(self, n):
        """Working days from its start to its end (0 for a milestone or a one-day task)."""
        if n.milestone:
            return 0
        return max(self.cal.span(n.start, n.end) - 1, 0)

    def bound(self, rel, length=None):
        """The earliest start index the relation allows its successor (None when an end has no dates)."""
        p, s = self.nodes.get(rel.from_id), self.nodes.get(rel.to_id)
        if p is None or s is None or not p.dated or not s.dated:
            return None
        length = self.length(s) if length is None else length
        cal, lag = self.cal, rel.lag
        if rel.kind == "FS":
            return cal.index(p.end + timedelta(days=1)) + lag
        if rel.kind == "SS":
            return cal.index(p.start) + lag
        if rel.kind == "FF":
            return cal.index(p.end) + lag - length
        return cal.index(p.start) - 1 + lag - length  # SF: it finishes by the working day before p starts

    def violated(self, rel):
        b = self.bound(rel)
        return b is not None and self.cal.index(self.nodes[rel.to_id].start) < b

    def spanning(self, n):
        """An automatic parent with dated children: its dates are theirs, not its relations'."""
        return n.auto and any(self.nodes[c].dated for c in self.children.get(n.id, ()))

    def propagate(self, changed):
        """Move what follows from the modules of `changed` (their new dates already set on the nodes): every
        automatic successor to the earliest start its relations allow, every automatic parent over its children.
        Returns {id: (start, end) before} of what moved."""
        affected, todo = set(), deque(changed)
        while todo:  # what a change can reach: successors, and automatic parents upwards
            x = todo.popleft()
            for nxt in [r.to_id for r in self.succs.get(x, ())] + [self.nodes[x].parent_id]:
                n = self.nodes.get(nxt)
                if n is not None and n.auto and nxt not in affected:
                    affected.add(nxt)
                    todo.append(nxt)
        affected -= set(changed)
        moved = {}
        for nid in self._topological(affected):
            n = self.nodes[nid]
            if not n.dated or not n.auto:
                continue
            before = (n.start, n.end)
            if self.spanning(n):
                kids = [self.nodes[c] for c in self.children[nid] if self.nodes[c].dated]
                n.start, n.end = min(k.start for k in kids), max(k.end for k in kids)
            else:
                bounds = [b for b in (self.bound(r) for r in self.preds.get(nid, ())) if b is not None]
                if not bounds:
                    continue
                length = self.length(n)
                start = max(bounds)
                n.start = self.cal.day(start)
                n.end = n.start if n.milestone else self.cal.day(start + length)
            if (n.start, n.end) != before:
                moved.setdefault(nid, before)
        return moved

    def _topological(self, ids, with_children=True):
        """`ids` in an order where a predecessor (or a child, of an automatic parent) comes before what it moves;
        what a loop through a parent leaves (relations alone cannot loop) comes last, once."""
        deps = {i: set() for i in ids}
        for i in ids:
            deps[i] |= {r.from_id for r in self.preds.get(i, ()) if r.from_id in ids}
            if with_children and self.nodes[i].auto:
                deps[i] |= {c for c in self.children.get(i, ()) if c in ids}
        users = {}
        for i, ds in deps.items():
            for d in ds:
                users.setdefault(d, []).append(i)
        ready = deque(sorted(i for i, ds in deps.items() if not ds))
        order, waiting = [], {i: len(ds) for i, ds in deps.items()}
        while ready:
            i = ready.popleft()
            order.append(i)
            for u in users.get(i, ()):
                waiting[u] -= 1
                if waiting[u] == 0:
                    ready.append(u)
        return order + sorted(i for i in ids if waiting[i] > 0)

    def flagged(self, ids):
        """The relations into a manual (or spanning) module of `ids`, or out of one, that its dates now break."""
        out = []
        for rel in self.relations:
            if (rel.from_id in ids or rel.to_id in ids) and self.violated(rel):
                s = self.nodes[rel.to_id]
                if not s.auto or self.spanning(s):
                    out.append(rel)
        return out


    def critical(self):
        """The critical path (issue 42, point 3) over the plan as dated: ({module id: total float in working days},
        {relation id: (driving, violated)}). The late finish of each module is the latest its successors allow
        (the plan's last finish for the last ones), in reverse topological order: float = late finish - finish.
        A module with no float (or less) is critical; a relation between two critical modules whose bound its
        successor meets exactly is driving (the chain that decides the end date). O(modules + relations)."""
        dated = {i: n for i, n in self.nodes.items() if n.dated}
        if not dated:
            return {}, {}
        idx = self.cal.index
        finish = {i: idx(n.end) if self.cal.working(n.end) else idx(n.end) - 1 for i, n in dated.items()}
        length = {i: self.length(n) for i, n in dated.items()}
        end = max(finish.values())
        late = dict.fromkeys(dated, end)
        order = self._topological(set(dated), with_children=False)
        for i in reversed(order):
            for rel in self.succs.get(i, ()):
                j = rel.to_id
                if j not in dated:
                    continue
                ls_j = late[j] - length[j]  # the successor's late start
                if rel.kind == "FS":
                    bound = ls_j - rel.lag - 1
                elif rel.kind == "SS":
                    bound = ls_j - rel.lag + length[i]
                elif rel.kind == "FF":
                    bound = late[j] - rel.lag
                else:  # SF
                    bound = late[j] + 1 - rel.lag + length[i]
                late[i] = min(late[i], bound)
        floats = {i: late[i] - finish[i] for i in dated}
        links = {}
        for rel in self.relations:
            if rel.from_id in dated and rel.to_id in dated:
                b, at = self.bound(rel), idx(dated[rel.to_id].start)
                links[rel.id] = (floats[rel.from_id] <= 0 and floats[rel.to_id] <= 0 and b == at, b > at)
        return floats, links


def _iso(d):
    return d.isoformat() if d else None


def _dates(n):
    return {"startDate": _iso(n.start) if n.has_start else None, "deadline": _iso(n.end) if n.has_end else None}


def _seer(user):
    """seen(node): may the user view it? Viewing is inherited downwards, so a parent seen answers for its
    children: the rights are asked once a parent (a chain of 2,000 siblings: once), not once a node."""
    parents = {}

    def seen(n):
        parent = n.path[:n.path.rstrip("/").rfind("/") + 1]
        if parent not in parents:
            parents[parent] = perm.rights(user, PathOnly(n.parent_id, parent)).view
        return parents[parent] or perm.rights(user, n).view
    return seen


def _answer(user, plan, moved, changed):
    """What moved and what is flagged, as the reader may see it (modules they cannot see are left out)."""
    seen = _seer(user)
    out = {"moved": [], "flagged": []}
    for nid, (start, end) in moved.items():
        n = plan.nodes[nid]
        if seen(n):
            out["moved"].append({"id": n.id, "name": n.name, **_dates(n),
                                 "before": {"startDate": _iso(start) if n.has_start else None,
                                            "deadline": _iso(end) if n.has_end else None}})
    for rel in plan.flagged(set(moved) | set(changed)):
        s, p = plan.nodes[rel.to_id], plan.nodes[rel.from_id]
        if seen(s) and seen(p):
            out["flagged"].append({"relationId": rel.id, "fromId": p.id, "toId": s.id, "name": s.name,
                                   "message": _("'%(name)s' starts before '%(other)s' allows", name=s.name,
                                                other=p.name)})
    out["moved"].sort(key=lambda m: (m["startDate"] or m["deadline"] or "", m["id"]))
    return out


def _proposed(plan, module, start, end):
    """Set a module's proposed dates on its node (a milestone keeps one date)."""
    n = plan.nodes.get(module.id)
    if n is None:
        return None
    n.has_start, n.has_end = n.has_start or start is not None, n.has_end or end is not None
    n.start, n.end = start or end, end or start
    if n.milestone and n.start:
        n.end = n.start
    return n


def preview(user, module, start, end):
    """What moving `module` to these dates would move and flag, nothing saved (POST /api/relation/preview)."""
    portal = db.session.get(Module, scope_id(module.path))
    plan = Plan.of_portal(portal, module)
    if _proposed(plan, module, start, end) is None:
        return {"moved": [], "flagged": []}
    return _answer(user, plan, plan.propagate([module.id]), [module.id])


def after_change(user, module, d=None):
    """Called in the transaction of a change of `module`'s deliverable `d` (flushed), or of a relation from it
    (`d` None: its dates as they are): move what follows, write
    the moved deliverables (one statement), a feed entry per moved module and one event, and return the answer's
    `schedule` (what moved, what is flagged). Nothing is read when the module is in no scheduling relation and
    has no automatic parent."""
    if not _concerned(module):
        return {"moved": [], "flagged": []}
    portal_id = scope_id(module.path)
    lock_row(Module, portal_id)
    portal = db.session.get(Module, portal_id)
    plan = Plan.of_portal(portal, module)
    if module.id not in plan.nodes or (d is not None and _proposed(plan, module, d.start_date, d.deadline) is None):
        return {"moved": [], "flagged": []}
    moved = plan.propagate([module.id])
    if moved:
        _write(plan, moved)
        _record(user, module, plan, moved)
    return _answer(user, plan, moved, [module.id])


def hold(module):
    """Before a change of `module`'s dates: when they may move others, queue on the portal's row first, as every
    move does, so two moves of one chain never wait on each other's deliverables (a deadlock)."""
    if _concerned(module):
        lock_row(Module, scope_id(module.path))


def _write(plan, moved):
    """The moved deliverables' dates in one statement run for each row (psycopg pipelines them; a multi-row UPDATE
    … FROM VALUES measured slower, its compilation alone), each version up by one (an edit form read before the
    move is then refused: 409)."""
    t = Deliverable.__table__
    db.session.execute(update(t).where(t.c.id == bindparam("vid")).values(
        start_date=bindparam("vstart"), deadline=bindparam("vend"), version=t.c.version + 1),
        [{"vid": plan.nodes[i].d_id, "vstart": plan.nodes[i].start if plan.nodes[i].has_start else None,
          "vend": plan.nodes[i].end if plan.nodes[i].has_end else None} for i in moved])


def _concerned(module):
    """One query: is the module in a scheduling relation, or below an automatic parent?"""
    related = select(Relation.id).where(Relation.kind.in_(SCHEDULING),
                                        or_(Relation.from_id == module.id, Relation.to_id == module.id)).exists()
    under_auto = select(Deliverable.id).where(Deliverable.module_id == module.parent_id,
                                              Deliverable.auto_scheduled.is_(True)).exists()
    return db.session.scalar(select(or_(related, under_auto)))


NEUTRAL = N_("Moved because a module it follows changed")  # said in the reader's language (feed.present)


def _record(user, origin, plan, moved):
    """One feed entry per moved module (its readers may not see `origin`: the entry names it only to those who
    do, feed.present) and one event for the whole move, on the module that changed."""
    from .events import record as event
    now = utcnow()
    entries = [dict(
        module_id=i, portal_id=scope_id(origin.path), created_by_id=user.id if user else None, operation="edit",
        category="schedule", description=NEUTRAL, item_id=plan.nodes[i].d_id,
        data=orjson.dumps({"origin": origin.id, "originPath": origin.path, "originName": origin.name,
                         "changed": ["startDate", "deadline"],
                         "before": {"startDate": _iso(b[0]), "deadline": _iso(b[1])},
                         "after": _dates(plan.nodes[i])}).decode(), created=now) for i, b in moved.items()]
    _insert_many(FeedEntry.__table__, entries)
    text = sentences.ngettext("Moved %(num)d module(s) that follow '%(name)s'",
                              "Moved %(num)d module(s) that follow '%(name)s'", len(moved), name=origin.name)
    event(user, origin, "edit", "schedule", text, None, {"moved": sorted(moved), sentences.KEY: sentences.stored(text)})


def _insert_many(table, rows):
    """Rows into `table` in the caller's transaction: on PostgreSQL by COPY (2,000 feed entries: 12 ms, against 60 ms
    for an INSERT run for each), elsewhere one INSERT run for each."""
    if not rows:
        return
    if db.session.get_bind().dialect.name != "postgresql":
        db.session.execute(insert(table), rows)
        return
    columns = list(rows[0])
    cursor = db.session.connection().connection.driver_connection.cursor()
    with cursor.copy(f"COPY {table.name} ({', '.join(columns)}) FROM STDIN") as copy:
        for row in rows:
            copy.write_row([row[c] for c in columns])


def named(reader, data, description):
    """A schedule entry's sentence for `reader`: the module that changed, named when they may see it."""
    path = data.get("originPath")
    if reader is not None and path and perm.rights(reader, PathOnly(data.get("origin"), path)).view:
        return _("Moved because '%(name)s' changed", name=data.get("originName"))
    return description


class PathOnly:
    """A module as rights see it (its id and path), from what a row already holds."""
    __slots__ = ("id", "path")

    def __init__(self, id_, path):
        self.id, self.path = id_, path


class _RowNode(Node):
    """A tree row's deliverable as scheduling reads it (module/tree)."""

    def __init__(self, m):
        super().__init__((m.id, m.parent_id, m.name, m.path, m.d_id, m.d_version, m.d_start, m.d_deadline,
                          bool(m.d_auto), bool(m.d_milestone), m.d_status))


def annotate(rows, read, relations, root):
    """module/tree: each dated row's total `float` and `critical`, each relation's `critical` (driving) and
    `violated` (its successor starts before it allows), from the rows and relations already read and the portal's
    planning settings (one query); returns what the Gantt needs of those: the holidays, whether dates show as
    project months and, then, the project's start (one more query); and the board's limit per status (issue 44)."""
    portal_id = scope_id(root.path)
    s = settings(portal_id) if portal_id else PortalPlanning(holidays="", project_months=False, board_limits="")
    days = parse_holidays(s.holidays)[0]
    out = {"holidays": sorted(days), "projectMonths": bool(s.project_months), "projectStart": None,
           "boardLimits": board_limits(s)}
    if s.project_months and root.level >= 2:
        project_id = path_ids(root.path)[2]
        out["projectStart"] = db.session.scalar(select(Deliverable.start_date)
                                                .where(Deliverable.module_id == project_id))
    plan = Plan(Calendar(days), [_RowNode(m) for m in read if m.d_id],
                [_Rel(r) for r in relations if r["kind"] in SCHEDULING])
    floats, links = plan.critical()
    for row in rows:
        if row["id"] in floats:
            row["float"] = floats[row["id"]]
            row["critical"] = floats[row["id"]] <= 0
    for r in relations:
        r["critical"], r["violated"] = links.get(r["id"], (False, False))
    return out


class _Rel:
    __slots__ = ("id", "from_id", "to_id", "kind", "lag")

    def __init__(self, r):
        self.id, self.from_id, self.to_id, self.kind, self.lag = r["id"], r["fromId"], r["toId"], r["kind"], r["lag"]
