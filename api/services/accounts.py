"""Accounts: password hashing (argon2), sign-in (then a second factor when enrolled), sign-out, password change
and reset."""
import hashlib
import logging
import secrets
from datetime import timedelta

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from flask import current_app, g
from flask_jwt_extended import decode_token
from sqlalchemy import func, select, update

from ..errors import Forbidden, Invalid, Unauthorized
from ..extensions import db
from ..i18n import N_, _, force_locale, recipient_locale, translate
from ..models import ApiToken, MailState, PasswordReset, User
from ..models.base import utcnow
from . import background, emails, mail, sessions

log = logging.getLogger(__name__)
_hasher = PasswordHasher()
# Verifying against this keeps the time of an unknown account equal to a known one.
_DUMMY = _hasher.hash("not-a-real-password")

MIN_PASSWORD = 8
FORGOT_MESSAGE = N_("If an account exists for this address, we have sent it a link to reset the password.")


def hash_password(password):
    return _hasher.hash(password)


def verify_password(user, password):
    try:
        return _hasher.verify(user.password_hash if user and user.password_hash else _DUMMY, password) and bool(user)
    except (VerificationError, InvalidHashError):
        return False


def find_by_email(email):
    """The account of an address, compared normalised (services/emails.py: 'ＡＤＭＩＮ@demo.eu' is admin@demo.eu)."""
    return db.session.scalar(select(User).where(func.lower(User.email) == emails.normalise(email)))


def create_user(email, password, name, superuser=False, **extra):
    """A new account (no commit); its address normalised, a look-alike of another refused (422 on `email`)."""
    email = emails.normalise(email)
    problem = emails.lookalike_error(email)
    if problem:
        raise Invalid(problem, errors={"email": [problem]})
    user = User(email=email, name=name.strip(), is_superuser=superuser,
                password_hash=hash_password(password), **extra)
    db.session.add(user)
    db.session.flush()
    return user


def login(username, password, host=None):
    """A session ({token, expiresIn}); or, when the account has a second factor (or must get one first),
    {mfaRequired, mfaToken} for POST /json/login/mfa."""
    user = find_by_email(username)
    if not verify_password(user, password) or not user.is_active:
        if user is not None:
            sessions.log(user, "sign_in_failed")
            db.session.commit()
        raise Unauthorized(_("Invalid username or password"))
    if not password_sign_in_allowed(host):
        raise Forbidden(_("Password sign-in is turned off here: sign in with your organisation's account"))
    if _hasher.check_needs_rehash(user.password_hash):
        user.password_hash = hash_password(password)
        db.session.commit()
    if host:
        from .events import mailing
        mailing.remember_brand(user, host)
    from . import mfa
    return mfa.second_step(user)


def signed_in(user, method="password"):
    """Everything a completed sign-in does: pending invitations accepted, a session opened (commits)."""
    from .invitations import accept_pending
    accept_pending(user)
    sessions.prune()
    return sessions.open_session(user, method)


def password_sign_in_allowed(host):
    from . import oidc
    return oidc.password_allowed(host)


def token_for(user, method="password"):
    """A new session of the user and its token (tests and sign-in)."""
    return sessions.open_session(user, method)


def logout(jwt_payload):
    sessions.end_current(jwt_payload.get("jti"))


REAUTH_SECONDS = 900
WRONG_PASSWORD = N_("Your current password is not correct")


def prove_password(user, password, field):
    """A fresh proof before a sensitive change made inside a session (a borrowed session is not the owner): the
    password, a wrong one counted by the limiter like a wrong sign-in. An account without a password (single
    sign-on only) proves itself by a session opened in the last REAUTH_SECONDS."""
    if user.password_hash is None:
        age = sessions.current_age()
        if age is not None and age <= REAUTH_SECONDS:
            return
        message = _("Sign in again to do this (your sign-in must be less than 15 minutes old)")
        raise Invalid(message, errors={field: [message]})
    if not verify_password(user, password or ""):
        sessions.log(user, "password_check_failed")
        g.failed_check = True
        db.session.commit()
        raise Invalid(translate(WRONG_PASSWORD), errors={field: [translate(WRONG_PASSWORD)]})


