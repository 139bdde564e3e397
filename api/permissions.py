"""The ONLY place that decides access.

A user's rights on a module are the union of their memberships on the module and on every
ancestor; admin implies every right; a system superuser may do everything. The user's
memberships are loaded once per request (a user has few), so rights for any number of
modules cost no further query. `links_*` build the links maps from the same predicates
that `require` enforces, so what is offered and what is allowed cannot differ.
"""
from dataclasses import dataclass
from types import SimpleNamespace

from flask import g, has_request_context
from sqlalchemy import bindparam, func

from .errors import Conflict, Forbidden, Locked, NotFound
from .extensions import db, read_rows
from .i18n import N_
from .models import Membership, Module
from .models.module import path_ids, path_under
from .services.platforms import skeleton


class NotLocked(Conflict):
    message = N_("The module is not locked")


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
    """{module_id: the membership's flags (a row: admin, allow_view, ...)} of the user, one query per request (rows,
    not ORM objects: what rights read; a change of memberships in the request calls `forget`)."""
    cache = _cache()
    key = ("memberships", user.id)
    if key not in cache:
        q = _MEMBERSHIPS
        bound = token_portal(user)
        if bound is not None:  # a portal-bound API token: the portal's subtree is all there is
            q = q.join(Module, Module.id == Membership.module_id).where(Module.path.like(f"%/{bound}/%"))
        cache[key] = {m.module_id: m for m in read_rows(q, {"user": user.id}).all()}
    return cache[key]


# Built once (every request that decides a right runs it).
_MEMBERSHIPS = db.select(Membership.id, Membership.module_id, Membership.admin, Membership.allow_view,
                         Membership.allow_create, Membership.allow_edit, Membership.allow_delete) \
    .where(Membership.user_id == bindparam("user"))


def forget(user=None):
    """Drop cached memberships after they change within a request."""
    if has_request_context() and hasattr(g, "_perm_cache"):
        g._perm_cache.clear()


def rights(user, module):
    if user is None:
        return NONE
    t = _token_of(user)  # once: a list decides the rights of every row (reading `g` costs more than the rest)
    if t is None:
        return _rights(user, module)
    if t.portal_id is not None and f"/{t.portal_id}/" not in module.path:
        return NONE
    return Rights(view=_rights(user, module).view) if t.read_only else _rights(user, module)


def _rights(user, module):
    if user.is_superuser:
        return ALL
    mine = user_memberships(user)
    ids = path_ids(module.path)
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
    "watch": _needs("view", lockable=False),  # watching, live updates: whoever views (a lock changes nothing)
    # A portal's webhooks: its admins (they are told about every change in it).
    "webhooks": lambda r, m: None if (r.admin and m.level == 1) else Forbidden,
    # A portal's planning settings (holidays, project months): its admins.
    "planning": lambda r, m: None if (r.admin and m.level == 1) else Forbidden,
    # Issue 45: a project's effort plan (person-months per work package and organisation) is read and changed by its
    # editors, as a form is (a lock blocks both); its effort report is read by whoever views the project.
    "effort_plan": _needs("edit", extra=lambda m: m.level == 2),
    "effort_report": lambda r, m: None if (r.view and m.level == 2) else Forbidden,
}


# A membership's flags and the right each one grants.
MEMBERSHIP_FLAGS = (("admin", "admin"), ("allow_create", "create"), ("allow_view", "view"), ("allow_edit", "edit"),
                    ("allow_delete", "delete"))
MEMBERSHIP_ACTIONS = ("edit_member", "delete_member")


def grantable_flags(r):
    """The membership flags (attributes) someone with rights `r` may give: those whose right they hold (admin needs
    admin). Adding a member checks it (members.check_grant), and so does accepting an invitation, in its inviter's
    name and with the inviter's rights of that moment (invitations.still_grantable)."""
    return {flag for flag, right in MEMBERSHIP_FLAGS if getattr(r, right)}


def membership_error(r, module, membership, action):
    """Changing or removing a membership takes its rights away: besides the module-wide right (edit+delete to
    edit, delete to remove), one must hold every right the membership holds, so only an admin touches an
    admin's membership. Returns None when allowed, else the error class."""
    err = MODULE_ACTIONS[action](r, module)
    if err is None and not all(getattr(r, right) for flag, right in MEMBERSHIP_FLAGS if getattr(membership, flag)):
        err = Forbidden
    return err


