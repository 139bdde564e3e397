"""Forms of the report: metric add/edit (title, description, attribute, panel type, background colour,
layout) and the dashboard layout (a JSON array of react-grid-layout items)."""
import json

from marshmallow import ValidationError, fields, validate

from . import Form
from ..i18n import N_, _

PANEL_TYPES = [("default", N_("Value list")), ("min", N_("Minimum")), ("max", N_("Maximum")), ("avg", N_("Average")),
               ("tot", N_("Total")), ("bar", N_("Bar chart")), ("table", N_("Table")), ("all", N_("Everything")),
               ("datatable", N_("Data table"))]
BG_COLORS = [("default", N_("White")), ("red", N_("Red")), ("green", N_("Green")), ("blue", N_("Blue")),
             ("pink", N_("Pink")), ("yellow", N_("Yellow"))]
MAX_METRIC_LAYOUT = 2000
MAX_REPORT_LAYOUT = 50000
MAX_PANELS = 200
ONE_OF = N_("Please choose one of the options")


class JsonText(fields.String):
    """A JSON document sent as a string; loads to the decoded value."""
    def __init__(self, max_chars, **kw):
        self.max_chars = max_chars
        super().__init__(**kw)

    def _deserialize(self, value, attr, data, **kwargs):
        text = super()._deserialize(value, attr, data, **kwargs)
        if len(text) > self.max_chars:
            raise ValidationError(_("The layout is too large (max %(max)s characters)", max=self.max_chars))
        try:
            return json.loads(text)
        except ValueError:
            raise ValidationError(N_("The layout must be valid JSON")) from None


def _int_in(item, key, lo, hi, required=True):
    v = item.get(key)
    if v is None and not required:
        return None
    if isinstance(v, bool) or not isinstance(v, (int, float)) or v != int(v) or not lo <= v <= hi:
        raise ValidationError(_("'%(key)s' must be a whole number from %(low)s to %(high)s", key=key, low=lo, high=hi))
    return int(v)


def metric_layout(value):
    """A metric's layout: an object; panelType and bgColor, if there, from their lists."""
    if not isinstance(value, dict):
        raise ValidationError(N_("The layout must be a JSON object"))
    if "panelType" in value and value["panelType"] not in dict(PANEL_TYPES):
        raise ValidationError(_("Unknown panel type: %(values)s", values=", ".join(v for v, _l in PANEL_TYPES)))
    if "bgColor" in value and value["bgColor"] not in dict(BG_COLORS):
        raise ValidationError(_("Unknown background colour: %(values)s", values=", ".join(v for v, _l in BG_COLORS)))


def grid_items(value):
    """react-grid-layout items: [{i, x, y, w, h}], positions within the grid."""
    if not isinstance(value, list):
        raise ValidationError(N_("The layout must be a JSON array of panels"))
    if len(value) > MAX_PANELS:
        raise ValidationError(_("At most %(max)s panels", max=MAX_PANELS))
    seen = set()
    for n, item in enumerate(value):
        if not isinstance(item, dict) or not isinstance(item.get("i"), (str, int)) or isinstance(item.get("i"), bool):
            raise ValidationError(_("Panel %(n)s needs an id 'i'", n=n + 1))
        try:
            _int_in(item, "x", 0, 48)
            _int_in(item, "y", 0, 100000)
            _int_in(item, "w", 1, 48)
            _int_in(item, "h", 1, 100)
        except ValidationError as e:
            raise ValidationError(_("Panel %(n)s: %(problem)s", n=n + 1, problem=e.messages[0])) from None
        if str(item["i"]) in seen:
            raise ValidationError(_("Panel %(id)s appears twice", id=item["i"]))
        seen.add(str(item["i"]))


class _MetricFields(Form):
    title = fields.String(required=True, validate=validate.Length(max=200, error=N_("Max 200 characters")),
                          metadata={"label": N_("Title")})
    description = fields.String(load_default="", validate=validate.Length(max=2000, error=N_("Max 2000 characters")),
                                metadata={"label": N_("Description"), "type": "textarea"})


class MetricAddForm(_MetricFields):
    attribute = fields.String(required=True, metadata={"label": N_("Attribute"), "type": "select",
                                                       "help": N_("The custom field the panel shows")})
    panelType = fields.String(load_default=None, validate=validate.OneOf(dict(PANEL_TYPES), error=ONE_OF),
                              metadata={"label": N_("Panel type"), "type": "select", "options": PANEL_TYPES})
    bgColor = fields.String(load_default=None, validate=validate.OneOf(dict(BG_COLORS), error=ONE_OF),
                            metadata={"label": N_("Background colour"), "type": "select", "options": BG_COLORS})
    layout = JsonText(MAX_METRIC_LAYOUT, load_default=None, validate=metric_layout,
                      metadata={"label": N_("Layout"), "type": "hidden"})


class MetricEditForm(MetricAddForm):
    attribute = fields.String(load_default=None, metadata={"label": N_("Attribute"), "type": "select",
                                                           "help": N_("The custom field the panel shows")})


class SaveLayoutForm(Form):
    # Sent by the grid after each drag or resize with the bearer token, not from a dialog.
    token_required = False
    layout = JsonText(MAX_REPORT_LAYOUT, required=True, validate=grid_items,
                      metadata={"label": N_("Layout"), "type": "hidden"})
