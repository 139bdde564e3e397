from sqlalchemy import bindparam, literal

from ..extensions import db
from .base import Versioned, module_fk, user_fk, utcnow


def path_ids(path):
    """The ids of a materialized path, root first: '/1/5/12/' is [1, 5, 12]."""
    return [int(p) for p in (path or "").strip("/").split("/") if p]


def scope_id(path):
    """The portal of a path (a portal's own id), or the root's id for the root's path."""
    ids = path_ids(path)
    return ids[1] if len(ids) > 1 else ids[0]


class Module(Versioned, db.Model):
    """Every level of the tree: platform root, portal, project, phase, task, subtask."""
    id = db.Column(db.Integer, primary_key=True)
    parent_id = db.Column(db.Integer, db.ForeignKey("module.id"), nullable=True, index=True)
    idx = db.Column(db.Integer, nullable=False, default=0)
    name = db.Column(db.String(200), nullable=False)
    description = db.Column(db.Text, nullable=False, default="")
    type = db.Column(db.String(60), nullable=False, index=True)
    platform = db.Column(db.String(20), nullable=False)
    # Materialized path of ids, self included: "/1/5/12/". A subtree is one prefix query.
    path = db.Column(db.String(500), nullable=False, default="/")
    level = db.Column(db.Integer, nullable=False, default=0)
    locked = db.Column(db.Boolean, nullable=False, default=False)
    created = db.Column(db.DateTime, nullable=False, default=utcnow)
    created_by_id = user_fk()

    created_by = db.relationship("User", lazy="joined", innerjoin=False)
    deliverable = db.relationship("Deliverable", uselist=False, lazy="select", passive_deletes=True)
    brand = db.relationship("Brand", uselist=False, lazy="select", passive_deletes=True)

    __table_args__ = (
        db.Index("ix_module_parent_idx", "parent_id", "idx"),
        # text_pattern_ops lets PostgreSQL serve `path LIKE '/1/5/%'` from the index whatever the collation.
        db.Index("ix_module_path", "path", postgresql_ops={"path": "text_pattern_ops"}),
        # The modules of one type below a module (tasks-all): on PostgreSQL a page is chosen from the index alone.
        db.Index("ix_module_type_path", "type", "path", postgresql_ops={"path": "text_pattern_ops"},
                 postgresql_include=["id", "parent_id", "idx"]),
    )

    @property
    def ancestor_ids(self):
        """Ids from the root down to the parent."""
        return path_ids(self.path)[:-1]

    @property
    def portal_path(self):
        """The path prefix of the module's portal ('/1/5/' for portal 5 and everything in it); the root's own."""
        return "/" + "/".join(self.path.strip("/").split("/")[:2]) + "/"


class SkeletonRule(db.Model):
    """Platform skeleton: which child types a type allows on a platform, with their labels."""
    id = db.Column(db.Integer, primary_key=True)
    platform = db.Column(db.String(20), nullable=False)
    parent_type = db.Column(db.String(60), nullable=False)
    child_type = db.Column(db.String(60), nullable=False)
    label = db.Column(db.String(60), nullable=False)
    label_plural = db.Column(db.String(60), nullable=False)
    idx = db.Column(db.Integer, nullable=False, default=0)

    __table_args__ = (db.UniqueConstraint("platform", "parent_type", "child_type", name="uq_skeleton_rule"),)


class Grant:
    """The role and rights a membership gives (and an invitation will give)."""
    role = db.Column(db.String(60), nullable=False, default="User")
    admin = db.Column(db.Boolean, nullable=False, default=False)
    allow_create = db.Column(db.Boolean, nullable=False, default=False)
    allow_view = db.Column(db.Boolean, nullable=False, default=True)
    allow_edit = db.Column(db.Boolean, nullable=False, default=False)
    allow_delete = db.Column(db.Boolean, nullable=False, default=False)


class Membership(Grant, Versioned, db.Model):
    id = db.Column(db.Integer, primary_key=True)
    module_id = module_fk()
    user_id = db.Column(db.Integer, db.ForeignKey("user.id", ondelete="CASCADE"), nullable=False, index=True)
    created = db.Column(db.DateTime, nullable=False, default=utcnow)
    # Issue 45: the organisation the member works for here (time entries keep it as it was on their day; empty: the
    # user's own), and whether they approve the timesheets of this module's people.
    organisation = db.Column(db.String(200), nullable=True)
    supervisor = db.Column(db.Boolean, nullable=False, default=False, server_default=db.false())

    user = db.relationship("User", lazy="joined")

    __table_args__ = (db.UniqueConstraint("module_id", "user_id", name="uq_membership_module_user"),)


class Brand(db.Model):
    id = db.Column(db.Integer, primary_key=True)
    module_id = module_fk(unique=True)
    logo = db.Column(db.String(80), nullable=True)  # stored file name under UPLOAD_DIR/logos
    logo_size = db.Column(db.Integer, nullable=True)
    logo_mime = db.Column(db.String(40), nullable=True)
    updated = db.Column(db.DateTime, nullable=False, default=utcnow)


class Deliverable(Versioned, db.Model):
    id = db.Column(db.Integer, primary_key=True)
    module_id = module_fk(unique=True)
    status = db.Column(db.String(30), nullable=False, default="NOT_STARTED")
    owner_id = user_fk()
    start_date = db.Column(db.Date, nullable=True)
    deadline = db.Column(db.Date, nullable=True)
    commenced_date = db.Column(db.Date, nullable=True)
    completion_date = db.Column(db.Date, nullable=True)
    # Issue 42: moved by its predecessors' changes (or, as a parent, spanning its children) when automatic; a
    # milestone has one date (its start date and deadline are the same day).
    auto_scheduled = db.Column(db.Boolean, nullable=False, default=False, server_default=db.false())
    milestone = db.Column(db.Boolean, nullable=False, default=False, server_default=db.false())
    # The status it had before it was done (COMPLETED or VERIFIED_COMPLETE): what unticking its module's checklist
    # box returns it to (services/done.py); none while it is not done, or when it had none (then 'no status').
    status_before_done = db.Column(db.String(30), nullable=True)

    owner = db.relationship("User", lazy="joined")


class Invitation(Grant, db.Model):
    id = db.Column(db.Integer, primary_key=True)
    module_id = module_fk()
    email = db.Column(db.String(254), nullable=False)
    invited_by_id = user_fk()
    token_hash = db.Column(db.String(64), nullable=False, unique=True)
    created = db.Column(db.DateTime, nullable=False, default=utcnow)
    expires = db.Column(db.DateTime, nullable=False)
    used = db.Column(db.DateTime, nullable=True)


def path_under(column, path):
    """SQL: `column` (a materialized path) starts with `path`: the subtree of the module whose path it is. The
    prefix is written into the statement as a quoted literal: as a bound parameter, the generic plan PostgreSQL
    keeps for a prepared statement (psycopg prepares a statement from its fifth run on a connection) cannot turn
    the LIKE into an index range, and a subtree became a scan."""
    return column.like(literal(path + "%", literal_execute=True))


def path_under_param(column, name):
    """path_under in a statement built once: the pattern (the path and '%') is the parameter `name` when it runs,
    written into the SQL all the same."""
    return column.like(bindparam(name, literal_execute=True))

