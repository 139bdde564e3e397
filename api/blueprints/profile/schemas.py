"""Output schemas of the profile endpoints: they describe the presenters' answers for /api/openapi.json."""
from marshmallow import fields

from ...schemas import Camel, FormSchema


class ProfileSchema(Camel):
    id = fields.Integer()
    name = fields.String()
    username = fields.String()
    email = fields.String()
    organisation = fields.String(allow_none=True)
    position = fields.String(allow_none=True)
    phone = fields.String(allow_none=True)
    country = fields.String(allow_none=True)
    avatar = fields.String(allow_none=True)
    isSuperuser = fields.Boolean()
    language = fields.String(allow_none=True, metadata={"description": "The language chosen (en, de, fr, it, es, pt); null: none"})
    links = fields.Dict(metadata={"description": "the user's own pages: calendar_feeds (not through an API token)"})


class ProfileFormSchema(FormSchema):
    item = fields.Nested(ProfileSchema)
