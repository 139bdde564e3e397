"""Invitations (spec §7 Deliverable and members): invite a colleague by e-mail, what a link stands for, accept it
(a new account, or the signed-in one)."""
from flask import Blueprint, request
from flask_jwt_extended import current_user, jwt_required

from ...errors import Invalid
from ...forms import describe, parse, request_data
from ...forms.members import AcceptInvitationForm, InviteForm
from ...i18n import N_, _
from ...services import accounts, invitations, members, modules
from .. import doc
from ...schemas import FormSchema, MessageSchema, item_of, list_of
from .schemas import AcceptedSchema, InvitationSchema, PendingInvitationSchema

invitation_bp = Blueprint("invitation", __name__, url_prefix="/api/invitation")


@invitation_bp.get("/invite-colleague/<int:module_id>")
@jwt_required()
@doc("The form to invite a colleague by e-mail", response=FormSchema)
def invite_form(module_id):
    module = modules.visible_module(current_user, module_id, "add_member")
    return members.with_presets(describe(InviteForm, f"/api/invitation/invite-colleague/{module_id}", "POST",
                                         user=current_user, values={"role": "Viewer", "allowView": True}), module)


@invitation_bp.post("/invite-colleague/<int:module_id>")
@jwt_required()
@doc("Invite a colleague: an e-mail with a signed, single-use, expiring link to /invitation", response=MessageSchema,
     form=InviteForm)
def invite(module_id):
    module = modules.visible_module(current_user, module_id, "add_member")
    data = parse(InviteForm, f"/api/invitation/invite-colleague/{module_id}", current_user)
    inv = invitations.invite(current_user, module, data)
    return {"message": invitations.sent(inv)}


@invitation_bp.get("/view")
@doc("What an invitation link stands for (404 forged, 410 used or expired)", response=item_of(InvitationSchema),
     public=True, query={"token": "the token of the invitation link"})
def view():
    return {"item": invitations.invitation_info(request.args.get("token", ""))}


@invitation_bp.post("/accept")
@doc("Create the invited account (token, name, password[first], password[second]) and sign in",
     form=AcceptInvitationForm, public=True)
def accept():
    data = parse(AcceptInvitationForm)
    user = invitations.accept(data)
    return accounts.token_for(user)


@invitation_bp.post("/accept-signed-in")
@jwt_required()
@doc("Accept an invitation made out to the signed-in user's address (token)", response=AcceptedSchema)
def accept_signed_in():
    token = request_data().get("token")
    if not isinstance(token, str) or not token:
        raise Invalid(N_("The form has errors"), errors={"token": [N_("The invitation token is missing")]})
    module = invitations.accept_signed_in(current_user, token)
    return {"message": _("You have joined '%(name)s'", name=module.name), "moduleId": module.id,
            "platform": module.platform}


# The module's invitations not accepted yet: for whoever may invite there (the members table lists them).
@invitation_bp.get("/list/<int:module_id>")
@jwt_required()
@doc("The module's pending invitations (expired ones marked), newest first", response=list_of(PendingInvitationSchema))
def list_(module_id):
    module = modules.visible_module(current_user, module_id, "add_member")
    return {"list": invitations.pending(current_user, module)}


@invitation_bp.post("/resend/<int:module_id>/<int:invitation_id>")
@jwt_required()
@doc("Send a pending invitation again: a new link (the old one stops working) and a new expiry",
     response=item_of(PendingInvitationSchema))
def resend(module_id, invitation_id):
    module = modules.visible_module(current_user, module_id, "add_member")
    return {"item": invitations.resend(current_user, module, invitations.get_pending(module, invitation_id))}


@invitation_bp.route("/revoke/<int:module_id>/<int:invitation_id>", methods=["DELETE"])
@jwt_required()
@doc("Withdraw a pending invitation: its link is not valid any more", response=MessageSchema)
def revoke(module_id, invitation_id):
    module = modules.visible_module(current_user, module_id, "add_member")
    invitations.revoke(current_user, module, invitations.get_pending(module, invitation_id))
    return {"message": _("The invitation has been withdrawn")}


def blueprints():
    return [invitation_bp]