def require_membership(user, module, membership, action):
    if membership_error(rights(user, module), module, membership, action) is not None:
        raise Forbidden(N_("Only someone who holds every right of this membership can change or remove it "
                           "(an admin's only by an admin)"))


def viewers_among(user_ids, module):
    """Which of these users may view `module` now (active accounts: superusers, or a membership on the module or
    an ancestor that gives view). Three queries whatever the number: what every channel of an event asks when it
    delivers (docs/architecture.md 'Events': rights at delivery). A module that no longer exists: nobody."""
    from .models import User
    ids = {int(u) for u in user_ids if u}
    if not ids or module is None:
        return set()
    path = db.session.scalar(db.select(Module.path).where(Module.id == module.id))
    if path is None:
        return set()
    users = dict(db.session.execute(db.select(User.id, User.is_superuser).where(User.id.in_(ids), User.is_active)).all())
    members = db.session.execute(db.select(Membership.user_id).where(
        Membership.user_id.in_([u for u, su in users.items() if not su]), Membership.module_id.in_(path_ids(path)),
        db.or_(Membership.allow_view, Membership.admin))).scalars()
    return {u for u, su in users.items() if su} | set(members)


def can(user, module, action, r=None):
    r = r or rights(user, module)
    if not r.view:
        return False
    return MODULE_ACTIONS[action](r, module) is None


def require(user, module, action="view"):
    """Raise 404 if the module is invisible, 403 if the right is missing, 423 if a lock blocks it."""
    if module is None:
        raise NotFound(N_("Module not found"))
    r = rights(user, module)
    if not r.view:
        raise NotFound(N_("Module not found"))
    err = MODULE_ACTIONS[action](r, module)
    if err is Locked:
        raise Locked(N_("Module is locked"))
    if err is not None:
        raise err()
    return r



# --- rules of items a module carries -----------------------------------------------------------------------

def last_portal_admin(module, membership, admins):
    """The only admin membership of a portal (`admins`: how many it has) cannot be removed."""
    return module.level == 1 and membership.admin and admins <= 1


def takes_many(field):
    """A dated series holds a value per date and a `multiple` picklist several options: both may always take
    another; any other field holds one value per module (then edited, not added)."""
    return field.multiple or field.type == "DATED_NUMERIC"


def field_deletable(field):
    """The checklist field is part of every module's page: it is never deleted."""
    return field.attribute != "checklist_status"


def comment_error(user, r, module, c, action):
    """edit: the author; delete: the author, or whoever may delete on the module, unless it is locked (the missing
    right is told first); reply: anyone who views. A deleted comment (a tombstone) takes no action."""
    if c.deleted or not r.view:
        return Forbidden
    if action == "edit":
        return None if c.created_by_id == user.id else Forbidden
    if action == "delete":
        if c.created_by_id != user.id and not r.delete:
            return Forbidden
        return Locked if module.locked else None
    return None


def relation_error(r, module, other_r, other):
    """A relation (issue 42) ties two modules' plans: adding, editing or removing one needs the content right on
    both ends (edit; neither locked). An end the user cannot see answers 404 (it is never named)."""
    if not other_r.view:
        return NotFound
    return MODULE_ACTIONS["content"](r, module) or MODULE_ACTIONS["content"](other_r, other)


def vault_item_error(r, module, item, action):
    """A file or reference: edit and lock need the module's content right, delete its remove right; a locked item
    is neither edited nor deleted, and only a locked one is unlocked."""
    err = MODULE_ACTIONS["remove" if action == "delete" else "content"](r, module)
    if err is not None:
        return err
    if action in ("edit", "delete", "lock") and item.locked:
        return Locked
    if action == "unlock" and not item.locked:
        return Conflict
    return None


