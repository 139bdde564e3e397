"""The module tree: loading a module with everything its page shows in a fixed number of
queries, and the tree operations (add, edit, move, delete a subtree)."""
import functools
import hashlib
from dataclasses import dataclass

from flask import has_request_context, request
from sqlalchemy import ARRAY, Integer, String, and_, any_, bindparam, cast, distinct, false, func, or_, select, true
from sqlalchemy import update as sql_update
from sqlalchemy.orm import aliased

from .. import links
from .. import permissions as perm
from ..errors import BadRequest, NotFound
from ..extensions import db, read_rows
from ..i18n import N_, _, translate
from ..forms.modules import STATUSES as DELIVERABLE_STATUSES
from ..transactions import check_version, lock_row
from ..links import Ctx
from ..models.module import path_ids, path_under, path_under_param, scope_id
from ..models import (MODULE_OWNED, Brand, CustomField, CustomValue, Deliverable, FeedEntry, Membership, Module,
                      PicklistOption, Recurrence, User, Watch)
from ..presenting import avatar_url, preview, status, user_name
from . import custom_field_values, feed, members, platforms, recurrence, spent, storage
from .events import watching
from .platforms import PORTAL
from .sentences import said


def get_module(module_id):
    return db.session.get(Module, module_id)


def real(user):
    """The user object behind flask_jwt_extended's `current_user` proxy: a page of rows reads it thousands of
    times, and each read through the proxy looks the JWT up again."""
    return user._get_current_object() if hasattr(user, "_get_current_object") else user


def visible_module(user, module_id, action="view"):
    """The module if the user may do `action` on it: 404 if unseen, 403 if not allowed, 423 if locked."""
    module = get_module(module_id)
    perm.require(user, module, action)
    return module


# --- presenting: plain dicts, a fixed number of queries (docs/architecture.md, 'Reads') ------------------------

ROW_COLUMNS = (Module.id, Module.parent_id, Module.idx, Module.name, Module.description, Module.type, Module.platform,
               Module.path, Module.level, Module.locked)
_OWNER, _CHILD = aliased(User), aliased(Module)
# What a row shows beside the module's own columns, read in the same statement: its number of children, its
# deliverable with the owner's name and avatar, its brand.
CARRIED_COLUMNS = (
    select(func.count(_CHILD.id)).where(_CHILD.parent_id == Module.id).correlate(Module).scalar_subquery()
    .label("child_count"),
    Deliverable.id.label("d_id"), Deliverable.status.label("d_status"), Deliverable.owner_id.label("d_owner_id"),
    _OWNER.name.label("d_owner_name"), _OWNER.avatar.label("d_owner_avatar"), Deliverable.start_date.label("d_start"),
    Deliverable.deadline.label("d_deadline"), Deliverable.commenced_date.label("d_commenced"),
    Deliverable.completion_date.label("d_completion"), Deliverable.version.label("d_version"),
    Deliverable.auto_scheduled.label("d_auto"), Deliverable.milestone.label("d_milestone"), Brand.id.label("b_id"),
    Brand.logo.label("b_logo"), Brand.logo_size.label("b_size"),
    # How it repeats, 'MONTH:1:5', as a scalar subquery: a joined table without statistics multiplied the row
    # estimate past PostgreSQL's JIT threshold (180 ms of compiling for a list of four).
    select(Recurrence.unit + ":" + cast(Recurrence.every, String) + ":" + cast(Recurrence.day, String))
    .where(Recurrence.module_id == Module.id).correlate(Module).scalar_subquery().label("r_rule"))


def row_select(*where, ids=None):
    """SELECT of module rows with everything a row shows (one statement, whatever the number of rows). `ids`: the
    rows' ids (a list or an expanding bindparam), given to the deliverables' join too: PostgreSQL does not carry an
    IN list across a join, and without it scanned every deliverable for a page of 50 (1.5 ms, not 0.15)."""
    on = Deliverable.module_id == Module.id
    if ids is not None:
        where, on = (*where, Module.id.in_(ids)), on & Deliverable.module_id.in_(ids)
    return (select(*ROW_COLUMNS, *CARRIED_COLUMNS).select_from(Module)
            .outerjoin(Deliverable, on)
            .outerjoin(_OWNER, _OWNER.id == Deliverable.owner_id)
            .outerjoin(Brand, Brand.module_id == Module.id).where(*where))


class _Deliverable:
    """The deliverable part of a row, read as a deliverable (the links' URL arguments use its id)."""
    __slots__ = ("id", "status", "owner_id", "owner_name", "owner_avatar", "start_date", "deadline",
                 "commenced_date", "completion_date", "version", "auto_scheduled", "milestone", "recurrence")

    def __init__(self, row):
        (self.id, self.status, self.owner_id, self.owner_name, self.owner_avatar, self.start_date, self.deadline,
         self.commenced_date, self.completion_date, self.version, self.auto_scheduled, self.milestone) = (
            row.d_id, row.d_status, row.d_owner_id, row.d_owner_name, row.d_owner_avatar, row.d_start, row.d_deadline,
            row.d_commenced, row.d_completion, row.d_version, row.d_auto, row.d_milestone)
        self.recurrence = _Rule.parse(row.r_rule) if row.r_rule else None


class _Rule:
    """A row's recurrence rule, as services/recurrence reads one."""
    __slots__ = ("unit", "every", "day")

    def __init__(self, unit, every, day):
        self.unit, self.every, self.day = unit, every, day

    @classmethod
    def parse(cls, text):
        unit, every, day = text.split(":")
        return cls(unit, int(every), int(day))


