"""Time tracking (issue 45): time logged on a module (by whoever may log time there: permissions.log_time_error),
listed on its subtree for its viewers, changed by its person or an admin of the portal until its month is approved;
the signed-in user's running timer; a portal's effort settings (its admins)."""
import re

from flask import Blueprint, Response, request
from flask_jwt_extended import current_user, jwt_required

from ...errors import BadRequest
from ...forms import LONGER, describe, paging, parse, query_date, query_int
from ...forms.time import TimeEntryEditForm, TimeEntryForm, TimeSettingsForm, without_person
from ...i18n import N_, _
from ...schemas import FormSchema, MessageSchema, item_of
from ...transactions import writes
from ...services import modules, time_entries, timers
from .. import doc, paging_query
from .schemas import (TimeEntryPageSchema, TimeEntrySchema, TimerItemSchema, TimerStartSchema,
                      TimeSettingsPageSchema, TimeSettingsSchema)

bp = Blueprint("time", __name__, url_prefix="/api/time")

FORMATS = ("json", "csv", "xlsx")
MIMETYPES = {"csv": "text/csv", "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"}


# --- entries -------------------------------------------------------------------------------------------------

@bp.get("/add/<int:module_id>")
@jwt_required()
@writes  # the portal's activities are made on first use: on SQLite a read-then-write holds the write lock from the start
@doc("The form to log time on the module (`userId`: only for an admin of the portal, who may log it for a member)",
     response=FormSchema)
def add_form(module_id):
    module = time_entries.loggable(current_user, module_id)
    admin = time_entries.may_log_for_others(current_user, module)
    options = time_entries.form_options(current_user, module, admin)
    first = options["activityId"][0][0] if options["activityId"] else None
    values = {"day": time_entries.today(), "activityId": first}
    if admin:
        values["userId"] = current_user.id
    return describe(TimeEntryForm if admin else without_person(), f"/api/time/add/{module_id}", "POST",
                    values=values, options=options, user=current_user)


@bp.post("/add/<int:module_id>")
@jwt_required()
@doc("Log time on the module: day (today when blank), duration ('1.5', '1:30', '90m'...), activity, note; a day "
     "holds at most 24 hours over every module (422), an approved month none more (423); `userId` of someone else: "
     "a portal admin only (403)", response=item_of(TimeEntrySchema), form=TimeEntryForm)
def add(module_id):
    module = time_entries.loggable(current_user, module_id)
    action = f"/api/time/add/{module_id}"
    data = parse(TimeEntryForm, action, current_user,
                 options={"activityId": time_entries.activity_options(time_entries.portal_of(module))})
    return {"item": time_entries.add(current_user, module, data)}


_SAFE_NAME = re.compile(r"[^\w-]+")


def _export(module, fmt, rows):
    """The list as a CSV or XLSX file (services/effort.py writes them)."""
    from ...services import effort
    made = effort.entries_csv(rows) if fmt == "csv" else effort.entries_xlsx(rows)
    if isinstance(made, Response):
        return made
    name = _SAFE_NAME.sub("-", module.name).strip("-")[:60] or "time"
    return Response(made, mimetype=MIMETYPES[fmt],
                    headers={"Content-Disposition": f'attachment; filename="time-{name}.{fmt}"'})


@bp.get("/list/<int:module_id>")
@jwt_required()
@doc("A page of the time logged on the module's subtree (the module included), newest day first, with the total "
     "of every page (?format=csv|xlsx: every row the filters match, as a file)", response=TimeEntryPageSchema,
     query=paging_query(time_entries.SORTS, user="a person's id: their time only",
                        activity="an activity's id (of the module's portal)", **{"from": "from this day (YYYY-MM-DD)",
                                                                                 "to": "to this day (YYYY-MM-DD)"},
                        format="json (default), csv or xlsx"), binary=None)
def list_(module_id):
    fmt = request.args.get("format", "").strip() or "json"
    if fmt not in FORMATS:
        raise BadRequest(N_("Unknown format"), errors={"format": [_("One of %(values)s", values=", ".join(FORMATS))]})
    page, filters = paging(time_entries.SORTS, default_sort="-day", user=query_int, activity=query_int,
                           **{"from": query_date, "to": query_date})
    module = modules.visible_module(current_user, module_id)
    if fmt != "json":
        return _export(module, fmt, time_entries.export_rows(current_user, module, page, filters))
    rows, total, minutes = time_entries.listing(current_user, module, page, filters)
    return {"list": rows, "meta": {"page": page.page, "perPage": page.per_page, "total": total},
            "totalMinutes": minutes, "totalHours": time_entries.hours(minutes)}


