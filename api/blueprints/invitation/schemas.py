"""Output schemas of the invitation endpoints: they describe the presenters' answers for /api/openapi.json."""
from marshmallow import fields

from ...schemas import Camel, UtcDateTime


class InvitationSchema(Camel):
    email = fields.String()
    moduleName = fields.String()
    invitedBy = fields.String(allow_none=True)
    existingAccount = fields.Boolean()


class AcceptedSchema(Camel):
    message = fields.String()
    moduleId = fields.Integer()
    platform = fields.String()


class PendingInvitationSchema(Camel):
    id = fields.Integer()
    moduleId = fields.Integer()
    email = fields.String()
    invitedBy = fields.String(allow_none=True)
    invitedById = fields.Integer(allow_none=True)
    created = UtcDateTime()
    expires = UtcDateTime()
    expired = fields.Boolean()
    role = fields.String(allow_none=True)
    admin = fields.Boolean()
    allowCreate = fields.Boolean()
    allowView = fields.Boolean()
    allowEdit = fields.Boolean()
    allowDelete = fields.Boolean()
    links = fields.Dict()
