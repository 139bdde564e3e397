from flask import Blueprint
from flask_jwt_extended import current_user, jwt_required

from ...forms import paging, query_id
from ...presenting import page_meta
from ...services import feed, modules
from .. import doc, paging_query
from ...schemas import paged_of
from .schemas import FeedEntrySchema

bp = Blueprint("feed", __name__, url_prefix="/api/feed")


@bp.get("/list/<int:module_id>")
@jwt_required()
@doc("A page of the activity of a module and its subtree, newest first (sort=id: oldest first)",
     response=paged_of(FeedEntrySchema),
     query=paging_query(feed.SORTS, before="entries older than this id"))
def list_(module_id):
    module = modules.visible_module(current_user, module_id)
    page, _ = paging(feed.SORTS, "-id")
    rows, total = feed.list_for(module, page, query_id("before"), current_user)
    return {"list": rows, "meta": page_meta(page.page, page.per_page, total)}


def blueprints():
    return [bp]
