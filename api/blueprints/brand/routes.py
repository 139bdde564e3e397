"""Brand logos (spec §7 Brand)."""
from flask import Blueprint, request
from flask_jwt_extended import current_user, jwt_required

from ... import permissions as perm
from ...links import Ctx
from ...services import brand as brands
from ...services import modules, storage
from .. import doc
from ...schemas import item_of
from .schemas import BrandSchema

bp = Blueprint("brand", __name__, url_prefix="/api/brand")


def _present(module, brand):
    return modules.present_brand(Ctx(current_user, module, perm.rights(current_user, module)), brand)


@bp.get("/find/<int:module_id>")
@jwt_required()
@doc("The module's brand: logo size (or null) and links", response=item_of(BrandSchema))
def find(module_id):
    module = modules.visible_module(current_user, module_id)
    return {"item": _present(module, brands.find(module))}


@bp.get("/logo/<int:brand_id>")
@jwt_required()
@doc("The logo image", binary="image/png")
def logo(brand_id):
    brand = brands.logo_of(current_user, brand_id)
    return storage.send_stored("logos", brand.logo, brand.logo_mime or "image/png", max_age=300)


@bp.post("/save-logo/<int:module_id>")
@jwt_required()
@doc("Upload a new logo (multipart field 'logo'; PNG, JPEG, GIF or WebP; re-encoded)", response=item_of(BrandSchema))
def save_logo(module_id):
    module = modules.visible_module(current_user, module_id, "content")
    upload = request.files.get("logo") or request.files.get("file")
    return {"item": _present(module, brands.save_logo(current_user, module, upload))}


def blueprints():
    return [bp]
