"""The relation forms (issue 42): what ties this module to another, seen from this module's side."""
from marshmallow import ValidationError, fields, validate, validates_schema

from ..models.planning import MAX_LAG
from ..i18n import N_, _
from . import Check, Date, Form, Id, WholeNumber

# The kinds as the form offers them, from this module's side: (value, label, stored kind, this module is `from`).
SIDES = (
    ("FS", N_("Precedes (finish to start)"), "FS", True),
    ("FS_IN", N_("Follows (finish to start)"), "FS", False),
    ("SS", N_("Starts before it (start to start)"), "SS", True),
    ("SS_IN", N_("Starts after it (start to start)"), "SS", False),
    ("FF", N_("Finishes before it (finish to finish)"), "FF", True),
    ("FF_IN", N_("Finishes after it (finish to finish)"), "FF", False),
    ("SF", N_("Starts before it finishes (start to finish)"), "SF", True),
    ("SF_IN", N_("Finishes after it starts (start to finish)"), "SF", False),
    ("BLOCKS", N_("Blocks"), "BLOCKS", True),
    ("BLOCKS_IN", N_("Is blocked by"), "BLOCKS", False),
    ("RELATES", N_("Relates to"), "RELATES", True),
)
SIDE_OPTIONS = [(value, label) for value, label, _, _ in SIDES]
SIDE = {value: (kind, outgoing) for value, _, kind, outgoing in SIDES}


def side_of(kind, outgoing):
    """The form's value for a stored kind seen from one end ('relates to' has no direction)."""
    return kind if outgoing or kind == "RELATES" else kind + "_IN"


def _kind():
    return fields.String(required=True,
                         validate=validate.OneOf(list(SIDE), error=N_("Please choose one of the options")),
                         metadata={"label": N_("Relation"), "type": "select", "options": SIDE_OPTIONS},
                         error_messages={"required": N_("Please choose one of the options")})


def _lag_in_range(value):
    if not -MAX_LAG <= value <= MAX_LAG:
        raise ValidationError(_("A whole number of working days from %(low)s to %(high)s", low=-MAX_LAG,
                                high=MAX_LAG))


def _lag():
    return WholeNumber(load_default=0, validate=_lag_in_range,
                       metadata={"label": N_("Lag (working days)"),
                                 "help": N_("Days between the two; a negative lag lets the next one begin before this "
                                            "one ends")})


class RelationForm(Form):
    other = Id(required=True, metadata={"label": N_("Module"), "type": "select"},
               error_messages={"required": N_("Choose a module"), "invalid": N_("Choose a module")})
    kind = _kind()
    lag = _lag()


class RelationEditForm(Form):
    kind = _kind()
    lag = _lag()


class PreviewForm(Form):
    """Proposed dates of a module (the Gantt while a bar is dragged): answered with what would move, not saved."""
    token_required = False
    startDate = Date(allow_none=True, load_default=None, metadata={"label": N_("Start Date")})
    deadline = Date(allow_none=True, load_default=None, metadata={"label": N_("Deadline")})

    @validates_schema
    def _order(self, data, **_):
        if not data.get("startDate") and not data.get("deadline"):
            raise ValidationError(N_("Give a start date, a deadline or both"), "startDate")
        if data.get("startDate") and data.get("deadline") and data["deadline"] < data["startDate"]:
            raise ValidationError(N_("The deadline cannot be before the start date"), "deadline")


def _board_limit(label):
    """A board column's work-in-progress limit (issue 44): a whole number from 1 to 999; empty, none."""
    return WholeNumber(load_default=None, allow_none=True,
                       validate=validate.Range(min=1, max=999, error=N_("A whole number from 1 to 999, or empty")),
                       error_messages={"invalid": N_("A whole number from 1 to 999, or empty")},
                       metadata={"label": label, "help": N_("Cards the board's column should hold at most; empty: no "
                                                            "limit")})


class PlanningSettingsForm(Form):
    """A portal's planning settings: its holidays (with Saturdays and Sundays, the days no one works), whether
    dates are shown as project months too, and the board's work-in-progress limit per status (issue 44)."""
    holidays = fields.String(load_default="", validate=validate.Length(max=20000, error=N_("Max 20000 characters")),
                             metadata={"label": N_("Holidays"), "type": "textarea",
                                       "help": N_("One a line: the date as YYYY-MM-DD, then its name")})
    projectMonths = Check(N_("Show dates as project months too (M1 is the project's first month)"))
    limitNotStarted = _board_limit(N_("Board limit: Not started"))
    limitInProgress = _board_limit(N_("Board limit: In progress"))
    limitBlocked = _board_limit(N_("Board limit: Blocked"))
    limitCompleted = _board_limit(N_("Board limit: Completed"))
    limitVerifiedComplete = _board_limit(N_("Board limit: Verified complete"))

    @validates_schema
    def _days(self, data, **_):
        from ..services.scheduling import parse_holidays
        errors = parse_holidays(data.get("holidays"))[1]
        if errors:
            raise ValidationError(errors[:5], "holidays")


# The form's limit fields and the deliverable status (forms/modules.STATUSES) each one limits.
BOARD_LIMIT_FIELDS = (("limitNotStarted", "NOT_STARTED"), ("limitInProgress", "IN_PROGRESS"),
                      ("limitBlocked", "BLOCKED"), ("limitCompleted", "COMPLETED"),
                      ("limitVerifiedComplete", "VERIFIED_COMPLETE"))


class BaselineForm(Form):
    """A new baseline: the subtree's dates as they are now, under a name."""
    name = fields.String(required=True,
                         validate=validate.Length(min=1, max=120, error=N_("From 1 to 120 characters")),
                         metadata={"label": N_("Name"), "placeholder": N_("Grant agreement")},
                         error_messages={"required": N_("Give the baseline a name")})


class RecurrenceForm(Form):
    """How a task repeats: weekly or monthly, every so many weeks or months, on a day of the week or the month."""
    unit = fields.String(required=True, validate=validate.OneOf(["WEEK", "MONTH"],
                                                                error=N_("Please choose one of the options")),
                         metadata={"label": N_("Repeats"), "type": "select",
                                   "options": [("WEEK", N_("Weekly")), ("MONTH", N_("Monthly"))]})
    every = WholeNumber(load_default=1, validate=validate.Range(min=1, max=24, error=N_("From 1 to 24")),
                        metadata={"label": N_("Every (weeks or months)")})
    day = WholeNumber(required=True, validate=validate.Range(min=1, max=31, error=N_("From 1 to 31")),
                      metadata={"label": N_("On day"), "help": N_("Of the month (1 to 31), or of the week (1 Monday "
                                                              "to 7 Sunday)")})

    @validates_schema
    def _weekday(self, data, **_):
        if data.get("unit") == "WEEK" and (data.get("day") or 0) > 7:
            raise ValidationError(N_("A day of the week: 1 Monday to 7 Sunday"), "day")
