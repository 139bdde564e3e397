"""Relations between two modules of one portal (issue 42, point 1): finish-to-start, start-to-start,
finish-to-finish and start-to-finish with a lag in working days, 'blocks' and 'relates to'.

One row per pair, whichever way it points. A relation is added, changed or removed by someone who holds the
content right on both ends (permissions.relation_error); it is listed to whoever views the module, and only when
its other end is visible to them: a hidden end is never named or counted, and its id answers 404. A relation that
would close a cycle (over the kinds with a direction) is refused with 422 naming it, hidden modules unnamed.
Writes in one portal queue on its row (transactions.lock_row), so two people cannot close a cycle between them.
"""
from collections import deque

from sqlalchemy import and_, or_, select
from sqlalchemy.orm import aliased

from .. import links
from .. import permissions as perm
from ..errors import Conflict, Forbidden, Invalid, Locked, NotFound
from ..extensions import db
from ..i18n import N_, _, translate
from ..forms.planning import SIDE, side_of
from ..links import Ctx
from ..models import Module, Relation
from ..models.module import path_ids, path_under, scope_id
from ..models.planning import KINDS
from ..transactions import check_version, lock_row
from . import feed, platforms, scheduling
from .modules import get_module, real
from .sentences import said

# How a relation reads from each end: (kind, this module is `from`) -> words.
WORDS = {("FS", True): N_("precedes"), ("FS", False): N_("follows"), ("SS", True): N_("starts before"),
         ("SS", False): N_("starts after"), ("FF", True): N_("finishes before"), ("FF", False): N_("finishes after"),
         ("SF", True): N_("starts before the finish of"), ("SF", False): N_("finishes after the start of"),
         ("BLOCKS", True): N_("blocks"), ("BLOCKS", False): N_("is blocked by"),
         ("RELATES", True): N_("relates to"), ("RELATES", False): N_("relates to")}
DIRECTED = tuple(k for k in KINDS if k != "RELATES")
# The add form's choice of modules: this many at most (the Gantt draws a relation between any two bars).
MAX_CANDIDATES = 500
HIDDEN = N_("a module you cannot see")

_OTHER = aliased(Module)
_OTHER_COLUMNS = (_OTHER.id, _OTHER.name, _OTHER.path, _OTHER.type, _OTHER.platform, _OTHER.level, _OTHER.locked)


def _with_other(module_id):
    """The relations of a module with the module at their other end (one statement)."""
    return select(Relation, *_OTHER_COLUMNS).join(_OTHER, or_(
        and_(Relation.from_id == module_id, _OTHER.id == Relation.to_id),
        and_(Relation.to_id == module_id, _OTHER.id == Relation.from_id))).order_by(Relation.id)


def listing(user, module):
    """module's relations whose other end the user sees (one query; rights from the memberships already read)."""
    user = real(user)
    r = perm.rights(user, module)
    out = []
    for rel, *other in db.session.execute(_with_other(module.id)).all():
        other = _Other(*other)
        other_r = perm.rights(user, other)
        if other_r.view:
            out.append(present(user, module, r, rel, other, other_r))
    return out


class _Other:
    __slots__ = ("id", "name", "path", "type", "platform", "level", "locked")

    def __init__(self, *values):
        for name, value in zip(self.__slots__, values):
            setattr(self, name, value)


def present(user, module, r, rel, other, other_r):
    outgoing = rel.from_id == module.id
    return {"id": rel.id, "version": rel.version, "kind": rel.kind, "side": side_of(rel.kind, outgoing),
            "words": translate(WORDS[(rel.kind, outgoing)]), "lag": rel.lag, "fromId": rel.from_id, "toId": rel.to_id,
            "outgoing": outgoing, "created": rel.created,
            "other": {"id": other.id, "name": other.name, "type": other.type,
                      "typeLabel": platforms.type_names(other)[0],
                      "links": links.of("module", Ctx(user, other, other_r), only=("view",))},
            "links": links.of("relation", Ctx(user, module, r, rel, other=other, other_r=other_r))}


