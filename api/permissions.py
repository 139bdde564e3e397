"""The ONLY place that decides access.

A user's rights on a module are the union of their memberships on the module and on every
ancestor; admin implies every right; a system superuser may do everything. The user's
memberships are loaded once per request (a user has few), so rights for any number of
modules cost no further query. `links_*` build the links maps from the same predicates
that `require` enforces, so what is offered and what is allowed cannot differ.
"""
from dataclasses import dataclass

from flask import g, has_request_context

from .errors import Conflict, Forbidden, Locked, NotFound
from .extensions import db
from .models import Membership, Module, SkeletonRule


class NotLocked(Conflict):
    message = "The module is not locked"


@dataclass(frozen=True)
class Rights:
    view: bool = False
    create: bool = False
    edit: bool = False
    delete: bool = False
    admin: bool = False
    direct_admin: bool = False  # admin by a membership on the module itself
    superuser: bool = False


NONE = Rights()
ALL = Rights(True, True, True, True, True, False, True)


def _cache():
    if has_request_context():
        if not hasattr(g, "_perm_cache"):
            g._perm_cache = {}
        return g._perm_cache
    return {}


def user_memberships(user):
    """{module_id: Membership} of the user, one query per request."""
    cache = _cache()
    key = ("memberships", user.id)
    if key not in cache:
        rows = db.session.scalars(db.select(Membership).where(Membership.user_id == user.id)).all()
        cache[key] = {m.module_id: m for m in rows}
    return cache[key]


def forget(user=None):
    """Drop cached memberships after they change within a request."""
    if has_request_context() and hasattr(g, "_perm_cache"):
        g._perm_cache.clear()


def rights(user, module):
    if user is None:
        return NONE
    if user.is_superuser:
        return ALL
    mine = user_memberships(user)
    ids = [int(p) for p in module.path.strip("/").split("/") if p]
    flags = dict(view=False, create=False, edit=False, delete=False, admin=False)
    direct_admin = False
    for mid in ids:
        m = mine.get(mid)
        if m is None:
            continue
        flags["admin"] |= m.admin
        flags["view"] |= m.allow_view or m.admin
        flags["create"] |= m.allow_create or m.admin
        flags["edit"] |= m.allow_edit or m.admin
        flags["delete"] |= m.allow_delete or m.admin
        if mid == module.id and m.admin:
            direct_admin = True
    return Rights(direct_admin=direct_admin, **flags)


# --- what each action needs --------------------------------------------------------------
# Each predicate returns None when allowed, or the error to raise.

def _needs(flag, lockable=True, extra=None):
    def check(r, module):
        if not getattr(r, flag):
            return Forbidden
        if lockable and module.locked:
            return Locked
        if extra is not None and not extra(module):
            return Forbidden
        return None
    return check


MODULE_ACTIONS = {
    "view": _needs("view", lockable=False),
    "edit": _needs("edit"),
    "delete": _needs("delete", extra=lambda m: m.level > 0),
    "create": _needs("create"),
    "content": _needs("edit"),            # articles, files, references, metrics, deliverable, logo, values
    "remove": _needs("delete"),           # delete articles, files, references, metrics
    "comment": _needs("view", lockable=False),
    "moderate": _needs("delete"),         # delete anyone's comment; a locked module blocks it
    "add_member": _needs("edit", lockable=False),
    "edit_member": lambda r, m: None if (r.edit and r.delete) else Forbidden,
    "delete_member": _needs("delete", lockable=False),
    "lock": lambda r, m: Forbidden if not r.admin else (Locked if m.locked else None),
    "unlock": lambda r, m: Forbidden if not r.admin else (None if m.locked else NotLocked),
}


def can(user, module, action, r=None):
    r = r or rights(user, module)
    if not r.view:
        return False
    return MODULE_ACTIONS[action](r, module) is None


def require(user, module, action="view"):
    """Raise 404 if the module is invisible, 403 if the right is missing, 423 if a lock blocks it."""
    if module is None:
        raise NotFound("Module not found")
    r = rights(user, module)
    if not r.view:
        raise NotFound("Module not found")
    err = MODULE_ACTIONS[action](r, module)
    if err is Locked:
        raise Locked("Module is locked")
    if err is not None:
        raise err()
    return r


