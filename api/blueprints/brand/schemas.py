"""Output schemas of the brand endpoints: they describe the presenters' answers for /api/openapi.json."""
from marshmallow import fields

from ...schemas import Camel


class BrandSchema(Camel):
    id = fields.Integer()
    logo = fields.Integer(allow_none=True, metadata={"description": "logo file size or null"})
    links = fields.Dict()
