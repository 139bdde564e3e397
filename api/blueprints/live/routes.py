"""Live updates: subscribe tickets for the browser's EventSource, and the question nginx asks before nchan lets a
subscriber in (services/events/live.py)."""
from flask import Blueprint, request
from flask_jwt_extended import current_user, jwt_required

from ...errors import Forbidden
from ...schemas import MessageSchema, item_of
from ...services import modules
from ...services.events import live
from ...transactions import writes
from .. import doc
from .schemas import TicketSchema

bp = Blueprint("live", __name__, url_prefix="/api/live")


@bp.get("/ticket/<int:module_id>")
@jwt_required()
@doc("A short-lived ticket to the module's live channel (an EventSource url)", response=item_of(TicketSchema))
def ticket(module_id):
    module = modules.visible_module(current_user, module_id, "watch")
    return {"item": live.ticket(current_user, live.channel_of_module(module.id))}


@bp.get("/ticket")
@jwt_required()
@doc("A short-lived ticket to the signed-in user's own channel (the bell)", response=item_of(TicketSchema))
def user_ticket():
    return {"item": live.ticket(current_user, live.channel_of_user(current_user.id))}


@bp.get("/authorize")
@writes
@doc("nginx (auth_request) asks whether a subscriber may in: 200 when the ticket of the original URI "
     "(X-Original-URI) is genuine, fresh, and its user may view the module now, with the listener's own nchan "
     "channel in X-Live-Channel; else 403. Not reachable through nginx from outside.", response=MessageSchema,
     public=True)
def authorize():
    channel = live.authorize(request.headers.get("X-Original-URI", ""))
    if channel is None:
        raise Forbidden("No valid ticket for this channel")
    # nginx subscribes the stream to this listener's own nchan channel (auth_request_set).
    return {"message": "ok"}, 200, {"X-Live-Channel": channel}


def blueprints():
    return [bp]
