"""Output schemas of the accounts endpoints: they describe the presenters' answers for /api/openapi.json."""
from marshmallow import fields

from ...schemas import Camel


class TokenSchema(Camel):
    token = fields.String()
    expiresIn = fields.Integer()
