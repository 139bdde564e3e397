"""The form of a custom field definition (portal settings, custom fields page)."""
import re

from marshmallow import ValidationError, fields, validate

from . import Flag, Form

FIELD_TYPES = [("TEXT", "Text"), ("PICKLIST", "Picklist"), ("NUMERIC", "Number"),
               ("DATED_NUMERIC", "Dated number"), ("DATE", "Date")]
ATTRIBUTE_RE = re.compile(r"^[a-z][a-z0-9_]{0,59}$")
MAX_OPTIONS = 100


def slug(text):
    """'Energy class (EU)' -> 'energy_class_eu'."""
    import unicodedata
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    s = re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")
    if not s or not s[0].isalpha():
        s = "field_" + s
    return s[:60].rstrip("_")


def attribute_ok(value):
    if not ATTRIBUTE_RE.match(value):
        raise ValidationError("Use lower-case letters, digits and '_', starting with a letter (max 60)")


def parse_options(text):
    """Lines 'value|label' (or just 'label') -> [(value, label)]; raises ValidationError."""
    out, seen = [], set()
    for n, line in enumerate((text or "").splitlines(), 1):
        line = line.strip()
        if not line:
            continue
        value, _, label = line.partition("|")
        value, label = value.strip(), label.strip()
        if not label:
            label = value
            value = slug(value) if not re.match(r"^[A-Za-z0-9_.-]{1,60}$", value) else value
        if not value or len(value) > 60 or "|" in label:
            raise ValidationError(f"Line {n}: the value must have 1 to 60 characters")
        if len(label) > 120:
            raise ValidationError(f"Line {n}: the label has more than 120 characters")
        if value in seen:
            raise ValidationError(f"Line {n}: the value '{value}' appears twice")
        seen.add(value)
        out.append((value, label))
    if len(out) > MAX_OPTIONS:
        raise ValidationError(f"At most {MAX_OPTIONS} options")
    return out


class OptionsText(fields.String):
    def _deserialize(self, value, attr, data, **kwargs):
        return parse_options(super()._deserialize(value, attr, data, **kwargs))


class CustomFieldForm(Form):
    label = fields.String(required=True, validate=validate.Length(max=120, error="Max 120 characters"),
                          metadata={"label": "Label"})
    attribute = fields.String(load_default=None, validate=attribute_ok,
                              metadata={"label": "Attribute", "placeholder": "made from the label if empty",
                                        "help": "The name reports use, e.g. energy_class"})
    type = fields.String(required=True, validate=validate.OneOf(dict(FIELD_TYPES), error="Please choose one of the options"),
                         metadata={"label": "Type", "type": "select", "options": FIELD_TYPES})
    multiple = Flag("Several values per item")
    symbol = fields.String(load_default=None, validate=validate.Length(max=10, error="Max 10 characters"),
                           metadata={"label": "Symbol", "placeholder": "€, m², %"})
    prefixSymbol = Flag("Symbol before the number")
    targetType = fields.String(load_default="all", metadata={"label": "Applies to", "type": "select"})
    options = OptionsText(load_default=None, metadata={
        "label": "Options", "type": "textarea", "placeholder": "value|label, one a line",
        "help": "Picklists only: one option a line, as 'value|label'"})
