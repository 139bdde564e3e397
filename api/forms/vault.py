from urllib.parse import urlparse

from marshmallow import ValidationError, fields, validate

from . import Form, MaxLength, Upload
from ..i18n import N_

RESOURCE_TYPES = [("LINK", N_("Link")), ("VIDEO", N_("Video")), ("DOCUMENT", N_("Document")), ("FILE", N_("File"))]


def http_url(value):
    parts = urlparse(value)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ValidationError(N_("The address must start with http:// or https://"))


class UploadForm(Form):
    token_required = False  # the upload posts multipart directly (spec §7)
    title = fields.String(load_default=None, validate=validate.Length(max=200, error=N_("Max 200 characters")),
                          metadata={"label": N_("Title")})
    file = Upload(required=True, metadata={"label": N_("File"), "type": "file"},
                      error_messages={"required": N_("File is required")})


class FileEditForm(Form):
    title = fields.String(required=True, validate=validate.Length(max=200, error=N_("Max 200 characters")),
                          metadata={"label": N_("Title")})
    file = Upload(load_default=None, metadata={"label": N_("Replace with a new version"), "type": "file",
                                                   "help": N_("Optional: the current file is kept as an earlier "
                                                              "version")})


class ReferenceForm(Form):
    title = fields.String(required=True, validate=validate.Length(max=200, error=N_("Max 200 characters")),
                          metadata={"label": N_("Title")})
    description = fields.String(load_default="", validate=MaxLength(5000),
                                metadata={"label": N_("Description"), "type": "textarea"})
    url = fields.String(required=True, validate=[MaxLength(2000), http_url],
                        metadata={"label": N_("URL"), "placeholder": "https://"})
    resourceType = fields.String(required=True, validate=validate.OneOf([v for v, _ in RESOURCE_TYPES],
                                                                         error=N_("Please choose one of the options")),
                                 metadata={"label": N_("Resource type"), "type": "select",
                                           "options": RESOURCE_TYPES})
