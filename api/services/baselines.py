"""Baselines (issue 42, point 5): a named, read-only snapshot of a subtree's dates ('Grant agreement', 'Amendment
1'), saved in two statements (the baseline, then one INSERT ... SELECT of the subtree's dated deliverables: one row
per module), and the slip table against today's plan: each module's baseline and current dates and how many
working days late it now ends, only for the modules the reader may see."""
import csv
import io

from sqlalchemy import and_, insert, literal, select

from .. import links
from .. import permissions as perm
from ..errors import NotFound
from ..extensions import db
from ..i18n import N_, _
from ..links import Ctx
from ..models import Baseline, BaselineDate, Deliverable, Module
from ..models.module import path_under, scope_id
from . import feed, scheduling
from .modules import real
from .scheduling import PathOnly
from .sentences import said

SORTS = ("slip", "name", "deadline")


def present(user, module, r, b, count=None):
    r = r or perm.rights(real(user), module)
    out = {"id": b.id, "moduleId": b.module_id, "name": b.name, "created": b.created,
           "links": links.of("baseline", Ctx(user, module, r, b))}
    if count is not None:
        out["modules"] = count
    return out


def listing(user, module):
    """The baselines saved on the module, newest first, with how many modules each holds (one query)."""
    user = real(user)
    r = perm.rights(user, module)
    counts = select(BaselineDate.baseline_id, db.func.count().label("n")).group_by(BaselineDate.baseline_id).subquery()
    q = select(Baseline, counts.c.n).outerjoin(counts, counts.c.baseline_id == Baseline.id) \
        .where(Baseline.module_id == module.id).order_by(Baseline.id.desc())
    return [present(user, module, r, b, n or 0) for b, n in db.session.execute(q)]


def get(module, baseline_id):
    b = db.session.get(Baseline, baseline_id)
    if b is None or b.module_id != module.id:
        raise NotFound(_("Baseline not found"))
    return b


def add(user, module, data):
    """Save the subtree's dates (the module's own too) under a name."""
    user = real(user)
    b = Baseline(module_id=module.id, name=data["name"].strip(), created_by_id=user.id)
    db.session.add(b)
    db.session.flush()
    dated = select(literal(b.id), Deliverable.module_id, Deliverable.start_date, Deliverable.deadline) \
        .join(Module, Module.id == Deliverable.module_id) \
        .where(path_under(Module.path, module.path),
               (Deliverable.start_date.is_not(None)) | (Deliverable.deadline.is_not(None)))
    db.session.execute(insert(BaselineDate).from_select(["baseline_id", "module_id", "start_date", "deadline"], dated))
    # (counted, not the INSERT's rowcount: psycopg may not know it for an INSERT … SELECT)
    n = db.session.scalar(select(db.func.count()).select_from(BaselineDate).where(BaselineDate.baseline_id == b.id))
    feed.record(user, module, "add", "baseline",
                said(N_("Saved the baseline '%(name)s' of '%(module)s'"), name=b.name, module=module.name), item=b.id,
                data={"name": b.name, "modules": n})
    db.session.commit()
    return present(user, module, perm.rights(user, module), b, n)


def delete(user, module, b):
    user = real(user)
    feed.record(user, module, "delete", "baseline",
                said(N_("Deleted the baseline '%(name)s' of '%(module)s'"), name=b.name, module=module.name), item=b.id,
                data={"name": b.name})
    db.session.delete(b)
    db.session.commit()


def slips(user, module, b, sort="slip"):
    """Each module of the baseline the reader may see, with its dates then and now and `slip`: working days its
    deadline now falls after the baseline's (negative: early; None when either has no deadline). Two queries (the
    rows, the calendar)."""
    user = real(user)
    q = select(Module.id, Module.name, Module.path, Module.level, BaselineDate.start_date, BaselineDate.deadline,
               Deliverable.start_date, Deliverable.deadline) \
        .join(BaselineDate, and_(BaselineDate.module_id == Module.id, BaselineDate.baseline_id == b.id)) \
        .outerjoin(Deliverable, Deliverable.module_id == Module.id)
    cal = scheduling.calendar(scope_id(module.path))
    out = []
    for mid, name, path, level, b_start, b_end, start, end in db.session.execute(q):
        if not perm.rights(user, PathOnly(mid, path)).view:
            continue
        slip = None
        if b_end and end:
            slip = cal.index(end) - cal.index(b_end)
        out.append({"id": mid, "name": name, "depth": level - module.level, "baseline": {"startDate": b_start,
                    "deadline": b_end}, "current": {"startDate": start, "deadline": end}, "slip": slip})
    key = {"slip": lambda x: (-(x["slip"] if x["slip"] is not None else -10**9), x["name"].lower()),
           "name": lambda x: (x["name"].lower(), x["id"]),
           "deadline": lambda x: (str(x["current"]["deadline"] or "9999"), x["name"].lower())}[sort]
    return sorted(out, key=key)


def as_csv(b, rows):
    """The slip table as CSV (a spreadsheet opens it; a cell never starts with a formula's sign)."""
    buf = io.StringIO()
    w = csv.writer(buf)
    w.writerow([_("Module"), _("Baseline start"), _("Baseline deadline"), _("Start"), _("Deadline"),
                _("Working days late")])
    safe = lambda v: ("'" + v) if isinstance(v, str) and v[:1] in "=+-@\t\r" else v  # noqa: E731
    for r in rows:
        w.writerow([safe(r["name"]), _iso(r["baseline"]["startDate"]), _iso(r["baseline"]["deadline"]),
                    _iso(r["current"]["startDate"]), _iso(r["current"]["deadline"]),
                    "" if r["slip"] is None else r["slip"]])
    return buf.getvalue()


def _iso(d):
    return d.isoformat() if d else ""
