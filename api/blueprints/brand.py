"""Brand logos (spec §7 Brand)."""
from flask import Blueprint, request
from flask_jwt_extended import current_user, jwt_required

from .. import permissions as perm
from ..errors import NotFound
from ..extensions import db
from ..models import Brand, Module
from ..schemas import BrandSchema, item_of
from ..services import brand as brands
from ..services import modules, storage
from . import doc

bp = Blueprint("brand", __name__, url_prefix="/api/brand")


def _present(module, brand):
    if brand is None:
        return None
    brand._links = perm.brand_links(module, brand, perm.rights(current_user, module))
    return BrandSchema().dump(brand)


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
    brand = db.session.get(Brand, brand_id)
    module = db.session.get(Module, brand.module_id) if brand else None
    if module is None or not perm.rights(current_user, module).view or not brand.logo:
        raise NotFound("Logo not found")
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
