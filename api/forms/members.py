from marshmallow import ValidationError, fields, validate

from . import Check, Form, Id, MaxLength
from .accounts import _Repeated
from ..i18n import LANGUAGES, NAMES, N_
from ..services import emails


class EmailAddress(fields.Email):
    """An e-mail address as the portal keeps it (services/emails.py): normalised before it is validated (full-width
    letters, invisible characters), and a look-alike of another address refused."""

    def __init__(self, **kw):
        super().__init__(validate=MaxLength(254),
                         error_messages={"invalid": N_("Please enter a valid email address")}, **kw)

    def _deserialize(self, value, attr, data, **kwargs):
        return emails.normalise(super()._deserialize(value, attr, data, **kwargs))

    def _validate(self, value):
        super()._validate(value)  # a valid address first: only such a one is looked up
        problem = emails.lookalike_error(value)
        if problem:
            raise ValidationError(problem)


class _Rights(Form):
    """A member's role label and rights. The label is the member's own ('Site engineer'): left out, an edit keeps
    it (a departure from spec §6's 'always User', which lost it); the form's role element lists presets, each a
    set of the flags (members.role_presets)."""
    role = fields.String(load_default=None, allow_none=True, validate=MaxLength(60),
                         metadata={"label": N_("Role"),
                                   "help": N_("A preset sets the rights; the name stays yours to type")})
    admin = Check(N_("Admin"))
    allowCreate = Check(N_("Create"))
    allowView = Check(N_("View"))
    allowEdit = Check(N_("Edit"))
    allowDelete = Check(N_("Delete"))


class MembershipAddForm(_Rights):
    userId = Id(allow_none=True, metadata={"label": N_("User"), "type": "select",
                                           "help": N_("Members of this portal; anyone else by e-mail below")})
    email = EmailAddress(allow_none=True, metadata={
        "label": N_("Or their e-mail address"),
        "help": N_("A member of this portal is added at once; anyone else is sent an invitation to join")})


class MembershipEditForm(_Rights):
    # Issue 45: the organisation the member works for here (time entries keep it as it was on their day) and whether
    # they approve the timesheets of this module's portal.
    organisation = fields.String(load_default="", validate=MaxLength(200), metadata={
        "label": N_("Organisation here"), "help": N_("Empty: the organisation of their profile")})
    supervisor = Check(N_("Approves timesheets"))


class InviteForm(_Rights):
    email = EmailAddress(required=True, metadata={"label": N_("Email")})


class AcceptInvitationForm(Form):
    token_required = False
    token = fields.String(required=True, metadata={"label": "", "type": "hidden"})
    name = fields.String(required=True, validate=MaxLength(120), metadata={"label": N_("Name")})
    password = fields.Nested(_Repeated, required=True, metadata={"label": N_("Password")})


class ProfileForm(Form):
    token_required = False  # the profile page PUTs JSON (spec §7)
    name = fields.String(required=True, validate=validate.Length(max=120, error=N_("Max 120 characters")),
                         metadata={"label": N_("Name")})
    email = fields.String(dump_default=None, metadata={"label": N_("Email"), "type": "email", "disabled": True,
                                                       "help": N_("Your username; ask an administrator to change it")})
    organisation = fields.String(load_default="", validate=MaxLength(200), metadata={"label": N_("Organisation")})
    position = fields.String(load_default="", validate=MaxLength(120), metadata={"label": N_("Position")})
    phone = fields.String(load_default="", validate=MaxLength(40), metadata={"label": N_("Phone")})
    country = fields.String(load_default="", validate=MaxLength(80), metadata={"label": N_("Country")})
    # Each language named in itself (not translated); empty: the browser's, else the brand's.
    language = fields.String(load_default=None, allow_none=True,
                             validate=validate.OneOf(LANGUAGES, error=N_("Please choose one of the options")),
                             metadata={"label": N_("Language"), "type": "select",
                                       "options": [("", N_("As the browser asks"))] + [(c, NAMES[c]) for c in LANGUAGES]})
