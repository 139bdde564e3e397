"""Issue 46: what an import is started with (services/imports/jobs.py)."""
from marshmallow import fields, validate

from ..i18n import N_
from . import Flag, Form, MaxLength, Upload

MODULE_TYPES = ("4rineu_project", "4rineu_phase", "4rineu_task", "4rineu_subtask")
STATUSES = ("NOT_STARTED", "IN_PROGRESS", "BLOCKED", "COMPLETED", "VERIFIED_COMPLETE")


class RedmineProbeForm(Form):
    """Where the Redmine is, the key to read it with and which project (and its subprojects) to import."""
    token_required = False  # sent as JSON by the import page
    url = fields.String(required=True, validate=validate.Length(min=8, max=500, error=N_("From 8 to 500 characters")),
                        metadata={"label": N_("Redmine address"), "help": N_("For example https://redmine.example.org")})
    key = fields.String(required=True, validate=validate.Length(min=8, max=100, error=N_("From 8 to 100 characters")),
                        metadata={"label": N_("API key"), "type": "password",
                                  "help": N_("Your Redmine account → API access key")})
    project = fields.String(required=True, validate=[MaxLength(120), validate.Regexp(
        r"^[a-z0-9][a-z0-9_-]*$", error=N_("A Redmine project identifier: small letters, digits, - and _"))],
        metadata={"label": N_("Project identifier")})


class RedmineImportForm(RedmineProbeForm):
    statuses = fields.Dict(keys=fields.String(validate=validate.Regexp(r"^[0-9]{1,9}$")),
                           values=fields.String(validate=validate.OneOf(STATUSES)), load_default=dict,
                           metadata={"label": N_("Statuses"), "help": N_("Redmine status id → status here")})
    tracker = fields.String(load_default="field", validate=validate.OneOf(("field", "none")),
                            metadata={"label": N_("Trackers")})
    levels = fields.List(fields.String(validate=validate.OneOf(MODULE_TYPES)), load_default=list,
                         validate=validate.Length(max=6, error=N_("At most 6 levels")),
                         metadata={"label": N_("Module type of each level"),
                                   "help": N_("The project, its subprojects, theirs: a type each")})
    people = fields.String(load_default="inactive", validate=validate.OneOf(("inactive", "invite")),
                           metadata={"label": N_("People not known here")})
    dryRun = Flag(N_("Dry run"))


class ImportFileForm(Form):
    """A file to import (multipart), and whether to try it first (a dry run writes nothing)."""
    token_required = False
    file = Upload(required=True, metadata={"label": N_("File"), "type": "file"},
                  error_messages={"required": N_("File is required")})
    dryRun = Flag(N_("Dry run"))


class SpreadsheetColumnsForm(Form):
    token_required = False
    file = Upload(required=True, metadata={"label": N_("CSV or XLSX file"), "type": "file"},
                  error_messages={"required": N_("File is required")})


class SpreadsheetImportForm(ImportFileForm):
    mapping = fields.String(load_default="{}", validate=MaxLength(20000),
                            metadata={"label": N_("Columns"), "help": N_("JSON: column header → what it holds")})