def between(ids, shown):
    """The relations whose two ends are among `shown` (ids the reader sees), read in one query among those of
    the modules of `ids` (a SELECT of the subtree's ids): what a Gantt of those rows draws."""
    q = select(Relation.id, Relation.from_id, Relation.to_id, Relation.kind, Relation.lag) \
        .where(Relation.from_id.in_(ids), Relation.to_id.in_(ids)).order_by(Relation.id)
    return [{"id": r.id, "fromId": r.from_id, "toId": r.to_id, "kind": r.kind, "lag": r.lag}
            for r in db.session.execute(q) if r.from_id in shown and r.to_id in shown]


def _raise(err, what="Module"):
    if err is NotFound:
        raise NotFound(_("Relation not found") if what == "Relation" else _("Module not found"))
    if err is Locked:
        raise Locked(_("Module is locked"))
    if err is not None:
        raise Forbidden(_("Changing a relation needs the right to edit both modules"))


def get(user, module, relation_id, action="view"):
    """The relation of `module` with this id, its other end and the user's rights there: 404 unless the user sees
    both ends; for a change, 403 or 423 unless both may be edited."""
    user = real(user)
    rel = db.session.get(Relation, relation_id)
    if rel is None or module.id not in (rel.from_id, rel.to_id):
        raise NotFound(_("Relation not found"))
    other = get_module(rel.to_id if rel.from_id == module.id else rel.from_id)
    other_r = perm.rights(user, other)
    if not other_r.view:
        raise NotFound(_("Relation not found"))
    if action != "view":
        _raise(perm.relation_error(perm.rights(user, module), module, other_r, other), "Relation")
    return rel, other, other_r


def _ends(module, other, side):
    """(from, to, kind) of a relation chosen from `module`'s side, after the rules about the pair."""
    kind, outgoing = SIDE[side]
    if other.id == module.id:
        raise Invalid(errors={"other": [_("Choose another module")]})
    if scope_id(other.path) != scope_id(module.path) or min(module.level, other.level) < 2:
        raise Invalid(errors={"other": [_("Choose a project, or a module in one, of the same portal")]})
    if kind in DIRECTED and (other.id in path_ids(module.path) or module.id in path_ids(other.path)):
        raise Invalid(errors={"other": [_("A module cannot depend on a module above or below it")]})
    return (module, other, kind) if outgoing else (other, module, kind)


def _check_cycle(user, portal_id, frm, to, kind, field, excluding=None):
    """422 when the relation frm -> to closes a cycle of relations with a direction (a path back from `to` to
    `frm`), naming the modules on it (those the user cannot see, unnamed). One query for the portal's relations,
    one for the names when there is a cycle."""
    if kind not in DIRECTED:
        return
    q = select(Relation.from_id, Relation.to_id).where(Relation.portal_id == portal_id, Relation.kind.in_(DIRECTED))
    if excluding is not None:
        q = q.where(Relation.id != excluding)
    after = {}
    for a, b in db.session.execute(q):
        after.setdefault(a, []).append(b)
    came_from, todo = {to.id: None}, deque([to.id])
    while todo and frm.id not in came_from:
        at = todo.popleft()
        for nxt in after.get(at, ()):
            if nxt not in came_from:
                came_from[nxt] = at
                todo.append(nxt)
    if frm.id not in came_from:
        return
    chain, at = [], frm.id
    while at is not None:
        chain.append(at)
        at = came_from[at]
    chain.reverse()  # to ... frm
    ring = [frm.id] + chain  # frm -> to -> ... -> frm
    rows = {m.id: m for m in db.session.execute(
        select(Module.id, Module.name, Module.path).where(Module.id.in_(set(ring)))).all()}
    names = [rows[i].name if i in rows and perm.rights(user, rows[i]).view else translate(HIDDEN) for i in ring]
    raise Invalid(_("This relation would close a cycle"),
                  errors={field: [_("It would close a cycle: %(chain)s", chain=" → ".join(names))]})


def _described(rel, module):
    return WORDS[(rel.kind, rel.from_id == module.id)]


_RECORDED = {"add": N_("Added a relation: %(words)s another module"),
             "edit": N_("Changed a relation: %(words)s another module"),
             "delete": N_("Removed a relation: %(words)s another module")}


