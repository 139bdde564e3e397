"""Events and what they fan out to: the outbox, its cursor, watches, mentions, notifications, preferences,
webhooks with their deliveries and attempts, and the live subscribers nchan let in (docs/architecture.md
'Events')."""
from ..extensions import db
from .base import Versioned, module_fk, user_fk, utcnow


class Event(db.Model):
    """The outbox: one row per recorded change, written beside its feed entry in the write's own transaction.
    No foreign key to the module: an event outlives a deleted module (its path keeps where it was)."""
    __tablename__ = "event"
    id = db.Column(db.Integer, primary_key=True)
    created = db.Column(db.DateTime, nullable=False, default=utcnow)
    actor_id = user_fk()
    module_id = db.Column(db.Integer, nullable=False)
    portal_id = db.Column(db.Integer, nullable=True)
    path = db.Column(db.String(500), nullable=False)
    category = db.Column(db.String(40), nullable=False)
    operation = db.Column(db.String(20), nullable=False)
    item_id = db.Column(db.Integer, nullable=True)
    description = db.Column(db.String(500), nullable=False)
    data = db.Column(db.Text, nullable=False, default="{}")  # JSON: before/after, mentions, deleted ids ...
    # PostgreSQL: the writing transaction's id (pg_current_xact_id), so the dispatcher reads events in commit-safe
    # order (only transactions older than every one still running). SQLite serializes writers: null there.
    txid = db.Column(db.BigInteger, nullable=True)

    __table_args__ = (db.Index("ix_event_txid_id", "txid", "id"),)


class EventCursor(db.Model):
    """Where a dispatcher is: the last event it finished (by (txid, id) on PostgreSQL, id on SQLite)."""
    __tablename__ = "event_cursor"
    name = db.Column(db.String(40), primary_key=True)
    last_txid = db.Column(db.BigInteger, nullable=False, default=0)
    last_id = db.Column(db.Integer, nullable=False, default=0)
    updated = db.Column(db.DateTime, nullable=False, default=utcnow)


class Watch(db.Model):
    """A user's explicit choice on a module: 'watching' covers the subtree; 'unwatched' stops an ancestor's watch
    from reaching this subtree. The nearest row up the path decides."""
    id = db.Column(db.Integer, primary_key=True)
    user_id = db.Column(db.Integer, db.ForeignKey("user.id", ondelete="CASCADE"), nullable=False, index=True)
    module_id = module_fk()
    portal_id = db.Column(db.Integer, nullable=True)
    state = db.Column(db.String(12), nullable=False, default="watching")
    reason = db.Column(db.String(20), nullable=False, default="manual")  # manual, created, owner, comment, mention
    updated = db.Column(db.DateTime, nullable=False, default=utcnow)

    __table_args__ = (db.UniqueConstraint("user_id", "module_id", name="uq_watch_user_module"),
                      db.Index("ix_watch_portal_updated", "portal_id", "updated"))


class CommentMention(db.Model):
    """A user mentioned in a comment (the text carries the token `@[Name](user:ID)`)."""
    __tablename__ = "comment_mention"
    id = db.Column(db.Integer, primary_key=True)
    comment_id = db.Column(db.Integer, db.ForeignKey("comment.id", ondelete="CASCADE"), nullable=False, index=True)
    module_id = module_fk()
    user_id = db.Column(db.Integer, db.ForeignKey("user.id", ondelete="CASCADE"), nullable=False, index=True)

    __table_args__ = (db.UniqueConstraint("comment_id", "user_id", name="uq_comment_mention"),)


class Notification(db.Model):
    """What a user is told in the app (and by mail, as their preferences say)."""
    id = db.Column(db.Integer, primary_key=True)
    user_id = db.Column(db.Integer, db.ForeignKey("user.id", ondelete="CASCADE"), nullable=False)
    event_id = db.Column(db.Integer, nullable=True)
    kind = db.Column(db.String(20), nullable=False)  # mention, reply, task, comment, file, lock, activity, webhook
    actor_id = user_fk()
    module_id = db.Column(db.Integer, nullable=True)
    portal_id = db.Column(db.Integer, nullable=True)
    category = db.Column(db.String(40), nullable=False, default="")
    item_id = db.Column(db.Integer, nullable=True)
    text = db.Column(db.String(500), nullable=False)
    created = db.Column(db.DateTime, nullable=False, default=utcnow)
    # A group (services/events/notifications.py 'Quiet'): how many changes of its module and kind it stands for,
    # and the ids of their people, the latest first (comma-separated; null for one change). Its actor, event, item,
    # category, text and time are then the latest change's.
    changes = db.Column(db.Integer, nullable=False, default=1, server_default="1")
    actors = db.Column(db.String(400), nullable=True)
    read = db.Column(db.DateTime, nullable=True)
    # none (in-app only), immediate or digest (waiting), sent, skipped (no right any more when it was due)
    mail = db.Column(db.String(10), nullable=False, default="none")

    actor = db.relationship("User", lazy="joined", foreign_keys=[actor_id])

    __table_args__ = (db.UniqueConstraint("user_id", "event_id", name="uq_notification_user_event"),
                      db.Index("ix_notification_user_read_id", "user_id", "read", "id"),
                      db.Index("ix_notification_mail", "mail", "user_id"))


