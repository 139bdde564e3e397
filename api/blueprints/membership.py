"""Memberships and invitations (spec §7 Deliverable and members)."""
from flask import Blueprint, request
from flask_jwt_extended import current_user, jwt_required
from marshmallow import fields

from ..forms import describe, parse
from ..forms.members import AcceptInvitationForm, InviteForm, MembershipAddForm, MembershipEditForm
from ..schemas import Camel, FormSchema, MembershipSchema, MessageSchema, ModuleSummarySchema, item_of, list_of
from ..services import accounts, members, modules
from . import doc

bp = Blueprint("membership", __name__, url_prefix="/api/membership")
invitation_bp = Blueprint("invitation", __name__, url_prefix="/api/invitation")


@bp.get("/list-entry-modules")
@jwt_required()
@doc("The portals (entry modules) the user can reach; a superuser sees all", response=list_of(ModuleSummarySchema))
def list_entry_modules():
    return {"list": ModuleSummarySchema(many=True).dump(modules.entry_modules(current_user))}


@bp.get("/list/<int:module_id>")
@jwt_required()
@doc("Members of a module: its own memberships, then those inherited from ancestors",
     response=list_of(MembershipSchema))
def list_(module_id):
    module = modules.visible_module(current_user, module_id)
    return {"list": MembershipSchema(many=True).dump(modules.memberships_of(current_user, module))}


@bp.get("/add/<int:module_id>")
@jwt_required()
@doc("The form to add an existing user as a member", response=FormSchema)
def add_form(module_id):
    module = modules.visible_module(current_user, module_id, "add_member")
    return describe(MembershipAddForm, f"/api/membership/add/{module_id}", "POST", user=current_user,
                    values={"role": "User", "allowView": True}, options={"userId": members.user_options(module)})


@bp.post("/add/<int:module_id>")
@jwt_required()
@doc("Add a member (userId, role and the 1/0 flags)", response=item_of(MembershipSchema), form=MembershipAddForm)
def add(module_id):
    module = modules.visible_module(current_user, module_id, "add_member")
    data = parse(MembershipAddForm, f"/api/membership/add/{module_id}", current_user)
    return {"item": MembershipSchema().dump(members.add(current_user, module, data))}


def _values(m):
    return {"role": m.role, "admin": m.admin, "allowCreate": m.allow_create, "allowView": m.allow_view,
            "allowEdit": m.allow_edit, "allowDelete": m.allow_delete}


@bp.get("/edit/<int:module_id>/<int:membership_id>")
@jwt_required()
@doc("The form to edit a member's role and rights", response=FormSchema)
def edit_form(module_id, membership_id):
    module = modules.visible_module(current_user, module_id, "edit_member")
    m = members.get(module, membership_id)
    return describe(MembershipEditForm, f"/api/membership/edit/{module_id}/{membership_id}", "PUT",
                    user=current_user, values=_values(m))


@bp.route("/edit/<int:module_id>/<int:membership_id>", methods=["POST", "PUT", "PATCH"])
@jwt_required()
@doc("Edit a member (POST with _method=PUT: role, admin, allowCreate, allowView, allowEdit, allowDelete as 1/0)",
     response=item_of(MembershipSchema), form=MembershipEditForm)
def edit(module_id, membership_id):
    module = modules.visible_module(current_user, module_id, "edit_member")
    m = members.get(module, membership_id)
    data = parse(MembershipEditForm, f"/api/membership/edit/{module_id}/{membership_id}", current_user)
    return {"item": MembershipSchema().dump(members.edit(current_user, module, m, data))}


@bp.route("/delete/<int:module_id>/<int:membership_id>", methods=["DELETE"])
@jwt_required()
@doc("Remove a member", response=MessageSchema)
def delete(module_id, membership_id):
    module = modules.visible_module(current_user, module_id, "delete_member")
    members.delete(current_user, module, members.get(module, membership_id))
    return {"message": "Member removed"}


@invitation_bp.get("/invite-colleague/<int:module_id>")
@jwt_required()
@doc("The form to invite a colleague by e-mail", response=FormSchema)
def invite_form(module_id):
    modules.visible_module(current_user, module_id, "add_member")
    return describe(InviteForm, f"/api/invitation/invite-colleague/{module_id}", "POST", user=current_user,
                    values={"role": "User", "allowView": True})


@invitation_bp.post("/invite-colleague/<int:module_id>")
@jwt_required()
@doc("Invite a colleague: an e-mail with a signed, single-use, expiring link to /invitation", response=MessageSchema,
     form=InviteForm)
def invite(module_id):
    module = modules.visible_module(current_user, module_id, "add_member")
    data = parse(InviteForm, f"/api/invitation/invite-colleague/{module_id}", current_user)
    inv = members.invite(current_user, module, data)
    return {"message": f"An invitation has been sent to {inv.email}"}


class InvitationSchema(Camel):
    email = fields.String()
    moduleName = fields.String()
    invitedBy = fields.String(allow_none=True)
    existingAccount = fields.Boolean()


@invitation_bp.get("/view")
@doc("What an invitation link stands for (404 forged, 410 used or expired)", response=item_of(InvitationSchema),
     public=True, query={"token": "the token of the invitation link"})
def view():
    inv = members.invitation_from_token(request.args.get("token", ""))
    from ..extensions import db
    from ..models import Module, User
    module, by = db.session.get(Module, inv.module_id), db.session.get(User, inv.invited_by_id)
    return {"item": {"email": inv.email, "moduleName": module.name, "invitedBy": by.name if by else None,
                     "existingAccount": accounts.find_by_email(inv.email) is not None}}


@invitation_bp.post("/accept")
@doc("Create the invited account (token, name, password[first], password[second]) and sign in",
     form=AcceptInvitationForm, public=True)
def accept():
    data = parse(AcceptInvitationForm)
    user = members.accept(data)
    return accounts.token_for(user)


class AcceptedSchema(Camel):
    message = fields.String()
    moduleId = fields.Integer()
    platform = fields.String()


@invitation_bp.post("/accept-signed-in")
@jwt_required()
@doc("Accept an invitation made out to the signed-in user's address (token)", response=AcceptedSchema)
def accept_signed_in():
    data = request.get_json(silent=True) if request.is_json else request.form
    token = (data or {}).get("token")
    if not isinstance(token, str) or not token:
        from ..errors import Invalid
        raise Invalid("The form has errors", errors={"token": ["The invitation token is missing"]})
    module = members.accept_signed_in(current_user, token)
    return {"message": f"You have joined '{module.name}'", "moduleId": module.id, "platform": module.platform}


def blueprints():
    return [bp, invitation_bp]
