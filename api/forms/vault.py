from urllib.parse import urlparse

from marshmallow import ValidationError, fields, validate

from . import Form, Upload

RESOURCE_TYPES = [("LINK", "Link"), ("VIDEO", "Video"), ("DOCUMENT", "Document"), ("FILE", "File")]


def http_url(value):
    parts = urlparse(value)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ValidationError("The address must start with http:// or https://")


class UploadForm(Form):
    token_required = False  # the upload posts multipart directly (spec §7)
    title = fields.String(load_default=None, validate=validate.Length(max=200, error="Max 200 characters"),
                          metadata={"label": "Title"})
    file = Upload(required=True, metadata={"label": "File", "type": "file"},
                      error_messages={"required": "File is required"})


class FileEditForm(Form):
    title = fields.String(required=True, validate=validate.Length(max=200, error="Max 200 characters"),
                          metadata={"label": "Title"})
    file = Upload(load_default=None, metadata={"label": "Replace with a new version", "type": "file",
                                                   "help": "Optional: the current file is kept as an earlier version"})


class ReferenceForm(Form):
    title = fields.String(required=True, validate=validate.Length(max=200, error="Max 200 characters"),
                          metadata={"label": "Title"})
    description = fields.String(load_default="", validate=validate.Length(max=5000),
                                metadata={"label": "Description", "type": "textarea"})
    url = fields.String(required=True, validate=[validate.Length(max=2000), http_url],
                        metadata={"label": "URL", "placeholder": "https://"})
    resourceType = fields.String(required=True, validate=validate.OneOf([v for v, _ in RESOURCE_TYPES],
                                                                         error="Please choose one of the options"),
                                 metadata={"label": "Resource type", "type": "select", "options": RESOURCE_TYPES})
