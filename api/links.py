"""Every link the API emits, declared once, beside `permissions.py` whose predicates decide them.

A declaration names the item kind that carries the link, the key in its `links` map, the Flask endpoint it
calls, its label (English, marked for the catalogs; said in the reader's language when the map is built), access
and operation, the predicate that decides whether this user may follow it now, and
how the endpoint's URL arguments come from the item. The wire shape is spec §3's
`{route, url, label, access, operation}`: `route` is the endpoint's name and `url` is filled from the endpoint's
own rule, so neither can drift from the routes. `links.of(kind, ctx)` builds an item's map; a list row asks for
the few names it acts on with `only=`.

A context (`Ctx`) carries the user, the module the item belongs to, the user's rights there (`perm.rights`,
folded once per module), the item, and what a predicate needs beyond those (`extra`).
"""
import re
from dataclasses import dataclass
from typing import Callable, Optional

from flask import current_app

from . import permissions as perm
from .i18n import N_, _
from .presenting import say, said_table
from .services import platforms
from .services.documents import preview as file_preview, serving as file_serving, work as file_work


class Ctx:
    __slots__ = ("user", "module", "r", "item", "extra")

    def __init__(self, user, module, r, item=None, **extra):
        self.user, self.module, self.r, self.item, self.extra = user, module, r, item, extra


@dataclass(frozen=True)
class LinkDef:
    kind: str
    name: str
    endpoint: str
    label: str
    access: str
    operation: str
    when: Callable                     # ctx -> bool
    args: Callable                     # ctx -> the endpoint's URL arguments
    query: Optional[Callable] = None   # ctx -> a query string or None
    family: Optional[Callable] = None  # ctx -> [(name, label, extra args)]: one link per entry (add_<type>)


REGISTRY = {}  # kind -> [LinkDef] in the order the map lists them
_TEMPLATES = {}
_ARG = re.compile(r"<(?:[^:<>]+:)?([^<>]+)>")


def declare(kind, name, endpoint, label, access, operation="GET", when=None, args=None, query=None, family=None):
    REGISTRY.setdefault(kind, []).append(LinkDef(kind, name, endpoint, label, access, operation,
                                                 when or (lambda c: True), args or _module_arg, query, family))


def template(endpoint):
    """'/api/module/view/{module_id}' from the endpoint's (first) rule."""
    t = _TEMPLATES.get(endpoint)
    if t is None:
        rule = next(iter(current_app.url_map.iter_rules(endpoint)))
        t = _TEMPLATES[endpoint] = _ARG.sub(r"{\1}", rule.rule)
    return t


def _link(d, url, label):
    return {"route": d.endpoint, "url": url, "label": label, "access": d.access, "operation": d.operation}


_SELECTED = {}


def _defs(kind, only):
    key = (kind, only)
    defs = _SELECTED.get(key)
    if defs is None:
        defs = _SELECTED[key] = [d for d in REGISTRY[kind] if only is None or d.name in only]
    return defs


def of(kind, c, only=None):
    """The links map of one item of `kind` for the context `c` (only the names in `only`, a tuple, when given)."""
    out = {}
    table = said_table()  # the labels in the reader's language, looked up once per language and label
    for d in _defs(kind, only):
        if not d.when(c):
            continue
        args = d.args(c)
        if d.family is not None:
            for name, label, more in d.family(c):
                out[name] = _link(d, template(d.endpoint).format(**args, **more), say(label, table))
            continue
        url = (_TEMPLATES.get(d.endpoint) or template(d.endpoint)).format(**args)
        if d.query is not None:
            url = f"{url}?{d.query(c)}"
        out[d.name] = {"route": d.endpoint, "url": url, "label": say(d.label, table), "access": d.access,
                       "operation": d.operation}
    return out


# --- predicates and arguments ------------------------------------------------------------------------------------

def ok(action):
    """The module-wide action is allowed (rights and lock, `perm.MODULE_ACTIONS`)."""
    return lambda c: perm.MODULE_ACTIONS[action](c.r, c.module) is None


