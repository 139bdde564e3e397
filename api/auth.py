"""JWT wiring: who the bearer is, revoked tokens, and JSON answers for token problems."""
from datetime import timezone

from flask import g
from flask_jwt_extended import get_jwt
from sqlalchemy import bindparam, select

from .errors import error_response
from .extensions import db, jwt
from .i18n import N_
from .models import ApiToken, User, UserSession
from .models.base import utcnow
from .services import api_tokens, sessions


@jwt.user_identity_loader
def _identity(user):
    return str(user.id) if isinstance(user, User) else str(user)


# Built once: every request of a signed-in user runs it (building a statement costs about as much as running it).
_SESSION_USER = (select(User, UserSession.id, UserSession.last_seen).join(UserSession, UserSession.user_id == User.id)
                 .where(User.id == bindparam("uid"), UserSession.jti == bindparam("jti"), UserSession.ended.is_(None)))


def _user_and_revoked(payload):
    """(the token's user or None, whether the token is revoked): one query for both checks of each request. The
    revocation list is the session table: a session token is good while its `user_session` row is there and not
    ended; an API token (`typ` "pat") while its `api_token` row is neither revoked nor expired. What the token
    stands for is kept on `g.auth_grant` (sessions.Bearer) for permissions.py and the last-seen stamp."""
    cached = getattr(g, "_jwt_user", None)
    if cached is not None and cached[0] == payload.get("jti"):
        return cached[1], cached[2]
    try:
        uid = int(payload["sub"])
    except (TypeError, ValueError, KeyError):
        uid = None
    jti = payload.get("jti")
    user, grant = None, None
    if uid is not None and isinstance(jti, str):
        if payload.get("typ") == "pat":
            row = db.session.execute(
                select(User, ApiToken.id, ApiToken.last_used, ApiToken.read_only, ApiToken.portal_id, ApiToken.name,
                       ApiToken.last_address)
                .join(ApiToken, ApiToken.user_id == User.id)
                .where(User.id == uid, ApiToken.jti_hash == api_tokens.digest(jti), ApiToken.revoked.is_(None),
                       ApiToken.expires > utcnow())).first()
            if row is not None:
                user = row[0]
                grant = sessions.Bearer("token", row[1], uid, None, row[2], bool(row[3]), row[4], row[5], row[6])
        else:
            row = db.session.execute(_SESSION_USER, {"uid": uid, "jti": jti}).first()
            if row is not None:
                user = row[0]
                grant = sessions.Bearer("session", row[1], uid, jti, row[2])
    g._jwt_user = (jti, user, grant is None)
    g.auth_grant = grant
    return user, grant is None


@jwt.user_lookup_loader
def _lookup(_header, payload):
    user, _ = _user_and_revoked(payload)
    if user is None or not user.is_active:
        return None
    if user.tokens_valid_after:
        valid_after = user.tokens_valid_after.replace(tzinfo=timezone.utc).timestamp()
        issued = payload.get("iat_exact")
        if not isinstance(issued, (int, float)):
            issued = payload.get("iat", 0) + 1  # whole seconds: give a token of that second the benefit
        if issued < valid_after:
            return None
    return user


@jwt.token_in_blocklist_loader
def _revoked(_header, payload):
    return _user_and_revoked(payload)[1]


@jwt.user_lookup_error_loader
def _lookup_error(_header, _payload):
    return error_response(401, N_("Your session is no longer valid, please sign in again"))


@jwt.expired_token_loader
def _expired(_header, _payload):
    return error_response(401, N_("Your session has expired, please sign in again"))


@jwt.revoked_token_loader
def _revoked_answer(_header, _payload):
    return error_response(401, N_("You have signed out, please sign in again"))


@jwt.invalid_token_loader
def _invalid(reason):
    return error_response(401, N_("Invalid token"))


@jwt.unauthorized_loader
def _missing(reason):
    return error_response(401, N_("Authentication required"))


def current_claims():
    return get_jwt()
