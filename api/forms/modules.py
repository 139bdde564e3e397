from marshmallow import fields, validate

from . import Date, Form, Id

STATUSES = [("NOT_STARTED", "Not started"), ("IN_PROGRESS", "In progress"), ("BLOCKED", "Blocked"),
            ("COMPLETED", "Completed"), ("VERIFIED_COMPLETE", "Verified complete")]


class ModuleForm(Form):
    name = fields.String(required=True, validate=validate.Length(max=200, error="Max 200 characters"),
                         metadata={"label": "Name", "placeholder": "Name"})
    description = fields.String(load_default="", validate=validate.Length(max=20000),
                                metadata={"label": "Description", "type": "textarea"})


def _date(label):
    return Date(allow_none=True, metadata={"label": label})


class DeliverableForm(Form):
    status = fields.String(required=True, validate=validate.OneOf([s for s, _ in STATUSES],
                                                                  error="Please choose one of the options"),
                           metadata={"label": "Status", "type": "select", "options": STATUSES})
    ownerId = Id(allow_none=True, metadata={"label": "Owner", "type": "select"})
    startDate = _date("Start Date")
    deadline = _date("Deadline")
    commencedDate = _date("Commenced")
    completionDate = _date("Completion")


class OwnerForm(Form):
    """The deliverable's owner alone (the strip's Owner cell), picked among the module's people."""
    ownerId = Id(allow_none=True, metadata={"label": "Owner", "type": "select"})


def single_date_form(field, label):
    """The edit-start-date (etc.) variants: a form of one date."""
    return type(f"{field}Form", (Form,), {field: Date(allow_none=True, metadata={"label": label})})


DATE_FORMS = {
    "edit-start-date": ("startDate", single_date_form("startDate", "Start Date")),
    "edit-deadline": ("deadline", single_date_form("deadline", "Deadline")),
    "edit-commence-date": ("commencedDate", single_date_form("commencedDate", "Commenced")),
    "edit-completion-date": ("completionDate", single_date_form("completionDate", "Completion")),
}