def clone_targets(user, source):
    """The modules where the user may put a copy of `source`: those of a type the skeleton allows as its parent,
    in the source's portal and outside its own subtree, where the user may view and create (rows of id, name,
    path, level, locked, platform, type). One query (and the memberships), asked once per source per request."""
    cache = _cache()
    key = ("clone_targets", user.id, source.id)
    if key not in cache:
        parent_types = sorted({rule.parent_type for rules in skeleton().values() for rule in rules
                               if rule.platform == source.platform and rule.child_type == source.type})
        # A portal's copies go under the platform root; anything else stays in its portal.
        portal_path = source.portal_path if source.level >= 2 else "/" + source.path.strip("/").split("/")[0] + "/"
        candidates = db.session.execute(db.select(
            Module.id, Module.name, Module.path, Module.level, Module.locked, Module.platform, Module.type).where(
            Module.platform == source.platform, Module.type.in_(parent_types),
            path_under(Module.path, portal_path), ~path_under(Module.path, source.path))
            .order_by(Module.level, Module.idx, Module.id)).all() if parent_types else []
        cache[key] = [m for m in candidates if (lambda r: r.view and r.create)(rights(user, m))]
    return cache[key]



def has_clone_target(user, source):
    """Whether clone_targets(user, source) is not empty, for the clone links. The source's own parent is always one
    of them when the skeleton allows the source's type there (it is of a parent type, in the portal, outside the
    source's subtree): when the user may view and create there, the answer needs no query."""
    parent_types = {rule.parent_type for rules in skeleton().values() for rule in rules
                    if rule.platform == source.platform and rule.child_type == source.type}
    if parent_types and source.parent_id is not None:
        parent_path = source.path[:source.path.rstrip("/").rfind("/") + 1]
        r = rights(user, SimpleNamespace(id=source.parent_id, path=parent_path))
        if r.view and r.create:
            return True
    return bool(clone_targets(user, source))

# --- saved views (issue 44) --------------------------------------------------------------------------------------

def portal_admin(user, module):
    """Whether the user is an admin of the module's portal (its level-1 ancestor; the module itself for a root):
    a membership giving admin on the portal or above it, or a superuser. No query (the memberships are read)."""
    ids = path_ids(module.path)
    portal = ids[:2] if len(ids) > 1 else ids[:1]
    return rights(user, SimpleNamespace(id=portal[-1], path="/" + "/".join(map(str, portal)) + "/")).admin


def saved_view_error(user, r, module, view, action):
    """A saved view of `module` (`r`: the user's rights there). Seen ('view') by its owner, and when shared by
    whoever views the module; changed or deleted ('edit', 'delete') by its owner, and when shared also by the
    admins of the module's portal. Someone else's private view is not there (404), as is any view of a module
    the user does not see; a shared one they may not change, 403."""
    if not r.view:
        return NotFound
    mine = view.owner_id == user.id
    if not mine and not view.shared:
        return NotFound
    if action == "view" or mine:
        return None
    return None if portal_admin(user, module) else Forbidden


def may_share_view(user, module):
    """Sharing a view (or making a shared one private again) is for the admins of the module's portal."""
    return portal_admin(user, module)


# --- personal API tokens (issue 18): what a token's scope allows ------------------------------------------------
# A request made with an API token (api/auth.py puts its `sessions.Bearer` on g) may do no more than the token says:
# bound to a portal, every module outside that portal's subtree is unseen (404, as for an outsider); read-only,
# only the view right remains and no write request passes; and a token never manages the account itself.

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
# Endpoints a token may never call: its holder could otherwise mint tokens, change the password or 2FA.
SESSION_ONLY = frozenset({"accounts.logout", "account.change_password", "account.sessions_", "account.end_session",
                          "account.end_other_sessions", "account.tokens", "account.create_token",
                          "account.revoke_token", "account.mfa_status", "account.mfa_enrol", "account.mfa_confirm",
                          "account.mfa_disable", "account.mfa_recovery_codes", "account.security_log",
                          # issue 44: a calendar feed lists what its user sees, whatever a token's scope
                          "calendar_feed.list_", "calendar_feed.add_form", "calendar_feed.add",
                          "calendar_feed.delete"})
# Endpoints a portal-bound token may not call: what they give spans every portal. The bell's live channel hints at
# each new notification of the user, whatever its portal (the notification routes themselves are narrowed to the
# token's portal: services/events/notifications.py); a token's client reads notification/list instead.
UNBOUND_ONLY = frozenset({"live.user_ticket"})
# The e-mail preferences are the account's, for every portal: not a bound token's to change.
ACCOUNT_WIDE = frozenset({"notification.preferences"})


