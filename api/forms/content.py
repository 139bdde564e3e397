"""Forms of what a module carries: articles and comments."""
import json

from marshmallow import ValidationError, fields, validate

from . import Form, Id

MAX_CONTENT = 512 * 1024  # a draft-js raw state as JSON text
BLOCK_TYPES = {"unstyled", "paragraph", "header-one", "header-two", "header-three", "header-four", "header-five",
               "header-six", "unordered-list-item", "ordered-list-item", "blockquote", "code-block", "atomic"}


def draft_raw_state(value):
    """A JSON string of a draft-js raw state: {blocks: [{key, text, type, ...}], entityMap: {}}."""
    if len(value) > MAX_CONTENT:
        raise ValidationError(f"The content is too large (at most {MAX_CONTENT // 1024} KB)")
    try:
        raw = json.loads(value)
    except ValueError:
        raise ValidationError("The content must be the JSON of a rich-text document")
    if not isinstance(raw, dict) or not isinstance(raw.get("blocks"), list) or not isinstance(raw.get("entityMap"), dict):
        raise ValidationError("The content must have 'blocks' and 'entityMap'")
    for block in raw["blocks"]:
        if not isinstance(block, dict) or not isinstance(block.get("text", ""), str) \
                or block.get("type", "unstyled") not in BLOCK_TYPES:
            raise ValidationError("The content has a block of an unknown kind")
        for key in ("inlineStyleRanges", "entityRanges"):
            if not isinstance(block.get(key, []), list):
                raise ValidationError("The content has malformed ranges")
    for entity in raw["entityMap"].values():
        if not isinstance(entity, dict) or not isinstance(entity.get("data", {}), dict):
            raise ValidationError("The content has a malformed entity")


class ArticleForm(Form):
    token_required = False  # the editor posts multipart directly (spec §7)
    title = fields.String(required=True, validate=validate.Length(max=100, error="Max 100 characters"),
                          metadata={"label": "Title"})
    content = fields.String(required=True, validate=draft_raw_state,
                            metadata={"label": "Content", "type": "textarea", "raw": True})
    parentArticleId = Id(allow_none=True, metadata={"label": "Parent article", "type": "hidden"})


class CommentForm(Form):
    token_required = False  # the discussion posts title and content directly (spec §7)
    title = fields.String(load_default="", validate=validate.Length(max=200, error="Max 200 characters"),
                          metadata={"label": "Title"})
    content = fields.String(required=True, validate=validate.Length(max=20000, error="Max 20000 characters"),
                            metadata={"label": "Comment", "type": "textarea"},
                            error_messages={"required": "Comment is required"})


class CommentEditForm(CommentForm):
    token_required = True  # reached through the comment's edit link: a described form
