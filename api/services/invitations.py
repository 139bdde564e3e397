"""Invitations: a colleague invited by e-mail (a signed, single-use, expiring link), what a link stands for, its
acceptance (a new account, the signed-in one, or at sign-in), and the pending ones of a module: listed, sent
again, revoked."""
import hashlib
import secrets
from datetime import timedelta

from flask import current_app, has_request_context, request
from itsdangerous import BadSignature, SignatureExpired, URLSafeTimedSerializer
from sqlalchemy import func, select

from .. import links
from .. import permissions as perm
from ..errors import ApiError, Conflict, NotFound
from ..extensions import db
from ..i18n import N_, _, force_locale, recipient_locale
from ..links import Ctx
from ..models import Invitation, MailState, Membership, Module, User
from ..models.base import utcnow
from . import accounts, emails, feed, mail
from .sentences import said
from .members import FLAGS, _apply, check_grant
from .owned import get_owned

INVITATION_DAYS = 14


def _serializer():
    return URLSafeTimedSerializer(current_app.config["SECRET_KEY"], salt="invitation")


def _digest(nonce):
    return hashlib.sha256(nonce.encode()).hexdigest()


def _new_link(inv):
    """A fresh single-use token for the invitation (an older link stops working) and its expiry; the link."""
    nonce = secrets.token_urlsafe(24)
    inv.token_hash, inv.expires = _digest(nonce), utcnow() + timedelta(days=INVITATION_DAYS)
    token = _serializer().dumps({"i": inv.id, "n": nonce})
    return f"{current_app.config['PUBLIC_URL'].rstrip('/')}/invitation?token={token}"


def _language(existing):
    """The invitation's language: the invited person's (an account's choice, else the brand they sign in on),
    never the inviter's; an address without an account reads the brand's of the host the invitation is made on."""
    from .. import hosts
    state = db.session.get(MailState, existing.id) if existing is not None else None
    brand = state.brand if state else hosts.brand_of_host(request.host) if has_request_context() else None
    return recipient_locale(existing, brand)


def _mail(user, module, inv, link):
    existing = accounts.find_by_email(inv.email)
    with force_locale(_language(existing)):
        subject = _("%(name)s invites you to '%(module)s'", name=user.name, module=module.name)
        body = (_("Hello,") + "\n\n"
                + _("%(name)s invites you to join '%(module)s' on the portal.", name=user.name, module=module.name)
                + "\n\n"
                + (_("Sign in with this address to accept, or open the link:") if existing is not None else
                   _("Open this link to create your account and join:")) + "\n\n"
                + f"{link}\n\n"
                + _("The link works once and expires in %(days)s days.", days=INVITATION_DAYS) + "\n")
    mail.send(inv.email, subject, body)


def invite(user, module, data):
    check_grant(user, module, data)
    email = emails.normalise(data["email"])  # the form's EmailAddress did so (and refused look-alikes) already
    inv = Invitation(module_id=module.id, email=email, invited_by_id=user.id, token_hash="",
                     expires=utcnow() + timedelta(days=INVITATION_DAYS))
    _apply(inv, data)
    db.session.add(inv)
    db.session.flush()
    link = _new_link(inv)
    feed.record(user, module, "add", "invitation",
                said(N_("Invited %(email)s to '%(module)s'"), email=email, module=module.name), item=inv.id,
                data={"subject": email})
    db.session.commit()
    _mail(user, module, inv, link)
    return inv


def sent(inv):
    """What the inviter is told (the same whoever the address is)."""
    return _("An invitation has been sent to %(email)s", email=inv.email)


# --- the pending invitations of a module (the members table lists them) ------------------------------------------

def present(c, inv, invited_by):
    return {"id": inv.id, "moduleId": inv.module_id, "email": inv.email, "invitedBy": invited_by,
            "invitedById": inv.invited_by_id, "created": inv.created, "expires": inv.expires,
            "expired": inv.expires < utcnow(), "role": inv.role, "admin": inv.admin, "allowCreate": inv.allow_create,
            "allowView": inv.allow_view, "allowEdit": inv.allow_edit, "allowDelete": inv.allow_delete,
            "links": links.of("invitation", Ctx(c.user, c.module, c.r, inv))}


def pending(user, module):
    """The module's invitations not accepted yet (expired ones too, marked), newest first. One query."""
    rows = db.session.execute(
        select(Invitation, User.name).outerjoin(User, User.id == Invitation.invited_by_id)
        .where(Invitation.module_id == module.id, Invitation.used.is_(None))
        .order_by(Invitation.created.desc(), Invitation.id.desc())).all()
    c = Ctx(user, module, perm.rights(user, module))
    return [present(c, inv, by) for inv, by in rows]


def get_pending(module, invitation_id):
    inv = get_owned(Invitation, module, invitation_id)
    if inv.used is not None:
        raise Conflict(_("This invitation has been accepted already"))
    return inv


def resend(user, module, inv):
    """Send the invitation again with a new link (the old one stops working) and a new expiry."""
    link = _new_link(inv)
    feed.record(user, module, "edit", "invitation",
                said(N_("Sent the invitation of %(email)s to '%(module)s' again"), email=inv.email, module=module.name),
                item=inv.id, data={"subject": inv.email})
    db.session.commit()
    _mail(user, module, inv, link)
    by = db.session.get(User, inv.invited_by_id)
    return present(Ctx(user, module, perm.rights(user, module)), inv, by.name if by else None)


