"""Forms of cloning: the clone form, the template (clone configuration) form and the per-dependency
manage form (spec §7 Clone and Templates)."""
from marshmallow import fields, validate

from . import Flag, Form, Id, WholeNumber
from ..i18n import N_

INCLUDE_FLAGS = (
    ("children", N_("Children (the whole subtree)")),
    ("deliverables", N_("Deliverables (status and dates)")),
    ("articles", N_("Knowledge articles")),
    ("files", N_("Files")),
    ("references", N_("References")),
    ("members", N_("Members")),
    ("customValues", N_("Custom values")),
)
ENTITY_TYPES = ("module", "article", "file", "reference")


def _shift():
    return WholeNumber(allow_none=True, load_default=0,
                          validate=validate.Range(min=-3650, max=3650, error=N_("Between -3650 and 3650 days")),
                          metadata={"label": N_("Shift dates by (days)"), "placeholder": "0",
                                    "help": N_("Deliverable dates move by this many days (negative: earlier)")})


def _flags():
    return {key: Flag(label) for key, label in INCLUDE_FLAGS}


CloneForm = type("CloneForm", (Form,), {
    "name": fields.String(required=True, validate=validate.Length(max=200, error=N_("Max 200 characters")),
                          metadata={"label": N_("Name of the copy"), "placeholder": N_("Name")}),
    "parentId": Id(required=True, metadata={"label": N_("Copy into"), "type": "select",
                                            "help": N_("Where the copy lands: you need the right to create there")}),
    "templateId": Id(allow_none=True, metadata={"label": N_("Template"), "type": "select",
                                                "help": N_("Its exclusions apply to this copy")}),
    **_flags(),
    "shiftDays": _shift(),
})
CloneForm.__doc__ = "Clone a module: the new name, where it lands, and what it takes along."


TemplateForm = type("TemplateForm", (Form,), {
    "name": fields.String(required=True, validate=validate.Length(max=200, error=N_("Max 200 characters")),
                          metadata={"label": N_("Name"), "placeholder": N_("Template name")}),
    "description": fields.String(load_default="", validate=validate.Length(max=5000, error=N_("Max 5000 characters")),
                                 metadata={"label": N_("Description"), "type": "textarea"}),
    **_flags(),
    "shiftDays": _shift(),
})
TemplateForm.__doc__ = "A template (clone configuration) of a module."


class DependencyForm(Form):
    """One dependency of a template: include it in clones made from the template, or not."""
    include = fields.Boolean(truthy={"1", "true", "on", "yes", 1, True}, falsy={"0", "false", "off", "no", 0, False},
                             required=True, metadata={"label": N_("Include"), "type": "hidden"})
    entityId = Id(required=True, metadata={"label": "", "type": "hidden"})
    entityType = fields.String(required=True, validate=validate.OneOf(ENTITY_TYPES, error=N_("Unknown entity type")),
                               metadata={"label": "", "type": "hidden"})
    id = Id(required=True, metadata={"label": "", "type": "hidden"})
