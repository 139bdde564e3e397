"""Issue 45, effort: time entries, the running timer, monthly timesheets and their approval, the portal's effort
settings (activities, hours per person-month, reporting periods) and the planned person-months per work package and
organisation. Durations are whole minutes; a day is a date in the person's calendar (no time of day)."""
from ..extensions import db
from .base import Versioned, module_fk, utcnow

SHEET_STATES = ("SUBMITTED", "APPROVED", "RETURNED")
DEFAULT_ACTIVITIES = ("Research", "Management", "Dissemination", "Travel", "Other")
DEFAULT_HOURS_PER_PM = 143.33  # Horizon Europe: 1,720 h a year


class TimeActivity(db.Model):
    """One of a portal's activities (what time was spent on); retired ones stay on the entries that name them."""
    __tablename__ = "time_activity"
    id = db.Column(db.Integer, primary_key=True)
    portal_id = module_fk()
    name = db.Column(db.String(60), nullable=False)
    idx = db.Column(db.Integer, nullable=False, default=0)
    active = db.Column(db.Boolean, nullable=False, default=True, server_default=db.true())


class TimeEntry(Versioned, db.Model):
    """Time a person spent on a module on a day. `portal_id` (the module's level-1 ancestor) and `organisation` (the
    person's organisation in that portal on that day, kept as it was) are written with it: the report groups by
    them without walking paths or memberships."""
    __tablename__ = "time_entry"
    # (module, minutes): the roll-ups and the report sum minutes per module from the index alone.
    __table_args__ = (db.Index("ix_time_entry_user_day", "user_id", "day"),
                      db.Index("ix_time_entry_portal_day", "portal_id", "day"),
                      db.Index("ix_time_entry_module_minutes", "module_id", "minutes"))
    id = db.Column(db.Integer, primary_key=True)
    module_id = module_fk()
    portal_id = db.Column(db.Integer, db.ForeignKey("module.id", ondelete="CASCADE"), nullable=False)
    user_id = db.Column(db.Integer, db.ForeignKey("user.id", ondelete="CASCADE"), nullable=False)
    day = db.Column(db.Date, nullable=False)
    minutes = db.Column(db.Integer, nullable=False)
    activity_id = db.Column(db.Integer, db.ForeignKey("time_activity.id", ondelete="SET NULL"), nullable=True)
    note = db.Column(db.Text, nullable=False, default="")
    organisation = db.Column(db.String(200), nullable=False, default="")
    created = db.Column(db.DateTime, nullable=False, default=utcnow)
    updated = db.Column(db.DateTime, nullable=False, default=utcnow, onupdate=utcnow)


class Timer(db.Model):
    """A person's running timer (one at most): kept on the server, so it survives reloads and other devices."""
    __tablename__ = "timer"
    user_id = db.Column(db.Integer, db.ForeignKey("user.id", ondelete="CASCADE"), primary_key=True)
    module_id = module_fk()
    started = db.Column(db.DateTime, nullable=False, default=utcnow)
    note = db.Column(db.Text, nullable=False, default="")


class Timesheet(db.Model):
    """A person's month in a portal, submitted for approval: approved, its entries are locked (423); returned,
    they are open again with the approver's comment."""
    __tablename__ = "timesheet"
    __table_args__ = (db.UniqueConstraint("user_id", "portal_id", "month", name="uq_timesheet_month"),)
    id = db.Column(db.Integer, primary_key=True)
    user_id = db.Column(db.Integer, db.ForeignKey("user.id", ondelete="CASCADE"), nullable=False, index=True)
    portal_id = module_fk()
    month = db.Column(db.Date, nullable=False)  # its first day
    state = db.Column(db.String(10), nullable=False, default="SUBMITTED")  # SHEET_STATES
    comment = db.Column(db.Text, nullable=False, default="")
    submitted = db.Column(db.DateTime, nullable=False, default=utcnow)
    decided_by = db.Column(db.Integer, db.ForeignKey("user.id", ondelete="SET NULL"), nullable=True)
    decided = db.Column(db.DateTime, nullable=True)


class EffortSettings(Versioned, db.Model):
    """A portal's effort settings: hours per person-month and the reporting periods, one a line ('M1-M18'),
    counted in months from the project's start."""
    __tablename__ = "effort_settings"
    portal_id = db.Column(db.Integer, db.ForeignKey("module.id", ondelete="CASCADE"), primary_key=True)
    hours_per_pm = db.Column(db.Numeric(7, 2), nullable=False, default=DEFAULT_HOURS_PER_PM)
    periods = db.Column(db.Text, nullable=False, default="", server_default="")


class EffortPlan(db.Model):
    """Planned person-months of one organisation on one module (a work package)."""
    __tablename__ = "effort_plan"
    __table_args__ = (db.UniqueConstraint("module_id", "organisation", name="uq_effort_plan"),)
    id = db.Column(db.Integer, primary_key=True)
    module_id = module_fk()
    organisation = db.Column(db.String(200), nullable=False)
    person_months = db.Column(db.Numeric(8, 2), nullable=False)
