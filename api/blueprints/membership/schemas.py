"""Output schemas of the membership endpoints: they describe the presenters' answers for /api/openapi.json."""
from marshmallow import fields

from ...schemas import Camel


class MembershipSchema(Camel):
    version = fields.Integer(metadata={"description": "sent back with an edit (_version): 409 if it changed"})
    id = fields.Integer()
    moduleId = fields.Integer()
    userId = fields.Integer()
    userName = fields.String(metadata={"description": "the e-mail address"})
    userEmail = fields.String()
    name = fields.String()
    role = fields.String()
    organisation = fields.String(allow_none=True, metadata={"description": "the member's here, else their profile's"})
    memberOrganisation = fields.String(allow_none=True, metadata={"description": "set on this membership (issue 45)"})
    supervisor = fields.Boolean(metadata={"description": "approves the portal's timesheets"})
    avatar = fields.String(allow_none=True)
    admin = fields.Boolean()
    allowCreate = fields.Boolean()
    allowView = fields.Boolean()
    allowEdit = fields.Boolean()
    allowDelete = fields.Boolean()
    inherited = fields.Boolean(dump_default=False)
    links = fields.Dict()


class MemberAddedSchema(Camel):
    """Adding a member: the membership, or (an address that is not a portal member's) the invitation sent."""
    item = fields.Nested(MembershipSchema, metadata={"description": "the new membership (a member of the portal)"})
    message = fields.String(metadata={"description": "the invitation sent (anyone else)"})
    invited = fields.Boolean()
