"""Output schemas of the article endpoints: they describe the presenters' answers for /api/openapi.json."""
from marshmallow import fields

from ...schemas import Camel, UtcDateTime


class ArticleSchema(Camel):
    version = fields.Integer(metadata={"description": "sent back with an edit (_version): 409 if it changed"})
    id = fields.Integer()
    moduleId = fields.Integer()
    parentId = fields.Integer(allow_none=True)
    title = fields.String()
    content = fields.String(metadata={"description": "JSON string of a draft-js raw state"})
    created = UtcDateTime()
    updated = UtcDateTime(allow_none=True)
    createdBy = fields.String(allow_none=True)
    createdById = fields.Integer(allow_none=True)
    children = fields.List(fields.Nested(lambda: ArticleSchema(exclude=("content",))), metadata={
        "description": "in the list: the nested articles; in a view: the articles right under it (id, title)"})
    links = fields.Dict()
