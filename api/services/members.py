"""Memberships and invitations: who may grant what, and the last admin of a portal."""
import hashlib
import secrets
from datetime import timedelta

from flask import current_app
from itsdangerous import BadSignature, SignatureExpired, URLSafeTimedSerializer
from sqlalchemy import func, select

from .. import permissions as perm
from ..errors import ApiError, Conflict, Invalid, NotFound
from ..extensions import db
from ..models import Invitation, Membership, Module, User
from ..models.base import utcnow
from . import accounts, feed, mail

FLAGS = {"admin": "admin", "allowCreate": "allow_create", "allowView": "allow_view", "allowEdit": "allow_edit",
         "allowDelete": "allow_delete"}
INVITATION_DAYS = 14


def user_options(module):
    """Active users who are not yet direct members of the module."""
    taken = select(Membership.user_id).where(Membership.module_id == module.id)
    rows = db.session.execute(select(User.id, User.name, User.email).where(User.is_active, User.id.not_in(taken))
                              .order_by(User.name)).all()
    return [(uid, f"{name} <{email}>") for uid, name, email in rows]


def check_grant(user, module, data):
    """Nobody grants more than they hold: each flag needs the granter's own right (admin needs admin)."""
    r = perm.rights(user, module)
    held = {"admin": r.admin, "allowCreate": r.create, "allowView": r.view, "allowEdit": r.edit,
            "allowDelete": r.delete}
    over = [k for k in FLAGS if data.get(k) and not held[k]]
    if over:
        raise ApiError("You cannot grant rights you do not hold", status=403,
                       errors={k: ["You do not hold this right"] for k in over})


def _apply(m, data):
    m.role = data.get("role") or "User"
    for key, attr in FLAGS.items():
        setattr(m, attr, bool(data.get(key)))
    if m.admin:  # an admin may do everything: keep the flags telling the truth
        m.allow_create = m.allow_view = m.allow_edit = m.allow_delete = True


def _describe(m):
    flags = [k for k in ("admin", "allowCreate", "allowView", "allowEdit", "allowDelete") if getattr(m, FLAGS[k])]
    return f"{m.user.name} ({m.role}; {', '.join(flags) or 'no rights'})"


def get(module, membership_id):
    m = db.session.get(Membership, membership_id)
    if m is None or m.module_id != module.id:
        raise NotFound("Membership not found")
    return m


def _present(user, module, m):
    m._inherited = False
    m._links = perm.membership_links(user, module, m)
    return m


def add(user, module, data):
    check_grant(user, module, data)
    target = db.session.get(User, data["userId"])
    if target is None or not target.is_active:
        raise Invalid("The form has errors", errors={"userId": ["Please choose one of the options"]})
    if db.session.scalar(select(Membership.id).where(Membership.module_id == module.id,
                                                     Membership.user_id == target.id)):
        raise Conflict(f"{target.name} is already a member here")
    m = Membership(module_id=module.id, user_id=target.id)
    _apply(m, data)
    m.user = target
    db.session.add(m)
    feed.record(user, module, "add", "membership", f"Added {_describe(m)} to '{module.name}'")
    db.session.commit()
    perm.forget()
    return _present(user, module, m)


def _admins_left(module, without):
    return db.session.scalar(select(func.count(Membership.id)).where(
        Membership.module_id == module.id, Membership.admin.is_(True), Membership.id != without.id))


def _guard_last_admin(module, m, still_admin):
    if module.level == 1 and m.admin and not still_admin and _admins_left(module, m) == 0:
        raise Conflict("A portal needs at least one admin: make someone else admin first")


def edit(user, module, m, data):
    check_grant(user, module, data)
    _guard_last_admin(module, m, bool(data.get("admin")))
    _apply(m, data)
    feed.record(user, module, "edit", "membership", f"Changed {_describe(m)} on '{module.name}'")
    db.session.commit()
    perm.forget()
    return _present(user, module, m)


def delete(user, module, m):
    _guard_last_admin(module, m, False)
    name = m.user.name
    db.session.delete(m)
    feed.record(user, module, "delete", "membership", f"Removed {name} from '{module.name}'")
    db.session.commit()
    perm.forget()


