"""Memberships: who may grant what, and the last admin of a portal (invitations: services/invitations.py)."""
from sqlalchemy import bindparam, func, select

from .. import links
from .. import permissions as perm
from ..errors import ApiError, Conflict, Invalid
from ..i18n import N_, _
from ..extensions import db, read_rows
from .owned import get_owned
from ..models.module import path_under
from ..models import Membership, Module, User
from ..links import Ctx
from ..presenting import avatar_url
from ..transactions import check_version, lock_row
from . import accounts, feed
from .sentences import said

FLAGS = {"admin": "admin", "allowCreate": "allow_create", "allowView": "allow_view", "allowEdit": "allow_edit",
         "allowDelete": "allow_delete"}


def _co_members(module):
    return (select(Membership.user_id).join(Module, Module.id == Membership.module_id)
            .where(path_under(Module.path, module.portal_path)))


def user_options(module):
    """Active members of the module's portal (anywhere in it) who are not yet direct members of the module.
    Nobody else is listed: people outside the portal are added by their exact e-mail address."""
    taken = select(Membership.user_id).where(Membership.module_id == module.id)
    rows = db.session.execute(select(User.id, User.name, User.email)
                              .where(User.is_active, User.id.in_(_co_members(module)), User.id.not_in(taken))
                              .order_by(User.name)).all()
    return [(uid, f"{name} <{email}>") for uid, name, email in rows]


# Presets every portal has: a label and its flags (admin may do everything).
BUILT_IN_PRESETS = (
    ("Viewer", {"admin": False, "allowCreate": False, "allowView": True, "allowEdit": False, "allowDelete": False}),
    ("Editor", {"admin": False, "allowCreate": True, "allowView": True, "allowEdit": True, "allowDelete": False}),
    ("Admin", {"admin": True, "allowCreate": True, "allowView": True, "allowEdit": True, "allowDelete": True}),
)


def role_presets(module):
    """The member form's presets: Viewer, Editor, Admin, then the portal's own named roles ('Site engineer'), each
    with the rights of its newest membership in the portal. One query."""
    rows = db.session.execute(
        select(Membership.role, Membership.admin, Membership.allow_create, Membership.allow_view,
               Membership.allow_edit, Membership.allow_delete)
        .join(Module, Module.id == Membership.module_id)
        .where(path_under(Module.path, module.portal_path), Membership.role.is_not(None))
        .order_by(Membership.id.desc()).limit(2000)).all()
    taken = {name.lower() for name, _ in BUILT_IN_PRESETS} | {"user"}
    named = {}
    for role, *flags in rows:
        label = (role or "").strip()
        if label and label.lower() not in taken and label not in named:
            named[label] = dict(zip(FLAGS, (bool(f) for f in flags)))
    return [{"role": name, **flags} for name, flags in (*BUILT_IN_PRESETS, *sorted(named.items()))]


def with_presets(form, module):
    """A member form's answer with the presets on its role element."""
    for el in form["elements"]:
        if el["name"] == "role":
            el["presets"] = role_presets(module)
    return form


def _co_member(module, user_id):
    """The active account `user_id` if it is a member of the module's portal (anywhere in it), else None."""
    return db.session.scalar(select(User).where(User.id == user_id, User.is_active, User.id.in_(_co_members(module))))


def _target(module, data):
    """The user to add: picked from the portal's members, or named by e-mail address. None when the address is not
    that of an active member of the portal: that person is invited instead, and unknown, switched-off and foreign
    accounts are answered alike (nobody learns who has an account, nor their name)."""
    if data.get("userId"):
        target = _co_member(module, data["userId"])
        if target is None:
            raise Invalid(_("The form has errors"), errors={"userId": [_("Please choose one of the options")]})
        return target
    if data.get("email"):
        found = accounts.find_by_email(data["email"])
        return _co_member(module, found.id if found is not None else 0)  # the same queries either way
    raise Invalid(_("The form has errors"), errors={"userId": [_("Choose a user or enter their e-mail address")]})