def revoke(user, module, inv):
    """Withdraw an invitation: its link answers 'not valid' from now on."""
    email = inv.email
    db.session.delete(inv)
    feed.record(user, module, "delete", "invitation",
                said(N_("Withdrew the invitation of %(email)s to '%(module)s'"), email=email, module=module.name),
                data={"subject": email})
    db.session.commit()


def invitation_from_token(token):
    """The invitation a link stands for, or a clear 4xx: forged, expired or used."""
    try:
        data = _serializer().loads(token or "", max_age=INVITATION_DAYS * 86400)
        inv = db.session.get(Invitation, int(data["i"]))
        ok = inv is not None and secrets.compare_digest(inv.token_hash, _digest(str(data["n"])))
    except SignatureExpired:
        raise ApiError(_("This invitation has expired. Ask for a new one."), status=410)
    except (BadSignature, KeyError, TypeError, ValueError):
        ok, inv = False, None
    if not ok:
        raise NotFound(_("This invitation link is not valid"))
    if inv.used is not None:
        raise ApiError(_("This invitation has already been used. Sign in instead."), status=410)
    if inv.expires < utcnow():
        raise ApiError(_("This invitation has expired. Ask for a new one."), status=410)
    return inv


def invitation_info(token):
    """What an invitation link stands for: to whom, into which module, from whom, and whether that address has an
    account already (404 forged, 410 used or expired, or its inviter may no longer add anyone there)."""
    inv = invitation_from_token(token)
    module, by = db.session.get(Module, inv.module_id), db.session.get(User, inv.invited_by_id)
    _still_granted(inv, module, by)
    return {"email": inv.email, "moduleName": module.name, "invitedBy": by.name if by else None,
            "existingAccount": accounts.find_by_email(inv.email) is not None}


NO_LONGER = N_("This invitation is no longer valid: the person who sent it may no longer add members to "
               "'%(module)s'. Ask for a new invitation.")


def still_grantable(inv, module, inviter):
    """What of the invitation its inviter may still grant, asked when it is accepted (an invitation grants in the
    inviter's name, as members.check_grant does when it is made): {flag attribute: bool}, each flag kept only if
    the inviter holds its right now (admin needs admin); None when the inviter may no longer add members to the
    module at all (removed, the right taken away, the account gone or switched off)."""
    if module is None or inviter is None or not inviter.is_active or not perm.can(inviter, module, "add_member"):
        return None
    held = perm.grantable_flags(perm.rights(inviter, module))
    return {attr: bool(getattr(inv, attr)) and attr in held for attr in FLAGS.values()}


def _still_granted(inv, module, inviter):
    """still_grantable, or 410 with what to do."""
    flags = still_grantable(inv, module, inviter)
    if flags is None:
        raise ApiError(_(NO_LONGER, module=module.name if module else _("the module")), status=410)
    return flags


def _grant_invitation(inv, user, flags):
    """The membership the invitation gives (`flags`: what its inviter may still grant); rights the user already
    holds there stay."""
    module = db.session.get(Module, inv.module_id)
    m = db.session.scalar(select(Membership).where(Membership.module_id == inv.module_id,
                                                   Membership.user_id == user.id))
    if m is None:
        m = Membership(module_id=inv.module_id, user_id=user.id)
        db.session.add(m)
    m.role = inv.role
    for attr in FLAGS.values():
        setattr(m, attr, bool(getattr(m, attr, False)) or flags[attr])
    inv.used = utcnow()
    fewer = any(getattr(inv, attr) and not flags[attr] for attr in FLAGS.values())
    feed.record(user, module, "add", "membership",
                said(N_("%(name)s joined '%(module)s' by invitation (with the rights its sender still holds)"),
                     name=user.name, module=module.name) if fewer else
                said(N_("%(name)s joined '%(module)s' by invitation"), name=user.name, module=module.name), item=m.id,
                data={"subject": user.name, "joined": True})


def _inviter(inv):
    return db.session.get(User, inv.invited_by_id) if inv.invited_by_id else None


def accept(data):
    inv = invitation_from_token(data["token"])
    if accounts.find_by_email(inv.email):
        raise Conflict(_("An account already exists for this address: sign in to accept the invitation"))
    module = db.session.get(Module, inv.module_id)
    flags = _still_granted(inv, module, _inviter(inv))
    user = accounts.create_user(inv.email, data["password"]["first"], data["name"])
    _grant_invitation(inv, user, flags)
    db.session.commit()
    return user


def accept_signed_in(user, token):
    """A signed-in user accepts an invitation made out to their own address."""
    inv = invitation_from_token(token)
    if emails.normalise(inv.email) != emails.normalise(user.email):
        raise ApiError(_("This invitation is for %(email)s: sign in with that address to accept it", email=inv.email),
                       status=403)
    module = db.session.get(Module, inv.module_id)
    _grant_invitation(inv, user, _still_granted(inv, module, _inviter(inv)))
    db.session.commit()
    perm.forget()
    return module


def accept_pending(user):
    """On sign-in, an existing user receives the memberships they were invited to (what each inviter may still
    grant; an invitation whose inviter may no longer add members there waits, unused, and expires)."""
    pending = db.session.scalars(select(Invitation).where(func.lower(Invitation.email) == emails.normalise(user.email),
                                                          Invitation.used.is_(None),
                                                          Invitation.expires > utcnow())).all()
    granted = 0
    for inv in pending:
        flags = still_grantable(inv, db.session.get(Module, inv.module_id), _inviter(inv))
        if flags is not None:
            _grant_invitation(inv, user, flags)
            granted += 1
    if granted:
        db.session.commit()
    return granted
