"""Output schemas of the meta endpoints: they describe the presenters' answers for /api/openapi.json."""
from marshmallow import fields

from ..module.schemas import AncestorSchema


class PlatformSchema(AncestorSchema):
    platform = fields.String()