# --- the platform skeleton ------------------------------------------------------------------

def skeleton():
    """{(platform, parent_type): [SkeletonRule, ...]} cached per request."""
    cache = _cache()
    if "skeleton" not in cache:
        rules = db.session.scalars(db.select(SkeletonRule).order_by(SkeletonRule.idx)).all()
        out = {}
        for rule in rules:
            out.setdefault((rule.platform, rule.parent_type), []).append(rule)
        cache["skeleton"] = out
    return cache["skeleton"]


def child_rules(module):
    return skeleton().get((module.platform, module.type), [])


def type_rule(module):
    """The skeleton rule that names this module's type on its platform (None for a platform root)."""
    for rules in skeleton().values():
        for rule in rules:
            if rule.platform == module.platform and rule.child_type == module.type:
                return rule
    return None


def type_label(module):
    rule = type_rule(module)
    if rule:
        return rule.label
    return "Platform" if module.level == 0 else module.type.replace("4rineu_", "").title()


def type_plural(module):
    rule = type_rule(module)
    return rule.label_plural if rule else type_label(module) + "s"


def short_type(type_):
    return type_[len("4rineu_"):] if type_.startswith("4rineu_") else type_


# --- links ------------------------------------------------------------------------------------

def link(route, url, label, access, operation="GET"):
    return {"route": route, "url": url, "label": label, "access": access, "operation": operation}


# A module in a list (children, task lists) carries only what a row offers.
SUMMARY_LINKS = ("view", "edit", "delete", "reindex", "add_deliverable", "lock", "unlock")


def module_links(user, module, r=None, has_deliverable=None, parent_rights=None, summary=False, with_clone=True):
    if summary:
        full = module_links(user, module, r, has_deliverable, parent_rights, with_clone=False)
        return {k: v for k, v in full.items() if k in SUMMARY_LINKS or k.startswith("add_") and k not in (
            "add_article", "add_file", "add_reference", "add_metric", "add_comment", "add_membership",
            "add_custom_field")}
    r = r or rights(user, module)
    if not r.view:
        return {}
    mid = module.id
    ok = lambda action: MODULE_ACTIONS[action](r, module) is None  # noqa: E731
    links = {"view": link("module.view", f"/api/module/view/{mid}", "View", "view")}
    if ok("edit"):
        links["edit"] = link("module.edit", f"/api/module/edit/{mid}", "Edit", "edit", "POST")
    if ok("delete"):
        links["delete"] = link("module.delete", f"/api/module/delete/{mid}", "Delete", "delete", "DELETE")
    if ok("create"):
        for rule in child_rules(module):
            links["add_" + short_type(rule.child_type)] = link(
                "module.add", f"/api/module/add/{mid}/{rule.child_type}", "Add " + rule.label, "create", "POST")
    if ok("content"):
        if has_deliverable is False:
            links["add_deliverable"] = link("deliverable.add", f"/api/deliverable/add/{mid}",
                                            "Add Status", "edit", "POST")
        links["add_article"] = link("article.add", f"/api/article/add/{mid}", "Add Knowledge", "edit", "POST")
        links["add_file"] = link("vault.upload", f"/api/vault/upload/{mid}", "Upload File", "edit", "POST")
        links["add_reference"] = link("reference.add", f"/api/reference/add/{mid}", "Add Reference", "edit", "POST")
        links["add_metric"] = link("report.metric_add", f"/api/report/metric/add/{mid}", "Add Metric", "edit", "POST")
        links["add_custom_field"] = link("custom_field_def.add", f"/api/custom-field/add/{mid}", "Add Custom Field",
                                         "edit", "POST")
        links["save_logo"] = link("brand.save_logo", f"/api/brand/save-logo/{mid}", "Change Logo", "edit", "POST")
    if ok("comment"):
        links["add_comment"] = link("comment.add", f"/api/comment/add/{mid}", "Add Comment", "view", "POST")
    if ok("add_member"):
        links["add_membership"] = link("membership.add", f"/api/membership/add/{mid}", "Add User", "edit", "POST")
        links["invite"] = link("invitation.invite", f"/api/invitation/invite-colleague/{mid}",
                               "Invite User", "edit", "POST")
    if ok("lock"):
        links["lock"] = link("module.lock", f"/api/module/lock/{mid}", "Lock", "admin", "PATCH")
    if ok("unlock"):
        links["unlock"] = link("module.unlock", f"/api/module/unlock/{mid}", "Unlock", "admin", "PATCH")
    if parent_rights is not None and parent_rights.edit and module.level > 1:
        links["reindex"] = link("module.reindex", f"/api/module/reindex/{mid}", "Move", "edit", "GET")
    links["feed"] = link("feed.list", f"/api/feed/list/{mid}", "Feed", "view")
    if with_clone:
        links.update(clone_links(user, module, r))
    return links


