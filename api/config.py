"""Settings, all read from environment variables (with defaults fit for `make run`)."""
import os
from datetime import timedelta

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def _int(name, default):
    return int(os.environ.get(name, default))


def _bool(name, default=False):
    return os.environ.get(name, str(default)).lower() in ("1", "true", "yes", "on")


class Config:
    INSTANCE_DIR = os.environ.get("INSTANCE_DIR", os.path.join(ROOT, "instance"))
    SECRET_KEY = os.environ.get("SECRET_KEY", "dev-secret-change-me-in-production-0123456789")
    JWT_SECRET_KEY = os.environ.get("JWT_SECRET_KEY") or SECRET_KEY
    SQLALCHEMY_DATABASE_URI = os.environ.get("DATABASE_URL") or (
        "sqlite:///" + os.path.join(INSTANCE_DIR, "portal.db"))
    SQLALCHEMY_ENGINE_OPTIONS = {"pool_pre_ping": True}
    # Access token lifetime in seconds; the SPA schedules its automatic logout from it.
    JWT_ACCESS_TOKEN_EXPIRES = timedelta(seconds=_int("JWT_EXPIRES_SECONDS", 8 * 3600))
    JWT_TOKEN_LOCATION = ["headers"]
    PROPAGATE_EXCEPTIONS = False

    UPLOAD_DIR = os.environ.get("UPLOAD_DIR", os.path.join(INSTANCE_DIR, "uploads"))
    MAX_CONTENT_LENGTH = _int("MAX_UPLOAD_MB", 25) * 1024 * 1024
    # Werkzeug's cap for one non-file form field; above the article content limit so that limit speaks.
    MAX_FORM_MEMORY_SIZE = 1024 * 1024
    LOGO_MAX_BYTES = _int("LOGO_MAX_KB", 2048) * 1024
    # When set (e.g. "/protected-files/"), downloads are handed to nginx by X-Accel-Redirect.
    ACCEL_REDIRECT_PREFIX = os.environ.get("ACCEL_REDIRECT_PREFIX", "")

    PUBLIC_URL = os.environ.get("PUBLIC_URL", "http://127.0.0.1:8080")
    MAIL_SERVER = os.environ.get("MAIL_SERVER", "")
    MAIL_PORT = _int("MAIL_PORT", 587)
    MAIL_USERNAME = os.environ.get("MAIL_USERNAME", "")
    MAIL_PASSWORD = os.environ.get("MAIL_PASSWORD", "")
    MAIL_USE_TLS = _bool("MAIL_USE_TLS", True)
    MAIL_USE_SSL = _bool("MAIL_USE_SSL", False)
    MAIL_FROM = os.environ.get("MAIL_FROM", "noreply@localhost")
    MAIL_OUTBOX_DIR = os.environ.get("MAIL_OUTBOX_DIR", os.path.join(INSTANCE_DIR, "outbox"))

    RESET_TOKEN_SECONDS = _int("RESET_TOKEN_SECONDS", 3600)
    FORM_TOKEN_SECONDS = _int("FORM_TOKEN_SECONDS", 4 * 3600)

    RATELIMIT_STORAGE_URI = os.environ.get("RATELIMIT_STORAGE_URI", "memory://")
    RATELIMIT_ENABLED = _bool("RATELIMIT_ENABLED", True)
    RATELIMIT_HEADERS_ENABLED = True
    # Failed sign-ins: a short window slows guessing, a long one refuses it.
    LOGIN_FAILURE_LIMITS = os.environ.get("LOGIN_FAILURE_LIMITS", "5 per minute;20 per hour")
    LOGIN_ADDRESS_LIMITS = os.environ.get("LOGIN_ADDRESS_LIMITS", "30 per minute;200 per hour")

    CORS_ORIGINS = [o for o in os.environ.get("CORS_ORIGINS", "").split(",") if o]
    TRUSTED_PROXIES = _int("TRUSTED_PROXIES", 1)


class TestConfig(Config):
    TESTING = True
    RATELIMIT_ENABLED = False
    FORM_TOKEN_SECONDS = 3600
