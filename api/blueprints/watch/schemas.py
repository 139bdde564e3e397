"""Output schemas of watching: they describe the presenters' answers for /api/openapi.json."""
from marshmallow import fields

from ...schemas import Camel


class WatchSchema(Camel):
    watching = fields.Boolean(metadata={"description": "the reader watches the module (or an ancestor, not undone)"})
    count = fields.Integer(metadata={"description": "how many people watch it"})
    inherited = fields.Boolean(metadata={"description": "the reader's watch comes from an ancestor"})
    links = fields.Dict()
