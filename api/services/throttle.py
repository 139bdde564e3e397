"""Failed sign-ins are slowed before they are refused: each recent failure for an account or an address
adds a pause (up to a cap) before the password is even checked. The counts live in the rate limiter's
storage (memory, or Redis with RATELIMIT_STORAGE_URI), so every worker sees them."""
import time

from flask import current_app

from ..extensions import limiter

WINDOW = 15 * 60
STEP = 0.25  # seconds per recent failure
CAP = 2.0


def _keys(account, address):
    return [f"signin-failures/account/{(account or '').strip().lower()}", f"signin-failures/address/{address}"]


def _enabled():
    return current_app.config.get("RATELIMIT_ENABLED", True) and limiter.storage is not None


def pause_for(account, address):
    """The pause owed by recent failures (the larger of account and address)."""
    if not _enabled():
        return 0.0
    failures = max(limiter.storage.get(k) or 0 for k in _keys(account, address))
    return min(failures * STEP, CAP)


def slow_down(account, address):
    delay = pause_for(account, address)
    if delay:
        time.sleep(delay)


def failed(account, address):
    if _enabled():
        for k in _keys(account, address):
            limiter.storage.incr(k, WINDOW)


def succeeded(account):
    if _enabled():
        limiter.storage.clear(_keys(account, "-")[0])
