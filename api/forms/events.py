"""Forms of events: the notification preferences of the profile page and a portal's webhooks."""
from marshmallow import fields, validate

from . import Flag, Form, MaxLength
from ..i18n import N_
from ..services.events.mailing import MODES
from ..services.events.notifications import CHOSEN


def _mode(kind, help_):
    # Not required: a kind left out keeps its setting (a client that knows fewer kinds still saves the others).
    return fields.String(load_default=None, validate=validate.OneOf([m for m, _ in MODES], error=N_("Please choose one "
                                                                       "of the options")),
                         metadata={"label": CHOSEN[kind], "type": "select", "options": MODES, "help": help_})


class NotificationPreferencesForm(Form):
    """Where each kind of notification reaches the signed-in user: in the app and by e-mail (at once or in the
    daily digest), in the app only, or not at all."""
    mention = _mode("mention", N_("Someone @mentions you in a comment"))
    reply = _mode("reply", N_("Someone replies to a comment of yours"))
    task = _mode("task", N_("The status or a date of a deliverable you own changes"))
    comment = _mode("comment", N_("New comments and replies"))
    activity = _mode("activity", N_("Names, deliverables, members, articles and the other changes"))
    file = _mode("file", N_("Files and references uploaded, given a new version, changed or deleted"))
    lock = _mode("lock", N_("Modules, files and references locked or unlocked"))


class WebhookForm(Form):
    url = fields.String(required=True, validate=MaxLength(2000),
                        metadata={"label": N_("URL"), "placeholder": "https://example.org/hooks/portal",
                                  "help": N_("Each event is POSTed here as JSON, signed (Standard Webhooks)")})
    secret = fields.String(validate=MaxLength(120), allow_none=True,
                           metadata={"label": N_("Secret"), "placeholder": "whsec_…",
                                     "help": N_("Leave empty to have one made; the receiver checks signatures with "
                                                "it")})
    kinds = fields.String(load_default="*", validate=MaxLength(1000),
                          metadata={"label": N_("Event kinds"),
                                    "help": N_("Comma-separated: * (every event), comment, deliverable, module, "
                                               "file, reference, article, membership, custom_value")})
    active = Flag(N_("Active"))
    active.load_default = True
