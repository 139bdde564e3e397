from marshmallow import ValidationError, fields, validate

from . import Check, Form, Id
from .accounts import _Repeated
from ..services import emails


class EmailAddress(fields.Email):
    """An e-mail address as the portal keeps it (services/emails.py): normalised before it is validated (full-width
    letters, invisible characters), and a look-alike of another address refused."""

    def __init__(self, **kw):
        super().__init__(validate=validate.Length(max=254),
                         error_messages={"invalid": "Please enter a valid email address"}, **kw)

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
    role = fields.String(load_default=None, allow_none=True, validate=validate.Length(max=60),
                         metadata={"label": "Role", "help": "A preset sets the rights; the name stays yours to type"})
    admin = Check("Admin")
    allowCreate = Check("Create")
    allowView = Check("View")
    allowEdit = Check("Edit")
    allowDelete = Check("Delete")


class MembershipAddForm(_Rights):
    userId = Id(allow_none=True, metadata={"label": "User", "type": "select",
                                           "help": "Members of this portal; anyone else by e-mail below"})
    email = EmailAddress(allow_none=True, metadata={
        "label": "Or their e-mail address",
        "help": "A member of this portal is added at once; anyone else is sent an invitation to join"})


class MembershipEditForm(_Rights):
    pass


class InviteForm(_Rights):
    email = EmailAddress(required=True, metadata={"label": "Email"})


class AcceptInvitationForm(Form):
    token_required = False
    token = fields.String(required=True, metadata={"label": "", "type": "hidden"})
    name = fields.String(required=True, validate=validate.Length(max=120), metadata={"label": "Name"})
    password = fields.Nested(_Repeated, required=True, metadata={"label": "Password"})


class ProfileForm(Form):
    token_required = False  # the profile page PUTs JSON (spec §7)
    name = fields.String(required=True, validate=validate.Length(max=120, error="Max 120 characters"),
                         metadata={"label": "Name"})
    email = fields.String(dump_default=None, metadata={"label": "Email", "type": "email", "disabled": True,
                                                       "help": "Your username; ask an administrator to change it"})
    organisation = fields.String(load_default="", validate=validate.Length(max=200), metadata={"label": "Organisation"})
    position = fields.String(load_default="", validate=validate.Length(max=120), metadata={"label": "Position"})
    phone = fields.String(load_default="", validate=validate.Length(max=40), metadata={"label": "Phone"})
    country = fields.String(load_default="", validate=validate.Length(max=80), metadata={"label": "Country"})