def change_password(user, current, new, revoke_tokens=True):
    """Spec §5's rules (the form checks length and repeat); every other session ends, outstanding reset links die
    and, unless the user keeps them, so do their API tokens (a stolen session may have minted one); logged. Answers
    what was revoked. Commits."""
    prove_password(user, current, "current")
    if verify_password(user, new):
        message = _("The new password must differ from the current one")
        raise Invalid(message, errors={"password[first]": [message]})
    user.password_hash = hash_password(new)
    n = sessions.end_others(user, sessions.current_jti(), reason=None)
    now = utcnow()
    links = db.session.execute(update(PasswordReset).where(PasswordReset.user_id == user.id,
                                                           PasswordReset.used.is_(None))
                               .values(used=now)).rowcount
    tokens = db.session.execute(update(ApiToken).where(ApiToken.user_id == user.id, ApiToken.revoked.is_(None))
                                .values(revoked=now)).rowcount if revoke_tokens else 0
    sessions.log(user, "password_changed",
                 f"{n} other session(s) ended, {tokens} API token(s) and {links} reset link(s) revoked")
    db.session.commit()
    return {"ended": n, "tokensRevoked": tokens, "resetLinksRevoked": links}


def _digest(token):
    return hashlib.sha256(token.encode()).hexdigest()


def request_reset(email):
    """Answer at once, the same for every address: the lookup and the mail happen in the background, so
    neither the answer nor its time tells whether an account exists."""
    background.submit(send_reset_link, (email or "").strip().lower())
    return translate(FORGOT_MESSAGE)


def send_reset_link(email):
    """Send a single-use reset link if an active account has this address."""
    user = find_by_email(email)
    if user is None or not user.is_active:
        return
    token = secrets.token_urlsafe(32)
    db.session.add(PasswordReset(user_id=user.id, token_hash=_digest(token),
                                 expires=utcnow() + timedelta(seconds=current_app.config["RESET_TOKEN_SECONDS"])))
    to, name = user.email, user.name  # read before the commit: no transaction is open while the mail leaves
    state = db.session.get(MailState, user.id)
    language = recipient_locale(user, state.brand if state else None)  # theirs, never the asker's
    db.session.commit()
    link = f"{current_app.config['PUBLIC_URL'].rstrip('/')}/reset-password?token={token}"
    minutes = current_app.config["RESET_TOKEN_SECONDS"] // 60
    with force_locale(language):
        subject = _("Reset your password")
        body = (_("Hello %(name)s,", name=name) + "\n\n"
                + _("Someone (hopefully you) asked to reset the password of your account.") + "\n"
                + _("Open this link within %(minutes)s minutes to choose a new password:", minutes=minutes)
                + f"\n\n{link}\n\n"
                + _("If you did not ask for it, ignore this message: your password stays as it is.") + "\n")
    mail.send(to, subject, body)


def reset_with_token(token, password):
    row = db.session.scalar(select(PasswordReset).where(PasswordReset.token_hash == _digest(token or "")))
    if row is None or row.used is not None or row.expires < utcnow():
        raise Invalid(_("This reset link is invalid, expired or already used. Please ask for a new one."),
                      errors={"reset_password_form[token]": [_("This reset link is invalid, expired or already used")]})
    user = db.session.get(User, row.user_id)
    user.password_hash = hash_password(password)
    now = utcnow()
    user.tokens_valid_after = now
    sessions.end_others(user, reason=None)
    sessions.log(user, "password_reset")
    # One use only; other outstanding links of the account die too.
    for other in db.session.scalars(select(PasswordReset).where(PasswordReset.user_id == user.id,
                                                                PasswordReset.used.is_(None))):
        other.used = now
    db.session.commit()
    return user


def decode(token):
    return decode_token(token)