def _module_arg(c):
    return {"module_id": c.module.id}


def _item_args(name):
    return lambda c: {"module_id": c.module.id, name: c.item.id}


def _both(*preds):
    return lambda c: all(p(c) for p in preds)


# --- module ------------------------------------------------------------------------------------------------------

def _child_types(c):
    return [("add_" + platforms.short_type(rule.child_type), _("Add %(type)s", type=say(rule.label, said_table())),
             {"type_": rule.child_type}) for rule in platforms.child_rules(c.module)]


def _may_reindex(c):
    parent_rights = c.extra.get("parent_rights")
    return parent_rights is not None and parent_rights.edit and c.module.level > 1


def _no_deliverable(c):
    return c.extra.get("has_deliverable") is False


M = "module"
declare(M, "view", "module.view", N_("View"), "view", when=lambda c: c.r.view)
declare(M, "edit", "module.edit", N_("Edit"), "edit", "POST", ok("edit"))
declare(M, "delete", "module.delete", N_("Delete"), "delete", "DELETE", ok("delete"))
declare(M, "add_<type>", "module.add", N_("Add"), "create", "POST", ok("create"), family=_child_types)
declare(M, "add_deliverable", "deliverable.add", N_("Add Status"), "edit", "POST",
        _both(ok("content"), _no_deliverable))
# 'Add Date' of one date where the module has no deliverable yet: creates it with that date.
for _name, _label in (("start_date", N_("Start Date")), ("deadline", N_("Deadline")),
                      ("commence_date", N_("Commenced")), ("completion_date", N_("Completion"))):
    declare(M, f"add_{_name}", f"deliverable.add_{_name}", _label, "edit", "POST",
            _both(ok("content"), _no_deliverable))
declare(M, "add_article", "article.add", N_("Add Knowledge"), "edit", "POST", ok("content"))
declare(M, "add_file", "vault.upload", N_("Upload File"), "edit", "POST", ok("content"))
declare(M, "add_reference", "reference.add", N_("Add Reference"), "edit", "POST", ok("content"))
declare(M, "relations", "relation.list_", N_("Relations"), "view", when=lambda c: c.r.view and c.module.level > 1)
declare(M, "add_relation", "relation.add", N_("Add Relation"), "edit", "POST",
        lambda c: c.module.level > 1 and ok("content")(c))
declare(M, "baselines", "baseline.list_", N_("Baselines"), "view", when=lambda c: c.r.view and c.module.level > 1)
declare(M, "export_mspdi", "planning.mspdi_export", N_("Export MS Project"), "view",
        when=lambda c: c.r.view and c.module.level > 1)
declare(M, "add_baseline", "baseline.add", N_("Save Baseline"), "edit", "POST",
        lambda c: c.module.level > 1 and ok("content")(c))
declare(M, "add_metric", "report.metric_add", N_("Add Metric"), "edit", "POST", ok("content"))
declare(M, "add_custom_field", "custom_field_def.add", N_("Add Custom Field"), "edit", "POST", ok("content"))
declare(M, "save_logo", "brand.save_logo", N_("Change Logo"), "edit", "POST", ok("content"))
declare(M, "add_comment", "comment.add", N_("Add Comment"), "view", "POST", ok("comment"))
declare(M, "add_membership", "membership.add", N_("Add User"), "edit", "POST", ok("add_member"))
declare(M, "invite", "invitation.invite", N_("Invite User"), "edit", "POST", ok("add_member"))
declare(M, "lock", "module.lock", N_("Lock"), "admin", "PATCH", ok("lock"))
declare(M, "unlock", "module.unlock", N_("Unlock"), "admin", "PATCH", ok("unlock"))
# A templated link: the client puts the sibling to move after (0: first) in place of {previous_id}.
declare(M, "reindex", "module.reindex", N_("Move"), "edit", "GET", _may_reindex,
        args=lambda c: {"module_id": c.module.id, "previous_id": "{previous_id}"})