def _token_of(user):
    grant = getattr(g, "auth_grant", None) if has_request_context() else None
    if grant is None or grant.kind != "token" or user is None or grant.user_id != user.id:
        return None
    return grant


def token_portal(user):
    """The portal the request's API token is bound to (when it is the user's own request), else None."""
    t = _token_of(user)
    return t.portal_id if t is not None else None


def token_read_only(user):
    t = _token_of(user)
    return t is not None and t.read_only


def token_scope_key(user):
    """What of the request's token changes an answer (ETags): '' for a session."""
    t = _token_of(user)
    return "" if t is None else f"token:{t.portal_id or '*'}:{'r' if t.read_only else 'w'}"


def token_request_error(user, method, endpoint):
    """None when the request's token may make this call, else the error (Forbidden)."""
    t = _token_of(user)
    if t is None:
        return None
    if endpoint in SESSION_ONLY:
        return Forbidden(N_("An API token cannot manage the account: sign in"))
    if t.portal_id is not None and endpoint in UNBOUND_ONLY:
        return Forbidden(N_("An API token bound to one portal cannot follow the bell, which tells of every portal: "
                            "read /api/notification/list (this portal's notifications) instead"))
    if t.portal_id is not None and endpoint in ACCOUNT_WIDE and method not in SAFE_METHODS:
        return Forbidden(N_("An API token bound to one portal cannot change settings of the whole account"))
    if t.read_only and method not in SAFE_METHODS:
        return Forbidden(N_("This API token is read-only"))
    return None


def portal_peers(user):
    """SQL, a select of user ids: the people who share a portal with `user` (a membership anywhere in a portal where
    the user holds one; with a portal-bound API token, that portal only); None for a superuser without a bound
    token (everyone). Whom a person may be named to without having seen anything of theirs (the search's author
    filter; the add-member picker lists the people of one portal in the same way)."""
    bound = token_portal(user)
    if user.is_superuser and bound is None:
        return None
    portal_of = func.split_part(Module.path, "/", 3)  # '/root/portal/...'
    if user.is_superuser:
        portals = [str(bound)]
    else:
        portals = db.select(portal_of).select_from(Membership).join(Module, Module.id == Membership.module_id) \
            .where(Membership.user_id == user.id)
        if bound is not None:
            portals = portals.where(Module.path.like(f"%/{bound}/%"))
    return db.select(Membership.user_id).join(Module, Module.id == Membership.module_id).where(portal_of.in_(portals))


def viewable_portals(user):
    """The portals (level 1) the user may view, by name: what an API token may be bound to."""
    portals = db.session.scalars(db.select(Module).where(Module.level == 1).order_by(Module.name)).all()
    return [p for p in portals if rights(user, p).view]


# --- issue 45: time tracking -----------------------------------------------------------------------------------
# Logging time on a module ('log_time'): whoever views it and holds the create right there, owns its deliverable, or
# is an admin of its portal (who may also log, correct and delete the time of the portal's other members). An entry
# is changed or deleted by its person or a portal admin, never once its month is approved (423). A module lock
# changes nothing here: time spent is a record of the person's, not a change of the module.

READ_OWNER = object()  # log_time_error: the owner of the module's deliverable is not known to the caller


def deliverable_owner(module):
    """The id of the owner of the module's deliverable (None: no deliverable, or no owner). One query."""
    from .models import Deliverable
    return db.session.scalar(db.select(Deliverable.owner_id).where(Deliverable.module_id == module.id))


def log_time_error(user, module, r=None, owner_id=READ_OWNER):
    """None when `user` may log time on `module`, else the error class (NotFound: the module is unseen). No query
    when the create right or a portal admin's decides; else the deliverable's owner is read (one query) unless the
    caller knows it (`owner_id`). A read-only API token logs nothing; nor does anyone on the platform root."""
    r = r or rights(user, module)
    if not r.view:
        return NotFound
    if module.level < 1 or token_read_only(user):
        return Forbidden
    if r.create or portal_admin(user, module):
        return None
    if owner_id is READ_OWNER:
        owner_id = deliverable_owner(module)
    return None if owner_id is not None and owner_id == user.id else Forbidden


