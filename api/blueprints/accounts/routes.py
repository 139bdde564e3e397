"""Sign-in, sign-out, forgotten and reset passwords (spec §7 Authentication)."""
from flask import Blueprint, current_app, request
from flask_jwt_extended import get_jwt, jwt_required
from itsdangerous import BadSignature, URLSafeTimedSerializer

from ...errors import Invalid
from ...extensions import limiter
from ...forms import describe, parse
from ...forms.accounts import ForgotForm, LoginForm, ResetPasswordForm
from ...services import accounts
from .. import doc
from ...schemas import FormSchema, MessageSchema
from .schemas import TokenSchema

json_bp = Blueprint("accounts", __name__, url_prefix="/json")
reset_bp = Blueprint("reset_password", __name__, url_prefix="/api")


def _account_key():
    """Failures count per account AND address: someone guessing elsewhere cannot lock the owner out."""
    data = request.get_json(silent=True) or {}
    name = data.get("username") if isinstance(data, dict) else None
    return f"account:{name.strip().lower() if isinstance(name, str) else '-'}@{request.remote_addr or '-'}"


def _failed(response):
    return response.status_code == 401


def _cfg(name):
    return lambda: current_app.config[name]


@json_bp.post("/login")
@limiter.limit(_cfg("LOGIN_FAILURE_LIMITS"), key_func=_account_key, deduct_when=_failed, per_method=True)
@limiter.limit(_cfg("LOGIN_ADDRESS_LIMITS"), deduct_when=_failed, per_method=True)
@doc("Sign in with e-mail and password", response=TokenSchema, json=LoginForm, public=True)
def login():
    data = parse(LoginForm)
    # The host signed in on chooses the brand of the user's mails (never the base of their links).
    return accounts.login(data["username"], data["password"], host=request.host)


@json_bp.post("/logout")
@jwt_required()
@doc("Sign out: the token is revoked", response=MessageSchema)
def logout():
    accounts.logout(get_jwt())
    return {"message": "Signed out"}


@json_bp.post("/forgot-password")
@limiter.limit("10 per hour")
@doc("Send a password reset link (same answer whether or not the address exists)", response=MessageSchema,
     json=ForgotForm, public=True)
def forgot_password():
    data = parse(ForgotForm)
    return {"message": accounts.request_reset(data["email"])}


def _csrf():
    return URLSafeTimedSerializer(current_app.config["SECRET_KEY"], salt="reset-password-csrf")


@reset_bp.get("/reset-password")
@doc("The reset-password form; element two carries the CSRF token", response=FormSchema, public=True,
     query={"token": "the token of the reset link"})
def reset_password_form():
    values = {"csrf_token": _csrf().dumps("reset-password"), "token": request.args.get("token", "")}
    return describe(ResetPasswordForm, "/api/reset-password", "POST", values=values)


@reset_bp.post("/reset-password")
@limiter.limit("20 per hour")
@doc("Set a new password with a reset token", response=MessageSchema, form=ResetPasswordForm, public=True)
def reset_password():
    data = parse(ResetPasswordForm)
    try:
        _csrf().loads(data["csrf_token"], max_age=current_app.config["RESET_TOKEN_SECONDS"])
    except BadSignature:
        raise Invalid("The form has expired, please reload the page",
                      errors={"reset_password_form[csrf_token]": ["The form has expired, please reload the page"]})
    accounts.reset_with_token(data["token"], data["password"]["first"])
    return {"message": "Your password has been changed. You can sign in with it now."}


def blueprints():
    return [json_bp, reset_bp]