declare(M, "feed", "feed.list_", N_("Feed"), "view")
declare(M, "tree", "module.tree", N_("Subtree"), "view")
# Make a new version: the module's edit right (spec §6) and somewhere to put the copy.
declare(M, "clone", "clone.clone", N_("Clone"), "create", "POST",
        lambda c: ok("edit")(c) and perm.has_clone_target(c.user, c.module))
declare(M, "templates", "clone_config.list_", N_("Templates"), "edit", when=ok("edit"))

# Watching and live updates (module/view only: it says whether the reader watches, `extra["watching"]`).
declare(M, "watch", "watch.watch", N_("Watch"), "view", "POST",
        lambda c: "watching" in c.extra and not c.extra["watching"] and ok("watch")(c))
declare(M, "unwatch", "watch.unwatch", N_("Unwatch"), "view", "POST",
        lambda c: "watching" in c.extra and c.extra["watching"] and ok("watch")(c))
declare(M, "live", "live.ticket", N_("Live updates"), "view", when=lambda c: "watching" in c.extra and ok("watch")(c))
declare(M, "mentionable", "discussion.mentionable", N_("People to mention"), "view",
        when=lambda c: "watching" in c.extra and ok("comment")(c))
declare(M, "webhooks", "webhook.list_", N_("Webhooks"), "admin",
        when=lambda c: "watching" in c.extra and ok("webhooks")(c))
declare(M, "planning_settings", "planning.settings_form", N_("Planning"), "admin",
        when=lambda c: "watching" in c.extra and ok("planning")(c))
# Issue 45: time tracking. Logging time on the module (perm.log_time_error: module/view only, which says whether the
# module has a deliverable and, when it passes `deliverable_owner`, its owner: else the owner of a deliverable is
# read when neither the create right nor a portal admin's decides), the time logged on its subtree (its viewers),
# and a portal's effort settings (its admins).
def _may_log_time(c):
    if "watching" not in c.extra:
        return False
    owner = c.extra.get("deliverable_owner", perm.READ_OWNER) if c.extra.get("has_deliverable") else None
    return perm.log_time_error(c.user, c.module, c.r, owner) is None


declare(M, "add_time", "time.add", N_("Log time"), "create", "POST", _may_log_time)
declare(M, "start_timer", "time.timer_start", N_("Start timer"), "create", "POST", _may_log_time)
declare(M, "time", "time.list_", N_("Time"), "view", when=lambda c: c.r.view and c.module.level > 0)
declare(M, "effort_settings", "time.settings_form", N_("Effort settings"), "admin",
        when=lambda c: "watching" in c.extra and ok("effort_settings")(c))
# Issue 45: a project's effort plan (its editors) and its effort report, planned against actual (its viewers).
_project_arg = lambda c: {"project_id": c.module.id}  # noqa: E731
declare(M, "effort_plan", "effort.plan", N_("Effort plan"), "edit", when=ok("effort_plan"), args=_project_arg)
declare(M, "effort_report", "effort.report", N_("Effort report"), "view", when=ok("effort_report"),
        args=_project_arg)

# What a row of a list acts on (compact list rows: see docs/architecture.md).
ROW_LINKS = ("view", "edit", "delete", "reindex")

# --- what a module carries ---------------------------------------------------------------------------------------

D = "deliverable"
_deliverable_args = _item_args("deliverable_id")
declare(D, "find", "deliverable.find", N_("View"), "view")
declare(D, "edit", "deliverable.edit", N_("Edit Status"), "edit", "POST", ok("content"), _deliverable_args)
declare(D, "edit_owner", "deliverable.edit_owner", N_("Owner"), "edit", "POST", ok("content"), _deliverable_args)
declare(D, "edit_start_date", "deliverable.edit_start_date", N_("Start Date"), "edit", "POST", ok("content"),
        _deliverable_args)
