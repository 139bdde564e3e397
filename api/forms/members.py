from marshmallow import fields, validate

from . import Flag, Form, Id
from .accounts import _Repeated


class _Rights(Form):
    role = fields.String(load_default="User", validate=validate.Length(max=60), metadata={"label": "Role"})
    admin = Flag("Admin")
    allowCreate = Flag("Create")
    allowView = Flag("View")
    allowEdit = Flag("Edit")
    allowDelete = Flag("Delete")


class MembershipAddForm(_Rights):
    userId = Id(allow_none=True, metadata={"label": "User", "type": "select",
                                           "help": "Members of this portal; anyone else by e-mail below"})
    email = fields.Email(allow_none=True, validate=validate.Length(max=254),
                         error_messages={"invalid": "Please enter a valid email address"},
                         metadata={"label": "Or their e-mail address",
                                   "help": "The exact address of an existing account"})


class MembershipEditForm(_Rights):
    pass


class InviteForm(_Rights):
    email = fields.Email(required=True, validate=validate.Length(max=254),
                         error_messages={"invalid": "Please enter a valid email address"}, metadata={"label": "Email"})


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
