"""My work, the calendar's items and the board's swimlanes (issue 44): reads of the signed-in user's work across
portals, and of a module's subtree for the calendar and the board."""
from flask import Blueprint, request
from flask_jwt_extended import current_user, jwt_required

from ...errors import BadRequest
from ...forms import flag, query_date, query_id
from ...i18n import N_, _
from ...services import board_lanes, calendar_items, modules
from ...services import my_work as work
from .. import doc
from .schemas import CalendarItemsSchema, LanesSchema, MyWorkSchema

my_work_bp = Blueprint("my_work", __name__, url_prefix="/api")
calendar_bp = Blueprint("calendar", __name__, url_prefix="/api/calendar")
board_bp = Blueprint("board", __name__, url_prefix="/api/board")

DATE = {"type": "string", "format": "date"}
CALENDAR_QUERY = {
    "from": {"description": "the first day of the range (YYYY-MM-DD)", "required": True, "schema": DATE},
    "to": {"description": f"the last day of the range (YYYY-MM-DD), on or after `from`; at most "
                          f"{calendar_items.MAX_DAYS} days in all", "required": True, "schema": DATE},
    "module": "the items below this module (its id) instead of the user's own in every portal",
    "mine": "1: below `module`, only the user's own",
}


@my_work_bp.get("/my-work")
@jwt_required()
@doc("The signed-in user's open tasks in every portal (deliverable owned, not done, in modules they may view), in "
     "groups (overdue, this week, later, blocked; each its first 100 and its total), and their unread mentions",
     response=MyWorkSchema)
def my_work():
    return work.load(current_user)


def _range():
    """(from, to, mine) of the query: 400 naming each bad parameter."""
    errors, days = {}, {}
    for name in ("from", "to"):
        try:
            days[name] = query_date(request.args.get(name, "").strip())
        except ValueError as e:
            errors[name] = [str(e)]
    if not errors and days["to"] < days["from"]:
        errors["to"] = [N_("Must be on or after from")]
    elif not errors and calendar_items.span_days(days["from"], days["to"]) > calendar_items.MAX_DAYS:
        errors["to"] = [_("The range is at most %(days)s days long", days=calendar_items.MAX_DAYS)]
    mine = False
    try:
        mine = flag(request.args.get("mine", "0").strip() or "0")
    except ValueError as e:
        errors["mine"] = [str(e)]
    if errors:
        raise BadRequest(N_("Bad list parameters"), errors=errors)
    return days["from"], days["to"], mine


@calendar_bp.get("/items")
@jwt_required()
@doc("The calendar's items: modules whose deliverable has a start date, deadline or completion date in the range; "
     "the user's own in every portal, or those below `module` that the user may view (`mine=1`: their own there); "
     "at most 1,000 (truncated: more)", response=CalendarItemsSchema, query=CALENDAR_QUERY)
def items():
    since, until, mine = _range()
    module_id = query_id("module")
    module = modules.visible_module(current_user, module_id) if module_id else None
    return calendar_items.items(current_user, since, until, module, mine)


@board_bp.get("/lanes/<int:module_id>")
@jwt_required()
@doc("The board's swimlanes: the picklist fields that apply to the module's subtree and the user sees; with `field`, "
     "that field and its value on each module below the module that the user may view", response=LanesSchema,
     query={"field": "a field of the list (its id): its values"})
def lanes(module_id):
    field_id = query_id("field")
    module = modules.visible_module(current_user, module_id)
    if field_id is None:
        return board_lanes.fields(current_user, module)
    return board_lanes.values(current_user, module, field_id)


def blueprints():
    return [my_work_bp, calendar_bp, board_bp]
