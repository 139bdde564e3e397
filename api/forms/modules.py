from marshmallow import fields, validate

from . import Check, Date, Form, Id

STATUSES = [("NOT_STARTED", "Not started"), ("IN_PROGRESS", "In progress"), ("BLOCKED", "Blocked"),
            ("COMPLETED", "Completed"), ("VERIFIED_COMPLETE", "Verified complete")]


def _name():
    return fields.String(required=True, validate=validate.Length(max=200, error="Max 200 characters"),
                         metadata={"label": "Name", "placeholder": "Name"})


class ModuleForm(Form):
    name = _name()
    description = fields.String(load_default="", validate=validate.Length(max=20000),
                                metadata={"label": "Description", "type": "textarea"})


class ModuleAddForm(ModuleForm):
    """A new child: a blank one, or with `templateId` a copy of a template's model (its description with it)."""
    templateId = Id(allow_none=True, load_default=None, metadata={"label": "", "type": "hidden"})


class FromTemplateForm(Form):
    """The add form filled from a template ('Start from template'): the new child's name, and the template."""
    name = _name()
    templateId = Id(required=True, metadata={"label": "", "type": "hidden"})


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
    # Issue 42: an automatic module moves when what it follows moves (as a parent, it spans its children); a
    # milestone has one date.
    autoScheduled = Check("Scheduled automatically")
    milestone = Check("Milestone")


class OwnerForm(Form):
    """The deliverable's owner alone (the strip's Owner cell), picked among the module's people."""
    ownerId = Id(allow_none=True, metadata={"label": "Owner", "type": "select"})


class DatesForm(Form):
    """A bar moved on the Gantt: its start date and deadline in one write (what follows moves once)."""
    startDate = _date("Start Date")
    deadline = _date("Deadline")


def single_date_form(field, label):
    """The edit-start-date (etc.) variants: a form of one date."""
    return type(f"{field}Form", (Form,), {field: Date(allow_none=True, metadata={"label": label})})


DATE_FORMS = {
    "edit-start-date": ("startDate", single_date_form("startDate", "Start Date")),
    "edit-deadline": ("deadline", single_date_form("deadline", "Deadline")),
    "edit-commence-date": ("commencedDate", single_date_form("commencedDate", "Commenced")),
    "edit-completion-date": ("completionDate", single_date_form("completionDate", "Completion")),
}
