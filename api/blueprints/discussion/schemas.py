"""Output schemas of the discussion endpoints: they describe the presenters' answers for /api/openapi.json."""
from marshmallow import fields

from ...schemas import Camel, UtcDateTime


class AttachmentSchema(Camel):
    id = fields.Integer(metadata={"description": "the vault file's id"})
    name = fields.String(metadata={"description": "the file's name"})
    title = fields.String()
    size = fields.Integer(metadata={"description": "bytes"})
    contentType = fields.String()
    locked = fields.Boolean()
    inVault = fields.Boolean(metadata={"description": "always true: the file is one of the module's vault files"})
    links = fields.Dict(metadata={"description": "download: the vault's download link"})


class CommentSchema(Camel):
    version = fields.Integer(metadata={"description": "sent back with an edit (_version): 409 if it changed"})
    id = fields.Integer()
    parentId = fields.Integer(allow_none=True)
    title = fields.String()
    content = fields.String()
    deleted = fields.Boolean()
    created = UtcDateTime()
    updated = UtcDateTime(allow_none=True)
    createdBy = fields.String(allow_none=True, metadata={"description": "null for a deleted comment"})
    createdById = fields.Integer(allow_none=True)
    avatar = fields.String(allow_none=True)
    attachments = fields.List(fields.Nested(AttachmentSchema), metadata={
        "description": "the vault files the comment carries (none on a tombstone)"})
    links = fields.Dict()


class MentionableSchema(Camel):
    id = fields.Integer()
    name = fields.String()
    avatar = fields.String(allow_none=True)
