"""Timesheets (issue 45): a person's week in a portal as a grid of modules × days, saved a cell at a time; the month
submitted, then approved (its time locked: `time_entries.is_locked` reads the sheet) or returned with a comment by
the portal's admins or supervisors (never by the person themselves); the approvers' list of months; and the month as
a printable PDF (A4 landscape, fpdf2).

Reads cost a fixed number of queries whatever the number of rows. The week: the portal, the reader's memberships,
where they lie (a member below the portal; for another's week the supervisor's flag and the person), the entries
grouped by module and day, the modules, their ancestors' names, the months' sheets. The months list: the portal,
the memberships, where they lie or the supervisor's flag, the sheets with their people, the months' totals. The
PDF: the sheet, its portal, the rights, its person and decider, the entries, the modules and names, the
organisation."""
import datetime as dt
import re
import unicodedata
from types import SimpleNamespace

from sqlalchemy import exists, func, or_, select
from sqlalchemy.orm import aliased

from .. import links
from .. import permissions as perm
from ..errors import BadRequest, Conflict, Forbidden, Invalid, NotFound
from ..extensions import db, read_rows
from ..i18n import N_, _
from ..links import Ctx
from ..models import Deliverable, Membership, Module, TimeEntry, Timesheet, User
from ..models.base import utcnow
from ..models.module import path_ids, path_under
from ..transactions import lock_row
from . import feed, time_entries
from .modules import real
from .sentences import said

WEEK = re.compile(r"([0-9]{4})-W([0-9]{2})")
STATES = ("SUBMITTED", "APPROVED", "RETURNED")
LOOKBACK_DAYS = 28  # a week starts with the rows of the modules logged on in the four weeks before it
TRAIL_SEP = " › "


# --- small pieces ------------------------------------------------------------------------------------------------

def hours(minutes):
    return time_entries.hours(minutes)


def month_key(d):
    return f"{d.year:04d}-{d.month:02d}"


def month_start(text):
    """'2026-03' -> date(2026, 3, 1)."""
    year, month = text.split("-")
    return dt.date(int(year), int(month), 1)


def month_end(first):
    """The first day of the next month."""
    return dt.date(first.year + (first.month == 12), first.month % 12 + 1, 1)


def parse_week(raw):
    """'2026-W48' -> its Monday; blank: this week's. 400 when it is no ISO week."""
    if not raw:
        today = time_entries.today()
        return today - dt.timedelta(days=today.weekday())
    m = WEEK.fullmatch(raw.strip())
    try:
        if m is None:
            raise ValueError(raw)
        monday = dt.date.fromisocalendar(int(m.group(1)), int(m.group(2)), 1)
    except ValueError:
        raise BadRequest(N_("Bad list parameters"), errors={"week": [N_("A week as YYYY-Www, e.g. 2026-W48")]}) \
            from None
    return monday


def week_name(monday):
    year, week, _ = monday.isocalendar()
    return f"{year:04d}-W{week:02d}"


def get_portal(portal_id):
    """The portal (a level-1 module) of that id: 404 otherwise (the reader's right is checked by the caller)."""
    portal = db.session.get(Module, portal_id)
    if portal is None or portal.level != 1:
        raise NotFound(N_("Portal not found"))
    return portal


def _require_works_in(user, portal):
    if not perm.works_in(user, portal):
        raise NotFound(N_("Portal not found"))


def _in_portal(portal):
    """SQL: the user (`User.id`) is a person of the portal: a membership on it, above it or in it, or time
    logged in it."""
    member = select(Membership.id).join(Module, Module.id == Membership.module_id).where(
        Membership.user_id == User.id,
        or_(Membership.module_id.in_(path_ids(portal.path)), path_under(Module.path, portal.path)))
    logged = select(TimeEntry.id).where(TimeEntry.user_id == User.id, TimeEntry.portal_id == portal.id)
    return or_(exists(member), exists(logged))


def person_of(user, portal, person_id):
    """The person whose week or month is asked for: the reader (no query), or a person of the portal (404)."""
    if person_id is None or person_id == user.id:
        return user
    person = db.session.scalars(select(User).where(User.id == person_id, _in_portal(portal))).first()
    if person is None:
        raise NotFound(N_("Person not found"))
    return person