class _Brand:
    __slots__ = ("id", "logo", "logo_size")

    def __init__(self, row):
        self.id, self.logo, self.logo_size = row.b_id, row.b_logo, row.b_size


def present_deliverable(c, d, with_links=True):
    """The deliverable (`d`: a Deliverable or a row's) with its links; in a row (`with_links=False`), its id,
    status, owner and dates and only the links a row acts on (links.DELIVERABLE_ROW_LINKS: the Gantt's date
    edits), decided from the rights already folded for the row: no query."""
    if d is None:
        return None
    out = {"id": d.id, "status": status(d.status), "ownerId": d.owner_id, "ownerName": d.owner_name,
           "ownerAvatar": avatar_url(d.owner_id, d.owner_avatar), "startDate": d.start_date, "deadline": d.deadline,
           "commencedDate": d.commenced_date, "completionDate": d.completion_date,
           "autoScheduled": bool(d.auto_scheduled), "milestone": bool(d.milestone),
           "recurrence": recurrence.text(d.recurrence) if d.recurrence else None}
    ctx = Ctx(c.user, c.module, c.r, d)
    if with_links:
        out["version"] = d.version
        out["links"] = links.of("deliverable", ctx)
    else:
        out["links"] = links.of("deliverable", ctx, only=links.DELIVERABLE_ROW_LINKS)
    return out


def deliverable_item(user, module):
    """The module's deliverable with its links, or None (one query)."""
    row = db.session.execute(row_select(Module.id == module.id)).one()
    return present_deliverable(Ctx(user, module, perm.rights(user, module)),
                               _Deliverable(row) if row.d_id else None)


def present_brand(c, b, only=None):
    if b is None:
        return None
    return {"id": b.id, "logo": b.logo_size, "links": links.of("brand", Ctx(c.user, c.module, c.r, b), only=only)}


def present_row(c, row, checklist, names=None):
    """A module as a row of a list (a child in module/view and module/list, a task of detailed-list-by-type, an
    entry module): what cards, list rows, the Gantt and the checklist show, and the links a row acts on
    (links.ROW_LINKS). `row`: a row_select() row; `names`: its type's (label, plural, tab) when known."""
    type_label, plural, tab = names or platforms.type_names(row)
    return {"id": row.id, "parentId": row.parent_id, "idx": row.idx, "name": row.name,
            "description": preview(row.description), "type": row.type, "typeLabel": type_label,
            "labelPlural": plural, "tab": tab,
            "platform": row.platform, "level": row.level, "childCount": row.child_count, "locked": row.locked,
            "deliverable": present_deliverable(c, _Deliverable(row), with_links=False) if row.d_id else None,
            "brand": present_brand(c, _Brand(row), ("view_logo",)) if row.b_id else None,
            "checklist": checklist, "links": links.of("module", c, only=links.ROW_LINKS)}


def rows_of(user, rows, parent_rights=None, checklist_fields=None, ids=None, more_links=()):
    """Rows for `rows` (from row_select()), plus (unless given as {module id: [(field, values)]}) their checklist
    field and values in two queries. `ids`: a SELECT of the rows' ids, when there is one; `more_links`: module links
    a row carries beyond links.ROW_LINKS (the Gantt's: its relations, and adding one)."""
    user = real(user)
    if checklist_fields is None:
        checklist_fields = custom_field_values.fields_of(rows, attribute=custom_field_values.CHECKLIST, ids=ids)
    out, names = [], {}
    for m in rows:
        c = Ctx(user, m, perm.rights(user, m), parent_rights=(parent_rights or {}).get(m.parent_id))
        check = next(((f, v) for f, v in checklist_fields.get(m.id, ()) if f.attribute == custom_field_values.CHECKLIST),
                     None)
        kind = (m.platform, m.type)
        if kind not in names:
            names[kind] = platforms.type_names(m)
        out.append(present_row(c, m, custom_field_values.present_checklist(c, *check) if check else None, names[kind]))
        if more_links:
            out[-1]["links"].update(links.of("module", c, only=more_links))
    return out


def _view_statements():
    """The statements of _view_fields, built once (every module page runs two of them): the fields on the path
    (`:path`), with the children's checklist fields or without; the module's values, with the children's values
    of the checklist fields (`:checks`) or without."""
    children = select(Module.id).where(Module.parent_id == bindparam("module"))
    on_path = CustomField.module_id.in_(bindparam("path", expanding=True))
    fields_ = custom_field_values.FIELDS
    own = CustomValue.module_id == bindparam("module")
    checked = CustomValue.module_id.in_(children) & CustomValue.field_id.in_(bindparam("checks", expanding=True))
    values = custom_field_values.VALUES.order_by(CustomValue.id)
    return ({False: fields_.where(on_path),
             True: fields_.where(on_path | (CustomField.module_id.in_(children)
                                            & (CustomField.attribute == custom_field_values.CHECKLIST)))},
            {False: values.where(own), True: values.where(own | checked)})


_VIEW_FIELDS, _VIEW_VALUES = _view_statements()


def _view_fields(module, children):
    """Every field of the module with its values, and the checklist of each child: two queries (fields with their
    options, values), whatever the number of children."""
    fields_ = custom_field_values.read_fields(read_rows(_VIEW_FIELDS[bool(children)],
                                                        {"path": path_ids(module.path), "module": module.id}))
    checks = [f.id for f in fields_ if f.attribute == custom_field_values.CHECKLIST]
    values = {}
    if fields_:
        for v in read_rows(_VIEW_VALUES[bool(children and checks)],
                           {"module": module.id, "checks": checks}).all():
            values.setdefault((v.module_id, v.field_id), []).append(v)
    return {mid: [(f, values.get((mid, f.id), [])) for f in found
                  if mid == module.id or f.attribute == custom_field_values.CHECKLIST]
            for mid, found in custom_field_values.applying(fields_, [module, *children]).items()}