def clone_links(user, module, r):
    """'clone' when the user may view the module and create beside it (the copy lands under its parent, which is
    already loaded with the module's ancestors: no query); 'templates' with the edit action."""
    links = {}
    parent = db.session.get(Module, module.parent_id) if module.parent_id else None
    if parent is not None and can(user, parent, "create"):
        links["clone"] = link("clone.module", f"/api/clone/module/{module.id}", "Clone", "create", "POST")
    if MODULE_ACTIONS["edit"](r, module) is None:
        links["templates"] = link("clone_config.list", f"/api/clone-config/list/{module.id}", "Templates", "edit")
    return links


def membership_links(user, module, membership, r=None):
    r = r or rights(user, module)
    links = {}
    if MODULE_ACTIONS["edit_member"](r, module) is None:
        links["edit"] = link("membership.edit", f"/api/membership/edit/{module.id}/{membership.id}",
                             "Edit", "edit", "POST")
    if MODULE_ACTIONS["delete_member"](r, module) is None:
        links["delete"] = link("membership.delete", f"/api/membership/delete/{module.id}/{membership.id}",
                               "Delete", "delete", "DELETE")
    return links


def deliverable_links(user, module, deliverable, r=None):
    r = r or rights(user, module)
    links = {"find": link("deliverable.find", f"/api/deliverable/find/{module.id}", "View", "view")}
    if MODULE_ACTIONS["content"](r, module) is None:
        base = f"/api/deliverable/%s/{module.id}/{deliverable.id}"
        links["edit"] = link("deliverable.edit", base % "edit", "Edit Status", "edit", "POST")
        for name, label in (("edit-start-date", "Start Date"), ("edit-deadline", "Deadline"),
                            ("edit-commence-date", "Commenced"), ("edit-completion-date", "Completion")):
            links[name.replace("-", "_")] = link("deliverable." + name.replace("-", "_"), base % name,
                                                 label, "edit", "POST")
    return links


def brand_links(module, brand, r):
    links = {}
    if brand.logo:
        links["view_logo"] = link("brand.logo", f"/api/brand/logo/{brand.id}", "Logo", "view")
    if MODULE_ACTIONS["content"](r, module) is None:
        links["save_logo"] = link("brand.save_logo", f"/api/brand/save-logo/{module.id}", "Change Logo", "edit", "POST")
    return links


def custom_field_links(module, field, values, r):
    """Adding a value needs 'edit' (spec: custom-field add links need access 'edit')."""
    links = {}
    if MODULE_ACTIONS["content"](r, module) is None and (field.multiple or not values):
        links[f"add_{field.attribute}_value"] = link(
            "custom_field.value_add", f"/api/custom-field/value/add/{module.id}/{field.id}", "Add value", "edit", "POST")
    return links


def custom_value_links(module, value, r):
    links = {}
    if MODULE_ACTIONS["content"](r, module) is None:
        links["edit"] = link("custom_field.value_edit", f"/api/custom-field/value/edit/{module.id}/{value.id}",
                             "Edit", "edit", "POST")
        links["delete"] = link("custom_field.value_delete",
                               f"/api/custom-field/value/delete/{module.id}/{value.id}", "Delete", "delete", "DELETE")
    return links
