"""The JSON bodies of the timesheet (issue 45): a cell of the week saved, a month submitted, a month returned with a
comment. The week's grid sends them as it is edited (no form page: no `_token`)."""
import re

from marshmallow import ValidationError, fields, validate

from ..i18n import N_
from . import Date, Form, Id, MaxLength, WholeNumber

MONTH = re.compile(r"[0-9]{4}-(0[1-9]|1[0-2])")
DAY_MINUTES = 24 * 60


def _month(value):
    if not isinstance(value, str) or not MONTH.fullmatch(value):
        raise ValidationError(N_("A month as YYYY-MM"))


class TimeCellForm(Form):
    """One cell of the week: a person's time on a module and day (0 deletes it)."""
    token_required = False
    moduleId = Id(required=True, metadata={"label": N_("Module")},
                  error_messages={"invalid": N_("Choose a module")})
    day = Date(required=True, metadata={"label": N_("Day")},
               error_messages={"invalid": N_("A date as YYYY-MM-DD")})
    minutes = WholeNumber(required=True, validate=validate.Range(
        min=0, max=DAY_MINUTES, error=N_("A whole number of minutes from 0 to 1440")),
        error_messages={"invalid": N_("A whole number of minutes from 0 to 1440")},
        metadata={"label": N_("Minutes")})
    user = Id(load_default=None, allow_none=True, metadata={"label": N_("Person")},
              error_messages={"invalid": N_("Please choose one of the options")})


class SubmitMonthForm(Form):
    """A month of the person's timesheet, submitted for approval."""
    token_required = False
    month = fields.String(required=True, validate=_month, metadata={"label": N_("Month")})
    user = Id(load_default=None, allow_none=True, metadata={"label": N_("Person")},
              error_messages={"invalid": N_("Please choose one of the options")})


class ReturnMonthForm(Form):
    """Why a month goes back to its person."""
    token_required = False
    comment = fields.String(required=True, validate=MaxLength(2000),
                            metadata={"label": N_("Comment"), "type": "textarea",
                                      "required_message": N_("Say why the month is returned")})


class ApproveMonthForm(Form):
    """Approving takes an optional comment."""
    token_required = False
    comment = fields.String(load_default="", validate=MaxLength(2000),
                            metadata={"label": N_("Comment"), "type": "textarea"})
