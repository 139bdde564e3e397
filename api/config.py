"""Settings, all read from environment variables (with defaults fit for `make run`)."""
import os
import secrets
from datetime import timedelta

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def _int(name, default):
    return int(os.environ.get(name, default))


def _bool(name, default=False):
    return os.environ.get(name, str(default)).lower() in ("1", "true", "yes", "on")


_OIDC_KEYS = ("ISSUER", "CLIENT_ID", "CLIENT_SECRET", "SCOPES", "EMAIL_CLAIM", "UNKNOWN_USERS", "GROUP_CLAIM",
              "GROUPS", "NAME", "REDIRECT_URI", "PASSWORD_LOGIN", "TRUST_EMAIL", "MFA")


def oidc_settings(environ=os.environ):
    """Single sign-on settings per brand: OIDC_<KEY> for every brand, OIDC_<BRAND>_<KEY> for one (brands of
    nginx/hosts.json, e.g. OIDC_CALIBR_ISSUER). Keys: ISSUER, CLIENT_ID, CLIENT_SECRET, SCOPES ("openid email
    profile"), EMAIL_CLAIM ("email"), UNKNOWN_USERS (create | refuse), GROUP_CLAIM, GROUPS ("group=portalId[:admin],
    ..."), NAME (shown as 'Sign in with {NAME}'), REDIRECT_URI (default {publicUrl}/sso/callback), PASSWORD_LOGIN
    (false: this brand signs in only through its provider), TRUST_EMAIL (true: the provider's e-mails count as
    verified without an `email_verified` claim; off by default), MFA ("provider": the provider's own second factor
    replaces the account's TOTP; by default an account with a TOTP is asked for it after single sign-on too).
    Answers {"*" or brand: {key: value}}."""
    out = {}
    for name, value in environ.items():
        if not name.startswith("OIDC_") or name == "OIDC_TIMEOUT":
            continue
        rest = name[5:]
        key = next((k for k in _OIDC_KEYS if rest == k or rest.endswith("_" + k)), None)
        if key is None:
            continue
        brand = "*" if rest == key else rest[:-len(key) - 1].lower()
        if key == "GROUPS":
            value = dict(pair.split("=", 1) for pair in value.split(",") if "=" in pair)
        elif key in ("PASSWORD_LOGIN", "TRUST_EMAIL"):
            value = value.lower() in ("1", "true", "yes", "on")
        out.setdefault(brand, {})[key.lower()] = value
    return out


def engine_options(environ=os.environ):
    """SQLAlchemy's engine settings. Behind PgBouncer in transaction mode (DATABASE_POOLER=transaction) a request's
    transactions may each run on another server connection, so psycopg must not keep server-side prepared
    statements (prepared on one connection, unknown on the next): docs/scaling.md. On PostgreSQL, JIT compilation
    is off for the app's sessions: its reads are small, and a new table without statistics once pushed a list's
    estimated cost past the JIT threshold (20-180 ms compiling a four-row answer). Behind a pooler the startup
    option may be refused: the database's own setting does it there (docs/scaling.md)."""
    options = {"pool_pre_ping": True}
    if environ.get("DATABASE_POOLER", "").lower() == "transaction":
        options["connect_args"] = {"prepare_threshold": None}
    elif environ.get("DATABASE_URL", "").startswith("postgresql"):
        options["connect_args"] = {"options": "-c jit=off"}
    return options


