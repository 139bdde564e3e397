"""The calendar's items (issue 44): the modules whose deliverable has a date in a range (its start date, deadline or
completion date; a milestone has its one date as a deadline and `milestone: true`), as task rows, in a fixed number
of queries whatever their number (docs/architecture.md, 'Reads').

Without a module, the user's own items across every portal (deliverable owner = the user, visible now); with one,
its subtree (the module itself left out) as far as the user may view it, or only their own there (`mine`). Sorted by
the earliest of the three dates, then name; at most CAP (`truncated` says when more fall in the range)."""
from sqlalchemy import Date, Integer, and_, bindparam, case, func, or_, select

from ..extensions import read_rows
from ..models import Deliverable, Module
from ..models.module import path_under
from . import modules
from .my_work import visible_clause

MAX_DAYS = 62   # the longest range one asks for, both ends counted: two months
CAP = 1000

_ROWS_BY_ID = modules.row_select(ids=bindparam("ids", expanding=True))  # built once


def _in_range(column):
    return column.between(bindparam("since", type_=Date), bindparam("until", type_=Date))


def _earliest():
    """SQL: the earliest of the deliverable's start date, deadline and completion date (those it has): portable
    (PostgreSQL's LEAST is SQLite's MIN, and SQLite's MIN of a NULL is NULL)."""
    s, d, c = Deliverable.start_date, Deliverable.deadline, Deliverable.completion_date
    a, b, e = func.coalesce(s, d, c), func.coalesce(d, s, c), func.coalesce(c, s, d)
    return case((and_(a <= b, a <= e), a), (b <= e, b), else_=e)


_DATED = or_(_in_range(Deliverable.start_date), _in_range(Deliverable.deadline),
             _in_range(Deliverable.completion_date))


def span_days(since, until):
    """How many days the range covers, both ends counted."""
    return (until - since).days + 1


def items(user, since, until, module=None, mine=False):
    """{from, to, list, truncated}: the items of [since, until] (checked by the caller: since <= until, at most
    MAX_DAYS) the user may view: their own anywhere when `module` is None, else those below `module` (a module the
    user views: modules.visible_module), only their own there when `mine`."""
    user = modules.real(user)
    where = [_DATED]
    if module is None or mine:
        where.append(Deliverable.owner_id == bindparam("user"))
    if module is not None:
        where += [path_under(Module.path, module.path), Module.id != module.id]
    visible = visible_clause(user, module)
    if visible is not None:
        where.append(visible)
    stmt = select(Module.id).join(Deliverable, Deliverable.module_id == Module.id).where(*where) \
        .order_by(_earliest(), func.lower(Module.name), Module.id).limit(bindparam("limit", type_=Integer))
    ids = read_rows(stmt, {"since": since, "until": until, "user": user.id, "limit": CAP + 1}).scalars().all()
    truncated = len(ids) > CAP
    ids = ids[:CAP]
    rank = {mid: i for i, mid in enumerate(ids)}
    rows = sorted(read_rows(_ROWS_BY_ID, {"ids": ids}).all(), key=lambda m: rank[m.id]) if ids else []
    return {"from": since, "to": until, "list": modules.task_rows(user, rows), "truncated": truncated}
