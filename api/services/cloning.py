"""Cloning a module with its subtree and what it carries, and templates (clone configurations).

A clone costs a fixed number of queries whatever the size of the subtree: the source rows are read
with one query per table, ids for the new rows are reserved in one query per table (a sequence on
PostgreSQL, max(id) under the write lock on SQLite), the old -> new id maps are kept in Python, paths
and levels are recomputed from the target, and every table gets one bulk insert. Copied files get new
generated names on disk; their bytes and rows exist together or not at all.

A template's `config` (JSON text) is {"include": {flag: bool}, "shiftDays": int,
"exclude": [{"entityType": "module"|"article"|"file"|"reference", "entityId": int}, ...]}.
"""
import json
from datetime import timedelta
from types import SimpleNamespace

from sqlalchemy import func, select

from .. import links
from .. import permissions as perm
from ..errors import BadRequest, Invalid, NotFound
from ..i18n import N_, _, translate
from ..extensions import db
from .owned import get_owned
from ..forms.cloning import ENTITY_TYPES, INCLUDE_FLAGS
from ..models.module import path_ids, path_under, scope_id
from ..models import (Article, CloneConfig, CustomField, CustomValue, Deliverable, Membership, Module, PicklistOption,
                      Reference, Relation, VaultFile)
from ..links import Ctx
from ..models.base import utcnow
from ..presenting import user_name
from . import articles, feed, modules, platforms, sentences, storage
from .bulk import insert_rows, reserve_ids
from .sentences import said

INCLUDES = tuple(k for k, _ in INCLUDE_FLAGS)
DEFAULT_INCLUDE = {"children": True, "deliverables": True, "articles": True, "files": True, "references": True,
                   "members": False, "customValues": True}


# --- configuration ------------------------------------------------------------------------------------

def read_config(template):
    """The template's configuration, normalised (a damaged JSON text reads as the defaults)."""
    try:
        raw = json.loads(template.config or "{}")
    except ValueError:
        raw = {}
    raw = raw if isinstance(raw, dict) else {}
    inc = raw.get("include") if isinstance(raw.get("include"), dict) else {}
    include = {k: bool(inc.get(k, DEFAULT_INCLUDE[k])) for k in INCLUDES}
    try:
        shift = int(raw.get("shiftDays") or 0)
    except (TypeError, ValueError):
        shift = 0
    exclude = []
    for e in raw.get("exclude") or []:
        try:
            if e["entityType"] in ENTITY_TYPES:
                exclude.append({"entityType": e["entityType"], "entityId": int(e["entityId"])})
        except (TypeError, KeyError, ValueError):
            continue
    return {"include": include, "shiftDays": shift, "exclude": exclude}


def _write_config(template, cfg):
    template.config = json.dumps(cfg, sort_keys=True)


def _excluded_set(cfg):
    return {(e["entityType"], e["entityId"]) for e in cfg["exclude"]}


# --- rights and choices -------------------------------------------------------------------------------

def target_options(user, source):
    """[(id, label)] of the modules where the user may put a copy of the source (`perm.clone_targets`; locked
    ones included: choosing one answers 423), each labelled with its path. One query more for the names."""
    allowed = perm.clone_targets(user, source)
    above = {m.id: path_ids(m.path)[:-1] for m in allowed}
    need = {i for ids in above.values() for i in ids} - {m.id for m in allowed}
    names = {m.id: m for m in allowed}
    if need:
        names.update({m.id: m for m in db.session.execute(select(Module.id, Module.name, Module.level)
                                                          .where(Module.id.in_(need)))})
    out = []
    for m in allowed:
        chain = [names[i].name for i in above[m.id] if i in names and names[i].level >= 1] + [m.name]
        out.append((m.id, " / ".join(chain) + (" (locked)" if m.locked else "")))
    return out


