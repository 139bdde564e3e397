"""The form of a custom field definition (portal settings, custom fields page)."""
import re

from marshmallow import ValidationError, fields, validate

from . import Flag, Form
from ..i18n import N_, _

FIELD_TYPES = [("TEXT", N_("Text")), ("PICKLIST", N_("Picklist")), ("NUMERIC", N_("Number")),
               ("DATED_NUMERIC", N_("Dated number")), ("DATE", N_("Date"))]
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
        raise ValidationError(N_("Use lower-case letters, digits and '_', starting with a letter (max 60)"))


def parse_options(text):
    """Lines 'value|label' (or just 'label') -> [(value, label)]; raises ValidationError."""
    out, seen = [], set()
    for n, line in enumerate((text or "").splitlines(), 1):
        line = line.strip()
        if not line:
            continue
        value, _bar, label = line.partition("|")
        value, label = value.strip(), label.strip()
        if not label:
            label = value
            value = slug(value) if not re.match(r"^[A-Za-z0-9_.-]{1,60}$", value) else value
        if not value or len(value) > 60 or "|" in label:
            raise ValidationError(_("Line %(n)s: the value must have 1 to 60 characters", n=n))
        if len(label) > 120:
            raise ValidationError(_("Line %(n)s: the label has more than 120 characters", n=n))
        if value in seen:
            raise ValidationError(_("Line %(n)s: the value '%(value)s' appears twice", n=n, value=value))
        seen.add(value)
        out.append((value, label))
    if len(out) > MAX_OPTIONS:
        raise ValidationError(_("At most %(max)s options", max=MAX_OPTIONS))
    return out


class OptionsText(fields.String):
    def _deserialize(self, value, attr, data, **kwargs):
        return parse_options(super()._deserialize(value, attr, data, **kwargs))


class CustomFieldForm(Form):
    label = fields.String(required=True, validate=validate.Length(max=120, error=N_("Max 120 characters")),
                          metadata={"label": N_("Label")})
    attribute = fields.String(load_default=None, validate=attribute_ok,
                              metadata={"label": N_("Attribute"), "placeholder": N_("made from the label if empty"),
                                        "help": N_("The name reports use, e.g. energy_class")})
    type = fields.String(required=True,
                         validate=validate.OneOf(dict(FIELD_TYPES), error=N_("Please choose one of the options")),
                         metadata={"label": N_("Type"), "type": "select", "options": FIELD_TYPES})
    multiple = Flag(N_("Several values per item"))
    symbol = fields.String(load_default=None, validate=validate.Length(max=10, error=N_("Max 10 characters")),
                           metadata={"label": N_("Symbol"), "placeholder": "€, m², %"})
    prefixSymbol = Flag(N_("Symbol before the number"))
    targetType = fields.String(load_default="all", metadata={"label": N_("Applies to"), "type": "select"})
    options = OptionsText(load_default=None, metadata={
        "label": N_("Options"), "type": "textarea", "placeholder": N_("value|label, one a line"),
        "help": N_("Picklists only: one option a line, as 'value|label'")})
