"""Issue 45, spent time rolled up the module tree: the minutes of time entries on a module and its whole subtree
(its materialized path is the prefix of theirs), and the hours the effort plan puts there. The module view, the
tree table and the task lists read them inside statements they already run (columns built here), so a page costs
no query more for them: the view's entity tag reads them (they change without a feed entry) and the view takes
them from there; the tree reads each row's own minutes and adds them up in Python (one query more only when the
tree is cut at its cap); the task lists read each row's subtree.

Two ways of reading a subtree's minutes:
- of one module whose path is known (the view, its entity tag): the entries whose module is among the ids of
  `path LIKE '/1/5/%'` (the prefix written into the statement, `path_under_param`: an index range on PostgreSQL),
  on PostgreSQL as `module_id = ANY(ARRAY(SELECT ...))`, read through the entries' module index (joined or as IN,
  the planner expected a large share of the table and read all of it: 14 ms of 200,000 entries for a project's
  4,000); a portal's are simply those of its `portal_id`;
- of each row of a statement (the task lists, their sort): correlated to the row's own path, where a LIKE would
  not use the path index (its pattern is no constant), so the subtree is the range [path, path with its last '/'
  made '0'): '/1/5/' <= p < '/1/50' holds exactly for the paths that start with '/1/5/' (digits and '/' only, and
  '0' follows '/'). On PostgreSQL it is compared with the pattern operators (~>=~, ~<~) the path index is built
  with (text_pattern_ops); elsewhere with >= and < (SQLite compares bytes)."""
from decimal import ROUND_HALF_UP, Decimal

from sqlalchemy import Boolean, bindparam, func, literal, select
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.orm import aliased
from sqlalchemy.sql.functions import FunctionElement

from ..extensions import read_rows
from ..models.effort import DEFAULT_HOURS_PER_PM, EffortPlan, EffortSettings, TimeEntry
from ..models.module import Module, path_ids, path_under_param


def hours(minutes):
    """Minutes as hours for display: a number with 2 decimals."""
    return round((minutes or 0) / 60, 2)


# --- a range of paths, compared as the path index orders them --------------------------------------------------

class _PathCompare(FunctionElement):
    """`a OP b` between two paths, OP chosen per database (see the module's docstring)."""
    type = Boolean()
    inherit_cache = True


class path_at_least(_PathCompare):  # noqa: N801 (an SQL function's name)
    name = "path_at_least"
    inherit_cache = True


class path_below(_PathCompare):  # noqa: N801
    name = "path_below"
    inherit_cache = True


def _operands(element, compiler, **kw):
    a, b = list(element.clauses)
    return compiler.process(a, **kw), compiler.process(b, **kw)


@compiles(path_at_least)
def _at_least(element, compiler, **kw):
    return "((%s) >= (%s))" % _operands(element, compiler, **kw)


@compiles(path_at_least, "postgresql")
def _at_least_pg(element, compiler, **kw):
    return "((%s) ~>=~ (%s))" % _operands(element, compiler, **kw)


@compiles(path_below)
def _below(element, compiler, **kw):
    return "((%s) < (%s))" % _operands(element, compiler, **kw)


@compiles(path_below, "postgresql")
def _below_pg(element, compiler, **kw):
    return "((%s) ~<~ (%s))" % _operands(element, compiler, **kw)


def in_subtree_of(path, root_path):
    """SQL: the path `path` (a column) is in the subtree whose root has the path `root_path` (a column of another
    table, e.g. the row a correlated subquery is read for), as a range the path index serves."""
    end = func.substr(root_path, 1, func.length(root_path) - 1).concat(literal("0"))
    return path_at_least(path, root_path) & path_below(path, end)


# --- columns for statements of module rows ---------------------------------------------------------------------

def own_minutes(module=Module):
    """Column: the minutes logged on the module itself (NULL when none); the tree adds its rows up."""
    return select(func.sum(TimeEntry.minutes)).where(TimeEntry.module_id == module.id) \
        .correlate(module).scalar_subquery()


def subtree_minutes(module=Module):
    """Column: the minutes logged on the module and its whole subtree (0 when none), per row."""
    below = aliased(Module)
    return select(func.coalesce(func.sum(TimeEntry.minutes), 0)).select_from(below) \
        .join(TimeEntry, TimeEntry.module_id == below.id) \
        .where(in_subtree_of(below.path, module.path)).correlate(module).scalar_subquery()


class module_in(FunctionElement):  # noqa: N801
    """`column IN (subquery of ids)`; on PostgreSQL `column = ANY(ARRAY(subquery))`: one InitPlan, and the ids
    looked up in the column's index (see the module's docstring)."""
    type = Boolean()
    inherit_cache = True
    name = "module_in"