def _children_ids(module):
    return select(Module.id).where(Module.parent_id == module.id)


def present_ancestor(m):
    return {"id": m.id, "name": m.name, "type": m.type, "typeLabel": platforms.type_names(m)[0]}


# How many modules below a module the delete confirmation counts: beyond that it says 'more than' (counting a
# portal's 10,000 modules took a millisecond of every view of it, and grew with the subtree).
DESCENDANTS_COUNTED = 1000


def _family(whole_portal):
    """The module (`:module`), its children and its ancestors (`:ancestors`, the breadcrumb) as rows, top down,
    with how many modules a delete takes along, up to `:counted` + 1 (the confirmation says; the module is in its
    own subtree `:subtree`, and counting paths alone lets PostgreSQL read the path index only), and the spent time
    and plan of that subtree (issue 45; its portal `:portal`: the hours per person-month; `whole_portal`: the
    module is that portal, whose time is that of its `portal_id`; None: without them, when the entity tag has just
    read them). Built once."""
    below, me = aliased(Module), bindparam("module")
    subtree = select(below.path).where(path_under_param(below.path, "subtree")).limit(bindparam("counted") + 2)
    descendants = select(func.count() - 1).select_from(subtree.subquery())
    return row_select(or_(Module.id == me, Module.parent_id == me,
                          Module.id.in_(bindparam("ancestors", expanding=True)))) \
        .add_columns(descendants.scalar_subquery().label("descendants"),
                     *(spent.view_columns(whole_portal) if whole_portal is not None else ())) \
        .order_by(Module.level, Module.idx, Module.id)


_FAMILY = {whole_portal: _family(whole_portal) for whole_portal in (None, False, True)}
# The request's entity tag of module/view read the module's spent time and plan (etag(), just before load_view):
# the view takes them from there instead of summing the subtree's time a second time.
_SPENT_READ = "api.modules.spent"


def _spent_read_by_etag(module_id):
    """(minutes, planned person-months, hours per person-month) of the module as this request's etag() read them,
    once (a view built later in the request, after a write, reads its own); None when it did not."""
    if not has_request_context():
        return None
    read = request.environ.pop(_SPENT_READ, None)
    return read[1:] if read and read[0] == module_id else None


def load_view(user, module_id):
    """module/view: the module with every spec §3 field, its ancestors, its children as rows, its memberships,
    custom fields (with values), brand and deliverable. The same number of queries for 5 or 500 children."""
    user = real(user)
    module = visible_module(user, module_id)
    r = perm.rights(user, module)
    spent_of = _spent_read_by_etag(module.id)
    family = read_rows(_FAMILY[None if spent_of else module.level == 1],
                       {"module": module.id, "ancestors": module.ancestor_ids, "subtree": module.path + "%",
                        "counted": DESCENDANTS_COUNTED, "portal": scope_id(module.path)}).all()
    ancestors = [m for m in family if m.level < module.level]
    own = family[len(ancestors)]
    children = family[len(ancestors) + 1:]
    fields_ = _view_fields(module, children)
    c = Ctx(user, module, r)
    d, b = (_Deliverable(own) if own.d_id else None), (_Brand(own) if own.b_id else None)
    type_label, plural, tab = platforms.type_names(module)
    shown = [a for a in ancestors if a.level > 0]
    watch = watching.summary(user, module)
    return {
        "id": module.id, "parentId": module.parent_id, "idx": module.idx, "name": module.name,
        "description": module.description, "type": module.type, "typeLabel": type_label, "labelPlural": plural,
        "tab": tab, "platform": module.platform, "path": module.path, "level": module.level,
        "childCount": own.child_count, "descendantCount": min(own.descendants, DESCENDANTS_COUNTED),
        "descendantCountExact": own.descendants <= DESCENDANTS_COUNTED, "version": module.version, "created": module.created,
        "createdBy": user_name(module.created_by), "createdById": module.created_by_id, "locked": module.locked,
        "deliverable": present_deliverable(c, d), "brand": present_brand(c, b),
        "customFields": [custom_field_values.present_field(c, f, v) for f, v in fields_[module.id]],
        "links": links.of("module", Ctx(user, module, r, has_deliverable=d is not None,  # moved as a row
                                        watching=watch["watching"])),
        "watch": watch,
        "spent": spent.present(*(spent_of or (own.spent_minutes, own.planned_pm, own.hours_per_pm))),
        "fullPath": [present_ancestor(a) for a in shown],
        "fqn": "/".join([a.name for a in shown] + [module.name]),
        "children": rows_of(user, children, {module.id: r}, checklist_fields=fields_),
        "memberships": members.memberships_of(user, module, r),
        "childTypes": [platforms.present_rule(x) for x in platforms.child_rules(module)],
    }


# What a module page shows changes with any write in its portal (every write records a feed entry there, in its
# transaction), with a change of any person shown (user.updated) and with the viewer's rights. PAYLOAD is bumped
# when the shape of the answers changes.
PAYLOAD = "5"


def _changes(in_portal, with_spent=False, whole_portal=False):
    """The last feed entry, the last change of a person, the last change of a watch (in the portal `:portal`
    when `in_portal`; everywhere at a platform root). Watching shows on the page (the reader's toggle, the
    count): a watch changed anywhere in the portal changes it too. `with_spent`: also what the spent time of
    the module's subtree (`:subtree`; `whole_portal`: the portal's) depends on (issue 45)."""
    last, watched = select(func.max(FeedEntry.id)), select(func.max(Watch.updated))
    if in_portal:
        last, watched = last.where(FeedEntry.portal_id == bindparam("portal")), \
            watched.where(Watch.portal_id == bindparam("portal"))
    stmt = select(last.scalar_subquery(), select(func.max(User.updated)).scalar_subquery(), watched.scalar_subquery())
    if with_spent:
        entries, columns = spent.change_columns(whole_portal)
        stmt = stmt.add_columns(*columns).select_from(entries)
    return stmt


