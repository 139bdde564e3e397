"""The module tree: loading a module with everything its page shows in a fixed number of
queries, and the tree operations (add, edit, move, delete a subtree)."""
from sqlalchemy import func, select

from .. import permissions as perm
from ..errors import BadRequest, NotFound
from ..extensions import db
from ..models import MODULE_OWNED, Brand, CustomField, CustomValue, Deliverable, Membership, Module, PicklistOption
from . import feed, storage
from .platforms import PORTAL


def get_module(module_id):
    return db.session.get(Module, module_id)


def visible_module(user, module_id, action="view"):
    """The module if the user may do `action` on it: 404 if unseen, 403 if not allowed, 423 if locked."""
    module = get_module(module_id)
    perm.require(user, module, action)
    return module


# --- presenting ---------------------------------------------------------------------------------

def _child_counts(ids):
    if not ids:
        return {}
    rows = db.session.execute(select(Module.parent_id, func.count(Module.id))
                              .where(Module.parent_id.in_(ids)).group_by(Module.parent_id))
    return dict(rows.all())


def _fields_for(user, modules, defining_ids, attribute=None):
    """customFields of each module: fields defined on its ancestors or itself, with its own values.
    Three queries whatever the number of modules (fields, their options, values)."""
    if not modules:
        return
    q = select(CustomField).where(CustomField.module_id.in_(defining_ids))
    if attribute:
        q = q.where(CustomField.attribute == attribute)
    fields_ = db.session.scalars(q.order_by(CustomField.idx, CustomField.id)).all()
    values = db.session.scalars(select(CustomValue).where(
        CustomValue.module_id.in_([m.id for m in modules]),
        CustomValue.field_id.in_([f.id for f in fields_]) if fields_ else False).order_by(CustomValue.id)).all() \
        if fields_ else []
    by_module = {}
    for v in values:
        by_module.setdefault((v.module_id, v.field_id), []).append(v)
    for m in modules:
        path_ids = {int(p) for p in m.path.strip("/").split("/") if p}
        r = perm.rights(user, m)
        out = []
        for f in fields_:
            if f.module_id not in path_ids or (f.target_type and f.target_type != m.type):
                continue
            view = _FieldView(f, m.id, by_module.get((m.id, f.id), []))
            view._links = perm.custom_field_links(m, f, view._values, r)
            for v in view._values:
                v._links = perm.custom_value_links(m, v, r)
            out.append(view)
        m._custom_fields = out


class _FieldView:
    """A custom field as seen from one module (the same field serves many modules)."""
    def __init__(self, field, module_id, values):
        self._f = field
        self._for_module = module_id
        self._values = values

    def __getattr__(self, name):
        return getattr(self._f, name)


def decorate(user, modules, parent_rights=None, with_fields=True, field_attribute=None, full=()):
    """Attach type label, child count, deliverable, brand, custom fields and links: a fixed number of
    queries whatever the number of modules. `parent_rights` (a dict by parent id) adds reindex links."""
    if not modules:
        return modules
    ids = [m.id for m in modules]
    counts = _child_counts(ids)
    deliverables = {d.module_id: d for d in db.session.scalars(select(Deliverable).where(Deliverable.module_id.in_(ids)))}
    brands = {b.module_id: b for b in db.session.scalars(select(Brand).where(Brand.module_id.in_(ids)))}
    for m in modules:
        r = perm.rights(user, m)
        m._type_label = perm.type_label(m)
        m._label_plural = perm.type_plural(m)
        m._child_count = counts.get(m.id, 0)
        d = deliverables.get(m.id)
        if d is not None:
            d._links = perm.deliverable_links(user, m, d, r)
        m._deliverable = d
        b = brands.get(m.id)
        if b is not None:
            b._links = perm.brand_links(m, b, r)
        m._brand = b
        m._links = perm.module_links(user, m, r, has_deliverable=d is not None,
                                     parent_rights=(parent_rights or {}).get(m.parent_id), summary=m not in full)
    if with_fields:
        defining = set()
        for m in modules:
            defining.update(int(p) for p in m.path.strip("/").split("/") if p)
        _fields_for(user, modules, defining, field_attribute)
    return modules


