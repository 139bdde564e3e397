"""Platform metadata: the skeleton of a module's platform and the platform roots (/v2)."""
from flask import Blueprint
from marshmallow import fields
from flask_jwt_extended import current_user, jwt_required

from .. import permissions as perm
from ..schemas import AncestorSchema, ChildTypeSchema, list_of
from ..services import modules
from . import doc

bp = Blueprint("meta", __name__, url_prefix="/api/meta")


class PlatformSchema(AncestorSchema):
    platform = fields.String()


@bp.get("/platform-skeleton/<int:module_id>")
@jwt_required()
@doc("Which child types each type allows on this module's platform, with labels and tab paths",
     response=list_of(ChildTypeSchema))
def platform_skeleton(module_id):
    module = modules.visible_module(current_user, module_id)
    rules = [r for (platform, _), rs in perm.skeleton().items() if platform == module.platform for r in rs]
    return {"list": ChildTypeSchema(many=True).dump(rules)}


@bp.get("/platforms")
@jwt_required()
@doc("The platform roots (the /v2 table)", response=list_of(PlatformSchema))
def platforms():
    return {"list": PlatformSchema(many=True).dump(modules.platform_roots(current_user))}


def blueprints():
    return [bp]
