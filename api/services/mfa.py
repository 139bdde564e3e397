"""Two-factor sign-in with TOTP (RFC 6238, pyotp): enrolment, single-use codes and recovery codes.

A password sign-in of an enrolled user answers `{mfaRequired, mfaToken}`; the signed challenge (`MFA_TOKEN_SECONDS`)
names the user and the stage (`verify`, or `enrol` when REQUIRE_MFA makes a user without a factor enrol first) and
`POST /json/login/mfa` finishes with a code. A code is good once: the time step it matched is kept
(`mfa_last_step`) and no step up to it is accepted again. Ten recovery codes are shown once and stored as SHA-256.
"""
import hashlib
import secrets
import time
from datetime import timedelta

import pyotp
from flask import current_app, g
from sqlalchemy import delete, exists, select, update

from ..errors import Conflict, Invalid, NotFound, Unauthorized
from ..extensions import db
from ..i18n import N_, _, translate
from ..models import Membership, RecoveryCode, SignInChallenge, User
from ..models.base import utcnow
from .. import hosts
from . import sessions

RECOVERY_CODES = 10
STEP = 30
EXPIRED = N_("Your sign-in has expired, please sign in again")  # translated as the answer leaves (errors.py)
BAD_CODE = N_("Invalid code")
MAX_ATTEMPTS = 10  # wrong answers to one challenge before it dies (the limiter counts per account and address too)


def _hash(token):
    return hashlib.sha256((token or "").encode()).hexdigest()


def challenge(user, stage, method="password", issuer=None, subject=None):
    """A new server-side challenge for this user and stage, made only once the first step was checked; its random
    token (only its hash is kept) is what the client sends back. Commits."""
    token = secrets.token_urlsafe(32)
    now = utcnow()
    db.session.execute(delete(SignInChallenge).where(SignInChallenge.expires < now - timedelta(days=1)))
    db.session.add(SignInChallenge(token_hash=_hash(token), user_id=user.id, stage=stage, method=method,
                                   issuer=issuer, subject=subject, created=now,
                                   expires=now + timedelta(seconds=current_app.config["MFA_TOKEN_SECONDS"])))
    db.session.commit()
    return token


def _row(token):
    if not isinstance(token, str) or not token or len(token) > 200:
        return None
    return db.session.scalar(select(SignInChallenge).where(SignInChallenge.token_hash == _hash(token)))


def challenge_user_id(token):
    """The user a challenge is for: the rate limiter's key (counts per account and address)."""
    row = _row(token)
    return row.user_id if row is not None else None


def read_challenge(token, stages=("verify", "enrol")):
    """The challenge's row and user, if it is live, for one of these stages, and its stage still fits the user
    (a code to verify needs a factor; an enrolment is only for a user REQUIRE_MFA obliges and who has none)."""
    row = _row(token)
    if row is None or row.used is not None or row.expires < utcnow() or row.attempts >= MAX_ATTEMPTS \
            or row.stage not in stages:
        raise Unauthorized(EXPIRED)
    user = db.session.get(User, row.user_id)
    if user is None or not user.is_active:
        raise Unauthorized(EXPIRED)
    if (row.stage == "verify" and not user.mfa_secret) or \
            (row.stage == "enrol" and (user.mfa_secret or not required(user))):
        raise Unauthorized(EXPIRED)
    return row, user


def failed_attempt(row):
    """A wrong answer to a challenge: counted on the row (it dies after MAX_ATTEMPTS) and for the limiter."""
    db.session.execute(update(SignInChallenge).where(SignInChallenge.id == row.id)
                       .values(attempts=SignInChallenge.attempts + 1))
    g.failed_check = True


def use(row):
    """Mark the challenge used, once: of two requests finishing it at the same time only one goes on. No commit."""
    taken = db.session.execute(update(SignInChallenge).where(SignInChallenge.id == row.id,
                                                             SignInChallenge.used.is_(None))
                               .values(used=utcnow())).rowcount
    if taken != 1:
        db.session.rollback()
        raise Unauthorized(EXPIRED)


def second_step(user, method="password", second_factor=True):
    """After the first step (a password, or a verified single sign-on): a challenge for a code when the user has a
    factor (or must enrol one), else the session."""
    if second_factor and user.mfa_secret:
        return {"mfaRequired": True, "mfaToken": challenge(user, "verify", method)}
    if second_factor and required(user):
        return {"mfaRequired": True, "mfaEnrolRequired": True, "mfaToken": challenge(user, "enrol", method)}
    from .accounts import signed_in
    return signed_in(user, method)


def required(user):
    """Whether REQUIRE_MFA obliges this user to have a second factor (all, or admins: sysadmins and portal admins)."""
    rule = (current_app.config.get("REQUIRE_MFA") or "").lower()
    if rule == "all":
        return True
    if rule == "admins":
        return user.is_superuser or db.session.scalar(
            select(exists().where(Membership.user_id == user.id, Membership.admin.is_(True))))
    return False


def _digest(code):
    return hashlib.sha256(code.replace("-", "").replace(" ", "").lower().encode()).hexdigest()


def _matching_step(secret, code, after):
    """The time step (now ±1) whose code is `code` and that is later than `after`, else None."""
    code = (code or "").replace(" ", "")
    if not (code.isdigit() and len(code) == 6):
        return None
    totp = pyotp.TOTP(secret)
    now = int(time.time()) // STEP
    for step in (now - 1, now, now + 1):
        if (after is None or step > after) and secrets.compare_digest(totp.at(step * STEP), code):
            return step
    return None