class NotificationPreference(db.Model):
    """Where one kind reaches a user: in the app and by e-mail immediately or in a daily digest ('never': in the app
    only), or not at all ('off'); absent: the default (services/events/mailing.py: DEFAULTS)."""
    __tablename__ = "notification_preference"
    user_id = db.Column(db.Integer, db.ForeignKey("user.id", ondelete="CASCADE"), primary_key=True)
    kind = db.Column(db.String(20), primary_key=True)
    mode = db.Column(db.String(10), nullable=False)


class Webhook(Versioned, db.Model):
    id = db.Column(db.Integer, primary_key=True)
    module_id = module_fk()  # the portal
    url = db.Column(db.String(2000), nullable=False)
    secret = db.Column(db.String(120), nullable=False)  # whsec_<base64>
    kinds = db.Column(db.String(1000), nullable=False, default="*")  # comma-separated categories, or *
    active = db.Column(db.Boolean, nullable=False, default=True)
    failures = db.Column(db.Integer, nullable=False, default=0)  # failed attempts in a row
    disabled_reason = db.Column(db.String(300), nullable=True)
    created = db.Column(db.DateTime, nullable=False, default=utcnow)
    created_by_id = user_fk()
    created_by = db.relationship("User", lazy="joined")


class WebhookDelivery(db.Model):
    """One event sent to one webhook: retried with exponential backoff for 24 h, then dead."""
    __tablename__ = "webhook_delivery"
    id = db.Column(db.Integer, primary_key=True)
    webhook_id = db.Column(db.Integer, db.ForeignKey("webhook.id", ondelete="CASCADE"), nullable=False, index=True)
    event_id = db.Column(db.Integer, nullable=True)
    msg_id = db.Column(db.String(60), nullable=False)
    kind = db.Column(db.String(70), nullable=False)
    payload = db.Column(db.Text, nullable=False)
    status = db.Column(db.String(12), nullable=False, default="pending")  # pending, succeeded, failed, skipped
    attempts = db.Column(db.Integer, nullable=False, default=0)
    next_attempt = db.Column(db.DateTime, nullable=True)
    first_attempt = db.Column(db.DateTime, nullable=True)
    last_status = db.Column(db.Integer, nullable=True)
    last_ms = db.Column(db.Integer, nullable=True)
    last_error = db.Column(db.String(300), nullable=True)
    created = db.Column(db.DateTime, nullable=False, default=utcnow)

    __table_args__ = (db.Index("ix_webhook_delivery_due", "status", "next_attempt"),)


class WebhookAttempt(db.Model):
    """The log of one HTTP attempt: when, the status (null when no answer came), how long, what went wrong."""
    __tablename__ = "webhook_attempt"
    id = db.Column(db.Integer, primary_key=True)
    delivery_id = db.Column(db.Integer, db.ForeignKey("webhook_delivery.id", ondelete="CASCADE"), nullable=False,
                            index=True)
    at = db.Column(db.DateTime, nullable=False, default=utcnow)
    status = db.Column(db.Integer, nullable=True)
    ms = db.Column(db.Integer, nullable=False, default=0)
    error = db.Column(db.String(300), nullable=True)
    manual = db.Column(db.Boolean, nullable=False, default=False)


class LiveSubscriber(db.Model):
    """A stream nchan let in (the API authorised it): who listens on which channel until when. The dispatcher
    publishes a hint to the own channel of each of them who may see it then (services/events/live.py)."""
    __tablename__ = "live_subscriber"
    id = db.Column(db.Integer, primary_key=True)
    channel = db.Column(db.String(40), nullable=False)
    user_id = db.Column(db.Integer, db.ForeignKey("user.id", ondelete="CASCADE"), nullable=False)
    expires = db.Column(db.DateTime, nullable=False)

    __table_args__ = (db.Index("ix_live_subscriber_channel", "channel", "expires"),)


class MailState(db.Model):
    """Per user: the brand of the host they last signed in on (their mails wear it) and when their last digest
    left. Kept off the user row, whose every change revalidates the pages that show people."""
    __tablename__ = "mail_state"
    user_id = db.Column(db.Integer, db.ForeignKey("user.id", ondelete="CASCADE"), primary_key=True)
    brand = db.Column(db.String(40), nullable=True)
    digest_sent = db.Column(db.DateTime, nullable=True)