def _trails(module_ids):
    """{module id: module (id, name, path, level, owner_id: its deliverable's owner, trail)}, the trail the names
    from the project (level 2) down: two queries (the modules, then their ancestors' names), whatever the number."""
    if not module_ids:
        return {}
    mods = read_rows(select(Module.id, Module.name, Module.path, Module.level, Deliverable.owner_id)
                     .outerjoin(Deliverable, Deliverable.module_id == Module.id)
                     .where(Module.id.in_(sorted(module_ids)))).all()
    above = {a for m in mods for a in path_ids(m.path)[2:-1]}
    names = dict(read_rows(select(Module.id, Module.name).where(Module.id.in_(sorted(above)))).all()) \
        if above else {}
    out = {}
    for m in mods:
        parts = [names.get(a, "") for a in path_ids(m.path)[2:-1]] + [m.name]
        out[m.id] = SimpleNamespace(id=m.id, name=m.name, path=m.path, level=m.level, owner_id=m.owner_id,
                                    trail=TRAIL_SEP.join(p for p in parts if p))
    return out


def _sheets(person_id, portal_id, firsts):
    """{first day of the month: sheet} of the person's months among `firsts` (one query)."""
    if not firsts:
        return {}
    rows = db.session.scalars(select(Timesheet).where(Timesheet.user_id == person_id,
                                                      Timesheet.portal_id == portal_id,
                                                      Timesheet.month.in_(sorted(firsts)))).all()
    return {s.month: s for s in rows}


# --- the week --------------------------------------------------------------------------------------------------

def week(user, portal, monday, person_id=None):
    """One person's week in the portal (see the module's docstring): rows of modules × the week's days."""
    user = real(user)
    if person_id not in (None, user.id):
        if perm.week_error(user, portal, person_id) is not None:
            raise NotFound(N_("Person not found"))
    else:
        _require_works_in(user, portal)
    person = person_of(user, portal, person_id)
    days = [monday + dt.timedelta(days=i) for i in range(7)]
    since, until = monday - dt.timedelta(days=LOOKBACK_DAYS), days[-1]
    q = select(TimeEntry.module_id, TimeEntry.day, func.count(TimeEntry.id), func.sum(TimeEntry.minutes)) \
        .where(TimeEntry.user_id == person.id, TimeEntry.portal_id == portal.id, TimeEntry.day >= since,
               TimeEntry.day <= until).group_by(TimeEntry.module_id, TimeEntry.day)
    logged = read_rows(q).all()
    modules = _trails({mid for mid, *_ in logged})
    sheets = _sheets(person.id, portal.id, {d.replace(day=1) for d in days})
    locked = {d: _locked(sheets.get(d.replace(day=1))) for d in days}
    cells = {}
    for mid, day, n, minutes in logged:
        if monday <= day <= until:
            cells[(mid, day)] = (int(minutes or 0), n)
    may_edit = perm.cell_error(user, portal, person.id) is None
    rows = []
    for mid, m in modules.items():
        row_cells = {}
        for d in days:
            minutes, n = cells.get((mid, d), (0, 0))
            row_cells[d.isoformat()] = {"minutes": minutes, "entries": n, "locked": locked[d]}
        total = sum(c["minutes"] for c in row_cells.values())
        rows.append({"module": {"id": m.id, "name": m.name, "trail": m.trail}, "cells": row_cells,
                     "totalMinutes": total, "totalHours": hours(total),
                     "editable": may_edit and _may_log(user, person, portal, m)})
    rows.sort(key=lambda r: (r["module"]["trail"].casefold(), r["module"]["id"]))
    day_totals = {d.isoformat(): sum(r["cells"][d.isoformat()]["minutes"] for r in rows) for d in days}
    total = sum(day_totals.values())
    c = Ctx(user, portal, perm.rights(user, portal), person)
    week_links = links.of("timesheet_week", c)
    if "cell" in week_links:
        week_links["cell"] = {**week_links["cell"], "method": week_links["cell"]["operation"]}
    months = []
    for first in sorted({d.replace(day=1) for d in days}):
        s = sheets.get(first)
        month = SimpleNamespace(month=first, state=s.state if s else None, user_id=person.id)
        months.append({"month": month_key(first), "state": month.state, "comment": s.comment if s else "",
                       "links": links.of("timesheet_month", Ctx(user, portal, c.r, month))})
    return {"user": {"id": person.id, "name": person.name}, "portalId": portal.id, "week": week_name(monday),
            "days": [d.isoformat() for d in days], "rows": rows,
            "dayTotals": day_totals, "totalMinutes": total, "totalHours": hours(total), "months": months,
            "links": week_links}