def templates_for(module, subtree=False):
    """[(template, owner module)] a module's clone dialog offers: its own and its ancestors', and every template
    of its portal made on a module of its type (a project's on any project: cloning from it copies that model);
    with `subtree` (the portal's settings) also every template below the module. One query."""
    q = select(CloneConfig, Module).join(Module, Module.id == CloneConfig.module_id)
    cond = CloneConfig.module_id.in_(module.ancestor_ids + [module.id])
    if module.level >= 2:
        cond = cond | (path_under(Module.path, module.portal_path) & (Module.type == module.type))
    if subtree:
        cond = cond | path_under(Module.path, module.path)
    return db.session.execute(q.where(cond).order_by(Module.level, CloneConfig.name, CloneConfig.id)).all()


def template_source(module, template, owner):
    """What cloning `module` from `template` copies: the module itself under a template of its own or of an
    ancestor (the template says what to take along), else the template's model module (a project made from
    the portal's project template)."""
    return module if owner.id in module.ancestor_ids + [module.id] else owner


def template_list(user, module, subtree=False):
    return [present(user, tpl, owner) for tpl, owner in templates_for(module, subtree)
            if perm.rights(user, owner).view]


def template_options(user, module):
    return [(t.id, f"{t.name} ({owner.name})") for t, owner in templates_for(module) if perm.rights(user, owner).view]


def present(user, tpl, owner, only=None):
    """A template (clone configuration) of `owner`, with its configuration read and its links (those in `only`)."""
    return {"id": tpl.id, "name": tpl.name, "description": tpl.description,
            "module": {"id": owner.id, "name": owner.name, "type": owner.type},
            "createdBy": user_name(tpl.created_by), "createdById": tpl.created_by_id, "created": tpl.created,
            "config": read_config(tpl),
            "links": links.of("template", Ctx(user, owner, perm.rights(user, owner), tpl), only)}


def get_template(module, template_id):
    return get_owned(CloneConfig, module, template_id)


def clone_defaults(user, source, template=None):
    values = {"name": _("%(name)s (copy)", name=source.name)[:200], "parentId": source.parent_id, "shiftDays": 0,
              **DEFAULT_INCLUDE}
    if template is not None:
        cfg = read_config(template)
        values.update(cfg["include"])
        values["shiftDays"] = cfg["shiftDays"]
        values["templateId"] = template.id
    return values


def visible_template(user, module, template_id):
    """(template, owner) among those the module's clone dialog offers (`templates_for`) whose model the user may
    see, else 404."""
    found = next(((t, o) for t, o in templates_for(module) if t.id == template_id), None)
    if found is None or not perm.rights(user, found[1]).view:
        raise NotFound(_("Template not found"))
    return found


# --- where work starts: an 'Add {type}' dialog's templates ------------------------------------------------

def start_templates(user, parent, type_):
    """[(template, model)] an 'Add {type}' dialog under `parent` offers: the templates of the parent's portal made
    on a module of that type whose model the user may view, except on the parent or above it (a module is not
    copied into itself). None under the platform root (a portal's templates stay in it). One query."""
    if parent.level < 1:
        return []
    q = (select(CloneConfig, Module).join(Module, Module.id == CloneConfig.module_id)
         .where(path_under(Module.path, parent.portal_path), Module.type == type_,
                Module.id.notin_(parent.ancestor_ids + [parent.id]))
         .order_by(CloneConfig.name, CloneConfig.id))
    return [(t, m) for t, m in db.session.execute(q).all() if perm.rights(user, m).view]


def start_list(user, parent, type_):
    """The templates `start_templates` offers, each with the model's dependency list (its manage link, for whoever
    may edit the model) and the parent's add form filled from it (its add link)."""
    r = perm.rights(user, parent)
    out = []
    for tpl, owner in start_templates(user, parent, type_):
        item = present(user, tpl, owner, only=("manage",))
        item["links"].update(links.of("start", Ctx(user, parent, r, tpl, type_=type_)))
        out.append(item)
    return out


def start_template(user, parent, type_, template_id, field=None):
    """(template, model) among those `start_templates` offers, else 404 (422 on `field` when it came in a form)."""
    found = next(((t, m) for t, m in start_templates(user, parent, type_) if t.id == template_id), None)
    if found is None:
        if field:
            raise Invalid(_("The form has errors"), errors={field: [_("Not a template offered here")]})
        raise NotFound(_("Template not found"))
    return found


