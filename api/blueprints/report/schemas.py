"""Output schemas of the report endpoints: they describe the presenters' answers for /api/openapi.json."""
from marshmallow import fields

from ...schemas import Camel


class MetricSchema(Camel):
    version = fields.Integer(metadata={"description": "sent back with an edit (_version): 409 if it changed"})
    id = fields.Integer()
    moduleId = fields.Integer()
    title = fields.String()
    description = fields.String()
    attribute = fields.String()
    layout = fields.String(metadata={"description": "JSON object with panelType and bgColor"})
    links = fields.Dict()


class AttributeSchema(Camel):
    attribute = fields.String()
    label = fields.String()
    type = fields.String()
    symbol = fields.String(allow_none=True)
    prefixSymbol = fields.Boolean()


class ReportSchema(Camel):
    id = fields.Integer()
    moduleId = fields.Integer()
    layout = fields.String(metadata={"description": "JSON array of react-grid-layout items {i, x, y, w, h}"})
    metrics = fields.List(fields.Nested(MetricSchema))
    attributes = fields.List(fields.Nested(AttributeSchema))
    links = fields.Dict()


class ReportLayoutSchema(Camel):
    id = fields.Integer()
    moduleId = fields.Integer()
    layout = fields.String()


class ReportDataSchema(Camel):
    attribute = fields.String()
    label = fields.String()
    type = fields.String()
    symbol = fields.String(allow_none=True)
    prefixSymbol = fields.Boolean()
    values = fields.List(fields.Dict(), metadata={"description": "module_id, module_name, entity_name, stringval, "
                                                                 "numval, entity_type, id, user_id, value_formatted, "
                                                                 "dateval, option_value, option_label"})
    groupedValues = fields.List(fields.Dict(), metadata={
        "description": "module_id, module_name, label, freq, total; a picklist's option also its rank among ranks"})
    aggregatedValues = fields.Dict(metadata={"description": "avg/min/max/sum _value and _value_formatted, count"})