# Built once: every module/view and module/list (and each 304) runs one of them; the view and the tree show spent
# time, the list does not.
_CHANGES = {(level, with_spent): _changes(level > 0, with_spent, level == 1) for level in (0, 1, 2)
            for with_spent in (False, True)}


def etag(user, module, kind):
    """The entity tag of module/view or module/list of `module` for `user` (one query). The view's and the tree's
    read the spent time and plan of the module's subtree too (time is logged without a feed entry); the view's
    leaves them for load_view, which then does not sum them again."""
    with_spent = kind != "list"
    last_id, people_at, watch_at, *spent_on = read_rows(_CHANGES[min(module.level, 2), with_spent],
                                                        {"portal": scope_id(module.path),
                                                         "subtree": module.path + "%"}).one()
    if kind == "view" and has_request_context():  # the view about to be built takes them (load_view)
        _n, minutes, _updated, planned_pm, hours_per_pm = spent_on
        request.environ[_SPENT_READ] = (module.id, minutes, planned_pm, hours_per_pm)
    rights = sorted((mid, m.admin, m.allow_view, m.allow_create, m.allow_edit, m.allow_delete)
                    for mid, m in perm.user_memberships(user).items())
    raw = (f"{PAYLOAD}|{kind}|{module.id}|{user.id}|{user.is_superuser}|{last_id}|{people_at}|{watch_at}|{rights}"
           f"|{spent_on}"
           f"|{perm.token_scope_key(user)}")  # an API token's scope changes the links offered
    return hashlib.sha256(raw.encode()).hexdigest()[:32]


def list_children(user, module_id):
    module = visible_module(user, module_id)
    children = read_rows(_CHILDREN, {"parent": module.id}).all()
    return rows_of(user, children, parent_rights={module.id: perm.rights(user, module)}, ids=_children_ids(module))


_CHILDREN = row_select(Module.parent_id == bindparam("parent")).order_by(Module.idx, Module.id)  # built once


# --- a module's subtree as a tree (the tree table and the Gantt of a module's page) -----------------------------

TREE_CAP = 2000
# What a tree row carries beyond a list row's links: the Gantt reads a row's relations (an arrow clicked) and draws
# a new one from its bar (issue 42).
TREE_ROW_LINKS = ("relations", "add_relation")
DONE_STATUSES = ("COMPLETED", "VERIFIED_COMPLETE")
# The subtree below `:prefix` (the root left out), top down: a LIMIT keeps a huge subtree's read bounded (the
# answer then says `truncated`). Built once; the visibility clause, when the reader sees only parts, is added. Each
# row carries the minutes logged on it (issue 45), added up the tree in Python.
_SUBTREE = row_select(path_under_param(Module.path, "prefix"), Module.id != bindparam("root")) \
    .add_columns(spent.own_minutes().label("spent_own"))


def _rollups(rows):
    """{module id: roll-up} for every row with descendants among `rows` (ordered top down): how many of its
    descendants carry a deliverable (`total`), how many of them are done, their counts by status, and `flagged`
    when the module itself is done while some are open (spec: a Completed phase with a Blocked task warns)."""
    by_id = {m.id: m for m in rows}
    sums = {}
    for m in rows:
        if not m.d_id:
            continue
        p = m.parent_id
        while p in by_id:  # every ancestor inside the subtree, from the rows already read
            s = sums.setdefault(p, {"total": 0, "done": 0, "byStatus": {}})
            s["total"] += 1
            s["done"] += m.d_status in DONE_STATUSES
            s["byStatus"][m.d_status or ""] = s["byStatus"].get(m.d_status or "", 0) + 1
            p = by_id[p].parent_id
    for mid, s in sums.items():
        s["flagged"] = by_id[mid].d_status in DONE_STATUSES and s["done"] < s["total"]
    return sums


def _tree_order(rows, root_id):
    """[(row, depth)] of `rows` (level by level) depth first: each parent followed by its subtree, siblings by
    idx. A row whose parent is not among them (beyond the cap, or hidden from the reader) starts at depth 0, as
    the module's children do."""
    ids, kids = {m.id for m in rows}, {}
    for m in rows:
        kids.setdefault(m.parent_id if m.parent_id in ids else root_id, []).append(m)
    out, stack = [], [(m, 0) for m in reversed(kids.get(root_id, []))]
    while stack:
        m, depth = stack.pop()
        out.append((m, depth))
        stack.extend((k, depth + 1) for k in reversed(kids.get(m.id, [])))
    return out