def start_from_template(user, parent, tpl, model, name):
    """A new child of `parent` named `name`: a copy of the template's model with what the template takes along
    (its include flags, date shift and exclusions). Returns the new id."""
    cfg = read_config(tpl)
    return clone(user, model, {"name": name, "parentId": parent.id, "shiftDays": cfg["shiftDays"], **cfg["include"]},
                 tpl)


# --- cloning ------------------------------------------------------------------------------------------

# How a clone's account counts what it copied ('3 modules, 1 articles': the English keeps its one form), each count
# said in the reader's language with its plural.
_COPIED = {
    "modules": lambda n: sentences.ngettext("%(num)d modules", "%(num)d modules", n),
    "deliverables": lambda n: sentences.ngettext("%(num)d deliverables", "%(num)d deliverables", n),
    "relations": lambda n: sentences.ngettext("%(num)d relations", "%(num)d relations", n),
    "articles": lambda n: sentences.ngettext("%(num)d articles", "%(num)d articles", n),
    "references": lambda n: sentences.ngettext("%(num)d references", "%(num)d references", n),
    "members": lambda n: sentences.ngettext("%(num)d members", "%(num)d members", n),
    "files": lambda n: sentences.ngettext("%(num)d files", "%(num)d files", n),
    "fields": lambda n: sentences.ngettext("%(num)d fields", "%(num)d fields", n),
    "values": lambda n: sentences.ngettext("%(num)d values", "%(num)d values", n),
}


def _copied(kind, n):
    return _COPIED[kind](n) if kind in _COPIED else f"{n} {kind}"


def _shift(d, days):
    return d + timedelta(days=days) if d is not None and days else d


