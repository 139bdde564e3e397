"""The signed-in user's account security (issue 18): change password, sessions, API tokens, two-factor sign-in,
the security log. Every route here needs a sign-in session: an API token is refused (permissions.SESSION_ONLY)."""
from flask import Blueprint, request
from flask_jwt_extended import current_user, jwt_required

from ...forms import paging, parse
from ...i18n import _, ngettext
from ...forms.accounts import ApiTokenForm, ChangePasswordForm, CodeForm, PasswordProofForm
from ...schemas import EnrolmentSchema, MessageSchema, item_of, list_of, paged_of
from ... import guesses
from ...services import accounts, api_tokens, mfa, sessions
from .. import doc, paging_query
from .schemas import (ApiTokenListSchema, ApiTokenSchema, EndedSchema, MfaStatusSchema, PasswordChangedSchema,
                      RecoveryCodesSchema,
                      SecurityEventSchema, SessionSchema)

bp = Blueprint("account", __name__, url_prefix="/api/account")


@bp.post("/password")
@guesses.passwords()
@jwt_required()
@doc("Change the password (current, new, repeat); every other session ends, earlier reset links die and, unless "
     "revokeTokens is 0, so do the user's API tokens", response=PasswordChangedSchema, json=ChangePasswordForm)
def change_password():
    data = parse(ChangePasswordForm)
    done = accounts.change_password(current_user, data["current"], data["password"]["first"], data["revokeTokens"])
    said = [_("Your password has been changed. Your other sessions have been signed out.")]
    if done["tokensRevoked"]:
        said.append(ngettext("%(num)d API token(s) revoked.", "%(num)d API token(s) revoked.", done["tokensRevoked"]))
    if done["resetLinksRevoked"]:
        said.append(ngettext("%(num)d password reset link(s) no longer work.",
                             "%(num)d password reset link(s) no longer work.", done["resetLinksRevoked"]))
    return {"message": " ".join(said), **done}


@bp.get("/sessions")
@jwt_required()
@doc("The user's live sessions, the current one marked", response=list_of(SessionSchema))
def sessions_():
    return {"list": sessions.active(current_user)}


@bp.delete("/sessions/<int:session_id>")
@jwt_required()
@doc("End one of the user's sessions (its token is refused from now on)", response=MessageSchema)
def end_session(session_id):
    sessions.end(current_user, session_id)
    return {"message": _("Session ended")}


@bp.post("/sessions/end-others")
@jwt_required()
@doc("End every session of the user but this one", response=EndedSchema)
def end_other_sessions():
    n = sessions.end_all_others(current_user)
    return {"message": ngettext("%(num)d other session(s) ended", "%(num)d other session(s) ended", n), "ended": n}


@bp.get("/tokens")
@jwt_required()
@doc("The user's personal API tokens (never the tokens themselves) and the portals one may be bound to",
     response=ApiTokenListSchema)
def tokens():
    return {"list": api_tokens.of(current_user), "portals": api_tokens.portal_options(current_user)}


@bp.post("/tokens")
@jwt_required()
@doc("Create a personal API token: the answer is the only time it is shown", response=item_of(ApiTokenSchema),
     json=ApiTokenForm, status=201)
def create_token():
    return {"item": api_tokens.create(current_user, parse(ApiTokenForm))}, 201


@bp.delete("/tokens/<int:token_id>")
@jwt_required()
@doc("Revoke a personal API token", response=MessageSchema)
def revoke_token(token_id):
    api_tokens.revoke(current_user, token_id)
    return {"message": _("Token revoked")}


@bp.get("/mfa")
@jwt_required()
@doc("Whether two-factor sign-in is on", response=item_of(MfaStatusSchema))
def mfa_status():
    return {"item": mfa.status(current_user)}


@bp.post("/mfa/enrol")
@guesses.passwords()
@jwt_required()
@doc("Start enrolling a TOTP factor (the current password again): a new secret and its otpauth URI",
     response=item_of(EnrolmentSchema), json=PasswordProofForm)
def mfa_enrol():
    password = parse(PasswordProofForm)["password"]
    return {"item": mfa.start_enrolment(current_user, request.host, password=password, proven=False)}


@bp.post("/mfa/confirm")
@guesses.codes()
@jwt_required()
@doc("Confirm the factor with a code: two-factor sign-in is on; the recovery codes are shown once",
     response=RecoveryCodesSchema, json=CodeForm)
def mfa_confirm():
    return {"recoveryCodes": mfa.confirm_enrolment(current_user, parse(CodeForm)["code"])}


@bp.post("/mfa/disable")
@guesses.codes()
@jwt_required()
@doc("Turn two-factor sign-in off (a current code or a recovery code)", response=MessageSchema, json=CodeForm)
def mfa_disable():
    mfa.disable(current_user, parse(CodeForm)["code"])
    return {"message": _("Two-factor sign-in is off")}


@bp.post("/mfa/recovery-codes")
@guesses.codes()
@jwt_required()
@doc("New recovery codes (the old ones stop working); shown once", response=RecoveryCodesSchema, json=CodeForm)
def mfa_recovery_codes():
    return {"recoveryCodes": mfa.new_recovery_codes(current_user, parse(CodeForm)["code"])}


@bp.get("/security-log")
@jwt_required()
@doc("The user's own security log, newest first", response=paged_of(SecurityEventSchema),
     query=paging_query(("created",)))
def security_log():
    page, _ = paging(("created",), default_sort="-created")
    return sessions.events_of(current_user, page)


def blueprints():
    return [bp]