# --- invitations ------------------------------------------------------------------------------------

def _serializer():
    return URLSafeTimedSerializer(current_app.config["SECRET_KEY"], salt="invitation")


def _digest(nonce):
    return hashlib.sha256(nonce.encode()).hexdigest()


def invite(user, module, data):
    check_grant(user, module, data)
    email = data["email"].strip().lower()
    nonce = secrets.token_urlsafe(24)
    inv = Invitation(module_id=module.id, email=email, invited_by_id=user.id, token_hash=_digest(nonce),
                     expires=utcnow() + timedelta(days=INVITATION_DAYS))
    _apply(inv, data)
    db.session.add(inv)
    db.session.flush()
    token = _serializer().dumps({"i": inv.id, "n": nonce})
    link = f"{current_app.config['PUBLIC_URL'].rstrip('/')}/invitation?token={token}"
    feed.record(user, module, "add", "invitation", f"Invited {email} to '{module.name}'")
    db.session.commit()
    existing = accounts.find_by_email(email) is not None
    mail.send(email, f"{user.name} invites you to '{module.name}'",
              f"Hello,\n\n{user.name} invites you to join '{module.name}' on the portal.\n\n"
              + ("Sign in with this address to accept, or open the link:\n\n" if existing else
                 "Open this link to create your account and join:\n\n")
              + f"{link}\n\nThe link works once and expires in {INVITATION_DAYS} days.\n")
    return inv


def invitation_from_token(token):
    """The invitation a link stands for, or a clear 4xx: forged, expired or used."""
    try:
        data = _serializer().loads(token or "", max_age=INVITATION_DAYS * 86400)
        inv = db.session.get(Invitation, int(data["i"]))
        ok = inv is not None and secrets.compare_digest(inv.token_hash, _digest(str(data["n"])))
    except SignatureExpired:
        raise ApiError("This invitation has expired. Ask for a new one.", status=410)
    except (BadSignature, KeyError, TypeError, ValueError):
        ok, inv = False, None
    if not ok:
        raise NotFound("This invitation link is not valid")
    if inv.used is not None:
        raise ApiError("This invitation has already been used. Sign in instead.", status=410)
    if inv.expires < utcnow():
        raise ApiError("This invitation has expired. Ask for a new one.", status=410)
    return inv


def _grant_invitation(inv, user):
    module = db.session.get(Module, inv.module_id)
    m = db.session.scalar(select(Membership).where(Membership.module_id == inv.module_id,
                                                   Membership.user_id == user.id))
    if m is None:
        m = Membership(module_id=inv.module_id, user_id=user.id)
        db.session.add(m)
    m.role = inv.role
    for attr in FLAGS.values():
        setattr(m, attr, getattr(m, attr, False) or getattr(inv, attr))
    inv.used = utcnow()
    feed.record(user, module, "add", "membership", f"{user.name} joined '{module.name}' by invitation")


def accept(data):
    inv = invitation_from_token(data["token"])
    if accounts.find_by_email(inv.email):
        raise Conflict("An account already exists for this address: sign in to accept the invitation")
    user = accounts.create_user(inv.email, data["password"]["first"], data["name"])
    _grant_invitation(inv, user)
    db.session.commit()
    return user


def accept_signed_in(user, token):
    """A signed-in user accepts an invitation made out to their own address."""
    inv = invitation_from_token(token)
    if inv.email.lower() != user.email.lower():
        raise ApiError(f"This invitation is for {inv.email}: sign in with that address to accept it", status=403)
    module = db.session.get(Module, inv.module_id)
    _grant_invitation(inv, user)
    db.session.commit()
    perm.forget()
    return module


def accept_pending(user):
    """On sign-in, an existing user receives the memberships they were invited to."""
    pending = db.session.scalars(select(Invitation).where(func.lower(Invitation.email) == user.email.lower(),
                                                          Invitation.used.is_(None),
                                                          Invitation.expires > utcnow())).all()
    for inv in pending:
        _grant_invitation(inv, user)
    if pending:
        db.session.commit()
    return len(pending)