def clone(user, source, data, template=None):
    """Copy `source` (and, as asked, its subtree and what it carries) under data['parentId']; returns the new id."""
    target = db.session.get(Module, data["parentId"])
    perm.require(user, target, "create")
    modules.allowed_child(target, source.type)
    if target.path.startswith(source.path):
        raise BadRequest(_("A module cannot be copied into itself"))
    include = {k: bool(data.get(k)) for k in INCLUDES}
    if include["members"]:
        perm.require(user, target, "add_member")
    shift = data.get("shiftDays") or 0
    excluded = _excluded_set(read_config(template)) if template is not None else set()
    name = data["name"]
    label = said(platforms.type_label(source))  # a type's label, said in the reader's language

    # The first write takes SQLite's write lock before ids are reserved from max(id).
    feed.record(user, source, "clone", "module",
                said(N_("Cloned %(label)s '%(source)s' as '%(name)s' (template '%(template)s')"), label=label,
                     source=source.name, name=name, template=template.name) if template is not None else
                said(N_("Cloned %(label)s '%(source)s' as '%(name)s'"), label=label, source=source.name, name=name),
                item=source.id, data={"name": source.name, "as": name})
    db.session.flush()

    if include["children"]:
        mods = db.session.scalars(select(Module).where(path_under(Module.path, source.path))
                                  .order_by(Module.level, Module.idx, Module.id)).all()
    else:
        mods = [source]
    cut = [m.path for m in mods if ("module", m.id) in excluded and m.id != source.id]
    if cut:
        mods = [m for m in mods if not any(m.path.startswith(p) for p in cut)]
    new_ids = reserve_ids(Module, len(mods))
    idmap = {m.id: n for m, n in zip(mods, new_ids)}
    last = db.session.scalar(select(func.max(Module.idx)).where(Module.parent_id == target.id))
    now = utcnow()
    paths, rows = {}, []
    for m in mods:
        new = idmap[m.id]
        root = m.id == source.id
        parent_path = target.path if root else paths[m.parent_id]
        paths[m.id] = f"{parent_path}{new}/"
        rows.append({"id": new, "parent_id": target.id if root else idmap[m.parent_id],
                     "idx": (last + 1 if last is not None else 0) if root else m.idx,
                     "name": name if root else m.name, "description": m.description, "type": m.type,
                     "platform": target.platform, "path": paths[m.id], "level": target.level + 1 + m.level - source.level,
                     "locked": False, "created": now, "created_by_id": user.id})
    insert_rows(Module, rows)
    src_ids = list(idmap)
    counts = {"modules": len(rows)}

    if include["deliverables"]:
        ds = db.session.scalars(select(Deliverable).where(Deliverable.module_id.in_(src_ids))).all()
        insert_rows(Deliverable, [{"module_id": idmap[d.module_id], "status": d.status,
                             "status_before_done": d.status_before_done, "owner_id": d.owner_id,
                             "start_date": _shift(d.start_date, shift), "deadline": _shift(d.deadline, shift),
                             "commenced_date": _shift(d.commenced_date, shift),
                             "completion_date": _shift(d.completion_date, shift),
                             "auto_scheduled": d.auto_scheduled, "milestone": d.milestone} for d in ds])
        counts["deliverables"] = len(ds)
        # The plan's relations inside the copied subtree come along (issue 42): a copied work plan keeps its
        # dependencies; those to a module outside it stay with the original.
        rels = db.session.scalars(select(Relation).where(Relation.from_id.in_(src_ids), Relation.to_id.in_(src_ids))
                                  .order_by(Relation.id)).all()
        ends = [(idmap[r.from_id], idmap[r.to_id], r) for r in rels]
        insert_rows(Relation, [{"portal_id": scope_id(target.path), "from_id": a, "to_id": b, "low_id": min(a, b),
                          "high_id": max(a, b), "kind": r.kind, "lag": r.lag, "created": now,
                          "created_by_id": user.id} for a, b, r in ends])
        counts["relations"] = len(rels)

    if include["articles"]:
        arts = db.session.scalars(select(Article).where(Article.module_id.in_(src_ids)).order_by(Article.id)).all()
        kept, dropped = [], set()
        # Parents first whatever their ids (a moved article may be older than its parent), however deep the tree;
        # an excluded article takes the ones nested in it along.
        for a, __, parent in articles.in_tree_order(arts):
            if ("article", a.id) in excluded or parent in dropped:
                dropped.add(a.id)
            else:
                kept.append((a, parent))
        amap = dict(zip([a.id for a, _ in kept], reserve_ids(Article, len(kept))))
        insert_rows(Article, [{"id": amap[a.id], "module_id": idmap[a.module_id], "parent_id": amap.get(parent),
                         "title": a.title, "content": a.content, "created": now, "created_by_id": a.created_by_id}
                        for a, parent in kept])
        counts["articles"] = len(kept)

    if include["references"]:
        refs = db.session.scalars(select(Reference).where(Reference.module_id.in_(src_ids))
                                  .order_by(Reference.id)).all()
        refs = [r for r in refs if ("reference", r.id) not in excluded]
        insert_rows(Reference, [{"module_id": idmap[r.module_id], "title": r.title, "description": r.description,
                           "url": r.url, "resource_type": r.resource_type, "locked": r.locked, "created": now,
                           "created_by_id": r.created_by_id} for r in refs])
        counts["references"] = len(refs)

    if include["members"]:
        ms = db.session.scalars(select(Membership).where(Membership.module_id.in_(src_ids))).all()
        insert_rows(Membership, [{"module_id": idmap[m.module_id], "user_id": m.user_id, "role": m.role, "admin": m.admin,
                            "allow_create": m.allow_create, "allow_view": m.allow_view, "allow_edit": m.allow_edit,
                            "allow_delete": m.allow_delete, "created": now} for m in ms])
        counts["members"] = len(ms)
        perm.forget(user)

    if include["customValues"]:
        _copy_custom_values(src_ids, idmap, target, now, counts)

    stored = []
    try:
        if include["files"]:
            files = db.session.scalars(select(VaultFile).where(VaultFile.module_id.in_(src_ids))
                                       .order_by(VaultFile.id)).all()
            frows = []
            for f in files:
                if ("file", f.id) in excluded:
                    continue
                new_name = storage.stage_copy("files", f.stored_name)
                if new_name is None:
                    continue  # bytes gone from the disk: no row without its file
                stored.append(new_name)
                frows.append({"module_id": idmap[f.module_id], "title": f.title, "filename": f.filename,
                              "stored_name": new_name, "filesize": f.filesize, "mime": f.mime, "locked": f.locked,
                              "created": now, "created_by_id": f.created_by_id})
            insert_rows(VaultFile, frows)
            counts["files"] = len(frows)
        what = [_copied(k, v) for k, v in counts.items() if v]
        feed.record(user, SimpleNamespace(id=new_ids[0], path=paths[source.id]), "add", "module",
                    said(N_("Created %(label)s '%(name)s' as a copy of '%(source)s' (%(what)s)"), label=label,
                         name=name, source=source.name, what=what), item=new_ids[0],
                    data={"name": name})
        db.session.commit()
    except BaseException:
        db.session.rollback()
        for n in stored:
            storage.remove("files", n)
        raise
    for n in stored:
        storage.publish("files", n)
    return new_ids[0]


