"""Memberships (spec §7 Deliverable and members)."""
from flask import Blueprint
from flask_jwt_extended import current_user, jwt_required

from ..schemas import ModuleSummarySchema, list_of
from ..services import modules
from . import doc

bp = Blueprint("membership", __name__, url_prefix="/api/membership")


@bp.get("/list-entry-modules")
@jwt_required()
@doc("The portals (entry modules) the user can reach; a superuser sees all", response=list_of(ModuleSummarySchema))
def list_entry_modules():
    return {"list": ModuleSummarySchema(many=True).dump(modules.entry_modules(current_user))}


def blueprints():
    return [bp]
