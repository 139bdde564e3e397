from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from . import Form, MaxLength, WholeNumber
from ..i18n import N_

MIN_PASSWORD = 8


class LoginForm(Form):
    token_required = False
    username = fields.String(required=True, validate=MaxLength(254), metadata={"label": N_("Username")})
    password = fields.String(required=True, validate=MaxLength(1000),
                             metadata={"label": N_("Password"), "raw": True})


class ForgotForm(Form):
    token_required = False
    email = fields.Email(required=True, validate=MaxLength(254),
                         error_messages={"invalid": N_("Please enter a valid email address")},
                         metadata={"label": N_("Email")})


class _Repeated(Schema):
    first = fields.String(required=True, validate=validate.Length(
        min=MIN_PASSWORD, max=1000, error=N_("Password must have at least 8 characters")),
        metadata={"label": N_("New password"), "type": "password", "raw": True,
                  "required_message": N_("You must specify a password")})
    second = fields.String(required=True,
                           metadata={"label": N_("Repeat password"), "type": "password", "raw": True})

    @validates_schema
    def _same(self, data, **kw):
        if "first" in data and "second" in data and data["first"] != data["second"]:
            raise ValidationError(N_("The passwords do not match"), "second")


class ResetPasswordForm(Form):
    """Symfony-style names (reset_password_form[...]) as spec §7 fixes; the CSRF token is element two."""
    form_name = "reset_password_form"
    token_required = False
    password = fields.Nested(_Repeated, required=True, metadata={"label": N_("Password")})
    csrf_token = fields.String(required=True, metadata={"label": "", "type": "hidden"})
    token = fields.String(required=True, metadata={"label": "", "type": "hidden"})


# --- issue 18: password change, two-factor sign-in, API tokens, single sign-on -------------------------------

class ChangePasswordForm(Form):
    """Profile: the current password, the new one and its repeat (spec §5's rules and messages)."""
    token_required = False
    current = fields.String(required=True, validate=MaxLength(1000),
                            metadata={"label": N_("Current password"), "type": "password", "raw": True,
                                      "required_message": N_("Current password is required")})
    password = fields.Nested(_Repeated, required=True, metadata={"label": N_("Password")})
    # A stolen session may have minted a token that would outlive the new password: revoked unless unticked.
    revokeTokens = fields.Boolean(truthy={"1", "true", "on", "yes", 1, True},
                                  falsy={"0", "false", "off", "no", "", 0, False}, load_default=True,
                                  metadata={"label": N_("Also revoke my API tokens"), "type": "checkbox"})


class PasswordProofForm(Form):
    """A sensitive change inside a session (enrolling a second factor) asks for the password again."""
    token_required = False
    password = fields.String(load_default="", validate=MaxLength(1000),
                             metadata={"label": N_("Current password"), "type": "password", "raw": True})


class CodeForm(Form):
    token_required = False
    code = fields.String(required=True, validate=validate.Length(max=40, error=N_("Invalid code")),
                         metadata={"label": N_("Code"), "required_message": N_("Code is required")})


class MfaTokenForm(Form):
    token_required = False
    mfaToken = fields.String(required=True, validate=MaxLength(2000), metadata={"label": N_("Sign-in")})


class SsoLinkForm(Form):
    """An identity provider named an existing password account: its password, once, links the two."""
    token_required = False
    linkToken = fields.String(required=True, validate=MaxLength(2000), metadata={"label": N_("Sign-in")})
    password = fields.String(required=True, validate=MaxLength(1000),
                             metadata={"label": N_("Password"), "raw": True})


class MfaLoginForm(MfaTokenForm, CodeForm):
    """The second step of a sign-in: the challenge of the first and a code (TOTP or recovery)."""


class ApiTokenForm(Form):
    token_required = False
    name = fields.String(required=True, validate=validate.Length(max=100, error=N_("Max 100 characters")),
                         metadata={"label": N_("Name")})
    days = WholeNumber(load_default=30, validate=validate.Range(min=1, max=366, error=N_("Between 1 and 366 days")),
                       error_messages={"invalid": N_("Between 1 and 366 days")},
                       metadata={"label": N_("Expires in (days)")})
    access = fields.String(load_default="read", validate=validate.OneOf(("read", "write"),
                                                                          error=N_("Please choose read or write")),
                           metadata={"label": N_("Access"), "type": "select",
                                     "options": [("read", N_("Read only")), ("write", N_("Read and write"))]})
    portalId = WholeNumber(load_default=None, allow_none=True, validate=validate.Range(
        min=1, max=2**31 - 1, error=N_("Must be greater than or equal to 1 and less than or equal to 2147483647.")),
                              error_messages={"invalid": N_("Please choose one of your portals")},
                              metadata={"label": N_("Portal")})


class SsoCallbackForm(Form):
    token_required = False
    code = fields.String(required=True, validate=MaxLength(2000), metadata={"label": N_("Code")})
    state = fields.String(required=True, validate=MaxLength(500), metadata={"label": N_("State")})
