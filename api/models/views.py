"""Issue 44: a person's calendar feeds (iCal subscriptions of their dated tasks) and saved views of a screen."""
from ..extensions import db
from .base import Versioned, module_fk, utcnow

FEED_SCOPES = ("mine", "watched")
VIEW_KINDS = ("tasks", "board", "gantt", "calendar")


class CalendarFeed(db.Model):
    """A calendar subscription (RFC 5545): its address carries a secret, kept only as its SHA-256 and shown once.
    What it lists is decided when it is read, with the user's rights of that moment (services/calendar_feeds.py);
    revoked (or its user switched off), it answers 404."""
    __tablename__ = "calendar_feed"
    id = db.Column(db.Integer, primary_key=True)
    user_id = db.Column(db.Integer, db.ForeignKey("user.id", ondelete="CASCADE"), nullable=False, index=True)
    name = db.Column(db.String(100), nullable=False)
    scope = db.Column(db.String(10), nullable=False, default="mine")  # FEED_SCOPES
    portal_id = db.Column(db.Integer, db.ForeignKey("module.id", ondelete="CASCADE"), nullable=True, index=True)
    secret_hash = db.Column(db.String(64), nullable=False, unique=True)
    created = db.Column(db.DateTime, nullable=False, default=utcnow)
    last_used = db.Column(db.DateTime, nullable=True)
    revoked = db.Column(db.DateTime, nullable=True)


class SavedView(Versioned, db.Model):
    """A named state of a screen (filters, sort, grouping, columns: a JSON object the webapp reads) of one module:
    its owner's, or shared with everyone who may view the module. Goes with its module and its owner."""
    __tablename__ = "saved_view"
    id = db.Column(db.Integer, primary_key=True)
    owner_id = db.Column(db.Integer, db.ForeignKey("user.id", ondelete="CASCADE"), nullable=False, index=True)
    module_id = module_fk()
    kind = db.Column(db.String(10), nullable=False)  # VIEW_KINDS
    name = db.Column(db.String(100), nullable=False)
    state = db.Column(db.Text, nullable=False, default="{}")
    shared = db.Column(db.Boolean, nullable=False, default=False, server_default=db.false())
    created = db.Column(db.DateTime, nullable=False, default=utcnow)
    updated = db.Column(db.DateTime, nullable=False, default=utcnow, onupdate=utcnow)
