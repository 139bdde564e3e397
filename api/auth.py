"""JWT wiring: who the bearer is, revoked tokens, and JSON answers for token problems."""
from datetime import timezone

from flask import g
from flask_jwt_extended import get_jwt
from sqlalchemy import exists, select

from .errors import error_response
from .extensions import db, jwt
from .models import RevokedToken, User


@jwt.user_identity_loader
def _identity(user):
    return str(user.id) if isinstance(user, User) else str(user)


def _user_and_revoked(payload):
    """(the token's user or None, whether the token was revoked): one query for both checks of each request."""
    cached = getattr(g, "_jwt_user", None)
    if cached is not None and cached[0] == payload.get("jti"):
        return cached[1], cached[2]
    try:
        uid = int(payload["sub"])
    except (TypeError, ValueError, KeyError):
        uid = None
    revoked = exists().where(RevokedToken.jti == payload.get("jti"))
    row = db.session.execute(select(User, revoked).where(User.id == uid)).first() if uid is not None else None
    user, is_revoked = (row[0], bool(row[1])) if row is not None else \
        (None, db.session.scalar(select(revoked)))
    g._jwt_user = (payload.get("jti"), user, is_revoked)
    return user, is_revoked


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
    return error_response(401, "Your session is no longer valid, please sign in again")


@jwt.expired_token_loader
def _expired(_header, _payload):
    return error_response(401, "Your session has expired, please sign in again")


@jwt.revoked_token_loader
def _revoked_answer(_header, _payload):
    return error_response(401, "You have signed out, please sign in again")


@jwt.invalid_token_loader
def _invalid(reason):
    return error_response(401, "Invalid token")


@jwt.unauthorized_loader
def _missing(reason):
    return error_response(401, "Authentication required")


def current_claims():
    return get_jwt()
