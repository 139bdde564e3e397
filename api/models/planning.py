"""Planning (issue 42): relations between two modules of one portal."""
from ..extensions import db
from .base import Versioned, user_fk, utcnow

# Scheduling kinds (finish-to-start, start-to-start, finish-to-finish, start-to-finish: `from` is the predecessor)
# and the two that schedule nothing ('blocks': `from` blocks `to`; 'relates': no direction).
SCHEDULING = ("FS", "SS", "FF", "SF")
KINDS = SCHEDULING + ("BLOCKS", "RELATES")
MAX_LAG = 3650  # working days, either way


class Relation(Versioned, db.Model):
    """One row per pair of modules (`low_id`, `high_id`: the pair's ids in order, unique), whichever way it
    points. Both ends go with their module (ON DELETE CASCADE)."""
    id = db.Column(db.Integer, primary_key=True)
    portal_id = db.Column(db.Integer, db.ForeignKey("module.id", ondelete="CASCADE"), nullable=False, index=True)
    from_id = db.Column(db.Integer, db.ForeignKey("module.id", ondelete="CASCADE"), nullable=False, index=True)
    to_id = db.Column(db.Integer, db.ForeignKey("module.id", ondelete="CASCADE"), nullable=False, index=True)
    low_id = db.Column(db.Integer, nullable=False)
    high_id = db.Column(db.Integer, nullable=False)
    kind = db.Column(db.String(8), nullable=False)
    lag = db.Column(db.Integer, nullable=False, default=0)
    created = db.Column(db.DateTime, nullable=False, default=utcnow)
    created_by_id = user_fk()

    __table_args__ = (db.UniqueConstraint("low_id", "high_id", name="uq_relation_pair"),)


class PortalPlanning(Versioned, db.Model):
    """A portal's planning settings (portal settings → Planning): its holidays, one 'YYYY-MM-DD name' per line,
    which with Saturdays and Sundays are not working days; whether dates are shown as project months too."""
    __tablename__ = "portal_planning"
    portal_id = db.Column(db.Integer, db.ForeignKey("module.id", ondelete="CASCADE"), primary_key=True)
    holidays = db.Column(db.Text, nullable=False, default="", server_default="")
    project_months = db.Column(db.Boolean, nullable=False, default=False, server_default=db.false())
    # Issue 44: the board's work-in-progress limit per status, a JSON object ({"IN_PROGRESS": 5}; '' or {}: none).
    board_limits = db.Column(db.Text, nullable=False, default="", server_default="")


class Baseline(db.Model):
    """A named snapshot of a subtree's dates (issue 42, point 5: 'Grant agreement', 'Amendment 1'), read-only: one
    BaselineDate per dated module of the subtree when it was saved. Goes with its module."""
    id = db.Column(db.Integer, primary_key=True)
    module_id = db.Column(db.Integer, db.ForeignKey("module.id", ondelete="CASCADE"), nullable=False, index=True)
    name = db.Column(db.String(120), nullable=False)
    created = db.Column(db.DateTime, nullable=False, default=utcnow)
    created_by_id = user_fk()


class BaselineDate(db.Model):
    """One module's start date and deadline in a baseline (a module deleted since goes with it)."""
    __tablename__ = "baseline_date"
    baseline_id = db.Column(db.Integer, db.ForeignKey("baseline.id", ondelete="CASCADE"), primary_key=True)
    module_id = db.Column(db.Integer, db.ForeignKey("module.id", ondelete="CASCADE"), primary_key=True, index=True)
    start_date = db.Column(db.Date, nullable=True)
    deadline = db.Column(db.Date, nullable=True)


class Recurrence(Versioned, db.Model):
    """A task that repeats (issue 42, point 6): weekly (`day`: 1 Monday … 7 Sunday) or monthly (`day` of the month,
    the month's last when shorter) every `every` weeks or months. The rule sits on the newest occurrence: making
    the next one moves it there, so an occurrence is made once, whichever comes first (its completion or its
    start date)."""
    module_id = db.Column(db.Integer, db.ForeignKey("module.id", ondelete="CASCADE"), primary_key=True)
    unit = db.Column(db.String(8), nullable=False)
    every = db.Column(db.Integer, nullable=False, default=1)
    day = db.Column(db.Integer, nullable=False)
    created_by_id = user_fk()
