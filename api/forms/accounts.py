from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from . import Form

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
