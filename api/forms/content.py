"""Forms of what a module carries: articles and comments."""
import json
import re

from marshmallow import ValidationError, fields, validate

from . import MAX_INT, Form, Id
from ..i18n import N_, _

MAX_CONTENT = 512 * 1024  # a draft-js raw state as JSON text
BLOCK_TYPES = {"unstyled", "paragraph", "header-one", "header-two", "header-three", "header-four", "header-five",
               "header-six", "unordered-list-item", "ordered-list-item", "blockquote", "code-block", "atomic"}


LINK_SCHEMES = re.compile(r"^(https?://|mailto:)", re.IGNORECASE)
# An image may only show a file of the article's own vault (the service checks the module id).
IMAGE_SRC = re.compile(r"^/api/vault/download/([0-9]{1,12})/([0-9]{1,12})\Z")  # ASCII digits, no trailing newline
# The entity types content may carry, each with the data keys it keeps (an allow-list: anything else is dropped).
# HR is an atomic block's horizontal rule and carries nothing.
ENTITY_DATA = {"LINK": ("url",), "IMAGE": ("src", "alt", "width", "height"), "HR": ()}
MAX_ALT = 300


def _clean_entity(entity):
    """The entity with only the data keys its type may carry, or None for a type we do not render."""
    kind = entity.get("type")
    if kind not in ENTITY_DATA:
        return None
    data = entity.get("data") or {}
    if kind == "LINK" and "url" not in data and isinstance(data.get("href"), str):
        data = {"url": data["href"]}
    data = {k: v for k, v in data.items() if k in ENTITY_DATA[kind] and isinstance(v, (str, int, float))}
    if kind == "LINK" and not LINK_SCHEMES.match(str(data.get("url", "")).strip()):
        raise ValidationError(N_("Links may only lead to http, https or mailto addresses"))
    if kind == "IMAGE" and not IMAGE_SRC.match(str(data.get("src", ""))):
        raise ValidationError(N_("Images may only show files of this module's vault"))
    if kind == "IMAGE" and len(str(data.get("alt", ""))) > MAX_ALT:
        raise ValidationError(_("An image's alt text has at most %(max)s characters", max=MAX_ALT))
    return {"type": kind, "mutability": entity.get("mutability", "MUTABLE"), "data": data}


def image_modules(content):
    """Module ids of the vault files an article's images show."""
    raw = json.loads(content)
    return {int(IMAGE_SRC.match(e["data"]["src"]).group(1)) for e in raw["entityMap"].values() if e["type"] == "IMAGE"}


class DraftContent(fields.String):
    """The JSON text of a draft-js raw state ({blocks: [{key, text, type, ...}], entityMap: {}}), validated and
    cleaned on the server so that any client may render what is stored: unknown entity types and data keys are
    dropped (with the ranges that pointed at them), links and images that could run or fetch something refused."""

    def _deserialize(self, value, attr, data, **kwargs):
        value = super()._deserialize(value, attr, data, **kwargs)
        if len(value) > MAX_CONTENT:
            raise ValidationError(_("The content is too large (at most %(kb)s KB)", kb=MAX_CONTENT // 1024))
        try:
            raw = json.loads(value)
        except ValueError:
            raise ValidationError(N_("The content must be the JSON of a rich-text document"))
        if not isinstance(raw, dict) or not isinstance(raw.get("blocks"), list) \
                or not isinstance(raw.get("entityMap"), dict):
            raise ValidationError(N_("The content must have 'blocks' and 'entityMap'"))
        entities, dropped_ranges = {}, 0
        for key, entity in raw["entityMap"].items():
            if not isinstance(entity, dict) or not isinstance(entity.get("data", {}), dict):
                raise ValidationError(N_("The content has a malformed entity"))
            cleaned = _clean_entity(entity)
            if cleaned is not None:
                entities[str(key)] = cleaned
        for block in raw["blocks"]:
            if not isinstance(block, dict) or not isinstance(block.get("text", ""), str) \
                    or block.get("type", "unstyled") not in BLOCK_TYPES:
                raise ValidationError(N_("The content has a block of an unknown kind"))
            for key in ("inlineStyleRanges", "entityRanges"):
                if not isinstance(block.get(key, []), list):
                    raise ValidationError(N_("The content has malformed ranges"))
            if "entityRanges" in block:
                kept = [r for r in block["entityRanges"] if isinstance(r, dict) and str(r.get("key")) in entities]
                dropped_ranges += len(block["entityRanges"]) - len(kept)
                block["entityRanges"] = kept
        if entities == raw["entityMap"] and not dropped_ranges:
            return value  # nothing to clean: stored byte for byte as sent
        raw["entityMap"] = entities
        return json.dumps(raw, ensure_ascii=False, separators=(",", ":"))


class ArticleForm(Form):
    token_required = False  # the editor posts multipart directly (spec §7)
    title = fields.String(required=True, validate=validate.Length(max=100, error=N_("Max 100 characters")),
                          metadata={"label": N_("Title")})
    content = DraftContent(required=True,
                            metadata={"label": N_("Content"), "type": "textarea", "raw": True})
    parentArticleId = Id(allow_none=True, metadata={"label": N_("Parent article"), "type": "hidden"})


MAX_ATTACHMENTS = 20


class FileIds(fields.String):
    """Ids of vault files: the text '3,5' (what a multipart field carries, and what the OpenAPI document says), or
    a JSON list of ids; loaded as a list in the order sent, each once."""

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, str):
            value = [v.strip() for v in value.split(",") if v.strip()]
        if not isinstance(value, list):
            raise ValidationError(N_("Must be a list of file ids"))
        ids = []
        for v in value:
            if isinstance(v, str) and v.isascii() and v.isdigit():
                v = int(v)
            if isinstance(v, bool) or not isinstance(v, int) or not 0 < v <= MAX_INT:
                raise ValidationError(_("Each attachment must be a file id (a whole number from 1 to %(max)s)",
                                        max=MAX_INT))
            if v not in ids:
                ids.append(v)
        if len(ids) > MAX_ATTACHMENTS:
            raise ValidationError(_("At most %(max)s files per comment", max=MAX_ATTACHMENTS))
        return ids


class CommentEditForm(Form):
    """Reached through the comment's edit link (a described form): the text only, attachments stay as they are."""
    title = fields.String(load_default="", validate=validate.Length(max=200, error=N_("Max 200 characters")),
                          metadata={"label": N_("Title")})
    content = fields.String(required=True, validate=validate.Length(max=20000, error=N_("Max 20000 characters")),
                            metadata={"label": N_("Comment"), "type": "textarea"},
                            error_messages={"required": N_("Comment is required")})


class CommentForm(CommentEditForm):
    token_required = False  # the discussion posts title and content directly (spec §7)
    # Files first uploaded to the module's vault (its add_file link), which the comment then carries.
    attachments = FileIds(load_default=list, metadata={
        "label": N_("Attached files"), "type": "hidden",
        "help": N_("Ids of files of this module's vault (upload them there first), comma-separated")})