def time_entry_error(user, r, module, entry, locked, admin=None):
    """Changing or deleting a time entry on `module` (`r`: the user's rights there; `locked`: its month is
    approved; `admin`: whether the user is an admin of its portal, when known): NotFound when the module is unseen,
    Forbidden unless the entry is the user's own or they are a portal admin (or with a read-only API token), Locked
    once its month is approved."""
    if not r.view:
        return NotFound
    if token_read_only(user):
        return Forbidden
    if entry.user_id != user.id and not (portal_admin(user, module) if admin is None else admin):
        return Forbidden
    return Locked if locked else None


# A portal's effort settings (activities, hours per person-month, reporting periods): its admins, as its planning.
MODULE_ACTIONS["effort_settings"] = MODULE_ACTIONS["planning"]
# Issue 46: imports into a portal and its archive: its admins; a portal archive imported as a new portal: whoever
# administers the platform root (the superusers).
MODULE_ACTIONS["import"] = MODULE_ACTIONS["planning"]
MODULE_ACTIONS["import_portal"] = lambda r, m: None if (r.admin and m.level == 0) else Forbidden


# --- issue 45: timesheets ---------------------------------------------------------------------------------------
# A person's week and months in a portal: read by the person where they work, and by the portal's deciders (its
# admins, and supervisors: a membership flagged `supervisor` on the portal or above), who approve or return the
# months others submit. Nobody decides their own month. Another person's cells and months: the portal's admins.

def works_in(user, portal):
    """Whether the user works in the portal: a superuser, or a membership giving view on it, above it or anywhere
    in it (no query when one on the portal or above says so; else one, kept for the request)."""
    if user is None:
        return False
    bound = token_portal(user)
    if bound is not None and bound != portal.id:
        return False
    if rights(user, portal).view:
        return True
    ids = sorted(mid for mid, m in user_memberships(user).items() if m.allow_view or m.admin)
    if not ids:
        return False
    cache, key = _cache(), ("works_in", user.id, portal.id)
    if key not in cache:
        cache[key] = db.session.scalar(db.select(func.count()).select_from(Module).where(
            Module.id.in_(ids), path_under(Module.path, portal.path))) > 0
    return cache[key]


def supervises(user, portal):
    """A membership flagged `supervisor` on the portal or above it (one query at most, kept for the request)."""
    if user is None:
        return False
    ids = [mid for mid in path_ids(portal.path) if mid in user_memberships(user)]
    if not ids:
        return False
    cache, key = _cache(), ("supervises", user.id, portal.id)
    if key not in cache:
        cache[key] = db.session.scalar(db.select(func.count()).select_from(Membership).where(
            Membership.user_id == user.id, Membership.module_id.in_(ids), Membership.supervisor)) > 0
    return cache[key]


def decides_sheets(user, portal):
    """Whether the user decides the months the portal's people submit (its admins and supervisors)."""
    return portal_admin(user, portal) or supervises(user, portal)


def week_error(user, portal, person_id):
    """Reading a person's week: one's own where one works; another's for the portal's deciders; else 404."""
    if person_id == user.id:
        return None if works_in(user, portal) else NotFound
    return None if decides_sheets(user, portal) else NotFound


def cell_error(user, portal, person_id):
    """Setting a person's cells or submitting their month: one's own (the module's log_time decides each cell);
    another's, the portal's admins (403)."""
    if person_id == user.id or portal_admin(user, portal):
        return None
    return Forbidden


def sheet_error(user, portal, sheet, action, decides=None):
    """A submitted month: seen ('view', its PDF) by its person and the portal's deciders, else 404; approved or
    returned ('decide') by the deciders, never by its person (403)."""
    bound = token_portal(user)
    if bound is not None and bound != portal.id:  # an API token bound to another portal sees nothing here
        return NotFound
    mine = sheet.user_id == user.id
    decides = decides_sheets(user, portal) if decides is None else decides
    if not mine and not decides:
        return NotFound
    if action == "view":
        return None
    return Forbidden if mine or not decides else None