def _locked(sheet):
    return sheet is not None and sheet.state == "APPROVED"


def _may_log(user, person, portal, module):
    """Whether the reader may set the person's cells on this module (a portal admin may for anyone). No query."""
    if person.id != user.id:
        return perm.portal_admin(user, portal)
    return perm.log_time_error(user, module, owner_id=module.owner_id) is None


# --- a cell ----------------------------------------------------------------------------------------------------

def save_cell(user, portal, data):
    """Set the person's time on a module and day to `minutes` (0 deletes): one entry there is changed, none is
    made (the portal's first active activity), several are a 409. The rules of the entry form (time_entries): one's
    own cells where one may log time, anyone's for a portal admin (403 for others); a day of at most 24 hours (422);
    an approved month is locked (423). Returns the cell, the person's day total in the portal and the row's total
    over the day's week."""
    user = real(user)
    _require_works_in(user, portal)
    module = db.session.get(Module, data["moduleId"])
    if module is None or not module.path.startswith(portal.path):
        raise NotFound(N_("Module not found"))
    person_id = data.get("user") or user.id
    if person_id == user.id:
        person = user
        err = perm.log_time_error(user, module)
        if err is NotFound:
            raise NotFound(N_("Module not found"))
        if err is not None:
            raise err(N_("You may not log time on this module"))
    else:
        perm.require(user, module, "view")
        if perm.cell_error(user, portal, person_id) is not None:
            raise Forbidden(time_entries.FOR_OTHERS)
        if person_id not in {uid for uid, _ in time_entries.log_candidates(module)}:
            raise Invalid(errors={"user": [N_("Please choose one of the options")]})
        person = db.session.get(User, person_id)
    day, minutes = data["day"], data["minutes"]
    problem = time_entries.day_error(day)
    if problem:
        raise Invalid(errors={"day": [problem]})
    time_entries.check_open(person.id, portal.id, day)
    lock_row(User, person.id)  # two saves of one person's cells at once: one after the other (PostgreSQL)
    there = db.session.scalars(select(TimeEntry).where(TimeEntry.user_id == person.id,
                                                       TimeEntry.module_id == module.id, TimeEntry.day == day)
                               .order_by(TimeEntry.id).execution_options(populate_existing=True)).all()
    if len(there) > 1:
        raise Conflict(N_("Several entries on this day: edit them in the list"))
    entry = there[0] if there else None
    if minutes:
        time_entries.check_day(person.id, day, minutes, exclude_id=entry.id if entry else None, field="minutes")
    if entry is None and minutes:
        first = time_entries.first_activity(portal.id)
        time_entries.create(user, module, person, day, minutes, first.id if first else None)
    elif entry is not None and entry.minutes != minutes:
        _correction(user, person, module, entry, minutes)
        if minutes:
            entry.minutes = minutes
        else:
            db.session.delete(entry)
    db.session.flush()
    monday = day - dt.timedelta(days=day.weekday())
    mine = TimeEntry.user_id == person.id
    day_total, row_total, n, cell = db.session.execute(select(
        select(func.coalesce(func.sum(TimeEntry.minutes), 0))
        .where(mine, TimeEntry.portal_id == portal.id, TimeEntry.day == day).scalar_subquery(),
        select(func.coalesce(func.sum(TimeEntry.minutes), 0))
        .where(mine, TimeEntry.module_id == module.id, TimeEntry.day >= monday,
               TimeEntry.day <= monday + dt.timedelta(days=6)).scalar_subquery(),
        select(func.count(TimeEntry.id)).where(mine, TimeEntry.module_id == module.id, TimeEntry.day == day)
        .scalar_subquery(),
        select(func.coalesce(func.sum(TimeEntry.minutes), 0))
        .where(mine, TimeEntry.module_id == module.id, TimeEntry.day == day).scalar_subquery())).one()
    db.session.commit()
    return {"cell": {"minutes": int(cell), "entries": int(n), "locked": False}, "dayTotal": int(day_total),
            "rowTotal": int(row_total)}


