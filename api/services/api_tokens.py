"""Personal API tokens: a signed token whose `jti` is kept only as its SHA-256, shown once; read-only or
read-write, optionally bound to one portal (what that allows is decided in permissions.py)."""
import hashlib
import secrets
from datetime import timedelta

from flask_jwt_extended import create_access_token
from sqlalchemy import select

from ..errors import Invalid, NotFound
from ..extensions import db
from ..i18n import _
from ..models import ApiToken, Module
from ..models.base import utcnow
from .. import permissions as perm
from .. import links
from . import sessions

MAX_DAYS = 366


def digest(jti):
    return hashlib.sha256((jti or "").encode()).hexdigest()


def present(t, portal_names=None):
    portal_names = portal_names or {}
    return {"id": t.id, "name": t.name, "access": "read" if t.read_only else "write",
            "portal": {"id": t.portal_id, "name": portal_names.get(t.portal_id)} if t.portal_id else None,
            "created": t.created.isoformat(), "expires": t.expires.isoformat(),
            "lastUsed": t.last_used.isoformat() if t.last_used else None, "lastAddress": t.last_address,
            "links": links.of("api_token", links.Ctx(None, None, None, t))}


def of(user):
    rows = db.session.scalars(select(ApiToken).where(ApiToken.user_id == user.id, ApiToken.revoked.is_(None),
                                                     ApiToken.expires > utcnow()).order_by(ApiToken.id.desc())).all()
    ids = {t.portal_id for t in rows if t.portal_id}
    names = dict(db.session.execute(select(Module.id, Module.name).where(Module.id.in_(ids)))) if ids else {}
    return [present(t, names) for t in rows]


def portal_options(user):
    """The portals a token may be bound to: those the user views."""
    return [{"value": m.id, "label": m.name} for m in perm.viewable_portals(user)]


def chosen_portal(user, portal_id):
    """The portal picked in a form's `portalId` (None: none picked); one the user does not view is refused on the
    field, as one that does not exist (tokens and calendar feeds)."""
    if not portal_id:
        return None
    portal = db.session.get(Module, portal_id)
    if portal is None or portal.level != 1 or not perm.can(user, portal, "view"):
        message = _("Please choose one of your portals")
        raise Invalid(message, errors={"portalId": [message]})
    return portal


def create(user, data):
    portal = chosen_portal(user, data.get("portalId"))
    jti = secrets.token_urlsafe(24)
    expires = timedelta(days=data["days"])
    t = ApiToken(user_id=user.id, name=data["name"], jti_hash=digest(jti), read_only=data["access"] != "write",
                 portal_id=portal.id if portal else None, expires=utcnow() + expires)
    db.session.add(t)
    db.session.flush()
    sessions.log(user, "token_created", f"'{t.name}', {'read-only' if t.read_only else 'read-write'}"
                                        f"{', portal ' + portal.name if portal else ''}")
    token = create_access_token(identity=user, expires_delta=expires, additional_claims={"typ": "pat", "jti": jti})
    db.session.commit()
    out = present(t, {portal.id: portal.name} if portal else None)
    out["token"] = token  # shown once: only its digest is kept
    return out


def revoke(user, token_id):
    t = db.session.get(ApiToken, token_id)
    if t is None or t.user_id != user.id or t.revoked is not None:
        raise NotFound(_("No such token"))
    t.revoked = utcnow()
    sessions.log(user, "token_revoked", f"'{t.name}'")
    db.session.commit()