def _copy_custom_values(src_ids, idmap, target, now, counts):
    """Fields defined inside the subtree are copied (with their options); values follow their field, or keep
    a field defined above the target; values of fields the copy cannot see are left out."""
    fields_ = db.session.scalars(select(CustomField).where(CustomField.module_id.in_(src_ids))
                                 .order_by(CustomField.id)).all()
    fmap = dict(zip([f.id for f in fields_], reserve_ids(CustomField, len(fields_))))
    opts = [o for f in fields_ for o in f.options]
    omap = dict(zip([o.id for o in opts], reserve_ids(PicklistOption, len(opts))))
    insert_rows(CustomField, [{"id": fmap[f.id], "module_id": idmap[f.module_id], "attribute": f.attribute, "label": f.label,
                         "type": f.type, "multiple": f.multiple, "symbol": f.symbol, "prefix_symbol": f.prefix_symbol,
                         "target_type": f.target_type, "idx": f.idx} for f in fields_])
    insert_rows(PicklistOption, [{"id": omap[o.id], "field_id": fmap[o.field_id], "value": o.value, "label": o.label,
                            "idx": o.idx} for o in opts])
    values = db.session.scalars(select(CustomValue).where(CustomValue.module_id.in_(src_ids))
                                .order_by(CustomValue.id)).all()
    outside = {v.field_id for v in values if v.field_id not in fmap}
    owners = dict(db.session.execute(select(CustomField.id, CustomField.module_id)
                                     .where(CustomField.id.in_(outside))).all()) if outside else {}
    above = set(path_ids(target.path))
    rows = []
    for v in values:
        if v.field_id in fmap:
            field_id, option_id = fmap[v.field_id], omap.get(v.option_id)
        elif owners.get(v.field_id) in above:
            field_id, option_id = v.field_id, v.option_id
        else:
            continue
        rows.append({"field_id": field_id, "module_id": idmap[v.module_id], "stringval": v.stringval,
                     "numval": v.numval, "dateval": v.dateval, "option_id": option_id, "user_id": v.user_id,
                     "created": now})
    insert_rows(CustomValue, rows)
    counts["fields"] = len(fields_)
    counts["values"] = len(rows)


# --- templates ----------------------------------------------------------------------------------------

def _config_from(data, previous=None):
    return {"include": {k: bool(data.get(k)) for k in INCLUDES}, "shiftDays": data.get("shiftDays") or 0,
            "exclude": (previous or {}).get("exclude", [])}


def add_template(user, module, data):
    tpl = CloneConfig(module_id=module.id, name=data["name"], description=data.get("description") or "",
                      created_by_id=user.id)
    _write_config(tpl, _config_from(data))
    db.session.add(tpl)
    feed.record(user, module, "add", "template", said(N_("Added the template '%(name)s'"), name=tpl.name), item=tpl.id,
                data={"name": tpl.name})
    db.session.commit()
    return present(user, tpl, module)