def _correction(user, person, module, entry, minutes):
    """A portal admin's change of someone else's cell, in the module's feed (as the entry form writes it)."""
    if person.id == user.id:
        return
    before = {"day": entry.day.isoformat(), "minutes": entry.minutes, "activityId": entry.activity_id,
              "note": entry.note}
    if minutes:
        feed.record(user, module, "edit", "time",
                    said(N_("Corrected the time of %(name)s on %(day)s"), name=person.name, day=before["day"]),
                    item=entry.id, data={"user": person.id, "before": before, "after": {**before, "minutes": minutes},
                                         "changed": ["minutes"]})
    else:
        feed.record(user, module, "delete", "time",
                    said(N_("Deleted %(hours)s h of %(name)s on %(day)s"), hours=hours(entry.minutes),
                         name=person.name, day=before["day"]),
                    item=entry.id, data={"user": person.id, "before": before})


# --- months: submitted, approved, returned -----------------------------------------------------------------------

def submit(user, portal, data):
    """The person submits their month (a portal admin may for a person of the portal): SUBMITTED, again after a
    return; an approved month is 409."""
    user = real(user)
    _require_works_in(user, portal)
    person_id = data.get("user") or user.id
    if person_id != user.id:
        err = perm.cell_error(user, portal, person_id)
        if err is not None:
            raise err(N_("Only the person or an admin of the portal submits a month"))
        person = db.session.scalars(select(User).where(User.id == person_id, _in_portal(portal))).first()
        if person is None:
            raise Invalid(errors={"user": [N_("Please choose one of the options")]})
    else:
        person = user
    first = month_start(data["month"])
    if first < time_entries.EARLIEST:
        raise Invalid(errors={"month": [N_("A month from 2000-01")]})
    if first > time_entries.today():
        raise Invalid(errors={"month": [N_("A month can be submitted once it has begun")]})
    sheet = db.session.scalars(select(Timesheet).where(Timesheet.user_id == person.id,
                                                       Timesheet.portal_id == portal.id,
                                                       Timesheet.month == first)).first()
    if sheet is not None and sheet.state == "APPROVED":
        raise Conflict(N_("This month is approved already"))
    if sheet is None:
        sheet = Timesheet(user_id=person.id, portal_id=portal.id, month=first)
        db.session.add(sheet)
    sheet.state, sheet.submitted, sheet.decided_by, sheet.decided = "SUBMITTED", utcnow(), None, None
    db.session.flush()
    feed.record(user, portal, "submit", "timesheet",
                said(N_("Submitted the timesheet of %(person)s for %(month)s"), person=person.name,
                     month=month_key(first)),
                item=sheet.id, data={"user": person.id, "month": month_key(first)})
    db.session.commit()
    return present_one(user, portal, sheet)


def get_sheet(user, sheet_id, action="view"):
    """(sheet, portal) when the user may do `action` on it: 404 when they may not see it, 403 when they see it
    but may not decide it (their own, or not a decider)."""
    user = real(user)
    sheet = db.session.get(Timesheet, sheet_id)
    portal = db.session.get(Module, sheet.portal_id) if sheet is not None else None
    if sheet is None or portal is None:
        raise NotFound(N_("Timesheet not found"))
    err = perm.sheet_error(user, portal, sheet, action)
    if err is NotFound:
        raise NotFound(N_("Timesheet not found"))
    if err is not None:
        raise Forbidden(N_("Nobody decides their own timesheet") if sheet.user_id == user.id
                        else N_("Only the portal's admins and supervisors decide timesheets"))
    return sheet, portal


def decide(user, sheet, portal, approve, comment=""):
    """Approve a submitted month (its time is locked) or return a submitted or approved one with a comment (open
    again). 409 when the month is not in a state that can be so decided."""
    user = real(user)
    lock_row(Timesheet, sheet.id)  # a decision at the same moment waits, then sees this one's
    db.session.refresh(sheet)
    if approve and sheet.state != "SUBMITTED":
        raise Conflict(N_("Only a submitted month can be approved"))
    if not approve and sheet.state not in ("SUBMITTED", "APPROVED"):
        raise Conflict(N_("Only a submitted or approved month can be returned"))
    sheet.state = "APPROVED" if approve else "RETURNED"
    sheet.comment = (comment or "").strip()
    sheet.decided_by, sheet.decided = user.id, utcnow()
    person = db.session.get(User, sheet.user_id)
    name = person.name if person is not None else ""
    sentence = N_("Approved the timesheet of %(person)s for %(month)s") if approve \
        else N_("Returned the timesheet of %(person)s for %(month)s")
    feed.record(user, portal, "approve" if approve else "return", "timesheet",
                said(sentence, person=name, month=month_key(sheet.month)), item=sheet.id,
                data={"user": sheet.user_id, "month": month_key(sheet.month), "comment": sheet.comment})
    db.session.commit()
    return present_one(user, portal, sheet)


