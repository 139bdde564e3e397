"""Issue 45: a project's effort plan, saved as JSON cells or imported from a CSV file (services/effort.py)."""
from marshmallow import fields, validate

from ..i18n import N_
from . import Form, Id, Upload

MAX_PERSON_MONTHS = 9999.99
MAX_CELLS = 5000


class EffortPlanCellSchema(Form):
    """One cell of the plan: the person-months an organisation plans on a work package (0 or null: none)."""
    moduleId = Id(required=True, metadata={"label": N_("Work package")})
    organisation = fields.String(required=True, validate=validate.Length(
        min=1, max=200, error=N_("From 1 to 200 characters")), metadata={"label": N_("Organisation")})
    personMonths = fields.Float(allow_none=True, load_default=None, validate=validate.Range(
        min=0, max=MAX_PERSON_MONTHS, error=N_("A number from 0 to 9,999.99")),
        metadata={"label": N_("Person-months"), "help": N_("0 or empty removes the cell")})


class EffortPlanForm(Form):
    """The cells of a project's effort plan to set (the others stay as they are)."""
    token_required = False  # sent as JSON by the plan's table
    cells = fields.List(fields.Nested(EffortPlanCellSchema), required=True, validate=validate.Length(
        max=MAX_CELLS, error=N_("At most 5,000 cells at once")), metadata={"label": N_("Cells")})


class EffortImportForm(Form):
    """A CSV file of plan cells: the header 'work package,organisation,person-months', then one cell a line."""
    token_required = False  # the file is posted multipart directly, as an upload is
    file = Upload(required=True, metadata={"label": N_("CSV file"), "type": "file",
                                           "help": N_("Columns: work package (name or id), organisation, "
                                                      "person-months; at most 1 MB")},
                  error_messages={"required": N_("File is required")})