declare(D, "edit_deadline", "deliverable.edit_deadline", N_("Deadline"), "edit", "POST", ok("content"),
        _deliverable_args)
declare(D, "edit_commence_date", "deliverable.edit_commence_date", N_("Commenced"), "edit", "POST", ok("content"),
        _deliverable_args)
declare(D, "edit_completion_date", "deliverable.edit_completion_date", N_("Completion"), "edit", "POST", ok("content"),
        _deliverable_args)

declare(D, "edit_dates", "deliverable.edit_dates", N_("Dates"), "edit", "POST", ok("content"), _deliverable_args)
# How the module repeats (issue 42, point 6): set or changed, and stopped when it does.
declare(D, "edit_recurrence", "recurrence.recurrence_save", N_("Repeat"), "edit", "POST", ok("content"))
declare(D, "stop_recurrence", "recurrence.recurrence_stop", N_("Stop repeating"), "edit", "DELETE",
        lambda c: c.item.recurrence is not None and ok("content")(c))
# What a drag would move along the module's relations (issue 42): asked while a bar is dragged, nothing saved.
declare(D, "preview_move", "relation.preview", N_("Preview"), "edit", "POST", ok("content"))

# What a row's deliverable acts on: the board moves a card to a status and the calendar an item to a day (edit),
# the Gantt moves a bar's start date or deadline, or both in one write, and
# previews what that moves (compact list rows).
DELIVERABLE_ROW_LINKS = ("edit", "edit_start_date", "edit_deadline", "edit_dates", "preview_move")

declare("brand", "view_logo", "brand.logo", N_("Logo"), "view", when=lambda c: bool(c.item.logo),
        args=lambda c: {"brand_id": c.item.id})
declare("brand", "save_logo", "brand.save_logo", N_("Change Logo"), "edit", "POST", ok("content"))

declare("membership", "edit", "membership.edit", N_("Edit"), "edit", "POST",
        lambda c: perm.membership_error(c.r, c.module, c.item, "edit_member") is None, _item_args("membership_id"))
declare("membership", "delete", "membership.delete", N_("Delete"), "delete", "DELETE",
        lambda c: not perm.last_portal_admin(c.module, c.item, c.extra["admins"])
        and perm.membership_error(c.r, c.module, c.item, "delete_member") is None, _item_args("membership_id"))

# A relation seen from one end (issue 42): `extra["other"]`, `extra["other_r"]`: the other end and the rights there.
def _relation_ok(c):
    return perm.relation_error(c.r, c.module, c.extra["other_r"], c.extra["other"]) is None


declare("relation", "edit", "relation.edit", N_("Edit"), "edit", "POST", _relation_ok, _item_args("relation_id"))
declare("relation", "delete", "relation.delete", N_("Delete"), "edit", "DELETE", _relation_ok,
        _item_args("relation_id"))

# A baseline of the module's subtree (issue 42): compared with the plan by its readers, deleted by its editors.
declare("baseline", "slips", "baseline.slips", N_("Slips"), "view", args=_item_args("baseline_id"))
declare("baseline", "delete", "baseline.delete", N_("Delete"), "edit", "DELETE", ok("content"),
        _item_args("baseline_id"))

# A pending invitation of the module: sent again or withdrawn by whoever may add members there.
declare("invitation", "resend", "invitation.resend", N_("Send again"), "edit", "POST", ok("add_member"),
        _item_args("invitation_id"))
declare("invitation", "revoke", "invitation.revoke", N_("Revoke"), "delete", "DELETE", ok("add_member"),
        _item_args("invitation_id"))

# A custom field seen from one module: `extra["values"]` are that module's values of it.
declare("custom_field", "add_<attribute>_value", "custom_field.value_add", N_("Add value"), "edit", "POST",
        lambda c: ok("content")(c) and (perm.takes_many(c.item) or not c.extra["values"]),
        _item_args("field_id"),
        family=lambda c: [(f"add_{c.item.attribute}_value", N_("Add value"), {})])
