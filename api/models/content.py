"""What a module carries: articles, vault, discussion, custom fields, report, templates, feed."""
from sqlalchemy.orm import deferred

from ..extensions import db
from .base import Versioned, module_fk, user_fk, utcnow


class Article(Versioned, db.Model):
    id = db.Column(db.Integer, primary_key=True)
    module_id = module_fk()
    parent_id = db.Column(db.Integer, db.ForeignKey("article.id", ondelete="CASCADE"), nullable=True, index=True)
    title = db.Column(db.String(100), nullable=False)
    content = db.Column(db.Text, nullable=False, default="")
    created = db.Column(db.DateTime, nullable=False, default=utcnow)
    updated = db.Column(db.DateTime, nullable=True)
    created_by_id = user_fk()
    created_by = db.relationship("User", lazy="joined")


class VaultFile(Versioned, db.Model):
    __tablename__ = "vault_file"
    id = db.Column(db.Integer, primary_key=True)
    module_id = module_fk()
    title = db.Column(db.String(200), nullable=False)
    filename = db.Column(db.String(255), nullable=False)  # the client's name, for display and download only
    stored_name = db.Column(db.String(80), nullable=False, unique=True)
    filesize = db.Column(db.BigInteger, nullable=False, default=0)
    mime = db.Column(db.String(120), nullable=False, default="application/octet-stream")
    locked = db.Column(db.Boolean, nullable=False, default=False)
    created = db.Column(db.DateTime, nullable=False, default=utcnow)
    created_by_id = user_fk()
    created_by = db.relationship("User", lazy="joined")
    # Issue 47, written by the worker (services/documents/work.py) for the current content, never by an edit form:
    # the text read from the file (searched: models/search.py) and where each PDF page or slide begins in it (JSON),
    # its state (pending, done, partial, failed, none) and why it failed (a code: work.ERRORS), and the stored
    # name of its thumbnail (storage kind 'thumbs'). Deferred: a file list never reads the text.
    text_state = db.Column(db.String(10), nullable=True, index=True)
    text_error = db.Column(db.String(20), nullable=True)
    text = deferred(db.Column(db.Text, nullable=True))
    text_pages = deferred(db.Column(db.Text, nullable=True))
    thumb = db.Column(db.String(80), nullable=True)


class FileVersion(db.Model):
    """An earlier content of a vault file, kept when a new file replaces it."""
    __tablename__ = "file_version"
    id = db.Column(db.Integer, primary_key=True)
    file_id = db.Column(db.Integer, db.ForeignKey("vault_file.id", ondelete="CASCADE"), nullable=False, index=True)
    module_id = module_fk()
    filename = db.Column(db.String(255), nullable=False)
    stored_name = db.Column(db.String(80), nullable=False, unique=True)
    filesize = db.Column(db.BigInteger, nullable=False, default=0)
    mime = db.Column(db.String(120), nullable=False, default="application/octet-stream")
    created = db.Column(db.DateTime, nullable=False, default=utcnow)
    created_by_id = user_fk()
    created_by = db.relationship("User", lazy="joined")


class Reference(Versioned, db.Model):
    id = db.Column(db.Integer, primary_key=True)
    module_id = module_fk()
    title = db.Column(db.String(200), nullable=False)
    description = db.Column(db.Text, nullable=False, default="")
    url = db.Column(db.String(2000), nullable=False)
    resource_type = db.Column(db.String(20), nullable=False, default="LINK")
    locked = db.Column(db.Boolean, nullable=False, default=False)
    created = db.Column(db.DateTime, nullable=False, default=utcnow)
    created_by_id = user_fk()
    created_by = db.relationship("User", lazy="joined")


class Comment(Versioned, db.Model):
    id = db.Column(db.Integer, primary_key=True)
    module_id = module_fk()
    parent_id = db.Column(db.Integer, db.ForeignKey("comment.id", ondelete="CASCADE"), nullable=True, index=True)
    title = db.Column(db.String(200), nullable=False, default="")
    content = db.Column(db.Text, nullable=False)
    deleted = db.Column(db.Boolean, nullable=False, default=False)
    created = db.Column(db.DateTime, nullable=False, default=utcnow)
    updated = db.Column(db.DateTime, nullable=True)
    created_by_id = user_fk()
    created_by = db.relationship("User", lazy="joined")


class CommentAttachment(db.Model):
    """A vault file a comment carries. The file stays one of the module's vault files (its Files tab, its rights
    and lock); deleting it there, or deleting the comment, drops the row (ON DELETE CASCADE on both)."""
    __tablename__ = "comment_attachment"
    comment_id = db.Column(db.Integer, db.ForeignKey("comment.id", ondelete="CASCADE"), primary_key=True)
    file_id = db.Column(db.Integer, db.ForeignKey("vault_file.id", ondelete="CASCADE"), primary_key=True, index=True)