@bp.get("/edit/<int:entry_id>")
@jwt_required()
@writes  # (as the add form: the activities may be made here)
@doc("The form to change a time entry (its person, or an admin of its portal; 423 once its month is approved)",
     response=FormSchema)
def edit_form(entry_id):
    e, _module = time_entries.get(current_user, entry_id)
    return describe(TimeEntryEditForm, f"/api/time/edit/{entry_id}", "POST", values=time_entries.edit_values(e),
                    options={"activityId": time_entries.activity_options(e.portal_id, keep=e.activity_id)},
                    user=current_user, version=e.version)


@bp.post("/edit/<int:entry_id>")
@jwt_required()
@doc("Change a time entry's day, time, activity or note (a portal admin's change of someone else's is written to "
     "the module's feed; a stale `_version` answers 409)", response=item_of(TimeEntrySchema), form=TimeEntryEditForm)
def edit(entry_id):
    e, module = time_entries.get(current_user, entry_id)
    data = parse(TimeEntryEditForm, f"/api/time/edit/{entry_id}", current_user,
                 options={"activityId": time_entries.activity_options(e.portal_id, keep=e.activity_id)})
    return {"item": time_entries.edit(current_user, e, module, data)}


@bp.route("/delete/<int:entry_id>", methods=["DELETE"])
@jwt_required()
@doc("Delete a time entry (its person, or an admin of its portal; 423 once its month is approved)",
     response=MessageSchema)
def delete(entry_id):
    e, module = time_entries.get(current_user, entry_id)
    time_entries.delete(current_user, e, module)
    return {"message": _("Time entry deleted")}


# --- the timer -----------------------------------------------------------------------------------------------

@bp.get("/timer")
@jwt_required()
@doc("The signed-in user's running timer (null when none runs)", response=TimerItemSchema)
def timer():
    return {"item": timers.current(current_user)}


def _timer_note():
    """The optional `note` of a timer call (the query string's: these calls take no body)."""
    note = request.args.get("note")
    if note is not None and len(note) > time_entries.MAX_NOTE:
        raise BadRequest(LONGER[time_entries.MAX_NOTE], errors={"note": [LONGER[time_entries.MAX_NOTE]]})
    return note.strip() if note is not None else None


TIMER_NOTE = {"note": "what the time is spent on (at most 2,000 characters)"}


@bp.post("/timer/start/<int:module_id>")
@jwt_required()
@doc("Start a timer on the module (where the user may log time; `?note=`); a timer that was running is stopped "
     "first, its time saved (`saved`)", response=TimerStartSchema, query=TIMER_NOTE)
def timer_start(module_id):
    module = time_entries.loggable(current_user, module_id)
    item, saved = timers.start(current_user, module, _timer_note())
    return {"item": item, "saved": saved}


@bp.post("/timer/stop")
@jwt_required()
@doc("Stop the running timer: its time (rounded up to the minute) becomes an entry of the day it started, cut to "
     "what that day still holds (422 when it is full); `?note=` replaces the timer's", response=item_of(TimeEntrySchema),
     query=TIMER_NOTE)
def timer_stop():
    return {"item": timers.stop(current_user, _timer_note())}


@bp.route("/timer", methods=["DELETE"])
@jwt_required()
@doc("Discard the running timer (nothing is saved)", response=MessageSchema)
def timer_discard():
    timers.discard(current_user)
    return {"message": _("Timer discarded")}


# --- a portal's effort settings ------------------------------------------------------------------------------

@bp.get("/settings/<int:module_id>")
@jwt_required()
@doc("The portal's effort settings form (activities, hours per person-month, reporting periods) with the settings "
     "as they are (`item`); its admins", response=TimeSettingsPageSchema)
def settings_form(module_id):
    portal = modules.visible_module(current_user, module_id, "effort_settings")
    values, row = time_entries.settings_values(portal.id)
    out = describe(TimeSettingsForm, f"/api/time/settings/{module_id}", "PUT", values=values, user=current_user,
                   version=row.version if row is not None else None)
    out["item"] = time_entries.settings(portal.id)
    return out


@bp.route("/settings/<int:module_id>", methods=["POST", "PUT"])
@jwt_required()
@doc("Save the portal's effort settings (a removed activity stays on the time logged with it; periods one a line, "
     "'M1-M18', not overlapping)", response=item_of(TimeSettingsSchema), form=TimeSettingsForm)
def settings(module_id):
    portal = modules.visible_module(current_user, module_id, "effort_settings")
    data = parse(TimeSettingsForm, f"/api/time/settings/{module_id}", current_user)
    return {"item": time_entries.save_settings(current_user, portal, data)}


def blueprints():
    return [bp]
