from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from . import Form, WholeNumber

MIN_PASSWORD = 8


class LoginForm(Form):
    token_required = False
    username = fields.String(required=True, validate=validate.Length(max=254), metadata={"label": "Username"})
    password = fields.String(required=True, validate=validate.Length(max=1000),
                             metadata={"label": "Password", "raw": True})


class ForgotForm(Form):
    token_required = False
    email = fields.Email(required=True, validate=validate.Length(max=254),
                         error_messages={"invalid": "Please enter a valid email address"}, metadata={"label": "Email"})


class _Repeated(Schema):
    first = fields.String(required=True, validate=validate.Length(
        min=MIN_PASSWORD, max=1000, error="Password must have at least 8 characters"),
        metadata={"label": "New password", "type": "password", "raw": True,
                  "required_message": "You must specify a password"})
    second = fields.String(required=True, metadata={"label": "Repeat password", "type": "password", "raw": True})

    @validates_schema
    def _same(self, data, **kw):
        if "first" in data and "second" in data and data["first"] != data["second"]:
            raise ValidationError("The passwords do not match", "second")


class ResetPasswordForm(Form):
    """Symfony-style names (reset_password_form[...]) as spec §7 fixes; the CSRF token is element two."""
    form_name = "reset_password_form"
    token_required = False
    password = fields.Nested(_Repeated, required=True, metadata={"label": "Password"})
    csrf_token = fields.String(required=True, metadata={"label": "", "type": "hidden"})
    token = fields.String(required=True, metadata={"label": "", "type": "hidden"})


# --- issue 18: password change, two-factor sign-in, API tokens, single sign-on -------------------------------

class ChangePasswordForm(Form):
    """Profile: the current password, the new one and its repeat (spec §5's rules and messages)."""
    token_required = False
    current = fields.String(required=True, validate=validate.Length(max=1000),
                            metadata={"label": "Current password", "type": "password", "raw": True,
                                      "required_message": "Current password is required"})
    password = fields.Nested(_Repeated, required=True, metadata={"label": "Password"})
    # A stolen session may have minted a token that would outlive the new password: revoked unless unticked.
    revokeTokens = fields.Boolean(truthy={"1", "true", "on", "yes", 1, True},
                                  falsy={"0", "false", "off", "no", "", 0, False}, load_default=True,
                                  metadata={"label": "Also revoke my API tokens", "type": "checkbox"})


class PasswordProofForm(Form):
    """A sensitive change inside a session (enrolling a second factor) asks for the password again."""
    token_required = False
    password = fields.String(load_default="", validate=validate.Length(max=1000),
                             metadata={"label": "Current password", "type": "password", "raw": True})


class CodeForm(Form):
    token_required = False
    code = fields.String(required=True, validate=validate.Length(max=40, error="Invalid code"),
                         metadata={"label": "Code", "required_message": "Code is required"})


class MfaTokenForm(Form):
    token_required = False
    mfaToken = fields.String(required=True, validate=validate.Length(max=2000), metadata={"label": "Sign-in"})


class SsoLinkForm(Form):
    """An identity provider named an existing password account: its password, once, links the two."""
    token_required = False
    linkToken = fields.String(required=True, validate=validate.Length(max=2000), metadata={"label": "Sign-in"})
    password = fields.String(required=True, validate=validate.Length(max=1000),
                             metadata={"label": "Password", "raw": True})


class MfaLoginForm(MfaTokenForm, CodeForm):
    """The second step of a sign-in: the challenge of the first and a code (TOTP or recovery)."""


class ApiTokenForm(Form):
    token_required = False
    name = fields.String(required=True, validate=validate.Length(max=100, error="Max 100 characters"),
                         metadata={"label": "Name"})
    days = WholeNumber(load_default=30, validate=validate.Range(min=1, max=366, error="Between 1 and 366 days"),
                          error_messages={"invalid": "Between 1 and 366 days"}, metadata={"label": "Expires in (days)"})
    access = fields.String(load_default="read", validate=validate.OneOf(("read", "write"),
                                                                          error="Please choose read or write"),
                           metadata={"label": "Access", "type": "select",
                                     "options": [("read", "Read only"), ("write", "Read and write")]})
    portalId = WholeNumber(load_default=None, allow_none=True, validate=validate.Range(min=1, max=2**31 - 1),
                              error_messages={"invalid": "Please choose one of your portals"},
                              metadata={"label": "Portal"})


class SsoCallbackForm(Form):
    token_required = False
    code = fields.String(required=True, validate=validate.Length(max=2000), metadata={"label": "Code"})
    state = fields.String(required=True, validate=validate.Length(max=500), metadata={"label": "State"})
