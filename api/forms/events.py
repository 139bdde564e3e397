"""Forms of events: the notification preferences of the profile page and a portal's webhooks."""
from marshmallow import fields, validate

from . import Flag, Form
from ..services.events.mailing import MODES
from ..services.events.notifications import CHOSEN


def _mode(kind, help_):
    # Not required: a kind left out keeps its setting (a client that knows fewer kinds still saves the others).
    return fields.String(load_default=None, validate=validate.OneOf([m for m, _ in MODES], error="Please choose one "
                                                                    "of the options"),
                         metadata={"label": CHOSEN[kind], "type": "select", "options": MODES, "help": help_})


class NotificationPreferencesForm(Form):
    """Where each kind of notification reaches the signed-in user: in the app and by e-mail (at once or in the
    daily digest), in the app only, or not at all."""
    mention = _mode("mention", "Someone @mentions you in a comment")
    reply = _mode("reply", "Someone replies to a comment of yours")
    task = _mode("task", "The status or a date of a deliverable you own changes")
    comment = _mode("comment", "New comments and replies")
    activity = _mode("activity", "Names, deliverables, members, articles and the other changes")
    file = _mode("file", "Files and references uploaded, given a new version, changed or deleted")
    lock = _mode("lock", "Modules, files and references locked or unlocked")


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