class CustomField(db.Model):
    """A field defined on a module; it applies to that module's descendants (of target_type, if set)."""
    id = db.Column(db.Integer, primary_key=True)
    module_id = module_fk()
    attribute = db.Column(db.String(60), nullable=False)
    label = db.Column(db.String(120), nullable=False)
    type = db.Column(db.String(20), nullable=False)  # TEXT, PICKLIST, NUMERIC, DATED_NUMERIC, DATE
    multiple = db.Column(db.Boolean, nullable=False, default=False)
    symbol = db.Column(db.String(10), nullable=True)
    prefix_symbol = db.Column(db.Boolean, nullable=False, default=False)
    target_type = db.Column(db.String(60), nullable=True)
    idx = db.Column(db.Integer, nullable=False, default=0)

    options = db.relationship("PicklistOption", order_by="PicklistOption.idx", lazy="selectin",
                              passive_deletes=True)

    __table_args__ = (db.UniqueConstraint("module_id", "attribute", name="uq_custom_field_module_attribute"),)


class PicklistOption(db.Model):
    __tablename__ = "picklist_option"
    id = db.Column(db.Integer, primary_key=True)
    field_id = db.Column(db.Integer, db.ForeignKey("custom_field.id", ondelete="CASCADE"), nullable=False, index=True)
    value = db.Column(db.String(60), nullable=False)
    label = db.Column(db.String(120), nullable=False)
    idx = db.Column(db.Integer, nullable=False, default=0)


class CustomValue(Versioned, db.Model):
    __tablename__ = "custom_value"
    id = db.Column(db.Integer, primary_key=True)
    field_id = db.Column(db.Integer, db.ForeignKey("custom_field.id", ondelete="CASCADE"), nullable=False, index=True)
    module_id = module_fk()
    stringval = db.Column(db.Text, nullable=True)
    numval = db.Column(db.Float, nullable=True)
    dateval = db.Column(db.Date, nullable=True)
    option_id = db.Column(db.Integer, db.ForeignKey("picklist_option.id", ondelete="SET NULL"), nullable=True)
    user_id = user_fk()
    created = db.Column(db.DateTime, nullable=False, default=utcnow)

    option = db.relationship("PicklistOption", lazy="joined")


class Report(db.Model):
    id = db.Column(db.Integer, primary_key=True)
    module_id = module_fk(unique=True)
    layout = db.Column(db.Text, nullable=False, default="[]")


class Metric(Versioned, db.Model):
    id = db.Column(db.Integer, primary_key=True)
    report_id = db.Column(db.Integer, db.ForeignKey("report.id", ondelete="CASCADE"), nullable=False, index=True)
    module_id = module_fk()
    title = db.Column(db.String(200), nullable=False)
    description = db.Column(db.Text, nullable=False, default="")
    attribute = db.Column(db.String(60), nullable=False)
    layout = db.Column(db.Text, nullable=False, default='{"panelType": "default", "bgColor": "default"}')
    created = db.Column(db.DateTime, nullable=False, default=utcnow)


class CloneConfig(db.Model):
    """A template: which parts of a module a clone takes along."""
    __tablename__ = "clone_config"
    id = db.Column(db.Integer, primary_key=True)
    module_id = module_fk()
    name = db.Column(db.String(200), nullable=False)
    description = db.Column(db.Text, nullable=False, default="")
    config = db.Column(db.Text, nullable=False, default="{}")
    created = db.Column(db.DateTime, nullable=False, default=utcnow)
    created_by_id = user_fk()
    created_by = db.relationship("User", lazy="joined")


class FeedEntry(db.Model):
    __tablename__ = "feed_entry"
    id = db.Column(db.Integer, primary_key=True)
    module_id = module_fk()
    created = db.Column(db.DateTime, nullable=False, default=utcnow, index=True)
    created_by_id = user_fk()
    operation = db.Column(db.String(20), nullable=False)  # add, edit, delete, lock, unlock, move, ...
    category = db.Column(db.String(40), nullable=False)   # module, article, file, membership, ...
    description = db.Column(db.String(500), nullable=False)
    # The portal of the entry's module (the root's own id at level 0): a portal's last change is one index lookup.
    portal_id = db.Column(db.Integer, nullable=True)
    item_id = db.Column(db.Integer, nullable=True)  # the thing changed (a module, an article, a file, ...)
    data = db.Column(db.Text, nullable=True)  # JSON: its name, the fields changed before and after (services/feed)
    created_by = db.relationship("User", lazy="joined")

    __table_args__ = (db.Index("ix_feed_entry_portal_id_id", "portal_id", "id"),)