def load_view(user, module_id):
    """A module with ancestors, children, memberships, custom fields, brand and deliverable."""
    module = visible_module(user, module_id)
    ancestors = db.session.scalars(select(Module).where(Module.id.in_(module.ancestor_ids))).all()
    ancestors.sort(key=lambda a: a.level)
    children = db.session.scalars(select(Module).where(Module.parent_id == module.id)
                                  .order_by(Module.idx, Module.id)).all()
    r = perm.rights(user, module)
    decorate(user, [module] + children, parent_rights={module.id: r}, full=(module,))
    for a in ancestors:
        a._type_label = perm.type_label(a)
    module._ancestors = [a for a in ancestors if a.level > 0]
    module._fqn = "/".join([a.name for a in module._ancestors] + [module.name])
    module._children = children
    module._memberships = memberships_of(user, module, r)
    module._child_types = perm.child_rules(module)
    return module


def memberships_of(user, module, r=None):
    """Direct memberships of the module, then those inherited from its ancestors."""
    rows = db.session.scalars(select(Membership).where(Membership.module_id.in_(module.ancestor_ids + [module.id]))
                              .order_by(Membership.id)).all()
    r = r or perm.rights(user, module)
    direct = [m for m in rows if m.module_id == module.id]
    inherited = [m for m in rows if m.module_id != module.id]
    for m in direct:
        m._inherited = False
        m._links = perm.membership_links(user, module, m, r)
    for m in inherited:
        m._inherited = True
        m._links = {}
    return direct + inherited


def list_children(user, module_id):
    module = visible_module(user, module_id)
    children = db.session.scalars(select(Module).where(Module.parent_id == module.id)
                                  .order_by(Module.idx, Module.id)).all()
    return decorate(user, children, parent_rights={module.id: perm.rights(user, module)})


def subtree_query(module):
    return select(Module.id).where(Module.path.like(module.path + "%"))


def detailed_list_by_type(user, type_, module_id):
    root = visible_module(user, module_id)
    rows = db.session.scalars(select(Module).where(Module.path.like(root.path + "%"), Module.type == type_,
                                                   Module.id != root.id)
                              .order_by(Module.level, Module.parent_id, Module.idx, Module.id)).all()
    decorate(user, rows, field_attribute="checklist_status")
    needed = set()
    for m in rows:
        needed.update(m.ancestor_ids)
    context = {a.id: a for a in db.session.scalars(select(Module).where(Module.id.in_(needed)))} if needed else {}
    for m in rows:
        parent = context.get(m.parent_id)
        m._parent_name = parent.name if parent else None
        project = next((context[i] for i in m.ancestor_ids if i in context and context[i].type == "4rineu_project"),
                       None)
        m._project_id = project.id if project else None
        m._project_name = project.name if project else None
        check = next((f for f in m._custom_fields if f.attribute == "checklist_status"), None)
        m._completed = bool(check and check._values and check._values[0].stringval == "completed")
    return rows


def entry_modules(user):
    """The modules a user enters by: every portal for a superuser, otherwise the highest modules
    the user can view (usually portals)."""
    if user.is_superuser:
        mods = db.session.scalars(select(Module).where(Module.level == 1).order_by(Module.platform, Module.idx,
                                                                                   Module.id)).all()
    else:
        mine = perm.user_memberships(user)
        ids = [mid for mid, m in mine.items() if m.allow_view or m.admin]
        cands = db.session.scalars(select(Module).where(Module.id.in_(ids))).all() if ids else []
        viewable = {m.id for m in cands}
        mods = [m for m in cands if not any(a in viewable for a in m.ancestor_ids) and m.level > 0]
        mods.sort(key=lambda m: (m.platform, m.level, m.idx, m.id))
    return decorate(user, mods, with_fields=False)


