from ..extensions import db
from .base import utcnow


class User(db.Model):
    id = db.Column(db.Integer, primary_key=True)
    email = db.Column(db.String(254), nullable=False, unique=True)
    name = db.Column(db.String(120), nullable=False)
    password_hash = db.Column(db.String(255), nullable=True)
    is_superuser = db.Column(db.Boolean, nullable=False, default=False)
    is_active = db.Column(db.Boolean, nullable=False, default=True)
    organisation = db.Column(db.String(200), nullable=True)
    position = db.Column(db.String(120), nullable=True)
    phone = db.Column(db.String(40), nullable=True)
    country = db.Column(db.String(80), nullable=True)
    avatar = db.Column(db.String(80), nullable=True)  # stored file name under UPLOAD_DIR/avatars
    language = db.Column(db.String(5), nullable=True)  # api/i18n.py LANGUAGES; null: never chosen
    created = db.Column(db.DateTime, nullable=False, default=utcnow)
    # Any change of the row: pages showing people (names, avatars) are revalidated by it (conditional GET).
    updated = db.Column(db.DateTime, nullable=True, default=utcnow, onupdate=utcnow, index=True)
    # Tokens issued before this moment are void (password change or reset).
    tokens_valid_after = db.Column(db.DateTime, nullable=True)
    # Two-factor sign-in (TOTP, RFC 6238): the confirmed secret, one being enrolled, the last time step accepted
    # (a code is good once), and when the factor was confirmed.
    mfa_secret = db.Column(db.String(64), nullable=True)
    mfa_pending_secret = db.Column(db.String(64), nullable=True)
    mfa_last_step = db.Column(db.BigInteger, nullable=True)
    mfa_enabled = db.Column(db.DateTime, nullable=True)

    @property
    def username(self):
        return self.email


class UserSession(db.Model):
    """One sign-in. Its token carries `jti`; a token whose row is missing or ended is refused: the revocation list
    IS this table (services/accounts.py, api/auth.py)."""
    __tablename__ = "user_session"
    id = db.Column(db.Integer, primary_key=True)
    user_id = db.Column(db.Integer, db.ForeignKey("user.id", ondelete="CASCADE"), nullable=False, index=True)
    jti = db.Column(db.String(64), nullable=False, unique=True)
    method = db.Column(db.String(20), nullable=False, default="password")  # password, mfa, sso
    device = db.Column(db.String(120), nullable=True)
    address = db.Column(db.String(64), nullable=True)
    created = db.Column(db.DateTime, nullable=False, default=utcnow)
    last_seen = db.Column(db.DateTime, nullable=False, default=utcnow)
    expires = db.Column(db.DateTime, nullable=False, index=True)
    ended = db.Column(db.DateTime, nullable=True)


class ApiToken(db.Model):
    """A personal API token: a signed token whose `jti` is stored only as its SHA-256; read-only or read-write,
    optionally bound to one portal's subtree (permissions.py decides what that means)."""
    __tablename__ = "api_token"
    id = db.Column(db.Integer, primary_key=True)
    user_id = db.Column(db.Integer, db.ForeignKey("user.id", ondelete="CASCADE"), nullable=False, index=True)
    name = db.Column(db.String(100), nullable=False)
    jti_hash = db.Column(db.String(64), nullable=False, unique=True)
    read_only = db.Column(db.Boolean, nullable=False, default=True)
    portal_id = db.Column(db.Integer, db.ForeignKey("module.id", ondelete="CASCADE"), nullable=True, index=True)
    created = db.Column(db.DateTime, nullable=False, default=utcnow)
    expires = db.Column(db.DateTime, nullable=False)
    last_used = db.Column(db.DateTime, nullable=True)
    last_address = db.Column(db.String(64), nullable=True)
    revoked = db.Column(db.DateTime, nullable=True)


