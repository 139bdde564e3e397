"""Two-factor sign-in with TOTP (RFC 6238, pyotp): enrolment, single-use codes and recovery codes.

A password sign-in of an enrolled user answers `{mfaRequired, mfaToken}`; the signed challenge (`MFA_TOKEN_SECONDS`)
names the user and the stage (`verify`, or `enrol` when REQUIRE_MFA makes a user without a factor enrol first) and
`POST /json/login/mfa` finishes with a code. A code is good once: the time step it matched is kept
(`mfa_last_step`) and no step up to it is accepted again. Ten recovery codes are shown once and stored as SHA-256.
"""
import hashlib
import secrets
import time

import pyotp
from flask import current_app
from itsdangerous import BadSignature, URLSafeTimedSerializer
from sqlalchemy import delete, exists, select

from ..errors import Conflict, Invalid, NotFound, Unauthorized
from ..extensions import db
from ..models import Membership, RecoveryCode, User
from ..models.base import utcnow
from .. import hosts
from . import sessions

RECOVERY_CODES = 10
STEP = 30
EXPIRED = "Your sign-in has expired, please sign in again"
BAD_CODE = "Invalid code"


def _serializer():
    return URLSafeTimedSerializer(current_app.config["SECRET_KEY"], salt="mfa-challenge")


def challenge(user, stage):
    return _serializer().dumps({"u": user.id, "s": stage})


def challenge_user_id(token):
    """The user a challenge names, unverified: only the rate limiter's key (counts per account and address)."""
    try:
        ok, payload = _serializer().loads_unsafe(token or "")
        return int(payload["u"]) if isinstance(payload, dict) else None
    except (BadSignature, KeyError, TypeError, ValueError):
        return None


def read_challenge(token):
    try:
        payload = _serializer().loads(token or "", max_age=current_app.config["MFA_TOKEN_SECONDS"])
        user = db.session.get(User, int(payload["u"]))
        stage = payload["s"]
    except (BadSignature, KeyError, TypeError, ValueError):
        raise Unauthorized(EXPIRED)
    if user is None or not user.is_active or stage not in ("verify", "enrol") or \
            (stage == "verify") != bool(user.mfa_secret):
        raise Unauthorized(EXPIRED)
    return user, stage


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
    db.session.commit()
    return (Invalid if signed_in else Unauthorized)(BAD_CODE, errors={"code": [BAD_CODE]})


def status(user):
    left = db.session.scalar(select(db.func.count()).select_from(RecoveryCode).where(
        RecoveryCode.user_id == user.id, RecoveryCode.used.is_(None))) if user.mfa_secret else 0
    return {"enabled": bool(user.mfa_secret), "since": user.mfa_enabled.isoformat() if user.mfa_enabled else None,
            "recoveryCodesLeft": left, "required": required(user)}


def start_enrolment(user, brand_host=None):
    """A new secret to confirm (replacing one not yet confirmed); the otpauth URI the browser draws as a QR code."""
    if user.mfa_secret:
        raise Conflict("Two-factor sign-in is already on")
    user.mfa_pending_secret = pyotp.random_base32()
    db.session.commit()
    issuer = hosts.brand(hosts.brand_of_host(brand_host))["name"] if brand_host else "Portal"
    return {"secret": user.mfa_pending_secret,
            "otpauthUri": pyotp.TOTP(user.mfa_pending_secret).provisioning_uri(name=user.email, issuer_name=issuer)}


def confirm_enrolment(user, code):
    """Turn the factor on with a code of the pending secret; answers the recovery codes (shown once). Commits."""
    if user.mfa_secret:
        raise Conflict("Two-factor sign-in is already on")
    if not user.mfa_pending_secret:
        raise Invalid("Start the enrolment first", errors={"code": ["Start the enrolment first"]})
    step = _matching_step(user.mfa_pending_secret, code, None)
    if step is None:
        raise Invalid(BAD_CODE, errors={"code": [BAD_CODE]})
    user.mfa_secret, user.mfa_pending_secret = user.mfa_pending_secret, None
    user.mfa_last_step, user.mfa_enabled = step, utcnow()
    codes = _new_recovery_codes(user)
    sessions.log(user, "mfa_enabled")
    db.session.commit()
    return codes


def new_recovery_codes(user, code):
    if not user.mfa_secret:
        raise Conflict("Two-factor sign-in is off")
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
        raise Conflict("Two-factor sign-in is off")
    if required(user):
        raise Conflict("Two-factor sign-in is required for your account")
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
    user, stage = read_challenge(token)
    if stage == "enrol":
        codes = confirm_enrolment(user, code)
        return {**sessions.open_session(user, "mfa"), "recoveryCodes": codes}
    if not check_code(user, code):
        raise _failed(user)
    return sessions.open_session(user, "mfa")


def enrol_during_sign_in(token, host):
    user, stage = read_challenge(token)
    if stage != "enrol":
        raise Unauthorized(EXPIRED)
    return start_enrolment(user, host)
