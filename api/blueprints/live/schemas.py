"""Output schemas of live updates."""
from marshmallow import fields

from ...schemas import Camel


class TicketSchema(Camel):
    url = fields.String(metadata={"description": "open an EventSource on it (same origin, through nginx)"})
    channel = fields.String()
    expiresIn = fields.Integer(metadata={"description": "seconds the ticket opens a stream for"})