@compiles(module_in)
def _module_in(element, compiler, **kw):
    return "(%s IN %s)" % _operands(element, compiler, **kw)


@compiles(module_in, "postgresql")
def _module_in_pg(element, compiler, **kw):
    return "(%s = ANY(ARRAY%s))" % _operands(element, compiler, **kw)


def _entries(whole_portal, param, portal):
    """SELECT FROM time_entry of the subtree: the path pattern `:param`, or the portal `:portal` when the module
    is that portal (`whole_portal`)."""
    if whole_portal:
        return select().select_from(TimeEntry).where(TimeEntry.portal_id == bindparam(portal))
    below = aliased(Module)
    ids = select(below.id).where(path_under_param(below.path, param)).scalar_subquery()
    return select().select_from(TimeEntry).where(module_in(TimeEntry.module_id, ids))


def view_columns(whole_portal=False, param="subtree", portal="portal"):
    """Columns of one module's spent time and plan, its subtree given as the path pattern `:param` and its portal
    as `:portal` (`whole_portal`: the module is that portal), not correlated (PostgreSQL reads each once for the
    statement, an InitPlan): `spent_minutes`, `planned_pm` (NULL without plan rows) and `hours_per_pm` (NULL
    while the portal keeps the default)."""
    below = aliased(Module)
    return (_entries(whole_portal, param, portal).add_columns(func.sum(TimeEntry.minutes)).scalar_subquery()
            .label("spent_minutes"),
            select(func.sum(EffortPlan.person_months)).select_from(EffortPlan)
            .join(below, below.id == EffortPlan.module_id).where(path_under_param(below.path, param))
            .scalar_subquery().label("planned_pm"),
            select(EffortSettings.hours_per_pm).where(EffortSettings.portal_id == bindparam(portal))
            .scalar_subquery().label("hours_per_pm"))


def change_columns(whole_portal=False, param="subtree", portal="portal"):
    """What a cached answer showing a subtree's spent time depends on, for its entity tag: the number, sum and
    last change of the subtree's entries (an edit, a deletion: time is logged without a feed entry), its plan
    and the portal's hours per person-month. (FROM, [columns]) for the tag's own statement: no query more."""
    entries = _entries(whole_portal, param, portal).add_columns(
        func.count(TimeEntry.id).label("n"), func.sum(TimeEntry.minutes).label("minutes"),
        func.max(TimeEntry.updated).label("updated")).subquery("spent_changes")
    return entries, [entries.c.n, entries.c.minutes, entries.c.updated,
                     *view_columns(whole_portal, param, portal)[1:]]


# --- presenting ---------------------------------------------------------------------------------------------------

def present(minutes, planned_pm, hours_per_pm):
    """The `spent` of a module view: {minutes, hours, plannedHours} (plannedHours: the plan's person-months on
    the subtree × the portal's hours per person-month, null without a plan)."""
    minutes = int(minutes or 0)
    planned = None
    if planned_pm is not None:
        per_pm = Decimal(str(hours_per_pm if hours_per_pm is not None else DEFAULT_HOURS_PER_PM))
        planned = float((Decimal(str(planned_pm)) * per_pm).quantize(Decimal("0.01"), ROUND_HALF_UP))
    return {"minutes": minutes, "hours": hours(minutes), "plannedHours": planned}


def roll_up(rows, own):
    """{row id: minutes of it and its descendants among `rows`}; `own`: {row id: its own minutes}. A row's parent
    comes before it in `rows` or is not among them (rows read level by level, or depth first)."""
    ids = {m.id for m in rows}
    out = {m.id: own.get(m.id) or 0 for m in rows}
    for m in reversed(rows):
        if m.parent_id in ids:
            out[m.parent_id] += out[m.id]
    return out


_BY_PATH = select(Module.path, func.sum(TimeEntry.minutes)).select_from(TimeEntry) \
    .join(Module, Module.id == TimeEntry.module_id).where(path_under_param(Module.path, "prefix")) \
    .group_by(Module.path)  # built once


def spread(root_path, rows):
    """{row id: minutes of its whole subtree} for `rows` below the module of `root_path`, from every entry of that
    subtree (one query): for a tree whose rows were cut off at a cap, where adding up the rows read would miss
    the time logged below the last ones."""
    out = {m.id: 0 for m in rows}
    for path, minutes in read_rows(_BY_PATH, {"prefix": root_path + "%"}):
        for mid in path_ids(path):
            if mid in out:
                out[mid] += minutes or 0
    return out
