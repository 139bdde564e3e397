"""Output schemas of the baseline endpoints: they describe the presenters' answers for /api/openapi.json."""
from marshmallow import fields

from ...schemas import Camel, UtcDateTime


class BaselineSchema(Camel):
    id = fields.Integer()
    moduleId = fields.Integer()
    name = fields.String()
    created = UtcDateTime()
    modules = fields.Integer(metadata={"description": "dated modules it holds"})
    links = fields.Dict(metadata={"description": "slips (view), delete (content)"})


class DatesSchema(Camel):
    startDate = fields.Date(allow_none=True)
    deadline = fields.Date(allow_none=True)


class SlipSchema(Camel):
    id = fields.Integer()
    name = fields.String()
    depth = fields.Integer(metadata={"description": "below the baseline's module"})
    baseline = fields.Nested(DatesSchema)
    current = fields.Nested(DatesSchema)
    slip = fields.Integer(allow_none=True, metadata={"description": "working days the deadline now falls after the "
                                                                    "baseline's (negative: early)"})


class SlipsSchema(Camel):
    baseline = fields.Nested(BaselineSchema)
    list = fields.List(fields.Nested(SlipSchema))
