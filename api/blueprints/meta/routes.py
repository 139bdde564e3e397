"""Platform metadata: the skeleton of a module's platform and the platform roots (/v2)."""
from flask import Blueprint
from flask_jwt_extended import current_user, jwt_required

from ...services import modules
from ...services import platforms as skeletons
from .. import doc
from ...schemas import list_of
from ..module.schemas import ChildTypeSchema
from .schemas import PlatformSchema

bp = Blueprint("meta", __name__, url_prefix="/api/meta")


@bp.get("/platform-skeleton/<int:module_id>")
@jwt_required()
@doc("Which child types each type allows on this module's platform, with labels and tab paths",
     response=list_of(ChildTypeSchema))
def platform_skeleton(module_id):
    module = modules.visible_module(current_user, module_id)
    return {"list": skeletons.platform_rules(module.platform)}


@bp.get("/platforms")
@jwt_required()
@doc("The platform roots (the /v2 table)", response=list_of(PlatformSchema))
def platforms():
    return {"list": modules.platform_roots(current_user)}


def blueprints():
    return [bp]