def _totals(portal_id, pairs):
    """{(user id, 'YYYY-MM'): minutes} of the (user, first day) pairs, in one query."""
    if not pairs:
        return {}
    users = sorted({u for u, _ in pairs})
    low, high = min(f for _, f in pairs), month_end(max(f for _, f in pairs))
    if db.session.get_bind().dialect.name == "postgresql":
        month = func.to_char(TimeEntry.day, "YYYY-MM")
    else:
        month = func.strftime("%Y-%m", TimeEntry.day)
    q = select(TimeEntry.user_id, month.label("m"), func.sum(TimeEntry.minutes)).where(
        TimeEntry.portal_id == portal_id, TimeEntry.user_id.in_(users), TimeEntry.day >= low,
        TimeEntry.day < high).group_by(TimeEntry.user_id, month)
    return {(u, m): int(n or 0) for u, m, n in read_rows(q)}


def _present(user, portal, r, sheet, person_name, decider_name, total, decides):
    c = Ctx(user, portal, r, sheet, decides=decides)
    return {"id": sheet.id, "user": {"id": sheet.user_id, "name": person_name}, "month": month_key(sheet.month),
            "state": sheet.state, "comment": sheet.comment, "submitted": sheet.submitted,
            "decidedBy": {"id": sheet.decided_by, "name": decider_name} if sheet.decided_by else None,
            "decided": sheet.decided, "totalMinutes": total, "totalHours": hours(total),
            "links": links.of("timesheet", c)}


def present_one(user, portal, sheet):
    person = db.session.get(User, sheet.user_id)
    decider = db.session.get(User, sheet.decided_by) if sheet.decided_by else None
    total = _totals(portal.id, [(sheet.user_id, sheet.month)]).get((sheet.user_id, month_key(sheet.month)), 0)
    return _present(user, portal, perm.rights(user, portal), sheet, person.name if person else "",
                    decider.name if decider else None, total, perm.decides_sheets(user, portal))


def months(user, portal, state=None, month=None, person_id=None):
    """The sheets of the portal the reader may decide (its admins and supervisors: everyone's) and the reader's
    own, newest month first; `state`, `month` ('YYYY-MM') and `person_id` narrow it."""
    user = real(user)
    _require_works_in(user, portal)
    decides = perm.decides_sheets(user, portal)
    person, decider = aliased(User), aliased(User)
    q = select(Timesheet, person.name, decider.name).join(person, person.id == Timesheet.user_id) \
        .outerjoin(decider, decider.id == Timesheet.decided_by).where(Timesheet.portal_id == portal.id)
    if not decides:
        q = q.where(Timesheet.user_id == user.id)
    if state:
        q = q.where(Timesheet.state.in_(state))
    if month is not None:
        q = q.where(Timesheet.month == month)
    if person_id is not None:
        q = q.where(Timesheet.user_id == person_id)
    q = q.order_by(Timesheet.month.desc(), person.name, Timesheet.id)
    rows = db.session.execute(q).all()
    totals = _totals(portal.id, [(s.user_id, s.month) for s, *_ in rows])
    r = perm.rights(user, portal)
    return [_present(user, portal, r, s, pname, dname, totals.get((s.user_id, month_key(s.month)), 0), decides)
            for s, pname, dname in rows]


# --- the month as a PDF ------------------------------------------------------------------------------------------

