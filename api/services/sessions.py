"""Sign-in sessions and the security log.

Every sign-in is a `UserSession` row whose `jti` the access token carries; `api/auth.py` refuses a token whose row is
missing or ended, so ending a session (one, all others, a password change) is ending its row. Each user's security
log (`SecurityEvent`) records sign-ins, failures, password, 2FA and token changes and the use of a new address;
the user reads their own, a sysadmin reads anyone's with `flask --app api security-log`.
"""
import re
import time
import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Optional

from flask import current_app, g, has_request_context, request
from flask_jwt_extended import create_access_token
from sqlalchemy import exists, func, select, update

from ..errors import NotFound
from ..extensions import db
from ..i18n import N_, _, translate
from ..models import ApiToken, SecurityEvent, User, UserSession
from ..models.base import utcnow
from ..presenting import page_meta

TOUCH_SECONDS = 60  # last seen is written at most this often per session
# The security log's labels, said in the reader's language (`present_event`); `flask security-log` shows the kinds.
KINDS = {
    "sign_in": N_("Signed in"), "sign_in_failed": N_("Failed sign-in"),
    "new_address": N_("Signed in from a new address"), "password_changed": N_("Password changed"),
    "password_reset": N_("Password reset by e-mail link"), "mfa_enabled": N_("Two-factor sign-in turned on"),
    "mfa_disabled": N_("Two-factor sign-in turned off"), "mfa_reset": N_("Two-factor sign-in removed by a sysadmin"),
    "mfa_failed": N_("Wrong two-factor code"), "recovery_code_used": N_("Recovery code used"),
    "token_created": N_("API token created"), "token_revoked": N_("API token revoked"),
    "session_ended": N_("Session ended"), "sessions_ended": N_("Other sessions ended"),
    "sso_sign_in": N_("Signed in with single sign-on"),
    "password_check_failed": N_("Wrong password to confirm a change"),
    "sso_linked": N_("Single sign-on identity linked"),
}

_BROWSERS = (("Edg/", "Edge"), ("OPR/", "Opera"), ("Firefox/", "Firefox"), ("Chromium/", "Chromium"),
             ("Chrome/", "Chrome"), ("Safari/", "Safari"), ("curl/", "curl"), ("python-requests", "Python requests"),
             ("node", "Node.js"))
_SYSTEMS = (("Android", "Android"), ("iPhone", "iOS"), ("iPad", "iPadOS"), ("Windows", "Windows"),
            ("Mac OS X", "macOS"), ("CrOS", "ChromeOS"), ("Linux", "Linux"))


def device_of(user_agent):
    """'Firefox on Linux' from a User-Agent header (a short label, not a fingerprint)."""
    ua = user_agent or ""
    browser = next((name for key, name in _BROWSERS if key in ua), None)
    system = next((name for key, name in _SYSTEMS if key in ua), None)
    if browser and system:
        return f"{browser} on {system}"
    return browser or system or (re.split(r"[\s/;(]", ua.strip(), maxsplit=1)[0][:60] or "Unknown device")


def client():
    """(address, device) of the request, or (None, None) outside one."""
    if not has_request_context():
        return None, None
    return (request.remote_addr or None), device_of(request.headers.get("User-Agent"))


@dataclass(frozen=True)
class Bearer:
    """What the request's token stands for, read with its user in one query (api/auth.py): a sign-in session, or a
    personal API token with its scope (permissions.py reads `read_only` and `portal_id`)."""
    kind: str  # "session" or "token"
    id: int
    user_id: int
    jti: Optional[str]
    last_seen: Optional[datetime]
    read_only: bool = False
    portal_id: Optional[int] = None
    name: Optional[str] = None
    last_address: Optional[str] = None


def grant():
    return getattr(g, "auth_grant", None) if has_request_context() else None


# --- the security log ------------------------------------------------------------------------------------------

def log(user, kind, detail=None):
    address, device = client()
    db.session.add(SecurityEvent(user_id=user.id, kind=kind, address=address, device=device,
                                 detail=(detail or "")[:300] or None))


def _address_known(user, address):
    return db.session.scalar(select(exists().where(UserSession.user_id == user.id, UserSession.address == address)))


def present_event(e):
    return {"id": e.id, "kind": e.kind, "label": translate(KINDS.get(e.kind, e.kind)), "created": e.created.isoformat(),
            "address": e.address, "device": e.device, "detail": e.detail}


def events_of(user, page):
    total = db.session.scalar(select(func.count()).select_from(SecurityEvent).where(SecurityEvent.user_id == user.id))
    rows = db.session.scalars(select(SecurityEvent).where(SecurityEvent.user_id == user.id)
                              .order_by(SecurityEvent.id.desc()).offset(page.offset).limit(page.per_page)).all()
    return {"list": [present_event(e) for e in rows], "meta": page_meta(page.page, page.per_page, total)}


