"""Memberships (spec §7 Deliverable and members): list, add, edit, remove; the entry modules."""
from flask import Blueprint
from flask_jwt_extended import current_user, jwt_required

from ... import permissions as perm
from ...forms import describe, flag, paging, parse
from ...forms.members import MembershipAddForm, MembershipEditForm
from ...i18n import _
from ...presenting import page_meta
from ...services import invitations, members, modules
from .. import doc, paging_query
from ...schemas import FormSchema, MessageSchema, item_of, list_of, paged_of
from ..module.schemas import ModuleRowSchema
from .schemas import MemberAddedSchema, MembershipSchema

bp = Blueprint("membership", __name__, url_prefix="/api/membership")


@bp.get("/list-entry-modules")
@jwt_required()
@doc("The portals (entry modules) the user can reach, as rows; a superuser sees all", response=list_of(ModuleRowSchema))
def list_entry_modules():
    return {"list": modules.entry_modules(current_user)}


@bp.get("/list/<int:module_id>")
@jwt_required()
@doc("A page of the members of a module: its own memberships, then those inherited from ancestors; q finds a name "
     "or an e-mail address; admin=1 only admins, admin=0 the others", response=paged_of(MembershipSchema),
     query=paging_query(tuple(members.MEMBER_SORTS), admin="1: only admins; 0: only the others"))
def list_(module_id):
    module = modules.visible_module(current_user, module_id)
    page, filters = paging(tuple(members.MEMBER_SORTS), admin=flag)
    rows, total = members.memberships_of(current_user, module, page=page, admin=filters["admin"])
    return {"list": rows, "meta": page_meta(page.page, page.per_page, total)}


@bp.get("/add/<int:module_id>")
@jwt_required()
@doc("The form to add an existing user as a member", response=FormSchema)
def add_form(module_id):
    module = modules.visible_module(current_user, module_id, "add_member")
    return members.with_presets(describe(MembershipAddForm, f"/api/membership/add/{module_id}", "POST",
                                         user=current_user, values={"role": "Viewer", "allowView": True},
                                         options={"userId": members.user_options(module)}), module)


@bp.post("/add/<int:module_id>")
@jwt_required()
@doc("Add a member (userId or email, role and the 1/0 flags): {item} for a member of the portal; an address that "
     "is not an active member's of the portal is sent an invitation with those rights instead: {message, invited} "
     "(the same whether it has an account or not)", response=MemberAddedSchema, form=MembershipAddForm)
def add(module_id):
    module = modules.visible_module(current_user, module_id, "add_member")
    data = parse(MembershipAddForm, f"/api/membership/add/{module_id}", current_user)
    member, inv = members.add(current_user, module, data)
    if inv is not None:
        return {"message": invitations.sent(inv), "invited": True}
    return {"item": member}


def _values(m):
    return {"role": m.role, "admin": m.admin, "allowCreate": m.allow_create, "allowView": m.allow_view,
            "allowEdit": m.allow_edit, "allowDelete": m.allow_delete, "organisation": m.organisation or "",
            "supervisor": m.supervisor}


@bp.get("/edit/<int:module_id>/<int:membership_id>")
@jwt_required()
@doc("The form to edit a member's role and rights", response=FormSchema)
def edit_form(module_id, membership_id):
    module = modules.visible_module(current_user, module_id, "edit_member")
    m = members.get(module, membership_id)
    perm.require_membership(current_user, module, m, "edit_member")
    return members.with_presets(describe(MembershipEditForm, f"/api/membership/edit/{module_id}/{membership_id}",
                                         "PUT", user=current_user, values=_values(m), version=m.version), module)


@bp.route("/edit/<int:module_id>/<int:membership_id>", methods=["POST", "PUT", "PATCH"])
@jwt_required()
@doc("Edit a member (POST with _method=PUT: role, admin, allowCreate, allowView, allowEdit, allowDelete as 1/0)",
     response=item_of(MembershipSchema), form=MembershipEditForm)
def edit(module_id, membership_id):
    module = modules.visible_module(current_user, module_id, "edit_member")
    m = members.get(module, membership_id)
    data = parse(MembershipEditForm, f"/api/membership/edit/{module_id}/{membership_id}", current_user)
    return {"item": members.edit(current_user, module, m, data)}


@bp.route("/delete/<int:module_id>/<int:membership_id>", methods=["DELETE"])
@jwt_required()
@doc("Remove a member", response=MessageSchema)
def delete(module_id, membership_id):
    module = modules.visible_module(current_user, module_id, "delete_member")
    members.delete(current_user, module, members.get(module, membership_id))
    return {"message": _("Member removed")}


def blueprints():
    return [bp]