declare("custom_value", "edit", "custom_field.value_edit", N_("Edit"), "edit", "POST", ok("content"),
        _item_args("value_id"))
declare("custom_value", "delete", "custom_field.value_delete", N_("Delete"), "delete", "DELETE", ok("content"),
        _item_args("value_id"))

declare("custom_field_def", "edit", "custom_field_def.edit", N_("Edit"), "edit", "POST", ok("content"),
        _item_args("field_id"))
declare("custom_field_def", "delete", "custom_field_def.delete", N_("Delete"), "delete", "DELETE",
        lambda c: ok("remove")(c) and perm.field_deletable(c.item), _item_args("field_id"))

A = "article"
declare(A, "view", "article.view", N_("View"), "view", args=_item_args("article_id"))
declare(A, "edit", "article.edit", N_("Edit"), "edit", "POST", ok("content"), _item_args("article_id"))
declare(A, "add_child", "article.add", N_("Add Knowledge"), "edit", "POST",  # none on an article at articles.MAX_DEPTH
        lambda c: c.extra.get("nests", True) and ok("content")(c))
declare(A, "delete", "article.delete", N_("Delete"), "delete", "DELETE", ok("remove"), _item_args("article_id"))

C = "comment"
declare(C, "edit", "comment.edit", N_("Edit"), "view", "POST",
        lambda c: perm.comment_error(c.user, c.r, c.module, c.item, "edit") is None, _item_args("comment_id"))
declare(C, "delete", "comment.delete", N_("Delete"), "delete", "DELETE",
        lambda c: perm.comment_error(c.user, c.r, c.module, c.item, "delete") is None, _item_args("comment_id"))
declare(C, "reply", "comment.reply", N_("Reply"), "view", "POST",
        lambda c: perm.comment_error(c.user, c.r, c.module, c.item, "reply") is None, _item_args("comment_id"))

# The vault of a module, its files (with versions) and references; a locked item is neither edited nor deleted.
declare("vault", "add_file", "vault.upload", N_("Upload File"), "edit", "POST", ok("content"))
declare("vault", "add_reference", "reference.add", N_("Add Reference"), "edit", "POST", ok("content"))


def _item(action):
    return lambda c: perm.vault_item_error(c.r, c.module, c.item, action) is None


F = "file"
declare(F, "download", "vault.download", N_("Download"), "view", args=_item_args("file_id"))
declare(F, "edit", "vault.edit", N_("Edit"), "edit", "POST", _item("edit"), _item_args("file_id"))
declare(F, "delete", "vault.delete", N_("Delete"), "delete", "DELETE", _item("delete"), _item_args("file_id"))
declare(F, "lock", "vault.lock_file", N_("Lock"), "edit", "PATCH", _item("lock"), _item_args("file_id"))
declare(F, "unlock", "vault.unlock_file", N_("Unlock"), "edit", "PATCH", _item("unlock"), _item_args("file_id"))
# Issue 47: its thumbnail (the address changes with it), its preview and read text, and reading it again.
declare(F, "thumbnail", "vault.thumbnail", N_("Thumbnail"), "view", when=lambda c: bool(c.item.thumb),
        args=_item_args("file_id"), query=lambda c: f"v={c.item.thumb.split('.')[0][:12]}")
declare(F, "preview", "vault.preview_ticket", N_("Preview"), "view", args=_item_args("file_id"),
        when=lambda c: file_preview.mode(c.item.filename, c.item.mime) in file_serving.SHOWN)
declare(F, "text", "vault.text", N_("Text"), "view", when=lambda c: c.item.text_state in file_work.READ,
        args=_item_args("file_id"))
declare(F, "extract", "vault.extract", N_("Read the text again"), "edit", "POST", args=_item_args("file_id"),
        when=lambda c: c.item.text_state == file_work.FAILED and ok("content")(c))
declare("file_version", "download", "vault.download_version", N_("Download"), "view",
        args=lambda c: {"module_id": c.module.id, "file_id": c.item.file_id, "version_id": c.item.id})

