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
    textState = fields.String(allow_none=True, metadata={
        "enum": ["pending", "done", "partial", "failed", "none"],
        "description": "its text (searched): being read, read, read in part (too long), failed, none to read"})
    textError = fields.String(allow_none=True, metadata={"description": "why reading its text failed"})
    preview = fields.String(metadata={"enum": ["image", "pdf", "text", "office", "none"],
                                      "description": "how the preview pane shows it (none: download only)"})
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


class PreviewTicketSchema(Camel):
    url = fields.String(metadata={"description": "the preview's address with its short-lived ticket (no header)"})
    mode = fields.String(metadata={"enum": ["image", "pdf", "text"]})
    expiresIn = fields.Integer(metadata={"description": "seconds the ticket is good for"})


class FileTextSchema(Camel):
    text = fields.String()
    truncated = fields.Boolean(metadata={"description": "only the first part of the file's text was read"})
    pages = fields.List(fields.Integer(), allow_none=True,
                        metadata={"description": "where each PDF page or slide starts in the text"})
    state = fields.String(metadata={"enum": ["done", "partial"]})
