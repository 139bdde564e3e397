"""Issue 44: the forms of a calendar feed and of a saved view."""
import orjson
from marshmallow import ValidationError, fields, validate

from ..i18n import N_
from ..models.views import VIEW_KINDS
from . import Form, Id

MAX_STATE_BYTES = 8192

FEED_SCOPES = [("mine", N_("Tasks I own")), ("watched", N_("Tasks I watch"))]
VIEW_KIND_OPTIONS = [("tasks", N_("Tasks")), ("board", N_("Board")), ("gantt", N_("Gantt")),
                     ("calendar", N_("Calendar"))]
assert tuple(k for k, _ in VIEW_KIND_OPTIONS) == VIEW_KINDS


def _name():
    return fields.String(required=True, validate=validate.Length(min=1, max=100, error=N_("Max 100 characters")),
                         metadata={"label": N_("Name")}, error_messages={"required": N_("Give it a name")})


class CalendarFeedForm(Form):
    """A new calendar feed: a name, whose tasks (owned or watched), and optionally one portal only."""
    name = _name()
    scope = fields.String(load_default="mine", validate=validate.OneOf(
        [v for v, _ in FEED_SCOPES], error=N_("Please choose one of the options")),
        metadata={"label": N_("Tasks"), "type": "select", "options": FEED_SCOPES})
    portalId = Id(load_default=None, allow_none=True,
                  error_messages={"invalid": N_("Please choose one of your portals")},
                  metadata={"label": N_("Portal"), "type": "select",
                            "help": N_("Empty: every portal. The feed lists what you may see when it is read.")})


class JsonObject(fields.Field):
    """A JSON object, sent as its text (a form field) or as an object (a JSON body), at most MAX_STATE_BYTES once
    written as JSON; loaded as the dict."""

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, str):
            if len(value.encode()) > MAX_STATE_BYTES:
                raise ValidationError(N_("At most 8 KB of JSON"))
            try:
                value = orjson.loads(value)
            except orjson.JSONDecodeError:
                raise ValidationError(N_("Must be a JSON object")) from None
        if not isinstance(value, dict):
            raise ValidationError(N_("Must be a JSON object"))
        if len(orjson.dumps(value)) > MAX_STATE_BYTES:
            raise ValidationError(N_("At most 8 KB of JSON"))
        return value


def _state(default):
    return JsonObject(load_default=default, allow_none=default is None, metadata={
        "label": N_("State"), "type": "textarea", "raw": True,
        "help": N_("What the screen shows (filters, sort, columns), as a JSON object")})


def _shared():
    # Not Flag/Check: a field left out keeps what the view has (None), where those load False.
    return fields.Boolean(truthy={"1", "true", "on", "yes", 1, True}, falsy={"0", "false", "off", "no", 0, False},
                          load_default=None, allow_none=True,
                          metadata={"label": N_("Shared with everyone who may view this module"),
                                    "type": "checkbox"})


class SavedViewForm(Form):
    """A new saved view of a module's screen. `shared` is offered to the admins of the module's portal only
    (SharedSavedViewForm); anyone else who sends it true is refused (403)."""
    name = _name()
    kind = fields.String(required=True,
                         validate=validate.OneOf(VIEW_KINDS, error=N_("Please choose one of the options")),
                         metadata={"label": N_("Screen"), "type": "select", "options": VIEW_KIND_OPTIONS},
                         error_messages={"required": N_("Please choose one of the options")})
    state = _state(dict)
    shared = _shared()


class SavedViewEditForm(Form):
    """A saved view's name, state and (for the portal's admins) whether it is shared."""
    name = _name()
    state = _state(None)  # left out: kept
    shared = _shared()


def without_shared(form):
    """The form as someone who may not share sees it: the same elements but `shared`."""
    return form(exclude=("shared",))
