"""The signed-in user's profile and avatars (spec §7 Authentication and profile)."""
from flask import Blueprint, request
from flask_jwt_extended import current_user, jwt_required

from ... import links
from ...errors import BadRequest, Invalid
from ...forms import describe, parse
from ...forms.members import ProfileForm
from ...presenting import user_avatar
from ...services import profiles, storage
from .. import doc
from ...schemas import item_of
from .schemas import ProfileFormSchema, ProfileSchema

bp = Blueprint("profile", __name__, url_prefix="/api/profile")
avatar_bp = Blueprint("avatar", __name__, url_prefix="/api/avatar")


def present(user):
    return {"id": user.id, "name": user.name, "username": user.email, "email": user.email,
            "organisation": user.organisation, "position": user.position, "phone": user.phone, "country": user.country,
            "avatar": user_avatar(user), "isSuperuser": user.is_superuser, "language": user.language,
            # The user's own pages the API links (issue 44: calendar_feeds; issue 45: timer, their running timer;
            # links.py, kind "user").
            "links": links.of("user", links.Ctx(user, None, None))}


def _form(user):
    out = describe(ProfileForm, "/api/profile/edit", "PUT", values=profiles.values(user))
    out["item"] = present(user)
    return out


@bp.get("/currentuser")
@jwt_required()
@doc("The signed-in user", response=item_of(ProfileSchema))
def currentuser():
    return {"item": present(current_user)}


@bp.get("/edit")
@jwt_required()
@doc("The profile form's elements", response=ProfileFormSchema)
def edit_form():
    return _form(current_user)


@bp.route("/edit", methods=["PUT", "POST", "PATCH"])
@jwt_required()
@doc("Save the profile (JSON of the form's values); a 400 lists the errors", response=ProfileFormSchema,
     json=ProfileForm)
def edit():
    try:
        data = parse(ProfileForm)
    except Invalid as e:  # the profile page expects 400 with the errors map (spec §7)
        raise BadRequest(e.message, errors=e.errors)
    profiles.update(current_user, data)
    return _form(current_user)


@avatar_bp.post("/edit")
@jwt_required()
@doc("Upload an avatar (multipart field 'avatar'; re-encoded to PNG, at most 256 px)",
     response=item_of(ProfileSchema))
def avatar_edit():
    upload = request.files.get("avatar") or request.files.get("file")
    return {"item": present(profiles.save_avatar(current_user, upload))}


@avatar_bp.get("/view/<int:user_id>")
@jwt_required()
@doc("A user's avatar image", binary="image/png")
def avatar_view(user_id):
    user = profiles.with_avatar(user_id)
    # The address carries a version (?v=), so a new upload is a new address: cache for a day.
    return storage.send_stored("avatars", user.avatar, "image/png", max_age=86400)


def blueprints():
    return [bp, avatar_bp]
