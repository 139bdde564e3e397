"""The signed-in user's profile and avatars (spec §7 Authentication and profile)."""
from flask import Blueprint, request
from flask_jwt_extended import current_user, jwt_required
from marshmallow import fields

from ..errors import BadRequest, Invalid, NotFound
from ..extensions import db
from ..forms import describe, parse
from ..forms.members import ProfileForm
from ..models import User
from ..schemas import Camel, FormSchema, avatar_url, item_of
from ..services import profiles, storage
from . import doc

bp = Blueprint("profile", __name__, url_prefix="/api/profile")
avatar_bp = Blueprint("avatar", __name__, url_prefix="/api/avatar")


class ProfileSchema(Camel):
    id = fields.Integer()
    name = fields.String()
    username = fields.String()
    email = fields.String()
    organisation = fields.String(allow_none=True)
    position = fields.String(allow_none=True)
    phone = fields.String(allow_none=True)
    country = fields.String(allow_none=True)
    avatar = fields.Function(avatar_url)
    isSuperuser = fields.Boolean(attribute="is_superuser")


class ProfileFormSchema(FormSchema):
    item = fields.Nested(ProfileSchema)


def _form(user):
    out = describe(ProfileForm, "/api/profile/edit", "PUT", values=profiles.values(user))
    out["item"] = ProfileSchema().dump(user)
    return out


@bp.get("/currentuser")
@jwt_required()
@doc("The signed-in user", response=item_of(ProfileSchema))
def currentuser():
    return {"item": ProfileSchema().dump(current_user)}


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
    return {"item": ProfileSchema().dump(profiles.save_avatar(current_user, upload))}


@avatar_bp.get("/view/<int:user_id>")
@jwt_required()
@doc("A user's avatar image", binary="image/png")
def avatar_view(user_id):
    user = db.session.get(User, user_id)
    if user is None or not user.avatar:
        raise NotFound("No avatar")
    # The address carries a version (?v=), so a new upload is a new address: cache for a day.
    return storage.send_stored("avatars", user.avatar, "image/png", max_age=86400)


def blueprints():
    return [bp, avatar_bp]
