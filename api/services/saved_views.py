"""Saved views (issue 44): a named state of one of a module's screens (its tasks list, board, Gantt or calendar:
filters, sort, grouping, columns, a JSON object only the webapp reads). A view is its owner's; shared, everyone who
may view the module sees it. Who sees, changes and shares one is decided in permissions.py (`saved_view_error`,
`may_share_view`: sharing is for the admins of the module's portal). A view is personal: its changes are not
written to the module's activity feed."""
import orjson
from sqlalchemy import func, or_, select

from .. import links
from .. import permissions as perm
from ..errors import Forbidden, NotFound
from ..extensions import db
from ..i18n import N_
from ..links import Ctx
from ..models import Module, SavedView, User
from ..transactions import check_version
from .modules import real

NOT_FOUND = N_("View not found")
NOT_YOURS = N_("Only its owner or an admin of the portal may change a shared view")
NOT_ADMIN = N_("Only an admin of the portal may share a view, or make a shared one private")


def _state(v):
    try:
        state = orjson.loads(v.state or "{}")
    except orjson.JSONDecodeError:
        state = {}
    return state if isinstance(state, dict) else {}


def present(user, module, r, v, owner_name=None):
    if owner_name is None:
        owner_name = db.session.scalar(select(User.name).where(User.id == v.owner_id))
    return {"id": v.id, "name": v.name, "kind": v.kind, "moduleId": v.module_id, "state": _state(v),
            "shared": bool(v.shared), "owner": {"id": v.owner_id, "name": owner_name}, "mine": v.owner_id == user.id,
            "created": v.created, "updated": v.updated, "version": v.version,
            "links": links.of("saved_view", Ctx(user, module, r, v))}


def listing(user, module, kind=None):
    """The user's own views of the module and those shared on it (of one screen when `kind` is given), by name:
    one query."""
    user = real(user)
    r = perm.rights(user, module)
    q = select(SavedView, User.name).join(User, User.id == SavedView.owner_id) \
        .where(SavedView.module_id == module.id, or_(SavedView.owner_id == user.id, SavedView.shared))
    if kind:
        q = q.where(SavedView.kind == kind)
    rows = db.session.execute(q.order_by(func.lower(SavedView.name), SavedView.id)).all()
    return [present(user, module, r, v, name) for v, name in rows]


def list_links(user, module):
    return links.of("saved_views", Ctx(real(user), module, perm.rights(real(user), module)))


def get(user, view_id, action="view"):
    """(view, module, rights) when the user may do `action` on the view: 404 when it is not there for them (someone
    else's private view, a view of a module they do not see), 403 when they see it but may not change it."""
    user = real(user)
    v = db.session.get(SavedView, view_id)
    module = db.session.get(Module, v.module_id) if v is not None else None
    if module is None:
        raise NotFound(NOT_FOUND)
    r = perm.rights(user, module)
    err = perm.saved_view_error(user, r, module, v, action)
    if err is NotFound:
        raise NotFound(NOT_FOUND)
    if err is not None:
        raise err(NOT_YOURS)
    return v, module, r


def may_share(user, module):
    return perm.may_share_view(real(user), module)


def add(user, module, data):
    user = real(user)
    shared = bool(data.get("shared"))
    if shared and not perm.may_share_view(user, module):
        raise Forbidden(NOT_ADMIN)
    v = SavedView(owner_id=user.id, module_id=module.id, kind=data["kind"], name=data["name"],
                  state=orjson.dumps(data.get("state") or {}).decode(), shared=shared)
    db.session.add(v)
    db.session.flush()
    out = present(user, module, perm.rights(user, module), v, user.name)
    db.session.commit()
    return out


def update(user, v, module, r, data):
    """Change a view's name, state (left out: kept) and whether it is shared (left out: kept; a change needs an
    admin of the portal). An edit sent with a version the view no longer has is refused (409)."""
    user = real(user)
    check_version(v, data, lambda: present(user, module, r, v))
    shared = data.get("shared")
    if shared is not None and bool(shared) != bool(v.shared):
        if not perm.may_share_view(user, module):
            raise Forbidden(NOT_ADMIN)
        v.shared = bool(shared)
    v.name = data["name"]
    if data.get("state") is not None:
        v.state = orjson.dumps(data["state"]).decode()
    db.session.flush()
    out = present(user, module, r, v)
    db.session.commit()
    return out


def delete(user, v):
    db.session.delete(v)
    db.session.commit()


def form_values(v):
    return {"name": v.name, "state": v.state, "shared": bool(v.shared)}
