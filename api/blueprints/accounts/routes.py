"""Sign-in (password, then a second factor; or single sign-on), sign-out, forgotten and reset passwords (spec §7
Authentication, issue 18)."""
from flask import Blueprint, current_app, request
from flask_jwt_extended import get_current_user, get_jwt, jwt_required, verify_jwt_in_request
from flask_jwt_extended.exceptions import JWTExtendedException
import jwt
from jwt import PyJWTError
from itsdangerous import BadSignature, URLSafeTimedSerializer

from ...errors import Invalid
from ...extensions import limiter
from ...forms import describe, parse
from ...i18n import N_, _
from ...forms.accounts import ForgotForm, LoginForm, MfaLoginForm, MfaTokenForm, ResetPasswordForm, SsoCallbackForm, \
    SsoLinkForm
from ... import guesses, permissions
from ...services import accounts, mfa, oidc, sessions
from .. import doc
from ...schemas import EnrolmentSchema, FormSchema, MessageSchema
from .schemas import SignInSchema, SsoConfigSchema, SsoStartSchema

json_bp = Blueprint("accounts", __name__, url_prefix="/json")
reset_bp = Blueprint("reset_password", __name__, url_prefix="/api")


def _body(name):
    data = request.get_json(silent=True) or {}
    value = data.get(name) if isinstance(data, dict) else None
    return value if isinstance(value, str) else None


def _account_key():
    """Failures count per account AND address: someone guessing elsewhere cannot lock the owner out."""
    return guesses.account_key(_body("username") or "-")


def _cfg(name):
    return lambda: current_app.config[name]


@json_bp.post("/login")
@guesses.passwords(key=_account_key)
@doc("Sign in with e-mail and password: a token, or {mfaRequired, mfaToken} when a second factor is asked",
     response=SignInSchema, json=LoginForm, public=True)
def login():
    data = parse(LoginForm)
    # The host signed in on chooses the brand of the user's mails (never the base of their links).
    return accounts.login(data["username"], data["password"], host=request.host)


def _mfa_key():
    """Wrong codes count per account (named by the challenge) and address, like wrong passwords."""
    return guesses.code_key(mfa.challenge_user_id(_body("mfaToken")) or "-")


def _link_key():
    """Wrong passwords to link a single sign-on identity count with the account's wrong sign-ins."""
    from ...models import User
    from ...extensions import db
    user_id = mfa.challenge_user_id(_body("linkToken"))
    user = db.session.get(User, user_id) if user_id else None
    return guesses.account_key(user.email if user is not None else "-")


@json_bp.post("/login/mfa")
@guesses.codes(key=_mfa_key)
@doc("Finish a sign-in with a TOTP or recovery code (after an enrolment: its first code)", response=SignInSchema,
     json=MfaLoginForm, public=True)
def login_mfa():
    data = parse(MfaLoginForm)
    return mfa.finish_sign_in(data["mfaToken"], data["code"])


@json_bp.post("/login/mfa/enrol")
@limiter.limit(_cfg("LOGIN_ADDRESS_LIMITS"), per_method=True)
@doc("A user who must have a second factor enrols during sign-in: the secret and otpauth URI",
     response=EnrolmentSchema, json=MfaTokenForm, public=True)
def login_mfa_enrol():
    return mfa.enrol_during_sign_in(parse(MfaTokenForm)["mfaToken"], request.host)


@json_bp.get("/sso/config")
@doc("What the login page offers on this host: single sign-on (its name), password sign-in",
     response=SsoConfigSchema, public=True)
def sso_config():
    return oidc.public_config(request.host)


@json_bp.post("/sso/start")
@limiter.limit(_cfg("LOGIN_ADDRESS_LIMITS"), per_method=True)
@doc("Begin single sign-on: the identity provider's authorization URL (PKCE, state, nonce)",
     response=SsoStartSchema, public=True)
def sso_start():
    return oidc.start(request.host)


@json_bp.post("/sso/callback")
@limiter.shared_limit(_cfg("LOGIN_ADDRESS_LIMITS"), scope="guess-address", deduct_when=guesses.failed)
@doc("Finish single sign-on with the provider's code and state: a token, or {mfaRequired, mfaToken} when the "
     "account's own second factor is asked, or {linkRequired, linkToken, email} when an existing account must "
     "prove its password once to be linked", response=SignInSchema, json=SsoCallbackForm, public=True)
def sso_callback():
    data = parse(SsoCallbackForm)
    return oidc.finish(request.host, data["code"], data["state"])


@json_bp.post("/sso/link")
@guesses.passwords(key=_link_key)
@doc("Link a single sign-on identity to the existing account of its e-mail by that account's password (once): "
     "then as a sign-in (a token, or a second factor asked)", response=SignInSchema, json=SsoLinkForm, public=True)
def sso_link():
    data = parse(SsoLinkForm)
    return oidc.link_with_password(request.host, data["linkToken"], data["password"])


@json_bp.before_app_request
def _token_scope():
    """A personal API token may do no more than its scope: decided by permissions.token_request_error."""
    header = request.headers.get("Authorization", "")
    if not header.startswith("Bearer "):
        return
    try:
        # Only an API token has a scope: a session's token is verified once, by the view (decoding costs ~0.6 ms).
        # A forged `typ` changes nothing: the view verifies the signature of whatever comes.
        if jwt.decode(header[7:].strip(), options={"verify_signature": False}).get("typ") != "pat":
            return
        found = verify_jwt_in_request(optional=True)
    except (JWTExtendedException, PyJWTError):
        return  # the view's own check answers the token's problem
    if not found:  # not a bearer token at all
        return
    err = permissions.token_request_error(get_current_user(), request.method, request.endpoint)
    if err is not None:
        raise err


@json_bp.after_app_request
def _last_seen(response):
    sessions.touch()
    return response


@json_bp.post("/logout")
@jwt_required()
@doc("Sign out: the session ends (its token is refused from now on)", response=MessageSchema)
def logout():
    accounts.logout(get_jwt())
    return {"message": _("Signed out")}


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
        raise Invalid(N_("The form has expired, please reload the page"),
                      errors={"reset_password_form[csrf_token]": [N_("The form has expired, please reload the page")]})
    accounts.reset_with_token(data["token"], data["password"]["first"])
    return {"message": _("Your password has been changed. You can sign in with it now.")}


def blueprints():
    return [json_bp, reset_bp]
