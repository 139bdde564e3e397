"""Output schemas of the vault endpoints: they describe the presenters' answers for /api/openapi.json."""
from marshmallow import fields

from ...schemas import Camel, PageMetaSchema, UtcDateTime
from ..reference.schemas import ReferenceSchema


class StoredFileSchema(Camel):
    """What a file and each of its versions say about the bytes stored."""
    filename = fields.String()
    fileName = fields.String(metadata={"description": "the same as filename"})
    filesize = fields.Integer()
    mime = fields.String()
    created = UtcDateTime()
    createdBy = fields.String(allow_none=True)


class FileVersionSchema(StoredFileSchema):
    id = fields.Integer()
    links = fields.Dict()


class FileSchema(StoredFileSchema):
    version = fields.Integer(metadata={"description": "sent back with an edit (_version): 409 if it changed"})
    id = fields.Integer()
    moduleId = fields.Integer()
    title = fields.String()
    createdById = fields.Integer(allow_none=True)
    locked = fields.Boolean()
    versions = fields.List(fields.Nested(FileVersionSchema))
    links = fields.Dict()


class VaultSchema(Camel):
    id = fields.Integer()
    moduleId = fields.Integer()
    files = fields.List(fields.Nested(FileSchema))
    references = fields.List(fields.Nested(ReferenceSchema))
    links = fields.Dict()


class VaultPageSchema(Camel):
    item = fields.Nested(VaultSchema)
    meta = fields.Nested(PageMetaSchema, metadata={"description": "the page of files"})
