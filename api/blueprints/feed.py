from flask import Blueprint, request
from flask_jwt_extended import current_user, jwt_required

from ..schemas import FeedEntrySchema, list_of
from ..services import feed, modules
from . import doc

bp = Blueprint("feed", __name__, url_prefix="/api/feed")


@bp.get("/list/<int:module_id>")
@jwt_required()
@doc("Activity of a module and its subtree, newest first", response=list_of(FeedEntrySchema),
     query={"limit": "at most this many entries (1-500, default 100)", "before": "entries older than this id"})
def list_(module_id):
    module = modules.visible_module(current_user, module_id)
    limit = min(max(request.args.get("limit", 100, type=int) or 100, 1), 500)
    before = request.args.get("before", None, type=int)
    if before is not None and not 0 < before < 2**31:
        before = None
    return {"list": FeedEntrySchema(many=True).dump(feed.list_for(module, limit, before))}


def blueprints():
    return [bp]