def _record(user, module, other, operation, rel):
    """A feed entry on both ends (each one's plan changes), naming neither (one end may be hidden from the other's
    readers)."""
    for end in (module, other):
        words = said(_described(rel, end))
        feed.record(user, end, operation, "relation", said(_RECORDED[operation], words=words), item=rel.id,
                    data={"kind": rel.kind, "lag": rel.lag, "from": rel.from_id, "to": rel.to_id})


def add(user, module, data):
    """A new relation from `module`'s side (the form's `other`, `kind`, `lag`); the module's content right was
    checked by the caller."""
    user = real(user)
    other = get_module(data["other"])
    if other is None:
        raise NotFound(_("Module not found"))
    other_r = perm.rights(user, other)
    _raise(perm.relation_error(perm.rights(user, module), module, other_r, other))
    frm, to, kind = _ends(module, other, data["kind"])
    portal_id = scope_id(module.path)
    lock_row(Module, portal_id)
    low, high = sorted((frm.id, to.id))
    if db.session.scalar(select(Relation.id).where(Relation.low_id == low, Relation.high_id == high)):
        raise Conflict(_("These two modules are already related: change that relation instead"),
                       errors={"other": [_("Already related to this module")]})
    _check_cycle(user, portal_id, frm, to, kind, "other")
    rel = Relation(portal_id=portal_id, from_id=frm.id, to_id=to.id, low_id=low, high_id=high, kind=kind,
                   lag=data.get("lag") or 0, created_by_id=user.id)
    db.session.add(rel)
    db.session.flush()
    _record(user, module, other, "add", rel)
    schedule = scheduling.after_change(user, frm)
    db.session.commit()
    return present(user, module, perm.rights(user, module), rel, other, other_r), schedule


def edit(user, module, rel, other, other_r, data):
    """Another kind, direction or lag for a relation (its two ends stay)."""
    user = real(user)
    r = perm.rights(user, module)
    check_version(rel, data, lambda: present(user, module, r, rel, other, other_r))
    frm, to, kind = _ends(module, other, data["kind"])
    lock_row(Module, rel.portal_id)
    _check_cycle(user, rel.portal_id, frm, to, kind, "kind", excluding=rel.id)
    rel.from_id, rel.to_id, rel.kind, rel.lag = frm.id, to.id, kind, data.get("lag") or 0
    db.session.flush()
    _record(user, module, other, "edit", rel)
    schedule = scheduling.after_change(user, frm)
    db.session.commit()
    return present(user, module, r, rel, other, other_r), schedule


def delete(user, module, rel, other):
    user = real(user)
    _record(user, module, other, "delete", rel)
    db.session.delete(rel)
    db.session.commit()


def candidates(user, module):
    """[(id, label)] the add form offers: modules of the same project (of the portal, for a project or a portal)
    the user may edit, not this module nor one above or below it, in tree order, each named after its parent
    ('Phase 0 › Task 2') where the parent is in the project; MAX_CANDIDATES at most."""
    user = real(user)
    ids = path_ids(module.path)
    scope = ids[2] if len(ids) > 3 else ids[1] if len(ids) > 1 else module.id
    scope_path = "/" + "/".join(str(i) for i in ids[:ids.index(scope) + 1]) + "/"
    rows = db.session.execute(
        select(Module.id, Module.name, Module.path, Module.level, Module.locked)
        .where(path_under(Module.path, scope_path), Module.level > 1, Module.id != module.id)
        .order_by(Module.path).limit(MAX_CANDIDATES * 4)).all()
    out, names = [], {}
    # Tree order by the ids along the path as numbers: as text, '/12/' sorts before '/9/'.
    for m in sorted(rows, key=lambda m: path_ids(m.path)):
        names[m.id] = m.name
        if m.id in ids or module.id in path_ids(m.path):
            continue
        if perm.MODULE_ACTIONS["content"](perm.rights(user, m), m) is None:
            parent = names.get(path_ids(m.path)[-2])  # tree order: a parent in the scope comes first
            out.append((m.id, f"{parent} › {m.name}" if parent else m.name))
        if len(out) == MAX_CANDIDATES:
            break
    return out