def load_tree(user, module_id, type_=None, cap=TREE_CAP):
    """module/tree: the descendants of a module the user may view, depth first, as rows (module/list's) with
    their `depth` below the module, the tab each lives under on its parent's page, on every parent a `rollup` of
    its descendants (total, done, by status, flagged) and on every row the minutes logged on its subtree
    (`spentMinutes`, issue 45). With `type_`: only the rows of that type and the parents they sit under. At most
    `cap` modules are read (`truncated` says when more exist; then one query more reads the subtree's minutes, so
    the rows still count the time below the cut). The relations between two of the rows (issue 42: the Gantt's
    arrows). A fixed number of queries whatever the size of the subtree."""
    user = real(user)
    root = visible_module(user, module_id)
    visible = _visible_clause(user, root)
    stmt = _SUBTREE if visible is None else _SUBTREE.where(visible)
    read = read_rows(stmt.order_by(Module.level, Module.idx, Module.id).limit(cap + 1),
                     {"prefix": root.path + "%", "root": root.id}).all()
    truncated = len(read) > cap
    read = read[:cap]
    placed = _tree_order(read, root.id)
    ordered = [m for m, _ in placed]
    depth = {m.id: d for m, d in placed}
    sums = _rollups(ordered)
    minutes = spent.spread(root.path, read) if truncated else \
        spent.roll_up(ordered, {m.id: m.spent_own for m in read})
    if type_:
        keep = {m.id for m in ordered if m.type == type_}
        parent_of = {m.id: m.parent_id for m in ordered}
        for mid in list(keep):
            p = parent_of.get(mid)
            while p in parent_of and p not in keep:
                keep.add(p)
                p = parent_of[p]
        ordered = [m for m in ordered if m.id in keep]
    types = {m.id: m.type for m in read} | {root.id: root.type}
    ids = select(Module.id).where(path_under(Module.path, root.path), Module.id != root.id)
    out = rows_of(user, ordered, {root.id: perm.rights(user, root)}, ids=ids, more_links=TREE_ROW_LINKS)
    for row, m in zip(out, ordered):
        row["depth"] = depth[m.id]
        row["spentMinutes"] = minutes[m.id]
        row["tab"] = platforms.tab_under(m.platform, types.get(m.parent_id), m.type) or row["tab"]
        if m.id in sums:
            row["rollup"] = sums[m.id]
    from .relations import between  # (relations and scheduling read modules' helpers)
    from .scheduling import annotate
    rels = between(ids, {m.id for m in ordered})
    planning = annotate(out, ordered, rels, root)
    return {"moduleId": root.id, "rows": out, "truncated": truncated, "cap": cap, "relations": rels,
            "planning": planning}


def subtree_query(module):
    return select(Module.id).where(path_under(Module.path, module.path))


# --- the tasks of a subtree (tasks-all, the portal's task lists): paged, filtered and sorted in SQL -----------

TASK_SORTS = ("tree", "name", "status", "owner", "deadline", "startDate", "project", "id", "spent")
STATUSES = tuple(name for name, _ in DELIVERABLE_STATUSES)


def detailed_list_by_type(user, type_, module_id, page, filters):
    """One page of the modules of `type_` below `module_id` that the user may view, with their deliverable,
    checklist state, parent, project and entry module (the portal) and the minutes logged on its subtree
    (`spentMinutes`, issue 45): filtered (status, owner, a deadline range, text in the name), sorted and counted
    in SQL. Rights are decided in the query: the subtree of every module where the user's memberships give view
    (all of it for a superuser or a viewer of the root)."""
    root = visible_module(user, module_id)
    shape = _TaskShape(min(root.level, 2), page.key or "tree", page.descending,
                       *(bool(filters.get(k)) for k in ("status", "owner", "from", "to")), bool(page.q),
                       db.session.get_bind().dialect.name == "postgresql")
    visible = _visible_clause(user, root)
    count, ids = _task_statements(shape) if visible is None else _build_task_statements(shape, visible)
    params = {"prefix": root.path + "%", "type": type_, "root": root.id, "status": filters.get("status") or [],
              "owner": filters.get("owner"), "from": filters.get("from"), "to": filters.get("to"),
              "q": f"%{page.q.lower()}%" if page.q else None, "limit": page.per_page, "offset": page.offset}
    total = read_rows(count, params).scalar()
    ids = read_rows(ids, params).scalars().all()
    rank = {mid: i for i, mid in enumerate(ids)}
    rows = sorted(read_rows(_ROWS_BY_ID, {"ids": ids}).all(), key=lambda m: rank[m.id]) if ids else []
    out = task_rows(user, rows)
    for row, m in zip(out, rows):
        row["spentMinutes"] = m.spent
    return out, total


def task_rows(user, rows):
    """`rows` (row_select() rows) as task rows: rows_of's (the checklist: two queries) with each one's parent,
    project, entry module (the portal), breadcrumb and ancestors, from one query more (the ancestors' names),
    whatever the number of rows. The task lists, My work and the calendar's items (services/my_work.py,
    services/calendar_items.py)."""
    out = rows_of(user, rows)
    needed = {p for m in rows for p in path_ids(m.path)[:-1]}
    context = {a.id: a for a in read_rows(_NAMES_BY_ID, {"ids": list(needed)})} if needed else {}
    for row, m in zip(out, rows):
        ancestors = [context[p] for p in path_ids(m.path)[:-1] if p in context]
        parent = context.get(m.parent_id)
        project = next((a for a in ancestors if a.type == "4rineu_project"), None)
        entry = next((a for a in ancestors if a.level == 1), None)
        check = row["checklist"]
        if parent is not None:
            row["tab"] = platforms.tab_under(m.platform, parent.type, m.type) or row["tab"]
        row.update({"completed": bool(check and check["completed"]),
                    "parentName": parent.name if parent else None,
                    "projectId": project.id if project else None, "projectName": project.name if project else None,
                    "entryId": entry.id if entry else None, "entryName": entry.name if entry else None,
                    "breadcrumb": [a.name for a in ancestors if a.level >= 1],
                    "ancestors": _present_trail(ancestors)})
    return out


# Built once: a page of rows by id (with the minutes of each one's subtree, issue 45), and the names of their
# ancestors.
_ROWS_BY_ID = row_select(ids=bindparam("ids", expanding=True)).add_columns(spent.subtree_minutes().label("spent"))
_NAMES_BY_ID = select(Module.id, Module.name, Module.type, Module.platform, Module.level) \
    .where(Module.id.in_(bindparam("ids", expanding=True)))


