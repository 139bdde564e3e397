"""The relation forms (issue 42): what ties this module to another, seen from this module's side."""
from marshmallow import fields, validate

from ..models.planning import MAX_LAG
from . import Form, Id, WholeNumber

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