def check_grant(user, module, data):
    """Nobody grants more than they hold: each flag needs the granter's own right (admin needs admin)."""
    held = perm.grantable_flags(perm.rights(user, module))
    over = [k for k, attr in FLAGS.items() if data.get(k) and attr not in held]
    if over:
        raise ApiError(_("You cannot grant rights you do not hold"), status=403,
                       errors={k: [_("You do not hold this right")] for k in over})


def _apply(m, data):
    # The label is kept unless a new one is given (spec §6 sent 'User' always, which lost 'Site engineer').
    m.role = (data.get("role") or "").strip() or m.role or "User"
    for key, attr in FLAGS.items():
        setattr(m, attr, bool(data.get(key)))
    if m.admin:  # an admin may do everything: keep the flags telling the truth
        m.allow_create = m.allow_view = m.allow_edit = m.allow_delete = True
    if "organisation" in data:  # the edit form's (issue 45)
        m.organisation = (data.get("organisation") or "").strip() or None
    if "supervisor" in data:
        m.supervisor = bool(data.get("supervisor"))


def _describe(m):
    """{name, role, rights} of a membership for the feed: its rights by their codes ('allowEdit'), or 'no rights'."""
    flags = [k for k in ("admin", "allowCreate", "allowView", "allowEdit", "allowDelete") if getattr(m, FLAGS[k])]
    return {"name": m.user.name, "role": m.role, "rights": ", ".join(flags) or said(N_("no rights"))}


def get(module, membership_id):
    return get_owned(Membership, module, membership_id)


# --- presenting -----------------------------------------------------------------------------------------------

MEMBERSHIP_COLUMNS = (Membership.id, Membership.module_id, Membership.user_id, Membership.version, Membership.role,
                      Membership.admin, Membership.organisation.label("member_organisation"), Membership.supervisor,
                      Membership.allow_create, Membership.allow_view, Membership.allow_edit, Membership.allow_delete,
                      User.email.label("user_email"), User.name.label("user_name"),
                      User.organisation.label("user_organisation"), User.avatar.label("user_avatar"))


def present(c, m, inherited=False, admins=1):
    """A membership (a row of MEMBERSHIP_COLUMNS; c: a links.Ctx on its module; `admins`: how many admin memberships
    that module has). An inherited one (from an ancestor) is shown without links: it is changed where it was
    given."""
    return {"id": m.id, "moduleId": m.module_id, "userId": m.user_id, "userName": m.user_email,
            "userEmail": m.user_email, "name": m.user_name, "role": m.role,
            "organisation": m.member_organisation or m.user_organisation,
            "memberOrganisation": m.member_organisation, "supervisor": bool(m.supervisor),
            "avatar": avatar_url(m.user_id, m.user_avatar), "admin": m.admin, "allowCreate": m.allow_create,
            "allowView": m.allow_view, "allowEdit": m.allow_edit, "allowDelete": m.allow_delete,
            "inherited": inherited, "version": m.version,
            "links": {} if inherited else links.of("membership", Ctx(c.user, c.module, c.r, m, admins=admins))}


def _present(user, module, m):
    row = db.session.execute(select(*MEMBERSHIP_COLUMNS).join(User, User.id == Membership.user_id)
                             .where(Membership.id == m.id)).one()
    admins = db.session.scalar(select(func.count(Membership.id)).where(Membership.module_id == module.id,
                                                                       Membership.admin.is_(True)))
    return present(Ctx(user, module, perm.rights(user, module)), row, admins=admins)


MEMBER_SORTS = {"name": User.name, "email": User.email, "role": Membership.role}