R = "reference"
declare(R, "edit", "reference.edit_ref", N_("Edit"), "edit", "POST", _item("edit"), _item_args("ref_id"))
declare(R, "delete", "reference.delete_ref", N_("Delete"), "delete", "DELETE", _item("delete"), _item_args("ref_id"))
declare(R, "lock", "reference.lock_ref", N_("Lock"), "edit", "PATCH", _item("lock"), _item_args("ref_id"))
declare(R, "unlock", "reference.unlock_ref", N_("Unlock"), "edit", "PATCH", _item("unlock"), _item_args("ref_id"))

declare("report", "view", "report.list_", N_("Report"), "view")
declare("report", "add_metric", "report.metric_add", N_("Add Metric"), "edit", "POST", ok("content"))
declare("report", "save_layout", "report.save_layout", N_("Save Layout"), "edit", "POST", ok("content"),
        _item_args("report_id"))
declare("metric", "edit", "report.metric_edit", N_("Edit"), "edit", "POST", ok("content"), _item_args("metric_id"))
declare("metric", "delete", "report.metric_delete", N_("Delete"), "delete", "DELETE", ok("remove"),
        _item_args("metric_id"))

# A template (clone configuration) of `c.module`, its owner.
T = "template"
declare(T, "clone", "clone.clone", N_("Clone from template"), "view", "POST",
        when=lambda c: ok("edit")(c) and perm.has_clone_target(c.user, c.module),
        query=lambda c: f"template={c.item.id}")
declare(T, "edit", "clone_config.edit", N_("Edit"), "edit", "POST", ok("edit"), _item_args("template_id"))
declare(T, "manage", "clone_config.manage", N_("Manage"), "edit", "POST", ok("edit"), _item_args("template_id"))
declare(T, "delete", "clone_config.delete", N_("Delete"), "edit", "DELETE", ok("edit"), _item_args("template_id"))
# A template offered where work starts ('Add {type}', services/cloning.start_list): the parent's add form filled
# from it (`c.module`: the parent, `c.item`: the template, `extra["type_"]`: the type added); it goes beside the
# template's own links.
declare("start", "add", "module.add", N_("Start from template"), "create", "POST", ok("create"),
        args=lambda c: {"module_id": c.module.id, "type_": c.extra["type_"]}, query=lambda c: f"template={c.item.id}")

# A search hit (services/search.py): the page of its module, and the item's own read where it has one.
H = "hit"
declare(H, "module", "module.view", N_("Module"), "view", when=lambda c: c.r.view)
declare(H, "view", "article.view", N_("View"), "view", when=lambda c: c.item.kind == "article",
        args=_item_args("article_id"))
declare(H, "download", "vault.download", N_("Download"), "view", when=lambda c: c.item.kind == "file",
        args=_item_args("file_id"))

# A portal's webhooks and their deliveries (`c.module`: the portal).
W = "webhook"
declare(W, "edit", "webhook.edit", N_("Edit"), "admin", "POST", ok("webhooks"), _item_args("webhook_id"))
declare(W, "delete", "webhook.delete", N_("Delete"), "admin", "DELETE", ok("webhooks"), _item_args("webhook_id"))
declare(W, "deliveries", "webhook.deliveries", N_("Deliveries"), "admin", when=ok("webhooks"),
        args=_item_args("webhook_id"))
declare("webhooks", "add", "webhook.add", N_("Add Webhook"), "admin", "POST", ok("webhooks"))
declare("webhook_delivery", "redeliver", "webhook.redeliver", N_("Redeliver"), "admin", "POST", ok("webhooks"),
        args=lambda c: {"module_id": c.module.id, "webhook_id": c.item.webhook_id, "delivery_id": c.item.id})

