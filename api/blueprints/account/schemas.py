"""Output schemas of the account endpoints: they describe the presenters' answers for /api/openapi.json."""
from marshmallow import fields

from ...schemas import Camel


class SessionSchema(Camel):
    id = fields.Integer()
    device = fields.String(allow_none=True)
    address = fields.String(allow_none=True)
    method = fields.String(metadata={"description": "password, mfa or sso"})
    created = fields.String()
    lastSeen = fields.String()
    current = fields.Boolean(metadata={"description": "the session this request is made with"})
    links = fields.Dict()


class PortalRefSchema(Camel):
    id = fields.Integer()
    name = fields.String(allow_none=True)


class ApiTokenSchema(Camel):
    id = fields.Integer()
    name = fields.String()
    access = fields.String(metadata={"description": "read or write"})
    portal = fields.Nested(PortalRefSchema, allow_none=True)
    created = fields.String()
    expires = fields.String()
    lastUsed = fields.String(allow_none=True)
    lastAddress = fields.String(allow_none=True)
    links = fields.Dict()
    token = fields.String(metadata={"description": "only in the answer that creates it: shown once"})


class OptionSchema(Camel):
    value = fields.Integer()
    label = fields.String()


class ApiTokenListSchema(Camel):
    list = fields.List(fields.Nested(ApiTokenSchema))
    portals = fields.List(fields.Nested(OptionSchema), metadata={"description": "what a token may be bound to"})


class MfaStatusSchema(Camel):
    enabled = fields.Boolean()
    since = fields.String(allow_none=True)
    recoveryCodesLeft = fields.Integer()
    required = fields.Boolean(metadata={"description": "REQUIRE_MFA applies to this account"})


class RecoveryCodesSchema(Camel):
    recoveryCodes = fields.List(fields.String(), metadata={"description": "shown once: only their digests are kept"})


class EndedSchema(Camel):
    message = fields.String()
    ended = fields.Integer()


class PasswordChangedSchema(EndedSchema):
    tokensRevoked = fields.Integer()
    resetLinksRevoked = fields.Integer()


class SecurityEventSchema(Camel):
    id = fields.Integer()
    kind = fields.String()
    label = fields.String()
    created = fields.String()
    address = fields.String(allow_none=True)
    device = fields.String(allow_none=True)
    detail = fields.String(allow_none=True)