@dataclass(frozen=True)
class _TaskShape:
    """What the statements of a task list depend on (the values are their parameters)."""
    level: int   # the root's, 2 for any below a project
    key: str
    descending: bool
    status: bool
    owner: bool
    since: bool
    until: bool
    text: bool
    by_parent: bool = False  # tree order parent by parent (PostgreSQL: LATERAL), see _tree_by_parent


@functools.lru_cache(maxsize=256)
def _task_statements(shape):
    """The count and the page of a task list where the reader sees the whole subtree: built once per shape."""
    return _build_task_statements(shape, None)


def _build_task_statements(shape, visible):
    """(count, page of ids) of the modules of `:type` below the module `:root` (path pattern `:prefix`) that
    `visible` (SQL, None: all) lets the reader see, filtered, sorted and paged (`:limit`, `:offset`). The page is
    chosen on ids alone (the deliverable and owner are joined only when a filter or the sort needs them); the
    rows of that page are then read whole, so the heavy columns are read for one page only."""
    key = shape.key
    q = select(Module.id).where(path_under_param(Module.path, "prefix"), Module.type == bindparam("type"),
                                Module.id != bindparam("root"), *([] if visible is None else [visible]))
    needs_deliverable = shape.status or shape.owner or shape.since or shape.until or \
        key in ("status", "owner", "deadline", "startDate")
    if needs_deliverable:
        q = q.outerjoin(Deliverable, Deliverable.module_id == Module.id)
    if shape.status:
        q = q.where(Deliverable.status.in_(bindparam("status", expanding=True)))
    if shape.owner:
        q = q.where(Deliverable.owner_id == bindparam("owner"))
    if shape.since:
        q = q.where(Deliverable.deadline >= bindparam("from"))
    if shape.until:
        q = q.where(Deliverable.deadline <= bindparam("to"))
    if shape.text:
        q = q.where(func.lower(Module.name).like(bindparam("q")))
    count = select(func.count()).select_from(q.subquery())
    last = Module.id
    if key == "tree" and shape.by_parent:
        return count, _paged(_tree_by_parent(q, shape))
    if key in ("tree", "project"):
        # Tree order: by entry module (portal), project, parent and position, each by its idx among its
        # siblings. The matches are read once (materialized) and only their parents are joined: joined as a table,
        # the parent side made PostgreSQL hash the whole module table for every page.
        t = q.add_columns(Module.parent_id, Module.idx, Module.path).cte("t").prefix_with("MATERIALIZED")
        parent_ = aliased(Module)
        parent = select(parent_.id, parent_.level, parent_.idx).where(parent_.id.in_(select(t.c.parent_id))) \
            .subquery("parent")
        q, cols = _by_entry_and_project(select(t.c.id).select_from(t).outerjoin(parent, parent.c.id == t.c.parent_id),
                                        t.c.path, shape)
        cols += [parent.c.level, parent.c.idx, parent.c.id, t.c.idx]
        last = t.c.id
    elif key == "owner":
        q = q.outerjoin(_OWNER, _OWNER.id == Deliverable.owner_id)
        cols = [func.lower(_OWNER.name)]
    else:
        cols = {"name": [func.lower(Module.name)], "status": [Deliverable.status],
                "deadline": [Deliverable.deadline], "startDate": [Deliverable.start_date], "id": [Module.id],
                # the minutes of each match's subtree (0 when none: last when descending)
                "spent": [spent.subtree_minutes()]}[key]
    order = [(col.desc() if shape.descending else col.asc()) for col in cols]
    if key in ("deadline", "startDate", "status", "owner"):
        order = [o.nulls_last() for o in order]
    return count, _paged(q.order_by(*order, last))


def _paged(stmt):
    return stmt.limit(bindparam("limit", type_=Integer)).offset(bindparam("offset", type_=Integer))


def _by_entry_and_project(q, path, shape):
    """`q` joined to the entry module (portal) and the project of `path`, the ancestors at levels 1 and 2 (their
    ids are in the path), and their sort keys: (q, [columns]). Below a portal its entry is that portal and its
    projects are the root's children, so the joins stay small; the 'project' sort goes by the project's name first."""
    entry, project = aliased(Module), aliased(Module)
    cols = []
    if shape.level < 1:
        q = q.outerjoin(entry, entry.id == _path_part(path, 1))
        cols += [entry.idx.label("entry_idx"), entry.id.label("entry_id")]
    if shape.level < 2:
        on = project.id == _path_part(path, 2)
        q = q.outerjoin(project, and_(on, project.parent_id == bindparam("root")) if shape.level == 1 else on)
        cols += [func.lower(project.name).label("project_name")] if shape.key == "project" else []
        cols += [project.idx.label("project_idx"), project.id.label("project_id")]
    return q, cols


