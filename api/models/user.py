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
    created = db.Column(db.DateTime, nullable=False, default=utcnow)
    # Any change of the row: pages showing people (names, avatars) are revalidated by it (conditional GET).
    updated = db.Column(db.DateTime, nullable=True, default=utcnow, onupdate=utcnow, index=True)
    # Tokens issued before this moment are void (password change or reset).
    tokens_valid_after = db.Column(db.DateTime, nullable=True)

    @property
    def username(self):
        return self.email


class RevokedToken(db.Model):
    """A signed-out access token, kept until it would have expired anyway."""
    jti = db.Column(db.String(64), primary_key=True)
    expires = db.Column(db.DateTime, nullable=False, index=True)


class PasswordReset(db.Model):
    id = db.Column(db.Integer, primary_key=True)
    user_id = db.Column(db.Integer, db.ForeignKey("user.id", ondelete="CASCADE"), nullable=False, index=True)
    token_hash = db.Column(db.String(64), nullable=False, unique=True)
    created = db.Column(db.DateTime, nullable=False, default=utcnow)
    expires = db.Column(db.DateTime, nullable=False)
    used = db.Column(db.DateTime, nullable=True)
