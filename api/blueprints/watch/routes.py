"""Watching a module (its subtree unless a child is unwatched): the module header's Watch/Unwatch toggle."""
from flask import Blueprint
from flask_jwt_extended import current_user, jwt_required

from ... import links
from ... import permissions as perm
from ...links import Ctx
from ...schemas import item_of
from ...services import modules
from ...services.events import watching
from .. import doc
from .schemas import WatchSchema

bp = Blueprint("watch", __name__, url_prefix="/api/watch")


def _answer(module, summary):
    r = perm.rights(current_user, module)
    return {"item": {**summary, "links": links.of("module", Ctx(current_user, module, r, watching=summary["watching"]),
                                                  only=("watch", "unwatch"))}}


@bp.post("/watch/<int:module_id>")
@jwt_required()
@doc("Watch the module and what is below it (notifications about their changes)", response=item_of(WatchSchema))
def watch(module_id):
    module = modules.visible_module(current_user, module_id, "watch")
    return _answer(module, watching.watch(current_user, module))


@bp.post("/unwatch/<int:module_id>")
@jwt_required()
@doc("Stop watching the module (also a watch inherited from an ancestor, for this subtree)",
     response=item_of(WatchSchema))
def unwatch(module_id):
    module = modules.visible_module(current_user, module_id, "watch")
    return _answer(module, watching.unwatch(current_user, module))


def blueprints():
    return [bp]
