"""The signed-in user's profile (spec §7 Authentication and profile)."""
from flask import Blueprint
from flask_jwt_extended import current_user, jwt_required
from marshmallow import fields

from ..schemas import Camel, item_of
from . import doc

bp = Blueprint("profile", __name__, url_prefix="/api/profile")


class ProfileSchema(Camel):
    id = fields.Integer()
    name = fields.String()
    username = fields.String()
    email = fields.String()
    organisation = fields.String(allow_none=True)
    avatar = fields.Function(lambda u: f"/api/avatar/view/{u.id}" if u.avatar else None)
    isSuperuser = fields.Boolean(attribute="is_superuser")


@bp.get("/currentuser")
@jwt_required()
@doc("The signed-in user", response=item_of(ProfileSchema))
def currentuser():
    return {"item": ProfileSchema().dump(current_user)}


def blueprints():
    return [bp]