def _use_recovery_code(user, code):
    row = db.session.scalar(select(RecoveryCode).where(RecoveryCode.user_id == user.id,
                                                       RecoveryCode.code_hash == _digest(code or ""),
                                                       RecoveryCode.used.is_(None)))
    if row is None:
        return False
    row.used = utcnow()
    sessions.log(user, "recovery_code_used")
    return True


def check_code(user, code):
    """Accept a TOTP code (each time step once) or an unused recovery code; no commit."""
    step = _matching_step(user.mfa_secret, code, user.mfa_last_step)
    if step is not None:
        user.mfa_last_step = step
        return True
    return _use_recovery_code(user, code)


def _new_recovery_codes(user):
    db.session.execute(delete(RecoveryCode).where(RecoveryCode.user_id == user.id))
    codes = [f"{secrets.token_hex(3)}-{secrets.token_hex(3)}" for _ in range(RECOVERY_CODES)]
    db.session.add_all([RecoveryCode(user_id=user.id, code_hash=_digest(c)) for c in codes])
    return codes


def _failed(user, signed_in=False):
    """A wrong code, logged: 401 while signing in (counted by the limiter), 422 on the field for a signed-in user
    (a 401 there would end the webapp's session)."""
    sessions.log(user, "mfa_failed")
    g.failed_check = True  # counted by the limiter with the sign-in's wrong codes
    db.session.commit()
    return (Invalid if signed_in else Unauthorized)(translate(BAD_CODE), errors={"code": [translate(BAD_CODE)]})


def status(user):
    left = db.session.scalar(select(db.func.count()).select_from(RecoveryCode).where(
        RecoveryCode.user_id == user.id, RecoveryCode.used.is_(None))) if user.mfa_secret else 0
    return {"enabled": bool(user.mfa_secret), "since": user.mfa_enabled.isoformat() if user.mfa_enabled else None,
            "recoveryCodesLeft": left, "required": required(user)}


def start_enrolment(user, brand_host=None, password=None, proven=True):
    """A new secret to confirm (replacing one not yet confirmed); the otpauth URI the browser draws as a QR code.
    From the profile (`proven=False`) the password is asked again: a borrowed session cannot add its own factor."""
    if user.mfa_secret:
        raise Conflict(_("Two-factor sign-in is already on"))
    if not proven:
        from .accounts import prove_password
        prove_password(user, password, "password")
    user.mfa_pending_secret = pyotp.random_base32()
    db.session.commit()
    issuer = hosts.brand(hosts.brand_of_host(brand_host))["name"] if brand_host else "Portal"
    return {"secret": user.mfa_pending_secret,
            "otpauthUri": pyotp.TOTP(user.mfa_pending_secret).provisioning_uri(name=user.email, issuer_name=issuer)}


def confirm_enrolment(user, code, commit=True):
    """Turn the factor on with a code of the pending secret; answers the recovery codes (shown once)."""
    if user.mfa_secret:
        raise Conflict(_("Two-factor sign-in is already on"))
    if not user.mfa_pending_secret:
        raise Invalid(_("Start the enrolment first"), errors={"code": [_("Start the enrolment first")]})
    step = _matching_step(user.mfa_pending_secret, code, None)
    if step is None:
        g.failed_check = True
        raise Invalid(translate(BAD_CODE), errors={"code": [translate(BAD_CODE)]})
    user.mfa_secret, user.mfa_pending_secret = user.mfa_pending_secret, None
    user.mfa_last_step, user.mfa_enabled = step, utcnow()
    codes = _new_recovery_codes(user)
    sessions.log(user, "mfa_enabled")
    if commit:
        db.session.commit()
    return codes


def new_recovery_codes(user, code):
    if not user.mfa_secret:
        raise Conflict(_("Two-factor sign-in is off"))
    if not check_code(user, code):
        raise _failed(user, signed_in=True)
    codes = _new_recovery_codes(user)
    db.session.commit()
    return codes


def _turn_off(user):
    user.mfa_secret = user.mfa_pending_secret = user.mfa_last_step = user.mfa_enabled = None
    db.session.execute(delete(RecoveryCode).where(RecoveryCode.user_id == user.id))


def disable(user, code):
    if not user.mfa_secret:
        raise Conflict(_("Two-factor sign-in is off"))
    if required(user):
        raise Conflict(_("Two-factor sign-in is required for your account"))
    if not check_code(user, code):
        raise _failed(user, signed_in=True)
    _turn_off(user)
    sessions.log(user, "mfa_disabled")
    db.session.commit()


def reset(email):
    """`flask reset-mfa EMAIL`: remove a lost factor (the user signs in with the password alone, or enrols again)."""
    from .accounts import find_by_email
    user = find_by_email(email)
    if user is None:
        raise NotFound(f"No account {email}")
    _turn_off(user)
    sessions.log(user, "mfa_reset")
    db.session.commit()
    return user


def finish_sign_in(token, code):
    """The second step of a sign-in: a code for the challenge's stage; a session, and recovery codes after an
    enrolment made during sign-in."""
    row, user = read_challenge(token)
    method = "sso" if row.method == "sso" else "mfa"
    from .accounts import signed_in
    if row.stage == "enrol":
        try:
            codes = confirm_enrolment(user, code, commit=False)
        except Invalid:
            failed_attempt(row)
            db.session.commit()
            raise
        use(row)
        return {**signed_in(user, method), "recoveryCodes": codes}
    if not check_code(user, code):
        failed_attempt(row)
        raise _failed(user)
    use(row)
    return signed_in(user, method)


def enrol_during_sign_in(token, host):
    row, user = read_challenge(token, ("enrol",))
    return start_enrolment(user, host)
