from datetime import datetime, timezone

from ..extensions import db


def utcnow():
    # Naive UTC everywhere: identical behaviour on SQLite and PostgreSQL.
    return datetime.now(timezone.utc).replace(tzinfo=None)


def module_fk(**kw):
    return db.Column(db.Integer, db.ForeignKey("module.id", ondelete="CASCADE"), nullable=False, index=True, **kw)


def user_fk(nullable=True, **kw):
    return db.Column(db.Integer, db.ForeignKey("user.id", ondelete="SET NULL"), nullable=nullable, **kw)