def platform_roots(user):
    roots = db.session.scalars(select(Module).where(Module.level == 0).order_by(Module.id)).all()
    if not user.is_superuser:
        reachable = {m.platform for m in entry_modules(user)}
        roots = [r for r in roots if r.platform in reachable]
    for r in roots:
        r._type_label = perm.type_label(r)
    return roots


# --- changing the tree -----------------------------------------------------------------------------

def allowed_child(parent, type_):
    rule = next((r for r in perm.child_rules(parent) if r.child_type == type_), None)
    if rule is None:
        allowed = ", ".join(r.child_type for r in perm.child_rules(parent)) or "none"
        raise BadRequest(f"A module of type '{type_}' cannot be added under a {perm.type_label(parent)} "
                         f"(allowed here: {allowed})")
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
    feed.record(user, module, "add", "module", f"Created {rule.label} '{module.name}'")
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
    changes = [k for k in ("name", "description") if k in data and getattr(module, k) != (data[k] or "")]
    module.name = data["name"]
    module.description = data.get("description") or ""
    feed.record(user, module, "edit", "module",
                f"Edited {perm.type_label(module)} '{module.name}'" + (f" ({', '.join(changes)})" if changes else ""))
    db.session.commit()
    return module


def set_locked(user, module, locked):
    module.locked = locked
    feed.record(user, module, "lock" if locked else "unlock", "module",
                f"{'Locked' if locked else 'Unlocked'} {perm.type_label(module)} '{module.name}'")
    db.session.commit()
    return module


def reindex(user, module, previous_id):
    """Move `module` right after sibling `previous_id` (0: first) and renumber the siblings."""
    parent = get_module(module.parent_id) if module.parent_id else None
    if parent is None or module.level < 2:
        raise BadRequest("This module cannot be moved")
    perm.require(user, parent, "edit")
    siblings = db.session.scalars(select(Module).where(Module.parent_id == parent.id)
                                  .order_by(Module.idx, Module.id)).all()
    order = [s for s in siblings if s.id != module.id]
    if previous_id == 0:
        pos = 0
    else:
        pos = next((i + 1 for i, s in enumerate(order) if s.id == previous_id), None)
        if pos is None:
            raise NotFound("The previous module is not a sibling of this one")
    order.insert(pos, module)
    for i, s in enumerate(order):
        if s.idx != i:
            s.idx = i
    feed.record(user, parent, "move", "module", f"Moved '{module.name}' to position {pos + 1}")
    db.session.commit()
    return module


def delete_subtree(user, module):
    """Delete the module, its descendants and everything they carry; files leave the disk after commit."""
    parent = get_module(module.parent_id)
    label = perm.type_label(module)
    ids = subtree_query(module).scalar_subquery()
    from ..models import FileVersion, VaultFile
    stored = [("files", n) for n in db.session.scalars(select(VaultFile.stored_name).where(VaultFile.module_id.in_(ids)))]
    stored += [("files", n) for n in db.session.scalars(select(FileVersion.stored_name)
                                                         .where(FileVersion.module_id.in_(ids)))]
    stored += [("logos", n) for n in db.session.scalars(select(Brand.logo).where(Brand.module_id.in_(ids),
                                                                                  Brand.logo.is_not(None)))]
    for model in MODULE_OWNED:
        if model is CustomField:
            field_ids = select(CustomField.id).where(CustomField.module_id.in_(ids)).scalar_subquery()
            db.session.execute(CustomValue.__table__.delete().where(CustomValue.field_id.in_(field_ids)))
            db.session.execute(PicklistOption.__table__.delete().where(PicklistOption.field_id.in_(field_ids)))
        db.session.execute(model.__table__.delete().where(model.module_id.in_(ids)))
    # Children before parents keeps the self-reference valid on every database.
    db.session.execute(Module.__table__.update().where(Module.id.in_(ids)).values(parent_id=None))
    db.session.execute(Module.__table__.delete().where(Module.path.like(module.path + "%")))
    if parent is not None:
        feed.record(user, parent, "delete", "module", f"Deleted {label} '{module.name}'")
    db.session.commit()
    db.session.expunge_all()
    storage.remove_later(stored)
