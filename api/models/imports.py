"""Issue 46: import jobs (a Redmine, spreadsheet, MS Project or portal-archive import running on the worker, with
its progress and report) and the import map (which row an earlier run made of each source item, so a repeated
import updates instead of duplicating)."""
from ..extensions import db
from .base import utcnow

JOB_KINDS = ("redmine", "spreadsheet", "mspdi", "archive")
JOB_STATES = ("QUEUED", "RUNNING", "DONE", "FAILED", "CANCELLED")


class ImportJob(db.Model):
    """One import. `options` (JSON) holds what the run needs and is cleared of secrets (a Redmine key) when the run
    ends; `upload` names the staged source file (storage kind 'imports'), removed at the end; `report` (JSON) is what
    the run created, updated and skipped, or why it failed."""
    __tablename__ = "import_job"
    id = db.Column(db.Integer, primary_key=True)
    # The portal written into; for an archive, the platform root the new portal goes under.
    module_id = db.Column(db.Integer, db.ForeignKey("module.id", ondelete="CASCADE"), nullable=False, index=True)
    user_id = db.Column(db.Integer, db.ForeignKey("user.id", ondelete="SET NULL"), nullable=True)
    kind = db.Column(db.String(20), nullable=False)
    title = db.Column(db.String(200), nullable=False, default="")
    state = db.Column(db.String(10), nullable=False, default="QUEUED")
    phase = db.Column(db.String(10), nullable=False, default="")
    done = db.Column(db.Integer, nullable=False, default=0)
    total = db.Column(db.Integer, nullable=False, default=0)
    dry_run = db.Column(db.Boolean, nullable=False, default=False)
    cancel = db.Column(db.Boolean, nullable=False, default=False)
    options = db.Column(db.Text, nullable=False, default="{}")
    upload = db.Column(db.String(80), nullable=True)
    report = db.Column(db.Text, nullable=True)
    created = db.Column(db.DateTime, nullable=False, default=utcnow)
    finished = db.Column(db.DateTime, nullable=True)


class ImportMap(db.Model):
    """What a source item became in a portal: (portal, source, key) -> (table, id)."""
    __tablename__ = "import_map"
    id = db.Column(db.Integer, primary_key=True)
    portal_id = db.Column(db.Integer, db.ForeignKey("module.id", ondelete="CASCADE"), nullable=False)
    source = db.Column(db.String(300), nullable=False)
    key = db.Column(db.String(300), nullable=False)
    target = db.Column(db.String(20), nullable=False)
    target_id = db.Column(db.Integer, nullable=False)

    __table_args__ = (db.UniqueConstraint("portal_id", "source", "key", name="uq_import_map_key"),)