def _tree_by_parent(q, shape):
    """The page of `q` in tree order, read parent by parent: the parents of the matches (their ids from the
    type-and-path index) are put in order first, then each one's matches follow in their own order (LATERAL), so
    PostgreSQL sorts incrementally and stops at the page's end instead of joining and sorting every match. The
    order is the one of the joined form in _build_task_statements: the entry and project come from the parent's
    path, which starts with the match's own for every match below a project (and the parent's idx and id order
    the matches of the levels above the same way)."""
    parent = aliased(Module)
    matches = q.with_only_columns(Module.parent_id).subquery("matches")
    # = ANY(array): one InitPlan and the parents read by id (as IN, PostgreSQL expected thousands of parents and
    # scanned the whole table for them)
    parent_ids = cast(select(func.array_agg(distinct(matches.c.parent_id))).scalar_subquery(), ARRAY(Integer))
    parents, cols = _by_entry_and_project(
        select(parent.id, parent.level, parent.idx).where(parent.id == any_(parent_ids)), parent.path, shape)
    # Materialized: the parents are ordered before their matches are read (inlined, the project was joined to
    # every match instead)
    par = parents.add_columns(*cols).cte("par").prefix_with("MATERIALIZED")

    def in_order(keys):
        return [(k.desc() if shape.descending else k.asc()) for k in keys]
    par_keys = [c.name for c in cols] + ["level", "idx", "id"]
    par = select(par).order_by(*in_order(par.c[k] for k in par_keys)).subquery("ordered")  # the sort is incremental
    t = q.with_only_columns(Module.id, Module.idx).where(Module.parent_id == par.c.id).lateral("t")
    return select(t.c.id).select_from(par).join(t, true()) \
        .order_by(*in_order([par.c[k] for k in par_keys] + [t.c.idx]), t.c.id)


def _present_trail(ancestors):
    """The ancestors of a task row from its entry module (level 1) down to its parent, each with the tab it lives
    under in its own parent's page (the skeleton rule of the two types): what a link to the row's page over its
    real parent needs (the parent's page, the parent's parent, ...). Read from the rows already loaded."""
    out = []
    for above, a in zip([None] + ancestors, ancestors):
        if a.level < 1:
            continue
        label, _, tab = platforms.type_names(a)
        if above is not None:
            tab = platforms.tab_under(a.platform, above.type, a.type) or tab
        out.append({"id": a.id, "name": a.name, "type": a.type, "typeLabel": label, "level": a.level, "tab": tab})
    return out


def _path_part(path, level):
    """SQL: the id of the ancestor at `level` in a materialized path ('/root/portal/project/...'); split_part is
    PostgreSQL's, and transactions.py gives SQLite the same function."""
    return cast(func.nullif(func.split_part(path, "/", level + 2), ""), Integer)


def _visible_clause(user, root):
    """SQL: the module is one the user may view, below `root` (which they view); None when that is all of the
    subtree. A superuser, or someone who views `root` through a membership on it or an ancestor, sees the whole
    subtree; otherwise only the subtrees of the memberships below it that give view."""
    if user.is_superuser:
        return None
    mine = perm.user_memberships(user)
    if any(mid in mine and (mine[mid].allow_view or mine[mid].admin) for mid in path_ids(root.path)):
        return None
    roots = db.session.scalars(select(Module.path).join(Membership, Membership.module_id == Module.id).where(
        Membership.user_id == user.id, path_under(Module.path, root.path),
        (Membership.allow_view | Membership.admin))).all()
    if not roots:
        return false()
    return or_(*[path_under(Module.path, p) for p in roots])


def entry_modules(user):
    """The modules a user enters by: every portal for a superuser, otherwise the highest modules
    the user can view (usually portals)."""
    if user.is_superuser:
        bound = perm.token_portal(user)  # a superuser's portal-bound API token enters by that portal only
        mods = db.session.execute(row_select(Module.level == 1, *([Module.id == bound] if bound else []))
                                  .order_by(Module.platform, Module.idx, Module.id)).all()
    else:
        mine = perm.user_memberships(user)
        ids = [mid for mid, m in mine.items() if m.allow_view or m.admin]
        cands = db.session.execute(row_select(ids=ids)).all() if ids else []
        viewable = {m.id for m in cands}
        mods = [m for m in cands if not any(a in viewable for a in path_ids(m.path)[:-1])
                and m.level > 0]
        mods.sort(key=lambda m: (m.platform, m.level, m.idx, m.id))
    return rows_of(user, mods, checklist_fields={})


def platform_roots(user):
    roots = db.session.scalars(select(Module).where(Module.level == 0).order_by(Module.id)).all()
    if not user.is_superuser:
        reachable = {m["platform"] for m in entry_modules(user)}
        roots = [r for r in roots if r.platform in reachable]
    return [{**present_ancestor(r), "platform": r.platform} for r in roots]


# --- changing the tree -----------------------------------------------------------------------------

def allowed_child(parent, type_):
    rule = next((r for r in platforms.child_rules(parent) if r.child_type == type_), None)
    if rule is None:
        allowed = ", ".join(r.child_type for r in platforms.child_rules(parent)) or _("none")
        raise BadRequest(_("A module of type '%(type)s' cannot be added under a %(parent)s (allowed here: %(allowed)s)",
                           type=type_, parent=translate(platforms.type_label(parent)), allowed=allowed))
    return rule


def create(user, parent, type_, data):
    rule = allowed_child(parent, type_)
    last = db.session.scalar(select(func.max(Module.idx)).where(Module.parent_id == parent.id))
    module = Module(parent_id=parent.id, name=data["name"], description=data.get("description") or "",
                    type=type_, platform=parent.platform, level=parent.level + 1,
                    idx=(last + 1) if last is not None else 0, created_by_id=user.id, path=parent.path)
    db.session.add(module)
    db.session.flush()
    module.path = f"{parent.path}{module.id}/"
    if type_ == PORTAL:
        add_default_fields(module)
    watching.auto([user.id], module, "created")  # its creator watches it
    feed.record(user, module, "add", "module",
                said(N_("Created %(label)s '%(name)s'"), label=said(rule.label), name=module.name), item=module.id,
                data={"parentId": parent.id, "name": module.name})
    db.session.commit()
    return module


