"""Forms of the report: metric add/edit (title, description, attribute, panel type, background colour,
layout) and the dashboard layout (a JSON array of react-grid-layout items)."""
import json

from marshmallow import ValidationError, fields, validate

from . import Form

PANEL_TYPES = [("default", "Value list"), ("min", "Minimum"), ("max", "Maximum"), ("avg", "Average"),
               ("tot", "Total"), ("bar", "Bar chart"), ("table", "Table"), ("all", "Everything"),
               ("datatable", "Data table")]
BG_COLORS = [("default", "White"), ("red", "Red"), ("green", "Green"), ("blue", "Blue"), ("pink", "Pink"),
             ("yellow", "Yellow")]
MAX_METRIC_LAYOUT = 2000
MAX_REPORT_LAYOUT = 50000
MAX_PANELS = 200
ONE_OF = "Please choose one of the options"


class JsonText(fields.String):
    """A JSON document sent as a string; loads to the decoded value."""
    def __init__(self, max_chars, **kw):
        self.max_chars = max_chars
        super().__init__(**kw)

    def _deserialize(self, value, attr, data, **kwargs):
        text = super()._deserialize(value, attr, data, **kwargs)
        if len(text) > self.max_chars:
            raise ValidationError(f"The layout is too large (max {self.max_chars} characters)")
        try:
            return json.loads(text)
        except ValueError:
            raise ValidationError("The layout must be valid JSON") from None


def _int_in(item, key, lo, hi, required=True):
    v = item.get(key)
    if v is None and not required:
        return None
    if isinstance(v, bool) or not isinstance(v, (int, float)) or v != int(v) or not lo <= v <= hi:
        raise ValidationError(f"'{key}' must be a whole number from {lo} to {hi}")
    return int(v)


def metric_layout(value):
    """A metric's layout: an object; panelType and bgColor, if there, from their lists."""
    if not isinstance(value, dict):
        raise ValidationError("The layout must be a JSON object")
    if "panelType" in value and value["panelType"] not in dict(PANEL_TYPES):
        raise ValidationError("Unknown panel type: " + ", ".join(v for v, _ in PANEL_TYPES))
    if "bgColor" in value and value["bgColor"] not in dict(BG_COLORS):
        raise ValidationError("Unknown background colour: " + ", ".join(v for v, _ in BG_COLORS))


def grid_items(value):
    """react-grid-layout items: [{i, x, y, w, h}], positions within the grid."""
    if not isinstance(value, list):
        raise ValidationError("The layout must be a JSON array of panels")
    if len(value) > MAX_PANELS:
        raise ValidationError(f"At most {MAX_PANELS} panels")
    seen = set()
    for n, item in enumerate(value):
        if not isinstance(item, dict) or not isinstance(item.get("i"), (str, int)) or isinstance(item.get("i"), bool):
            raise ValidationError(f"Panel {n + 1} needs an id 'i'")
        try:
            _int_in(item, "x", 0, 48)
            _int_in(item, "y", 0, 100000)
            _int_in(item, "w", 1, 48)
            _int_in(item, "h", 1, 100)
        except ValidationError as e:
            raise ValidationError(f"Panel {n + 1}: {e.messages[0]}") from None
        if str(item["i"]) in seen:
            raise ValidationError(f"Panel {item['i']} appears twice")
        seen.add(str(item["i"]))


class _MetricFields(Form):
    title = fields.String(required=True, validate=validate.Length(max=200, error="Max 200 characters"),
                          metadata={"label": "Title"})
    description = fields.String(load_default="", validate=validate.Length(max=2000, error="Max 2000 characters"),
                                metadata={"label": "Description", "type": "textarea"})


class MetricAddForm(_MetricFields):
    attribute = fields.String(required=True, metadata={"label": "Attribute", "type": "select",
                                                       "help": "The custom field the panel shows"})
    panelType = fields.String(load_default=None, validate=validate.OneOf(dict(PANEL_TYPES), error=ONE_OF),
                              metadata={"label": "Panel type", "type": "select", "options": PANEL_TYPES})
    bgColor = fields.String(load_default=None, validate=validate.OneOf(dict(BG_COLORS), error=ONE_OF),
                            metadata={"label": "Background colour", "type": "select", "options": BG_COLORS})
    layout = JsonText(MAX_METRIC_LAYOUT, load_default=None, validate=metric_layout,
                      metadata={"label": "Layout", "type": "hidden"})


class MetricEditForm(MetricAddForm):
    attribute = fields.String(load_default=None, metadata={"label": "Attribute", "type": "select",
                                                           "help": "The custom field the panel shows"})


class SaveLayoutForm(Form):
    # Sent by the grid after each drag or resize with the bearer token, not from a dialog.
    token_required = False
    layout = JsonText(MAX_REPORT_LAYOUT, required=True, validate=grid_items,
                      metadata={"label": "Layout", "type": "hidden"})