def log_lines(email=None, limit=200):
    """The log for `flask security-log`: newest first, for one account or everyone."""
    q = select(SecurityEvent, User.email).join(User, User.id == SecurityEvent.user_id)
    if email:
        from .emails import normalise
        q = q.where(func.lower(User.email) == normalise(email))
    for e, mail in db.session.execute(q.order_by(SecurityEvent.id.desc()).limit(limit)):
        yield (f"{e.created:%Y-%m-%d %H:%M:%S} {mail} {e.kind} {e.address or '-'} {e.device or '-'}"
               f"{' ' + e.detail if e.detail else ''}")


# --- sessions ----------------------------------------------------------------------------------------------------

def open_session(user, method="password"):
    """A new session and its token ({token, expiresIn}); logs the sign-in (and a new address). Commits."""
    expires = current_app.config["JWT_ACCESS_TOKEN_EXPIRES"]
    address, device = client()
    if address and not _address_known(user, address) and _has_signed_in(user):
        log(user, "new_address", address)
    jti = uuid.uuid4().hex
    now = utcnow()
    db.session.add(UserSession(user_id=user.id, jti=jti, method=method, device=device, address=address, created=now,
                               last_seen=now, expires=now + expires))
    log(user, "sso_sign_in" if method == "sso" else "sign_in", None if method != "mfa" else "with two-factor code")
    # `iat` has whole seconds only: the exact issue time lets a reset void tokens issued just before it.
    token = create_access_token(identity=user, expires_delta=expires,
                                additional_claims={"iat_exact": time.time(), "jti": jti})
    db.session.commit()
    return {"token": token, "expiresIn": int(expires.total_seconds())}


def _has_signed_in(user):
    return db.session.scalar(select(exists().where(UserSession.user_id == user.id)))


def current_jti():
    current = grant()
    return current.jti if current is not None and current.kind == "session" else None


def current_age():
    """Seconds since the current sign-in session was opened (None for an API token or outside a session)."""
    current = grant()
    if current is None or current.kind != "session":
        return None
    created = db.session.scalar(select(UserSession.created).where(UserSession.id == current.id))
    return (utcnow() - created).total_seconds() if created else None


def present_session(s, current=None):
    from ..links import Ctx, of
    is_current = s.jti == current
    return {"id": s.id, "device": s.device, "address": s.address, "method": s.method,
            "created": s.created.isoformat(), "lastSeen": s.last_seen.isoformat(), "current": is_current,
            "links": of("session", Ctx(None, None, None, s, current=is_current))}


def active(user):
    now = utcnow()
    current = current_jti()
    rows = db.session.scalars(select(UserSession).where(UserSession.user_id == user.id, UserSession.ended.is_(None),
                                                        UserSession.expires > now)
                              .order_by(UserSession.last_seen.desc())).all()
    return [present_session(s, current) for s in rows]


def end(user, session_id):
    s = db.session.get(UserSession, session_id)
    if s is None or s.user_id != user.id or s.ended is not None:
        raise NotFound(_("No such session"))
    s.ended = utcnow()
    log(user, "session_ended", s.device)
    db.session.commit()


def end_current(jti):
    db.session.execute(update(UserSession).where(UserSession.jti == jti, UserSession.ended.is_(None))
                       .values(ended=utcnow()))
    db.session.commit()


def end_others(user, keep_jti=None, reason="sessions_ended"):
    """End every other live session of the user (all of them when `keep_jti` is None); no commit."""
    q = update(UserSession).where(UserSession.user_id == user.id, UserSession.ended.is_(None))
    if keep_jti:
        q = q.where(UserSession.jti != keep_jti)
    n = db.session.execute(q.values(ended=utcnow())).rowcount
    if reason:
        log(user, reason, f"{n} session(s)")
    return n


def end_all_others(user):
    """'End all other sessions' on the profile: how many ended. Commits."""
    n = end_others(user, current_jti())
    db.session.commit()
    return n


def prune():
    """Sessions expired for a day are of no use to anyone: removed at sign-in."""
    db.session.execute(UserSession.__table__.delete().where(UserSession.expires < utcnow() - timedelta(days=1)))


def touch():
    """After a request: write the grant's last use when it is older than TOUCH_SECONDS (never fails a request)."""
    current = grant()
    if current is None:
        return
    now = utcnow()
    if current.last_seen is not None and (now - current.last_seen).total_seconds() <= TOUCH_SECONDS:
        return
    try:
        if current.kind == "session":
            db.session.execute(update(UserSession).where(UserSession.id == current.id).values(last_seen=now))
        else:
            address = request.remote_addr
            if address and current.last_address and address != current.last_address:
                log(db.session.get(User, current.user_id), "new_address", f"API token '{current.name}' from {address}")
            db.session.execute(update(ApiToken).where(ApiToken.id == current.id)
                               .values(last_used=now, last_address=address))
        db.session.commit()
    except Exception:  # noqa: BLE001  (a lost "last seen" must not turn an answer into an error)
        db.session.rollback()