def memberships_of(user, module, r=None, page=None, admin=None):
    """Direct memberships of the module, then those inherited from its ancestors; with `page` (forms.Paging) one
    page of them, filtered by `q` (name or e-mail) and `admin` (only admins, or only the others), and sorted.
    Two queries (rows, count) and the admins count."""
    c = Ctx(user, module, r or perm.rights(user, module))
    ids = {"ids": module.ancestor_ids + [module.id], "module": module.id}
    every = page is None and admin is None  # every module page: all of them, by the statement built once
    q, total = _ALL_ON_PATH, None
    if not every:
        q = _ON_PATH
        if page is not None and page.q:
            like = f"%{page.q.lower()}%"
            q = q.where(func.lower(User.name).like(like) | func.lower(User.email).like(like))
        if admin is not None:
            q = q.where(Membership.admin.is_(admin))
        order = [Membership.module_id != module.id]  # inherited ones last
        if page is not None and page.sort:
            col = MEMBER_SORTS[page.sort.lstrip("-")]
            order.append(col.desc() if page.sort.startswith("-") else col)
        q = q.order_by(*order, Membership.id)
        if page is not None:
            total = db.session.scalar(select(func.count()).select_from(q.order_by(None).subquery()), ids)
            q = q.limit(page.per_page).offset(page.offset)
    rows = read_rows(q, ids).all()
    if every:  # the module's own admins are among the rows
        admins = sum(1 for m in rows if m.admin and m.module_id == module.id)
    else:
        admins = db.session.scalar(select(func.count(Membership.id)).where(Membership.module_id == module.id,
                                                                           Membership.admin.is_(True)))
    out = [present(c, m, m.module_id != module.id, admins) for m in rows]
    return out if page is None else (out, total)


# The memberships on a module (`:module`) and its ancestors (`:ids`, the module's included); all of them, direct
# ones first, is what every module page shows (built once).
_ON_PATH = select(*MEMBERSHIP_COLUMNS).join(User, User.id == Membership.user_id) \
    .where(Membership.module_id.in_(bindparam("ids", expanding=True)))
_ALL_ON_PATH = _ON_PATH.order_by(Membership.module_id != bindparam("module"), Membership.id)


def add(user, module, data):
    """Add a member: (the membership, None); or, for an address that is not an active member's of the portal,
    invite them with the same rights: (None, the invitation)."""
    check_grant(user, module, data)
    target = _target(module, data)
    if target is None:
        from .invitations import invite
        return None, invite(user, module, data)
    if db.session.scalar(select(Membership.id).where(Membership.module_id == module.id,
                                                     Membership.user_id == target.id)):
        raise Conflict(_("%(name)s is already a member here", name=target.name))
    m = Membership(module_id=module.id, user_id=target.id)
    _apply(m, data)
    m.user = target
    db.session.add(m)
    feed.record(user, module, "add", "membership",
                said(N_("Added %(name)s (%(role)s; %(rights)s) to '%(module)s'"), module=module.name, **_describe(m)),
                item=m.id,
                data={"subject": m.user.name if m.user else None})
    db.session.commit()
    perm.forget()
    return _present(user, module, m), None


def _admins_left(module, without):
    return db.session.scalar(select(func.count(Membership.id)).where(
        Membership.module_id == module.id, Membership.admin.is_(True), Membership.id != without.id))


def _guard_last_admin(module, m, still_admin):
    if module.level == 1 and m.admin and not still_admin:
        # Two admins demoting each other at once must not both pass the count: they take turns on the portal.
        lock_row(Module, module.id)
        if _admins_left(module, m) == 0:
            raise Conflict(_("A portal needs at least one admin: make someone else admin first"))


def edit(user, module, m, data):
    perm.require_membership(user, module, m, "edit_member")
    check_grant(user, module, data)
    check_version(m, data, lambda: _present(user, module, m))
    _guard_last_admin(module, m, bool(data.get("admin")))
    _apply(m, data)
    feed.record(user, module, "edit", "membership",
                said(N_("Changed %(name)s (%(role)s; %(rights)s) on '%(module)s'"), module=module.name, **_describe(m)),
                item=m.id,
                data={"subject": m.user.name if m.user else None, "userId": m.user_id})
    db.session.commit()
    perm.forget()
    return _present(user, module, m)


def delete(user, module, m):
    perm.require_membership(user, module, m, "delete_member")
    _guard_last_admin(module, m, False)
    name, uid = m.user.name, m.user_id
    db.session.delete(m)
    feed.record(user, module, "delete", "membership",
                said(N_("Removed %(name)s from '%(module)s'"), name=name, module=module.name),
                data={"subject": name, "userId": uid})
    db.session.commit()
    perm.forget()
