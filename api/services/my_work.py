"""My work (issue 44): the signed-in user's open tasks across every portal, grouped by when they are due, and their
unread mentions, in one answer and a fixed number of queries (docs/architecture.md, 'Reads').

A task is a module the user may view now whose deliverable they own and which is not done (Completed or Verified
Complete), of any type that carries a deliverable. Rights are decided in SQL (`visible_clause`): the subtrees the
user's memberships open to view, every module for a superuser; a portal-bound API token narrows both to its portal.
The groups are chosen, ranked, counted and capped in one statement (window functions): `blocked` (status Blocked,
whatever the date), then of the others `overdue` (deadline before today), `thisWeek` (from today to the Sunday that
ends the week) and `later` (after that, or no deadline); each by deadline (none last), then name. The rows are the
task lists' (`modules.task_rows`: a list row with its parent, project, portal and ancestors)."""
from datetime import date, timedelta

from sqlalchemy import Date, Integer, bindparam, case, false, func, or_, select

from .. import permissions as perm
from ..extensions import db, read_rows
from ..models import Deliverable, Module, Notification
from ..models.module import path_ids, path_under
from . import modules
from .events import notifications

GROUPS = ("overdue", "thisWeek", "later", "blocked")
CAP = 100        # rows a group lists (its `total` counts them all)
MENTIONS = 20    # unread mentions listed (`total` counts them all)


def today():
    """The server's date, which the groups are reckoned from (tests replace this function)."""
    return date.today()


def week_end(day):
    """The Sunday that ends the week of `day` (the day itself on a Sunday)."""
    return day + timedelta(days=6 - day.weekday())


# --- who sees what, in SQL ------------------------------------------------------------------------------------

_PATHS = select(Module.path).where(Module.id.in_(bindparam("ids", expanding=True)))  # built once


def visible_clause(user, root=None):
    """SQL: the module is one the user may view now, anywhere (`root` None) or below `root` (which the user views);
    None when no condition is needed. As `modules._visible_clause` decides it below a module, over every portal: a
    superuser sees everything (with a portal-bound API token, that portal), anyone else the subtrees of their
    memberships that give view (`permissions.user_memberships`, read once a request and narrowed to a bound
    token's portal). One query at most (the paths of those memberships' modules)."""
    if user.is_superuser:
        bound = perm.token_portal(user)
        return None if bound is None or root is not None else Module.path.like(f"%/{int(bound)}/%")
    mine = perm.user_memberships(user)
    ids = [mid for mid, m in mine.items() if m.allow_view or m.admin]
    if root is not None and set(ids) & set(path_ids(root.path)):
        return None  # the user views the root through a membership on it or above: all of the subtree
    paths = read_rows(_PATHS, {"ids": ids}).scalars().all() if ids else []
    if root is not None:
        paths = [p for p in paths if p.startswith(root.path)]
    roots = []
    for p in sorted(paths):  # a subtree inside one already kept adds nothing
        if not roots or not p.startswith(roots[-1]):
            roots.append(p)
    if not roots:
        return false()
    return or_(*[path_under(Module.path, p) for p in roots])


# --- the tasks ------------------------------------------------------------------------------------------------

_ROWS_BY_ID = modules.row_select(ids=bindparam("ids", expanding=True))  # built once


def _group():
    """SQL: the group of an open deliverable (`:today`, `:week_end`)."""
    return case((Deliverable.status == "BLOCKED", "blocked"),
                (Deliverable.deadline < bindparam("today", type_=Date), "overdue"),
                (Deliverable.deadline <= bindparam("week_end", type_=Date), "thisWeek"),
                else_="later")


def _ranked(visible):
    """SELECT (id, group, rank, total) of the first `:cap` open tasks of each group that the user `:user` owns and
    `visible` (SQL, None: all) lets them see, in each group's order: one statement, the page chosen on ids alone."""
    group = _group()
    order = (Deliverable.deadline.asc().nulls_last(), func.lower(Module.name), Module.id)
    inner = select(Module.id, group.label("grp"),
                   func.row_number().over(partition_by=group, order_by=order).label("rank"),
                   func.count().over(partition_by=group).label("total")) \
        .join(Deliverable, Deliverable.module_id == Module.id) \
        .where(Deliverable.owner_id == bindparam("user"), Deliverable.status.not_in(modules.DONE_STATUSES),
               *([] if visible is None else [visible])).subquery("ranked")
    return select(inner.c.id, inner.c.grp, inner.c.rank, inner.c.total) \
        .where(inner.c.rank <= bindparam("cap", type_=Integer))


_RANKED_ALL = _ranked(None)  # a superuser's: built once


def tasks(user, day):
    """{group: {total, list}} of the user's open tasks on `day`: four queries whatever their number (the page of
    ids, its rows, their checklist, their ancestors' names) beside the rights' (memberships, their paths)."""
    visible = visible_clause(user)
    stmt = _RANKED_ALL if visible is None else _ranked(visible)
    ranked = read_rows(stmt, {"user": user.id, "today": day, "week_end": week_end(day), "cap": CAP}).all()
    groups = {g: {"total": 0, "list": []} for g in GROUPS}
    if not ranked:
        return groups
    place = {r.id: (GROUPS.index(r.grp), r.rank) for r in ranked}
    for r in ranked:
        groups[r.grp]["total"] = r.total
    rows = sorted(read_rows(_ROWS_BY_ID, {"ids": list(place)}).all(), key=lambda m: place[m.id])
    for m, row in zip(rows, modules.task_rows(user, rows)):
        groups[GROUPS[place[m.id][0]]]["list"].append(row)
    return groups


# --- mentions -------------------------------------------------------------------------------------------------

def mentions(user):
    """{total, list}: the user's unread mentions (with a portal-bound API token: that portal's), newest first, at
    most MENTIONS, as the notification list presents them. One query (the total rides along as a window count)."""
    q = select(Notification, Module, func.count().over().label("total")) \
        .outerjoin(Module, Module.id == Notification.module_id) \
        .where(Notification.user_id == user.id, Notification.kind == "mention", Notification.read.is_(None))
    bound = perm.token_portal(user)
    if bound is not None:
        q = q.where(Notification.portal_id == bound)
    rows = db.session.execute(q.order_by(Notification.created.desc(), Notification.id.desc())
                              .limit(MENTIONS)).all()
    return {"total": rows[0].total if rows else 0,
            "list": [notifications.present(n, m, user) for n, m, _ in rows]}


def load(user):
    """GET /api/my-work: {today, weekEnds, groups: {overdue, thisWeek, later, blocked}, mentions}."""
    user = modules.real(user)
    day = today()
    return {"today": day, "weekEnds": week_end(day), "groups": tasks(user, day), "mentions": mentions(user)}