def month_grid(sheet):
    """The month's rows (modules × days, minutes), day totals and total of the sheet's person in its portal."""
    first = sheet.month
    days = [first + dt.timedelta(days=i) for i in range((month_end(first) - first).days)]
    q = select(TimeEntry.module_id, TimeEntry.day, func.sum(TimeEntry.minutes)).where(
        TimeEntry.user_id == sheet.user_id, TimeEntry.portal_id == sheet.portal_id, TimeEntry.day >= first,
        TimeEntry.day < month_end(first)).group_by(TimeEntry.module_id, TimeEntry.day)
    logged = read_rows(q).all()
    modules = _trails({mid for mid, *_ in logged})
    rows = {mid: {"trail": m.trail, "days": {}, "total": 0} for mid, m in modules.items()}
    for mid, day, minutes in logged:
        if mid in rows:
            rows[mid]["days"][day] = int(minutes or 0)
            rows[mid]["total"] += int(minutes or 0)
    ordered = sorted(rows.values(), key=lambda r: r["trail"].casefold())
    day_totals = {d: sum(r["days"].get(d, 0) for r in ordered) for d in days}
    return SimpleNamespace(days=days, rows=ordered, day_totals=day_totals, total=sum(day_totals.values()))


def filename(name, month):
    """'timesheet-<name>-YYYY-MM.pdf', the name in plain letters, digits and dashes."""
    plain = unicodedata.normalize("NFKD", name or "").encode("ascii", "ignore").decode()
    plain = re.sub(r"[^A-Za-z0-9]+", "-", plain).strip("-")[:60] or "person"
    return f"timesheet-{plain}-{month}.pdf"


def pdf(user, sheet, portal):
    """(bytes, filename) of the month's printable timesheet."""
    person = db.session.get(User, sheet.user_id)
    decider = db.session.get(User, sheet.decided_by) if sheet.decided_by else None
    grid = month_grid(sheet)
    name = person.name if person is not None else ""
    organisation = time_entries.organisation_of(person, portal) if person is not None else ""
    data = render(SimpleNamespace(portal=portal.name, person=name, organisation=organisation,
                                  month=month_key(sheet.month), grid=grid, state=sheet.state, comment=sheet.comment,
                                  decided_by=decider.name if decider else None, decided=sheet.decided,
                                  submitted=sheet.submitted))
    return data, filename(name, month_key(sheet.month))


# DejaVu Sans where the machine has it (every script the names may be in); else a core font and Latin-1.
FONT_DIRS = ("/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu", "/usr/share/fonts/TTF")
STATE_LABELS = {"SUBMITTED": N_("Submitted"), "APPROVED": N_("Approved"), "RETURNED": N_("Returned")}


def _fonts():
    import os
    for folder in FONT_DIRS:
        regular, bold = os.path.join(folder, "DejaVuSans.ttf"), os.path.join(folder, "DejaVuSans-Bold.ttf")
        if os.path.exists(regular) and os.path.exists(bold):
            return regular, bold
    return None


def _hours_text(minutes):
    """7.5, 8, 0.25: hours with at most two decimals; blank for none."""
    if not minutes:
        return ""
    return f"{minutes / 60:.2f}".rstrip("0").rstrip(".")


def _when(moment):
    return moment.strftime("%Y-%m-%d %H:%M UTC") if moment else ""


