"""Accounts: password hashing (argon2), sign-in, sign-out, password reset."""
import hashlib
import logging
import secrets
import time
from datetime import timedelta

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from flask import current_app
from flask_jwt_extended import create_access_token, decode_token
from sqlalchemy import delete, func, select

from ..errors import Invalid, Unauthorized
from ..extensions import db
from ..models import PasswordReset, RevokedToken, User
from ..models.base import utcnow
from . import background, mail

log = logging.getLogger(__name__)
_hasher = PasswordHasher()
# Verifying against this keeps the time of an unknown account equal to a known one.
_DUMMY = _hasher.hash("not-a-real-password")

MIN_PASSWORD = 8
FORGOT_MESSAGE = "If an account exists for this address, we have sent it a link to reset the password."


def hash_password(password):
    return _hasher.hash(password)


def verify_password(user, password):
    try:
        return _hasher.verify(user.password_hash if user and user.password_hash else _DUMMY, password) and bool(user)
    except (VerificationError, InvalidHashError):
        return False


def find_by_email(email):
    return db.session.scalar(select(User).where(func.lower(User.email) == (email or "").strip().lower()))


def create_user(email, password, name, superuser=False, **extra):
    user = User(email=email.strip().lower(), name=name.strip(), is_superuser=superuser,
                password_hash=hash_password(password), **extra)
    db.session.add(user)
    db.session.flush()
    return user


def login(username, password, host=None):
    user = find_by_email(username)
    if not verify_password(user, password) or not user.is_active:
        raise Unauthorized("Invalid username or password")
    if _hasher.check_needs_rehash(user.password_hash):
        user.password_hash = hash_password(password)
        db.session.commit()
    from .invitations import accept_pending
    accept_pending(user)
    if host:
        from .events import mailing
        mailing.remember_brand(user, host)
    return token_for(user)


def token_for(user):
    expires = current_app.config["JWT_ACCESS_TOKEN_EXPIRES"]
    # `iat` has whole seconds only: the exact issue time lets a reset void tokens issued just before it.
    token = create_access_token(identity=user, expires_delta=expires, additional_claims={"iat_exact": time.time()})
    return {"token": token, "expiresIn": int(expires.total_seconds())}


def logout(jwt_payload):
    remaining = max(0, jwt_payload["exp"] - time.time())
    db.session.add(RevokedToken(jti=jwt_payload["jti"], expires=utcnow() + timedelta(seconds=remaining + 60)))
    db.session.execute(delete(RevokedToken).where(RevokedToken.expires < utcnow()))
    db.session.commit()


def _digest(token):
    return hashlib.sha256(token.encode()).hexdigest()


def request_reset(email):
    """Answer at once, the same for every address: the lookup and the mail happen in the background, so
    neither the answer nor its time tells whether an account exists."""
    background.submit(send_reset_link, (email or "").strip().lower())
    return FORGOT_MESSAGE


def send_reset_link(email):
    """Send a single-use reset link if an active account has this address."""
    user = find_by_email(email)
    if user is None or not user.is_active:
        return
    token = secrets.token_urlsafe(32)
    db.session.add(PasswordReset(user_id=user.id, token_hash=_digest(token),
                                 expires=utcnow() + timedelta(seconds=current_app.config["RESET_TOKEN_SECONDS"])))
    db.session.commit()
    link = f"{current_app.config['PUBLIC_URL'].rstrip('/')}/reset-password?token={token}"
    minutes = current_app.config["RESET_TOKEN_SECONDS"] // 60
    mail.send(user.email, "Reset your password",
              f"Hello {user.name},\n\nSomeone (hopefully you) asked to reset the password of your account.\n"
              f"Open this link within {minutes} minutes to choose a new password:\n\n{link}\n\n"
              "If you did not ask for it, ignore this message: your password stays as it is.\n")


def reset_with_token(token, password):
    row = db.session.scalar(select(PasswordReset).where(PasswordReset.token_hash == _digest(token or "")))
    if row is None or row.used is not None or row.expires < utcnow():
        raise Invalid("This reset link is invalid, expired or already used. Please ask for a new one.",
                      errors={"reset_password_form[token]": ["This reset link is invalid, expired or already used"]})
    user = db.session.get(User, row.user_id)
    user.password_hash = hash_password(password)
    now = utcnow()
    user.tokens_valid_after = now
    # One use only; other outstanding links of the account die too.
    for other in db.session.scalars(select(PasswordReset).where(PasswordReset.user_id == user.id,
                                                                PasswordReset.used.is_(None))):
        other.used = now
    db.session.commit()
    return user


def decode(token):
    return decode_token(token)