def update_template(user, module, tpl, data):
    tpl.name, tpl.description = data["name"], data.get("description") or ""
    _write_config(tpl, _config_from(data, read_config(tpl)))
    feed.record(user, module, "edit", "template", said(N_("Edited the template '%(name)s'"), name=tpl.name),
                item=tpl.id,
                data={"name": tpl.name})
    db.session.commit()
    return present(user, tpl, module)


def template_values(tpl):
    cfg = read_config(tpl)
    return {"name": tpl.name, "description": tpl.description, "shiftDays": cfg["shiftDays"], **cfg["include"]}


def delete_template(user, module, tpl):
    name = tpl.name
    db.session.delete(tpl)
    feed.record(user, module, "delete", "template", said(N_("Deleted the template '%(name)s'"), name=name),
                data={"name": name})
    db.session.commit()


def dependencies(module):
    """What a clone of the module may take along, each with a label: the descendant modules, then the articles,
    files and references of the subtree. Four queries."""
    sub = select(Module.id).where(path_under(Module.path, module.path)).scalar_subquery()
    mods = db.session.scalars(select(Module).where(path_under(Module.path, module.path), Module.id != module.id)
                              .order_by(Module.path)).all()
    names = {module.id: module.name, **{m.id: m.name for m in mods}}
    out = []
    for m in sorted(mods, key=lambda m: path_ids(m.path)):
        depth = m.level - module.level
        out.append(("module", m.id, _("%(what)s: %(name)s", what=translate(platforms.type_label(m)), name=m.name),
                    depth))
    for kind, model, title in (("article", Article, N_("Article")), ("file", VaultFile, N_("File")),
                               ("reference", Reference, N_("Reference"))):
        cols = (model.id, model.title, model.module_id)
        for id_, ttl, mid in db.session.execute(select(*cols).where(model.module_id.in_(sub)).order_by(model.id)):
            label = _("%(what)s: %(name)s", what=translate(title), name=ttl) if mid == module.id else \
                _("%(what)s: %(name)s (in %(where)s)", what=translate(title), name=ttl, where=names.get(mid, mid))
            out.append((kind, id_, label, 0))
    return out


def manage_forms(user, module, tpl):
    from ..forms import describe
    from ..forms.cloning import DependencyForm
    excluded = _excluded_set(read_config(tpl))
    action = f"/api/clone-config/manage/{module.id}/{tpl.id}"
    forms = []
    for kind, id_, label, depth in dependencies(module):
        included = (kind, id_) not in excluded
        f = describe(DependencyForm, action, "PUT", user=user,
                     values={"include": included, "entityId": id_, "entityType": kind, "id": tpl.id})
        f["elements"][0]["label"] = label
        f.update({"title": label, "entityType": kind, "entityId": id_, "included": included, "depth": depth})
        forms.append(f)
    return forms


ENTITY_WORDS = {"module": N_("module"), "article": N_("article"), "file": N_("file"), "reference": N_("reference")}


def set_dependency(user, module, tpl, data):
    kind, id_ = data["entityType"], data["entityId"]
    if data["id"] != tpl.id:
        raise Invalid(_("The form has errors"), errors={"id": [_("This form belongs to another template")]})
    if not any(k == kind and i == id_ for k, i, __, ___ in dependencies(module)):
        raise Invalid(_("The form has errors"), errors={"entityId": [_("Not a dependency of this module")]})
    cfg = read_config(tpl)
    rest = [e for e in cfg["exclude"] if (e["entityType"], e["entityId"]) != (kind, id_)]
    if not data["include"]:
        rest.append({"entityType": kind, "entityId": id_})
    cfg["exclude"] = rest
    _write_config(tpl, cfg)
    what = said(ENTITY_WORDS[kind]) if kind in ENTITY_WORDS else kind
    feed.record(user, module, "edit", "template",
                said(N_("Included %(kind)s #%(id)s in the template '%(name)s'"), kind=what, id=id_, name=tpl.name)
                if data["include"] else
                said(N_("Excluded %(kind)s #%(id)s in the template '%(name)s'"), kind=what, id=id_, name=tpl.name))
    db.session.commit()
    return present(user, tpl, module)