class _Sheet:
    """Draws the month on an A4 landscape page (more pages when the modules do not fit)."""

    NAME_W, TOTAL_W, ROW_H = 62.0, 14.0, 5.0

    def __init__(self, doc):
        from fpdf import FPDF
        self.doc = doc
        self.pdf = FPDF(orientation="L", unit="mm", format="A4")
        self.pdf.set_margins(10, 10, 10)
        self.pdf.set_auto_page_break(False)
        fonts = _fonts()
        if fonts:
            self.pdf.add_font("Sheet", "", fonts[0])
            self.pdf.add_font("Sheet", "B", fonts[1])
            self.family, self.unicode = "Sheet", True
        else:
            self.family, self.unicode = "helvetica", False
        self.day_w = (self.pdf.epw - self.NAME_W - self.TOTAL_W) / max(len(doc.grid.days), 1)

    def text(self, value):
        value = str(value or "")
        if self.unicode:
            return value
        return value.replace(TRAIL_SEP, " > ").encode("latin-1", "replace").decode("latin-1")

    def font(self, size, bold=False):
        self.pdf.set_font(self.family, "B" if bold else "", size)

    def fit(self, value, width):
        """The text cut with an ellipsis to fit `width`."""
        value = self.text(value)
        if self.pdf.get_string_width(value) <= width - 1:
            return value
        dots = "…" if self.unicode else "..."
        while value and self.pdf.get_string_width(value + dots) > width - 1:
            value = value[:-1]
        return value + dots

    def line(self, label, value, bold_value=False):
        p = self.pdf
        self.font(9, bold=True)
        p.cell(32, 5.5, self.text(label))
        self.font(9, bold=bold_value)
        p.multi_cell(0, 5.5, self.text(value), new_x="LMARGIN", new_y="NEXT")

    def heading(self):
        d, p = self.doc, self.pdf
        p.add_page()
        self.font(15, bold=True)
        p.cell(0, 8, self.text(_("Timesheet")), new_x="LMARGIN", new_y="NEXT")
        self.line(_("Portal"), d.portal)
        self.line(_("Person"), d.person)
        self.line(_("Organisation"), d.organisation or ("—" if self.unicode else "-"))
        self.line(_("Month"), d.month)
        p.ln(2)
        self.table_head()

    def table_head(self):
        p = self.pdf
        self.font(7, bold=True)
        p.set_fill_color(230, 230, 230)
        p.cell(self.NAME_W, self.ROW_H, self.text(_("Module")), border=1, fill=True)
        for day in self.doc.grid.days:
            p.set_fill_color(*((210, 210, 210) if day.weekday() >= 5 else (230, 230, 230)))
            p.cell(self.day_w, self.ROW_H, str(day.day), border=1, align="C", fill=True)
        p.set_fill_color(230, 230, 230)
        p.cell(self.TOTAL_W, self.ROW_H, self.text(_("Total")), border=1, align="C", fill=True,
               new_x="LMARGIN", new_y="NEXT")

    def row(self, label, cells, total, bold=False):
        p = self.pdf
        if p.will_page_break(self.ROW_H * 2):
            p.add_page()
            self.table_head()
        self.font(7, bold=bold)
        p.cell(self.NAME_W, self.ROW_H, self.fit(label, self.NAME_W), border=1)
        self.font(6.5, bold=bold)
        for day in self.doc.grid.days:
            p.set_fill_color(*((242, 242, 242) if day.weekday() >= 5 else (255, 255, 255)))
            p.cell(self.day_w, self.ROW_H, _hours_text(cells.get(day, 0)), border=1, align="C", fill=True)
        self.font(7, bold=True)
        p.cell(self.TOTAL_W, self.ROW_H, _hours_text(total) or "0", border=1, align="R",
               new_x="LMARGIN", new_y="NEXT")

    def approval(self):
        d, p = self.doc, self.pdf
        if p.will_page_break(60):
            p.add_page()
        p.ln(4)
        self.line(_("Total"), _("%(hours)s h", hours=_hours_text(d.grid.total) or "0"), bold_value=True)
        self.line(_("Status"), _(STATE_LABELS.get(d.state, d.state)))
        self.line(_("Submitted"), _when(d.submitted))
        if d.decided_by:
            label = _("Approved by") if d.state == "APPROVED" else _("Returned by")
            self.line(label, f"{d.decided_by}, {_when(d.decided)}")
        if d.comment:
            self.line(_("Comment"), d.comment)
        p.ln(10)
        self.font(8)
        width = (p.epw - 20) / 2
        y = p.get_y()
        for i, label in enumerate((_("Signature of the person"), _("Signature of the approver"))):
            x = p.l_margin + i * (width + 20)
            p.line(x, y + 8, x + width, y + 8)
            p.set_xy(x, y + 9)
            p.cell(width, 4, self.text(label))

    def render(self):
        d, p = self.doc, self.pdf
        p.set_title(self.text(_("Timesheet %(month)s: %(person)s", month=d.month, person=d.person)))
        p.set_author(self.text(d.person))
        p.set_creator("Portal")
        p.set_creation_date(utcnow().replace(tzinfo=dt.timezone.utc))
        self.heading()
        for r in d.grid.rows:
            self.row(r["trail"], r["days"], r["total"])
        self.row(_("Total"), d.grid.day_totals, d.grid.total, bold=True)
        self.approval()
        return bytes(p.output())


def render(doc):
    """The PDF's bytes: `doc` carries portal, person, organisation, month, grid (month_grid), state, comment,
    decided_by, decided, submitted."""
    return _Sheet(doc).render()
