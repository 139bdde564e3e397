"""Limits on guessing: every failed password or code check counts, per account and address (then per address),
whether made while signing in or inside a session (changing the password, 2FA changes, linking single sign-on).
The same scopes and keys on every route: ten wrong passwords spread over the sign-in and the profile are ten.
Counted where every worker sees them (RATELIMIT_STORAGE_URI, Redis under `make run` when it answers)."""
from flask import current_app, g, request
from flask_jwt_extended import get_current_user, verify_jwt_in_request

from .extensions import limiter


def _cfg(name):
    return lambda: current_app.config[name]


def failed(response):
    """A check failed: a 401 while signing in, or a wrong answer a service marked (422 on its field)."""
    return response.status_code == 401 or bool(g.get("failed_check"))


def _signed_in_user():
    try:
        verify_jwt_in_request(optional=True)
        return get_current_user()
    except Exception:  # noqa: BLE001  (no valid token: the view answers 401; the key only needs to exist)
        return None


def account_key(email=None):
    """Per account and address; the account named by its e-mail, or the signed-in user's."""
    if email is None:
        user = _signed_in_user()
        email = user.email if user is not None else None
    return f"account:{email.strip().lower() if isinstance(email, str) else '-'}@{request.remote_addr or '-'}"


def code_key(user_id=None):
    if user_id is None:
        user = _signed_in_user()
        user_id = user.id if user is not None else None
    return f"mfa:{user_id or '-'}@{request.remote_addr or '-'}"


def _limits(account_limit, key):
    def wrap(view):
        view = limiter.shared_limit(_cfg("LOGIN_ADDRESS_LIMITS"), scope="guess-address", deduct_when=failed)(view)
        return limiter.shared_limit(_cfg(account_limit), scope=f"guess-{account_limit}", key_func=key,
                                    deduct_when=failed)(view)
    return wrap


def passwords(key=account_key):
    """Wrong passwords: LOGIN_FAILURE_LIMITS per account and address, LOGIN_ADDRESS_LIMITS per address."""
    return _limits("LOGIN_FAILURE_LIMITS", key)


def codes(key=code_key):
    """Wrong codes: MFA_FAILURE_LIMITS per account and address, LOGIN_ADDRESS_LIMITS per address."""
    return _limits("MFA_FAILURE_LIMITS", key)
