"""JWT wiring: who the bearer is, revoked tokens, and JSON answers for token problems."""
from datetime import timezone

from flask_jwt_extended import get_jwt
from sqlalchemy import select

from .errors import error_response
from .extensions import db, jwt
from .models import RevokedToken, User


@jwt.user_identity_loader
def _identity(user):
    return str(user.id) if isinstance(user, User) else str(user)


@jwt.user_lookup_loader
def _lookup(_header, payload):
    try:
        user = db.session.get(User, int(payload["sub"]))
    except (TypeError, ValueError):
        return None
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
    return db.session.scalar(select(RevokedToken.jti).where(RevokedToken.jti == payload["jti"])) is not None


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
