"""Timesheets (issue 45): the week of a person in a portal, its cells saved one by one, months submitted and then
approved or returned by the portal's admins and supervisors, their list, and the month as a PDF."""
from flask import Blueprint, Response, request
from flask_jwt_extended import current_user, jwt_required

from ...errors import BadRequest
from ...forms import choice, parse, query_id
from ...forms.timesheets import MONTH, ApproveMonthForm, ReturnMonthForm, SubmitMonthForm, TimeCellForm
from ...i18n import N_
from ...schemas import item_of, list_of
from ...services import timesheets
from .. import doc
from .schemas import TimesheetCellSavedSchema, TimesheetSchema, TimesheetWeekSchema

bp = Blueprint("timesheet", __name__, url_prefix="/api/time")


@bp.get("/week/<int:portal_id>")
@jwt_required()
@doc("A person's week in the portal: a row per module they logged time on this week or in the four before, a "
     "cell per day, the totals and the months' states (?user=: another person, for the portal's admins and "
     "supervisors)", response=TimesheetWeekSchema,
     query={"week": "the ISO week, YYYY-Www (default this week)", "user": "whose week (default the reader's)"})
def week(portal_id):
    monday = timesheets.parse_week(request.args.get("week", ""))
    person = query_id("user")
    return timesheets.week(current_user, timesheets.get_portal(portal_id), monday, person)


@bp.post("/cell/<int:portal_id>")
@jwt_required()
@doc("Set a person's time on a module and day (0 deletes it): one entry there is changed, none is made, several "
     "are a 409", response=TimesheetCellSavedSchema, json=TimeCellForm)
def cell(portal_id):
    portal = timesheets.get_portal(portal_id)
    return timesheets.save_cell(current_user, portal, parse(TimeCellForm))


@bp.post("/month/<int:portal_id>")
@jwt_required()
@doc("Submit a month of the person's time in the portal for approval (again after it was returned)",
     response=item_of(TimesheetSchema), json=SubmitMonthForm)
def submit(portal_id):
    portal = timesheets.get_portal(portal_id)
    return {"item": timesheets.submit(current_user, portal, parse(SubmitMonthForm))}


def _month_arg():
    raw = request.args.get("month", "").strip()
    if not raw:
        return None
    if not MONTH.fullmatch(raw):
        raise BadRequest(N_("Bad list parameters"), errors={"month": [N_("A month as YYYY-MM")]})
    return timesheets.month_start(raw)


@bp.get("/months/<int:portal_id>")
@jwt_required()
@doc("The months of the portal the reader decides (its admins and supervisors: everyone's) and the reader's own, "
     "newest first", response=list_of(TimesheetSchema),
     query={"state": "one or more of SUBMITTED, APPROVED, RETURNED (comma-separated)", "month": "YYYY-MM",
            "user": "one person's"})
def months(portal_id):
    raw = request.args.get("state", "").strip()
    try:
        state = choice(*timesheets.STATES)(raw) if raw else None
    except ValueError as e:
        raise BadRequest(N_("Bad list parameters"), errors={"state": [str(e)]}) from None
    month, person = _month_arg(), query_id("user")
    portal = timesheets.get_portal(portal_id)
    return {"list": timesheets.months(current_user, portal, state, month, person)}


@bp.post("/month/approve/<int:sheet_id>")
@jwt_required()
@doc("Approve a submitted month: its time is locked", response=item_of(TimesheetSchema), json=ApproveMonthForm)
def approve(sheet_id):
    sheet, portal = timesheets.get_sheet(current_user, sheet_id, "decide")
    data = parse(ApproveMonthForm)
    return {"item": timesheets.decide(current_user, sheet, portal, True, data.get("comment", ""))}


@bp.post("/month/return/<int:sheet_id>")
@jwt_required()
@doc("Return a submitted (or approved) month to its person with a comment: its time is open again",
     response=item_of(TimesheetSchema), json=ReturnMonthForm)
def return_(sheet_id):
    sheet, portal = timesheets.get_sheet(current_user, sheet_id, "decide")
    data = parse(ReturnMonthForm)
    return {"item": timesheets.decide(current_user, sheet, portal, False, data["comment"])}


@bp.get("/month/pdf/<int:sheet_id>")
@jwt_required()
@doc("The month as a printable timesheet (PDF, A4 landscape)", binary="application/pdf")
def pdf(sheet_id):
    sheet, portal = timesheets.get_sheet(current_user, sheet_id, "view")
    data, name = timesheets.pdf(current_user, sheet, portal)
    return Response(data, mimetype="application/pdf",
                    headers={"Content-Disposition": f'attachment; filename="{name}"',
                             "Cache-Control": "private, no-store"})


def blueprints():
    return [bp]