class RecoveryCode(db.Model):
    """A single-use two-factor recovery code, stored as its SHA-256."""
    __tablename__ = "recovery_code"
    id = db.Column(db.Integer, primary_key=True)
    user_id = db.Column(db.Integer, db.ForeignKey("user.id", ondelete="CASCADE"), nullable=False, index=True)
    code_hash = db.Column(db.String(64), nullable=False)
    used = db.Column(db.DateTime, nullable=True)


class SecurityEvent(db.Model):
    """The user's security log: sign-ins, failures, password, 2FA and token changes, new addresses."""
    __tablename__ = "security_event"
    id = db.Column(db.Integer, primary_key=True)
    user_id = db.Column(db.Integer, db.ForeignKey("user.id", ondelete="CASCADE"), nullable=False, index=True)
    created = db.Column(db.DateTime, nullable=False, default=utcnow, index=True)
    kind = db.Column(db.String(40), nullable=False)
    address = db.Column(db.String(64), nullable=True)
    device = db.Column(db.String(120), nullable=True)
    detail = db.Column(db.String(300), nullable=True)


class OidcLogin(db.Model):
    """A single sign-on in flight: the state (stored hashed), its nonce and PKCE verifier; used once."""
    __tablename__ = "oidc_login"
    id = db.Column(db.Integer, primary_key=True)
    state_hash = db.Column(db.String(64), nullable=False, unique=True)
    nonce = db.Column(db.String(64), nullable=False)
    verifier = db.Column(db.String(128), nullable=False)
    brand = db.Column(db.String(40), nullable=False)
    created = db.Column(db.DateTime, nullable=False, default=utcnow)
    used = db.Column(db.DateTime, nullable=True)


class SignInChallenge(db.Model):
    """A sign-in half done: the password (or the identity provider's answer) was checked, and a second step is
    asked. The token the client holds is random and stored hashed; the row binds it to one user and one stage
    ("verify" a code, "enrol" a factor, "link" a single sign-on identity by the password) and is used once."""
    __tablename__ = "sign_in_challenge"
    id = db.Column(db.Integer, primary_key=True)
    token_hash = db.Column(db.String(64), nullable=False, unique=True)
    user_id = db.Column(db.Integer, db.ForeignKey("user.id", ondelete="CASCADE"), nullable=False, index=True)
    stage = db.Column(db.String(10), nullable=False)
    method = db.Column(db.String(10), nullable=False, default="password")  # how the first step was made
    # The identity a "link" challenge would link (single sign-on's issuer and subject).
    issuer = db.Column(db.String(300), nullable=True)
    subject = db.Column(db.String(255), nullable=True)
    attempts = db.Column(db.Integer, nullable=False, default=0)
    created = db.Column(db.DateTime, nullable=False, default=utcnow)
    expires = db.Column(db.DateTime, nullable=False)
    used = db.Column(db.DateTime, nullable=True)


class OidcIdentity(db.Model):
    """An account's single sign-on identity (the provider's issuer and subject): made at the first sign-on of an
    account without a password, after the password was proven once, or by a sysadmin (`flask link-sso`)."""
    __tablename__ = "oidc_identity"
    __table_args__ = (db.UniqueConstraint("issuer", "subject"),)
    id = db.Column(db.Integer, primary_key=True)
    user_id = db.Column(db.Integer, db.ForeignKey("user.id", ondelete="CASCADE"), nullable=False, index=True)
    issuer = db.Column(db.String(300), nullable=False)
    subject = db.Column(db.String(255), nullable=False)
    created = db.Column(db.DateTime, nullable=False, default=utcnow)


class PasswordReset(db.Model):
    id = db.Column(db.Integer, primary_key=True)
    user_id = db.Column(db.Integer, db.ForeignKey("user.id", ondelete="CASCADE"), nullable=False, index=True)
    token_hash = db.Column(db.String(64), nullable=False, unique=True)
    created = db.Column(db.DateTime, nullable=False, default=utcnow)
    expires = db.Column(db.DateTime, nullable=False)
    used = db.Column(db.DateTime, nullable=True)