# Issue 46: imports. A portal's import page (module/view), what it offers, and each job (`c.module`: the portal, or
# the platform root for an archive; `c.item`: the ImportJob); a platform root offers its superusers a portal import.
declare(M, "import", "imports.list_", N_("Import"), "admin", when=lambda c: "watching" in c.extra and ok("import")(c))
declare(M, "import_portal", "imports.archive_import", N_("Import a portal"), "admin", "POST",
        when=lambda c: "watching" in c.extra and ok("import_portal")(c))
IM = "imports"
declare(IM, "redmine_probe", "imports.redmine_probe", N_("Check the Redmine project"), "admin", "POST", ok("import"))
declare(IM, "redmine", "imports.redmine", N_("Import from Redmine"), "admin", "POST", ok("import"))
declare(IM, "spreadsheet_columns", "imports.spreadsheet_columns", N_("Read the columns"), "admin", "POST",
        ok("import"))
declare(IM, "spreadsheet", "imports.spreadsheet", N_("Import a spreadsheet"), "admin", "POST", ok("import"))
declare(IM, "mspdi", "imports.mspdi", N_("Import MS Project XML"), "admin", "POST", ok("import"))
declare(IM, "export_archive", "imports.archive_export", N_("Export the portal"), "admin", when=ok("import"))
_job_arg = lambda c: {"job_id": c.item.id}  # noqa: E731
declare("import_job", "self", "imports.job", N_("Import"), "admin", args=_job_arg)
declare("import_job", "cancel", "imports.cancel", N_("Cancel"), "admin", "POST",
        when=lambda c: c.item.state in ("QUEUED", "RUNNING") and not c.item.cancel, args=_job_arg)
declare("import_job", "module", "module.view", N_("Open"), "view",
        when=lambda c: c.item.state == "DONE" and bool(c.extra.get("module_id")),
        args=lambda c: {"module_id": c.extra["module_id"]})

# The signed-in user's own notifications (no module: `c.module` is None).
declare("notification", "read", "notification.read", N_("Mark read"), "view", "POST",
        args=lambda c: {"notification_id": c.item.id})

# --- issue 18: the signed-in user's own sessions and API tokens (no module: `c.module` is None) ------------------
declare("session", "end", "account.end_session", N_("End session"), "view", "DELETE",
        when=lambda c: not c.extra.get("current"), args=lambda c: {"session_id": c.item.id})
declare("api_token", "revoke", "account.revoke_token", N_("Revoke"), "view", "DELETE",
        args=lambda c: {"token_id": c.item.id})

# --- issue 44: saved views of a module's screens, and the signed-in user's calendar feeds ------------------------
# A saved view (`c.item`) of `c.module`: its own read; changed and deleted by its owner, a shared one also by the
# admins of the module's portal (perm.saved_view_error).
def _saved_view(action):
    return lambda c: perm.saved_view_error(c.user, c.r, c.module, c.item, action) is None


_view_args = lambda c: {"view_id": c.item.id}  # noqa: E731
declare("saved_view", "self", "saved_view.view", N_("View"), "view", when=_saved_view("view"), args=_view_args)
declare("saved_view", "edit", "saved_view.edit", N_("Edit"), "edit", "POST", _saved_view("edit"), _view_args)
declare("saved_view", "delete", "saved_view.delete", N_("Delete"), "delete", "DELETE", _saved_view("delete"),
        _view_args)
declare("saved_views", "add", "saved_view.add", N_("Save View"), "view", "POST", lambda c: c.r.view)
# A calendar feed of the signed-in user (no module: `c.module` is None); the user's own page links the list.
declare("calendar_feed", "delete", "calendar_feed.delete", N_("Revoke"), "view", "DELETE",
        args=lambda c: {"feed_id": c.item.id})
declare("calendar_feeds", "add", "calendar_feed.add", N_("Add Calendar Feed"), "view", "POST", args=lambda c: {})
declare("user", "calendar_feeds", "calendar_feed.list_", N_("Calendar feeds"), "view",
        when=lambda c: perm.token_request_error(c.user, "GET", "calendar_feed.list_") is None, args=lambda c: {})

