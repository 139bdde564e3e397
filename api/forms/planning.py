"""The relation forms (issue 42): what ties this module to another, seen from this module's side."""
from marshmallow import ValidationError, fields, validate, validates_schema

from ..models.planning import MAX_LAG
from . import Check, Date, Form, Id, WholeNumber

# The kinds as the form offers them, from this module's side: (value, label, stored kind, this module is `from`).
SIDES = (
    ("FS", "Precedes (finish to start)", "FS", True),
    ("FS_IN", "Follows (finish to start)", "FS", False),
    ("SS", "Starts before it (start to start)", "SS", True),
    ("SS_IN", "Starts after it (start to start)", "SS", False),
    ("FF", "Finishes before it (finish to finish)", "FF", True),
    ("FF_IN", "Finishes after it (finish to finish)", "FF", False),
    ("SF", "Starts before it finishes (start to finish)", "SF", True),
    ("SF_IN", "Finishes after it starts (start to finish)", "SF", False),
    ("BLOCKS", "Blocks", "BLOCKS", True),
    ("BLOCKS_IN", "Is blocked by", "BLOCKS", False),
    ("RELATES", "Relates to", "RELATES", True),
)
SIDE_OPTIONS = [(value, label) for value, label, _, _ in SIDES]
SIDE = {value: (kind, outgoing) for value, _, kind, outgoing in SIDES}


def side_of(kind, outgoing):
    """The form's value for a stored kind seen from one end ('relates to' has no direction)."""
    return kind if outgoing or kind == "RELATES" else kind + "_IN"


def _kind():
    return fields.String(required=True, validate=validate.OneOf(list(SIDE), error="Please choose one of the options"),
                         metadata={"label": "Relation", "type": "select", "options": SIDE_OPTIONS},
                         error_messages={"required": "Please choose one of the options"})


def _lag():
    return WholeNumber(load_default=0, validate=validate.Range(
        min=-MAX_LAG, max=MAX_LAG, error=f"A whole number of working days from -{MAX_LAG} to {MAX_LAG}"),
        metadata={"label": "Lag (working days)",
                  "help": "Days between the two; a negative lag lets the next one begin before this one ends"})


class RelationForm(Form):
    other = Id(required=True, metadata={"label": "Module", "type": "select"},
               error_messages={"required": "Choose a module", "invalid": "Choose a module"})
    kind = _kind()
    lag = _lag()


class RelationEditForm(Form):
    kind = _kind()
    lag = _lag()


class PreviewForm(Form):
    """Proposed dates of a module (the Gantt while a bar is dragged): answered with what would move, not saved."""
    token_required = False
    startDate = Date(allow_none=True, load_default=None, metadata={"label": "Start Date"})
    deadline = Date(allow_none=True, load_default=None, metadata={"label": "Deadline"})

    @validates_schema
    def _order(self, data, **_):
        if not data.get("startDate") and not data.get("deadline"):
            raise ValidationError("Give a start date, a deadline or both", "startDate")
        if data.get("startDate") and data.get("deadline") and data["deadline"] < data["startDate"]:
            raise ValidationError("The deadline cannot be before the start date", "deadline")


class PlanningSettingsForm(Form):
    """A portal's planning settings: its holidays (with Saturdays and Sundays, the days no one works) and whether
    dates are shown as project months too."""
    holidays = fields.String(load_default="", validate=validate.Length(max=20000, error="Max 20000 characters"),
                             metadata={"label": "Holidays", "type": "textarea",
                                       "help": "One a line: the date as YYYY-MM-DD, then its name"})
    projectMonths = Check("Show dates as project months too (M1 is the project's first month)")

    @validates_schema
    def _days(self, data, **_):
        from ..services.scheduling import parse_holidays
        errors = parse_holidays(data.get("holidays"))[1]
        if errors:
            raise ValidationError(errors[:5], "holidays")


class BaselineForm(Form):
    """A new baseline: the subtree's dates as they are now, under a name."""
    name = fields.String(required=True, validate=validate.Length(min=1, max=120, error="From 1 to 120 characters"),
                         metadata={"label": "Name", "placeholder": "Grant agreement"},
                         error_messages={"required": "Give the baseline a name"})


class RecurrenceForm(Form):
    """How a task repeats: weekly or monthly, every so many weeks or months, on a day of the week or the month."""
    unit = fields.String(required=True, validate=validate.OneOf(["WEEK", "MONTH"], error="Please choose one of the "
                                                                                        "options"),
                         metadata={"label": "Repeats", "type": "select",
                                   "options": [("WEEK", "Weekly"), ("MONTH", "Monthly")]})
    every = WholeNumber(load_default=1, validate=validate.Range(min=1, max=24, error="From 1 to 24"),
                        metadata={"label": "Every (weeks or months)"})
    day = WholeNumber(required=True, validate=validate.Range(min=1, max=31, error="From 1 to 31"),
                      metadata={"label": "On day", "help": "Of the month (1 to 31), or of the week (1 Monday to "
                                                           "7 Sunday)"})

    @validates_schema
    def _weekday(self, data, **_):
        if data.get("unit") == "WEEK" and (data.get("day") or 0) > 7:
            raise ValidationError("A day of the week: 1 Monday to 7 Sunday", "day")
