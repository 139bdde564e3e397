from marshmallow import fields, validate

from . import Check, Date, Form, Id, MaxLength
from ..i18n import N_

STATUSES = [("NOT_STARTED", N_("Not started")), ("IN_PROGRESS", N_("In progress")), ("BLOCKED", N_("Blocked")),
            ("COMPLETED", N_("Completed")), ("VERIFIED_COMPLETE", N_("Verified complete"))]


def _name():
    return fields.String(required=True, validate=validate.Length(max=200, error=N_("Max 200 characters")),
                         metadata={"label": N_("Name"), "placeholder": N_("Name")})


class ModuleForm(Form):
    name = _name()
    description = fields.String(load_default="", validate=MaxLength(20000),
                                metadata={"label": N_("Description"), "type": "textarea"})


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
                                                                  error=N_("Please choose one of the options")),
                           metadata={"label": N_("Status"), "type": "select", "options": STATUSES})
    ownerId = Id(allow_none=True, metadata={"label": N_("Owner"), "type": "select"})
    startDate = _date(N_("Start Date"))
    deadline = _date(N_("Deadline"))
    commencedDate = _date(N_("Commenced"))
    completionDate = _date(N_("Completion"))
    # Issue 42: an automatic module moves when what it follows moves (as a parent, it spans its children); a
    # milestone has one date.
    autoScheduled = Check(N_("Scheduled automatically"))
    milestone = Check(N_("Milestone"))


class OwnerForm(Form):
    """The deliverable's owner alone (the strip's Owner cell), picked among the module's people."""
    ownerId = Id(allow_none=True, metadata={"label": N_("Owner"), "type": "select"})


class DatesForm(Form):
    """A bar moved on the Gantt: its start date and deadline in one write (what follows moves once)."""
    startDate = _date(N_("Start Date"))
    deadline = _date(N_("Deadline"))


def single_date_form(field, label):
    """The edit-start-date (etc.) variants: a form of one date."""
    return type(f"{field}Form", (Form,), {field: Date(allow_none=True, metadata={"label": label})})


DATE_FORMS = {
    "edit-start-date": ("startDate", single_date_form("startDate", N_("Start Date"))),
    "edit-deadline": ("deadline", single_date_form("deadline", N_("Deadline"))),
    "edit-commence-date": ("commencedDate", single_date_form("commencedDate", N_("Commenced"))),
    "edit-completion-date": ("completionDate", single_date_form("completionDate", N_("Completion"))),
}