# --- issue 45: time entries and the timer ------------------------------------------------------------------------
# An entry of a list (`c.item`: its row, `c.module`: its module, `extra["locked"]`: its month approved,
# `extra["admin"]`: the reader is an admin of its portal): changed and deleted by its person or a portal admin while
# its month is open. The signed-in user's running timer (`c.item`) is stopped or discarded; their page links it.
def _entry_ok(c):
    return perm.time_entry_error(c.user, c.r, c.module, c.item, c.extra["locked"], c.extra.get("admin")) is None


_entry_args = lambda c: {"entry_id": c.item.id}  # noqa: E731
declare("time_entry", "edit", "time.edit", N_("Edit"), "view", "POST", _entry_ok, _entry_args)
declare("time_entry", "delete", "time.delete", N_("Delete"), "view", "DELETE", _entry_ok, _entry_args)
declare("timer", "stop", "time.timer_stop", N_("Stop"), "view", "POST", args=lambda c: {})
declare("timer", "discard", "time.timer_discard", N_("Discard"), "view", "DELETE", args=lambda c: {})
declare("user", "timer", "time.timer", N_("Timer"), "view", args=lambda c: {})

# --- issue 45: what a project's effort plan and effort report act on (`c.module`: the project) --------------------
# The plan is saved (JSON) or imported (a CSV file) by the project's editors while it is not locked; the report is
# downloaded as CSV or XLSX for the same period and grouping (`extra["query"]`: the report's own query string).
declare("effort_plan", "save", "effort.plan_save", N_("Save"), "edit", "PUT", ok("effort_plan"), _project_arg)
declare("effort_plan", "import", "effort.plan_import", N_("Import CSV"), "edit", "POST", ok("effort_plan"),
        _project_arg)
declare("effort_report", "csv", "effort.report", N_("Download CSV"), "view", args=_project_arg,
        query=lambda c: c.extra["query"] + "&format=csv")
declare("effort_report", "xlsx", "effort.report", N_("Download XLSX"), "view", args=_project_arg,
        query=lambda c: c.extra["query"] + "&format=xlsx")

# --- issue 45: timesheets ----------------------------------------------------------------------------------------
# A portal's months to decide and one's own (its page: the portal's `timesheets` link); on a month of the list
# (`c.module`: the portal, `c.item`: the sheet, `extra["decides"]`: whether the reader decides the portal's months)
# approve and return for the deciders, never on their own month, and the PDF for whoever sees it; in the week
# (`c.item`: the week's person) the cell and submit calls, for the person and the portal's admins.
declare(M, "timesheets", "timesheet.months", N_("Timesheets"), "view",
        when=lambda c: "watching" in c.extra and c.module.level == 1 and c.r.view,
        args=lambda c: {"portal_id": c.module.id})


def _decides(c):
    return perm.sheet_error(c.user, c.module, c.item, "decide", c.extra.get("decides")) is None


_sheet_args = lambda c: {"sheet_id": c.item.id}  # noqa: E731
declare("timesheet", "approve", "timesheet.approve", N_("Approve"), "admin", "POST",
        lambda c: c.item.state == "SUBMITTED" and _decides(c), _sheet_args)
declare("timesheet", "return", "timesheet.return_", N_("Return"), "admin", "POST",
        lambda c: c.item.state in ("SUBMITTED", "APPROVED") and _decides(c), _sheet_args)
declare("timesheet", "pdf", "timesheet.pdf", N_("PDF"), "view", args=_sheet_args)
declare("timesheet_week", "cell", "timesheet.cell", N_("Save"), "edit", "POST",
        lambda c: perm.cell_error(c.user, c.module, c.item.id) is None, lambda c: {"portal_id": c.module.id})
declare("timesheet_month", "submit", "timesheet.submit", N_("Submit"), "view", "POST",
        lambda c: c.item.state in (None, "RETURNED") and perm.cell_error(c.user, c.module, c.item.user_id) is None,
        lambda c: {"portal_id": c.module.id})
