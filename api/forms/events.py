"""Forms of events: the e-mail preferences of the profile page and a portal's webhooks."""
from marshmallow import fields, validate

from . import Flag, Form

MODES = [("immediate", "Immediately"), ("digest", "Daily digest"), ("never", "Never")]


def _mode(label, help_):
    return fields.String(required=True, validate=validate.OneOf([m for m, _ in MODES], error="Please choose one of "
                                                                 "the options"),
                         metadata={"label": label, "type": "select", "options": MODES, "help": help_})


class MailPreferencesForm(Form):
    """How the signed-in user is mailed about each kind of notification (the app shows every one anyway)."""
    mention = _mode("Mentions of me", "Someone @mentions you in a comment")
    task = _mode("Status and dates of my tasks", "The status or a date of a deliverable you own changes")
    comment = _mode("Comments on modules I watch", "New comments and replies")
    file = _mode("Files on modules I watch", "Files and references added, changed, locked or deleted")


class WebhookForm(Form):
    url = fields.String(required=True, validate=validate.Length(max=2000),
                        metadata={"label": "URL", "placeholder": "https://example.org/hooks/portal",
                                  "help": "Each event is POSTed here as JSON, signed (Standard Webhooks)"})
    secret = fields.String(validate=validate.Length(max=120), allow_none=True,
                           metadata={"label": "Secret", "placeholder": "whsec_…",
                                     "help": "Leave empty to have one made; the receiver checks signatures with it"})
    kinds = fields.String(load_default="*", validate=validate.Length(max=1000),
                          metadata={"label": "Event kinds",
                                    "help": "Comma-separated: * (every event), comment, deliverable, module, file, "
                                            "reference, article, membership, custom_value"})
    active = Flag("Active")
    active.load_default = True