class Config:
    INSTANCE_DIR = os.environ.get("INSTANCE_DIR", os.path.join(ROOT, "instance"))
    # Never a built-in value: unset, the instance folder's random key (api/secret_key.py); a weak one is refused.
    SECRET_KEY = os.environ.get("SECRET_KEY") or None
    JWT_SECRET_KEY = os.environ.get("JWT_SECRET_KEY") or None
    SQLALCHEMY_DATABASE_URI = os.environ.get("DATABASE_URL") or (
        "sqlite:///" + os.path.join(INSTANCE_DIR, "portal.db"))
    SQLALCHEMY_ENGINE_OPTIONS = engine_options()
    # Access token lifetime in seconds; the SPA schedules its automatic logout from it.
    JWT_ACCESS_TOKEN_EXPIRES = timedelta(seconds=_int("JWT_EXPIRES_SECONDS", 8 * 3600))
    JWT_TOKEN_LOCATION = ["headers"]
    PROPAGATE_EXCEPTIONS = False

    UPLOAD_DIR = os.environ.get("UPLOAD_DIR", os.path.join(INSTANCE_DIR, "uploads"))
    # Where stored files live (services/objectstore.py): empty = the UPLOAD_DIR folder; file:///folder; or an
    # S3-compatible store s3://bucket[/prefix] (endpoint S3_ENDPOINT_URL for MinIO, Ceph, Garage; keys from the
    # usual AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY). Downloads from a store are streamed through the API
    # (proxy) or sent as short-lived presigned URLs (presigned).
    STORAGE_URL = os.environ.get("STORAGE_URL", "")
    S3_ENDPOINT_URL = os.environ.get("S3_ENDPOINT_URL", "")
    S3_REGION = os.environ.get("S3_REGION", os.environ.get("AWS_DEFAULT_REGION", "us-east-1"))
    STORAGE_DOWNLOADS = os.environ.get("STORAGE_DOWNLOADS", "proxy")
    STORAGE_PRESIGN_SECONDS = int(os.environ.get("STORAGE_PRESIGN_SECONDS", "60"))
    MAX_CONTENT_LENGTH = _int("MAX_UPLOAD_MB", 25) * 1024 * 1024
    # Werkzeug's cap for one non-file form field; above the article content limit so that limit speaks.
    MAX_FORM_MEMORY_SIZE = 1024 * 1024
    LOGO_MAX_BYTES = _int("LOGO_MAX_KB", 2048) * 1024
    # Logos and avatars larger than this (width × height, read from the header) are refused before decoding.
    MAX_IMAGE_PIXELS = _int("MAX_IMAGE_PIXELS", 25_000_000)
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

    # Limits are counted where every worker and host sees them: Redis whenever one is configured.
    REDIS_URL = os.environ.get("REDIS_URL", "")
    RATELIMIT_STORAGE_URI = os.environ.get("RATELIMIT_STORAGE_URI") or REDIS_URL or "memory://"
    RATELIMIT_ENABLED = _bool("RATELIMIT_ENABLED", True)
    # Redis gone for a while: count in each worker meanwhile rather than fail every sign-in.
    RATELIMIT_IN_MEMORY_FALLBACK_ENABLED = _bool("RATELIMIT_IN_MEMORY_FALLBACK_ENABLED", True)
    # Several installations on one Redis database keep their counts apart.
    RATELIMIT_KEY_PREFIX = os.environ.get("RATELIMIT_KEY_PREFIX", "")
    RATELIMIT_HEADERS_ENABLED = True
    # Failed sign-ins are refused at once (429, Retry-After) past these counts: per account and address pair,
    # and per address. Nothing sleeps in a worker.
    LOGIN_FAILURE_LIMITS = os.environ.get("LOGIN_FAILURE_LIMITS", "5 per minute;20 per hour")
    LOGIN_ADDRESS_LIMITS = os.environ.get("LOGIN_ADDRESS_LIMITS", "30 per minute;200 per hour")

    # Two-factor sign-in: "all" or "admins" (sysadmins and portal admins) must enrol; a sign-in challenge lasts
    # MFA_TOKEN_SECONDS; wrong codes count like wrong passwords (per account and address, then per address).
    REQUIRE_MFA = os.environ.get("REQUIRE_MFA", "")
    MFA_TOKEN_SECONDS = _int("MFA_TOKEN_SECONDS", 300)
    MFA_FAILURE_LIMITS = os.environ.get("MFA_FAILURE_LIMITS", "5 per minute;20 per hour")
    # Single sign-on (OpenID Connect) per brand: see oidc_settings above.
    OIDC = oidc_settings()
    OIDC_TIMEOUT = float(os.environ.get("OIDC_TIMEOUT", "10"))

    # Events (docs/architecture.md 'Events'). Background work runs on Huey: Redis when REDIS_URL is set, else a
    # SQLite file beside the database; `make run` starts its consumer (scripts/serve.sh).
    HUEY_SQLITE_PATH = os.environ.get("HUEY_SQLITE_PATH", os.path.join(INSTANCE_DIR, "huey.db"))
    HUEY_IMMEDIATE = _bool("HUEY_IMMEDIATE", False)
    # A commit that recorded events wakes the dispatcher through the queue (tests dispatch by hand).
    EVENTS_AUTODISPATCH = _bool("EVENTS_AUTODISPATCH", True)
    # Daily digests leave at this hour (UTC).
    DIGEST_HOUR = _int("DIGEST_HOUR", 7)
    # A watcher's notifications of one module group: a change less than this many minutes after the last one of an
    # unread notification of the same module and kind joins it ('Ana and 2 others made 4 changes'); 0: never.
    NOTIFICATION_GROUP_MINUTES = _int("NOTIFICATION_GROUP_MINUTES", 5)
    # The host/brand table (brands' names and public URLs for mails); nginx serves the same file.
    HOSTS_FILE = os.environ.get("HOSTS_FILE", os.path.join(ROOT, "nginx", "hosts.json"))
    # Live updates through nginx's nchan: where the API publishes ("unix:/path" or "http://host:port"; empty: no
    # live updates), how long a subscribe ticket is good for, how long nchan keeps a subscriber before asking again.
    LIVE_PUBLISH_URL = os.environ.get("LIVE_PUBLISH_URL", "")
    LIVE_TICKET_SECONDS = _int("LIVE_TICKET_SECONDS", 60)
    LIVE_SESSION_SECONDS = _int("LIVE_SESSION_SECONDS", 600)
    # Webhooks: outbound requests never reach private, loopback or link-local addresses unless a network is
    # allow-listed here (comma-separated CIDRs, e.g. "127.0.0.0/8"); 5 s per attempt, retried for 24 h, the
    # webhook disabled after this many failed attempts in a row.
    WEBHOOK_ALLOW_NETWORKS = [n.strip() for n in os.environ.get("WEBHOOK_ALLOW_NETWORKS", "").split(",") if n.strip()]
    # Issue 46: networks (CIDR, comma-separated) a Redmine import started in the web page may read from besides public
    # addresses (an intranet Redmine); the command line reaches any address. Limits of what an import takes in.
    IMPORT_ALLOW_NETWORKS = [n.strip() for n in os.environ.get("IMPORT_ALLOW_NETWORKS", "").split(",") if n.strip()]
    IMPORT_MAX_FILE_BYTES = _int("IMPORT_MAX_FILE_MB", 100) * 1024 * 1024
    ARCHIVE_MAX_BYTES = _int("ARCHIVE_MAX_MB", 2048) * 1024 * 1024
    ARCHIVE_MAX_MEMBERS = _int("ARCHIVE_MAX_MEMBERS", 200000)
    # Issue 47: each new file's text is read and its thumbnail made on the worker (off: neither, as in the API
    # tests, which switch it on where they test it); the time and text a file may take (extract.LIMITS' defaults).
    DOCUMENTS_WORK = _bool("DOCUMENTS_WORK", True)
    EXTRACT_SECONDS = _int("EXTRACT_SECONDS", 20)
    EXTRACT_CHARS = _int("EXTRACT_CHARS", 1_000_000)
    PREVIEW_TICKET_SECONDS = _int("PREVIEW_TICKET_SECONDS", 300)
    WEBHOOK_TIMEOUT = float(os.environ.get("WEBHOOK_TIMEOUT", "5"))
    WEBHOOK_RETRY_HOURS = _int("WEBHOOK_RETRY_HOURS", 24)
    WEBHOOK_DISABLE_AFTER = _int("WEBHOOK_DISABLE_AFTER", 15)
    # Kept this many days, then removed every night (services/events/retention.py): read notifications; dispatched
    # events and finished webhook deliveries. The modules' feed is kept.
    NOTIFICATION_RETENTION_DAYS = _int("NOTIFICATION_RETENTION_DAYS", 90)
    EVENT_RETENTION_DAYS = _int("EVENT_RETENTION_DAYS", 30)

    CORS_ORIGINS = [o for o in os.environ.get("CORS_ORIGINS", "").split(",") if o]
    # X-Forwarded-For is believed only from this many proxies in front; 0 (the default) when clients may reach
    # gunicorn directly, or anyone could choose their address. serve.sh and the Docker image, behind nginx, set 1.
    TRUSTED_PROXIES = _int("TRUSTED_PROXIES", 0)


class TestConfig(Config):
    TESTING = True
    # Random for each test process, shared by the apps a test makes (a second app reads the first's tokens).
    SECRET_KEY = os.environ.get("SECRET_KEY") or secrets.token_urlsafe(48)
    EVENTS_AUTODISPATCH = False  # the tests run the dispatcher themselves (events.dispatch.run)
    HUEY_IMMEDIATE = True
    DOCUMENTS_WORK = False  # no child process per upload; tests/test_documents.py switches it on
    LIVE_PUBLISH_URL = ""
    RATELIMIT_ENABLED = False
    FORM_TOKEN_SECONDS = 3600
