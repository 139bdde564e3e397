"""The time forms (issue 45): logging time on a module, changing an entry, and a portal's effort settings.
Durations and lines are read by services/time_entries.py, which other services call too."""
from marshmallow import ValidationError, fields, validate, validates, validates_schema

from ..i18n import N_
from ..models.effort import DEFAULT_HOURS_PER_PM
from ..services import time_entries
from . import Date, Form, Id, MaxLength


class Duration(fields.String):
    """Time spent, as people write it ('1.5', '1,5', '1:30', '90m', '2h'; a JSON number is hours): loaded as
    minutes (services/time_entries.parse_duration)."""

    def _deserialize(self, value, attr, data, **kwargs):
        try:
            return time_entries.parse_duration(value)
        except time_entries.BadDuration as e:
            raise ValidationError(str(e)) from None


def _day():
    return Date(load_default=None, allow_none=True,
                metadata={"label": N_("Day"), "help": N_("From 2000-01-01 to a year from today")})


def _duration():
    return Duration(required=True, metadata={"label": N_("Time spent"), "placeholder": "1:30",
                                             "help": N_("Hours like 1.5 or 1:30, or minutes like 90m"),
                                             "required_message": time_entries.FORMAT})


def _note(**kw):
    return fields.String(validate=MaxLength(time_entries.MAX_NOTE),
                         metadata={"label": N_("Note"), "type": "textarea"}, **kw)


def _activity():
    return Id(load_default=None, allow_none=True, metadata={"label": N_("Activity"), "type": "select",
                                                           "help": N_("The portal's activities")})


class _Days(Form):
    @validates("day")
    def _in_range(self, value, **_):
        problem = value is not None and time_entries.day_error(value)
        if problem:
            raise ValidationError(problem)


class TimeEntryForm(_Days):
    """Time spent on a module: the day (today when blank), how long, on what, a note; a portal admin may log it for
    another member (`userId`, offered to them only)."""
    day = _day()
    duration = _duration()
    activityId = _activity()
    note = _note(load_default="")
    userId = Id(load_default=None, allow_none=True,
                metadata={"label": N_("Person"), "type": "select",
                          "help": N_("Whose time this is (an admin of the portal logs it for its members)")})


def without_person(form=TimeEntryForm):
    """The entry form as someone who logs only their own time sees it."""
    return form(exclude=("userId",))


class TimeEntryEditForm(_Days):
    """A time entry changed: its day, time, activity and note (whose and where stay)."""
    day = _day()
    duration = _duration()
    activityId = _activity()
    note = _note(allow_none=True)


class TimeSettingsForm(Form):
    """A portal's effort settings: its activities, the hours of a person-month, the reporting periods."""
    activities = fields.String(required=True, validate=MaxLength(5000),
                               metadata={"label": N_("Activities"), "type": "textarea",
                                         "help": N_("One a line, at most 30; one you remove stays on the time "
                                                    "already logged with it"),
                                         "required_message": N_("Name at least one activity")})
    hoursPerPersonMonth = fields.Float(
        load_default=DEFAULT_HOURS_PER_PM, allow_nan=False,
        validate=validate.Range(min=1, max=744, error=N_("A number from 1 to 744")),
        error_messages={"invalid": N_("A number from 1 to 744")},
        metadata={"label": N_("Hours per person-month"), "help": N_("143.33 is 1,720 hours a year")})
    periods = fields.String(load_default="", validate=MaxLength(2000),
                            metadata={"label": N_("Reporting periods"), "type": "textarea",
                                      "help": N_("One a line, as M1-M18: months counted from the project's start, "
                                                 "both included; periods may not overlap")})

    @validates_schema
    def _lines(self, data, **_):
        errors = {}
        for key, parse_ in (("activities", time_entries.parse_activities), ("periods", time_entries.parse_periods)):
            if data.get(key) is not None:
                problems = parse_(data[key])[1]
                if problems:
                    errors[key] = problems
        if errors:
            raise ValidationError(errors)