def add_default_fields(portal):
    """Every portal gets the checklist field its tasks are ticked with."""
    field = CustomField(module_id=portal.id, attribute="checklist_status", label="Completed", type="PICKLIST")
    db.session.add(field)
    db.session.flush()
    db.session.add_all([PicklistOption(field_id=field.id, value="not_completed", label="Not completed", idx=0),
                        PicklistOption(field_id=field.id, value="completed", label="Completed", idx=1)])


def update(user, module, data):
    check_version(module, data, lambda: load_view(user, module.id))
    changes = [k for k in ("name", "description") if k in data and getattr(module, k) != (data[k] or "")]
    before = {k: getattr(module, k) for k in changes}
    module.name = data["name"]
    module.description = data.get("description") or ""
    label = said(platforms.type_label(module))
    feed.record(user, module, "edit", "module",
                said(N_("Edited %(label)s '%(name)s' (%(changes)s)"), label=label, name=module.name,
                     changes=[said(c) for c in changes]) if changes else
                said(N_("Edited %(label)s '%(name)s'"), label=label, name=module.name),
                item=module.id, data={"parentId": module.parent_id, "changed": changes, "before": before,
                                      "after": {k: getattr(module, k) for k in changes}})
    db.session.commit()
    return module


def set_locked(user, module, locked):
    module.locked = locked
    feed.record(user, module, "lock" if locked else "unlock", "module",
                said(N_("Locked %(label)s '%(name)s'"), label=said(platforms.type_label(module)), name=module.name)
                if locked else
                said(N_("Unlocked %(label)s '%(name)s'"), label=said(platforms.type_label(module)), name=module.name),
                item=module.id, data={"parentId": module.parent_id, "name": module.name})
    db.session.commit()
    return module


def reindex(user, module, previous_id):
    """Move `module` right after sibling `previous_id` (0: first) and renumber the siblings."""
    parent = get_module(module.parent_id) if module.parent_id else None
    if parent is None or module.level < 2:
        raise BadRequest(_("This module cannot be moved"))
    perm.require(user, parent, "edit")
    lock_row(Module, parent.id)  # concurrent moves among these siblings take turns
    # populate_existing: the moved module was loaded before the lock; its idx must be what the previous holder
    # committed, or a renumbering that looks unneeded is skipped and two siblings share an idx.
    siblings = db.session.scalars(select(Module).where(Module.parent_id == parent.id)
                                  .order_by(Module.idx, Module.id)
                                  .execution_options(populate_existing=True)).all()
    order = [s for s in siblings if s.id != module.id]
    if previous_id == 0:
        pos = 0
    else:
        pos = next((i + 1 for i, s in enumerate(order) if s.id == previous_id), None)
        if pos is None:
            raise NotFound(_("The previous module is not a sibling of this one"))
    order.insert(pos, module)
    for i, s in enumerate(order):  # a position is no change of content: no version bump (a plain UPDATE)
        if s.idx != i:
            db.session.execute(sql_update(Module.__table__).where(Module.__table__.c.id == s.id).values(idx=i))
    feed.record(user, parent, "move", "module",
                said(N_("Moved '%(name)s' to position %(position)s"), name=module.name, position=pos + 1),
                item=module.id,
                data={"name": module.name, "position": pos + 1})
    db.session.commit()
    return module


def delete_subtree(user, module):
    """Delete the module, its descendants and everything they carry; files leave the disk after commit."""
    parent = get_module(module.parent_id)
    label = platforms.type_label(module)
    ids = subtree_query(module).scalar_subquery()
    gone = db.session.scalars(subtree_query(module)).all()
    from ..models import FileVersion, VaultFile
    from .documents.work import text_name
    current = db.session.execute(select(VaultFile.stored_name, VaultFile.thumb)
                                 .where(VaultFile.module_id.in_(ids))).all()
    stored = [("files", n) for n, _ in current] + [("texts", text_name(n)) for n, _ in current] \
        + [("thumbs", t) for _, t in current if t]
    stored += [("files", n) for n in db.session.scalars(select(FileVersion.stored_name)
                                                         .where(FileVersion.module_id.in_(ids)))]
    stored += [("logos", n) for n in db.session.scalars(select(Brand.logo).where(Brand.module_id.in_(ids),
                                                                                  Brand.logo.is_not(None)))]
    for model in MODULE_OWNED:
        if model is CustomField:
            field_ids = select(CustomField.id).where(CustomField.module_id.in_(ids)).scalar_subquery()
            db.session.execute(CustomValue.__table__.delete().where(CustomValue.field_id.in_(field_ids)))
            db.session.execute(PicklistOption.__table__.delete().where(PicklistOption.field_id.in_(field_ids)))
        if "parent_id" in model.__table__.c:
            # Articles and comments nest: unlinked first, no ON DELETE CASCADE runs down a chain (SQLite stops at
            # 1,000 levels of it, and legacy trees are deeper).
            db.session.execute(model.__table__.update().where(model.module_id.in_(ids), model.parent_id.is_not(None))
                               .values(parent_id=None))
        db.session.execute(model.__table__.delete().where(model.module_id.in_(ids)))
    # Children before parents keeps the self-reference valid on every database.
    db.session.execute(Module.__table__.update().where(Module.id.in_(ids)).values(parent_id=None))
    db.session.execute(Module.__table__.delete().where(path_under(Module.path, module.path)))
    if parent is not None:
        feed.record(user, parent, "delete", "module",
                    said(N_("Deleted %(label)s '%(name)s'"), label=said(label), name=module.name), item=module.id,
                    data={"deleted": gone[:1000], "name": module.name, "descendants": len(gone) - 1})
    db.session.commit()
    db.session.expunge_all()
    storage.remove_later(stored)
