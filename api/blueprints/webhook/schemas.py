"""Output schemas of a portal's webhooks."""
from marshmallow import fields

from ...schemas import Camel, PageMetaSchema, UtcDateTime


class WebhookSchema(Camel):
    id = fields.Integer()
    moduleId = fields.Integer()
    url = fields.String()
    secret = fields.String(metadata={"description": "whsec_ and the base64 key the signatures are made with"})
    kinds = fields.List(fields.String())
    active = fields.Boolean()
    failures = fields.Integer(metadata={"description": "failed attempts in a row"})
    disabledReason = fields.String(allow_none=True)
    created = UtcDateTime()
    createdBy = fields.String(allow_none=True)
    version = fields.Integer()
    links = fields.Dict()


class WebhookPageSchema(Camel):
    list = fields.List(fields.Nested(WebhookSchema))
    meta = fields.Nested(PageMetaSchema)
    links = fields.Dict(metadata={"description": "add"})
    kinds = fields.List(fields.List(fields.String()), metadata={"description": "[kind, label] a webhook may want"})


class AttemptSchema(Camel):
    at = UtcDateTime()
    status = fields.Integer(allow_none=True, metadata={"description": "the HTTP status; null when none came"})
    ms = fields.Integer()
    error = fields.String(allow_none=True)
    manual = fields.Boolean()


class DeliverySchema(Camel):
    id = fields.Integer()
    webhookId = fields.Integer()
    eventId = fields.Integer(allow_none=True)
    msgId = fields.String()
    kind = fields.String()
    status = fields.String(metadata={"enum": ["pending", "succeeded", "failed", "skipped"]})
    attempts = fields.Integer()
    nextAttempt = UtcDateTime(allow_none=True)
    lastStatus = fields.Integer(allow_none=True)
    lastMs = fields.Integer(allow_none=True)
    lastError = fields.String(allow_none=True)
    created = UtcDateTime()
    payload = fields.String()
    log = fields.List(fields.Nested(AttemptSchema))
    links = fields.Dict()


class DeliveryPageSchema(Camel):
    list = fields.List(fields.Nested(DeliverySchema))
    meta = fields.Nested(PageMetaSchema)
