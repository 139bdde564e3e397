"""Issue 45: a project's effort plan and its effort report, and the spreadsheets of both and of a time list.

The plan: the person-months each organisation plans on each work package (a project's direct child), read and set
by the project's editors (JSON cells, or a CSV file imported whole or not at all). The report: for a period of the
project (one of the portal's reporting periods 'M1-M18', all of its time, or two dates), the person-months spent per
work package and organisation (time entries of a package's whole subtree count to it; an entry keeps the
organisation its person had on its day) against the plan, with totals, as JSON, CSV or XLSX.

A project month n is [start + (n - 1) months, start + n months - 1 day] from the start date of the project's status
(its deliverable). Person-months are minutes / 60 / the portal's hours per person-month. Reads cost a fixed number of
queries whatever the number of entries: the entries are summed by module and organisation in the database and folded
into work packages here."""
import calendar
import csv
import io
import re
from datetime import date, timedelta
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from urllib.parse import quote, urlencode

from flask import Response
from sqlalchemy import delete, func, select, true

from .. import links
from .. import permissions as perm
from ..errors import BadRequest, Invalid
from ..extensions import db, read_rows
from ..forms import query_date
from ..i18n import N_, _
from ..links import Ctx
from ..models import Deliverable, Membership, Module, User
from ..models.effort import DEFAULT_HOURS_PER_PM, EffortPlan, TimeEntry
from ..models.module import path_ids, path_under, scope_id
from . import feed
from .modules import real
from .sentences import said

ALL = "all"
CUSTOM = "custom"
GROUPS = ("organisation", "module")  # what the report's cells may be grouped by (`by=`), in this order
FORMATS = ("json", "csv", "xlsx")
STATUSES = ("over", "under", "ok", "unplanned")
UNDER = Decimal("0.9")  # under: less than 90% of the period's share of the plan, once the period is over
CENT = Decimal("0.01")
MAX_IMPORT_BYTES = 1024 * 1024
MAX_IMPORT_ERRORS = 50
MAX_PM = Decimal("9999.99")

RULE = N_("Planned: the plan's person-months for the period's share of the project (its months between the start "
          "date and the deadline; without a deadline, the whole plan). Over: more person-months spent than "
          "planned. Under: once the period is over, less than 90% of the planned person-months spent. Unplanned: "
          "time spent where nothing is planned.")
STATUS_LABELS = {"over": N_("Over"), "under": N_("Under"), "ok": N_("On plan"), "unplanned": N_("Unplanned")}
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


# --- spreadsheets: a cell never starts a formula ------------------------------------------------------------------

def safe(value):
    """Text a spreadsheet would read as a formula (= + - @, a tab or a carriage return first) gets a leading
    apostrophe, as baselines.as_csv does; anything else is kept."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def _xl(value):
    """A value for an XLSX cell: formula-safe text without the control characters the format cannot hold."""
    if isinstance(value, str):
        from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
        return safe(ILLEGAL_CHARACTERS_RE.sub("", value))
    return value


def _csv(rows):
    buf = io.StringIO()
    w = csv.writer(buf)
    for row in rows:
        w.writerow([safe(v) for v in row])
    return buf.getvalue()


def _xlsx(title, head, header, rows, widths, formats, total=None):
    """One sheet: `head` lines (bold first), the bold `header`, the rows (column formats by index) and a bold
    `total` row; its first rows stay in view."""
    from openpyxl import Workbook
    from openpyxl.cell import WriteOnlyCell
    from openpyxl.styles import Font
    from openpyxl.utils import get_column_letter
    wb = Workbook(write_only=True)
    ws = wb.create_sheet(title=title[:31])
    for i, width in enumerate(widths, 1):
        ws.column_dimensions[get_column_letter(i)].width = width
    ws.freeze_panes = f"A{len(head) + 2 if head else 2}"
    bold = Font(bold=True)

    def cells(values, strong=False):
        out = []
        for i, v in enumerate(values):
            c = WriteOnlyCell(ws, value=_xl(v))
            if strong:
                c.font = bold
            if i in formats and isinstance(v, (int, float)):
                c.number_format = formats[i]
            out.append(c)
        return out

    for n, line in enumerate(head):
        ws.append(cells(line, strong=n == 0))
    if head:
        ws.append([])
    ws.append(cells(header, strong=True))
    for row in rows:
        ws.append(cells(row))
    if total is not None:
        ws.append(cells(total, strong=True))
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


def filename(name, ascii_only=True):
    """A download's name: letters and digits kept (ASCII ones only for the plain `filename`, which a header
    carries in Latin-1 at most), anything else a '-'."""
    keep = (lambda c: c.isascii() and c.isalnum()) if ascii_only else str.isalnum
    return re.sub(r"-{2,}", "-", "".join(c if keep(c) else "-" for c in name)).strip("-")[:80] or "export"


def download(body, fmt, name):
    """The CSV or XLSX `body` as an attachment named `name`.csv|xlsx (its letters beyond ASCII in `filename*`)."""
    plain, full = filename(name), filename(name, ascii_only=False)
    disposition = f'attachment; filename="{plain}.{fmt}"'
    if full != plain:
        disposition += f"; filename*=UTF-8''{quote(full)}.{fmt}"
    return Response(body, mimetype="text/csv" if fmt == "csv" else XLSX,
                    headers={"Content-Disposition": disposition})


# --- the entries of a time list (worker A's GET /api/time/list/{moduleId}?format=csv|xlsx) -----------------------

def _entry_columns():
    return [_("Day"), _("Person"), _("Organisation"), _("Module"), _("Activity"), _("Hours"), _("Note")]


def _entry_row(e):
    return [e["day"].isoformat() if isinstance(e["day"], date) else e["day"], (e.get("user") or {}).get("name", ""),
            e.get("organisation") or "", e.get("moduleName") or "", (e.get("activity") or {}).get("name", ""),
            e["hours"], e.get("note") or ""]


def entries_csv(rows):
    """The entries of a time list (as `time_entries.present` gives them) as CSV text: Day, Person, Organisation,
    Module, Activity, Hours, Note."""
    return _csv([_entry_columns()] + [_entry_row(e) for e in rows])


def entries_xlsx(rows):
    """The same as an XLSX workbook (bytes): days as dates, hours as numbers."""
    out = []
    for e in rows:
        row = _entry_row(e)
        row[0] = date.fromisoformat(row[0]) if row[0] else None
        out.append(row)
    return _xlsx(_("Time"), [], _entry_columns(), out, widths=(12, 24, 24, 32, 18, 8, 60), formats={5: "0.00"},
                 total=None)


def entries_download(rows, fmt, name):
    """The Response of a time list's export (`fmt` csv or xlsx)."""
    return download(entries_csv(rows) if fmt == "csv" else entries_xlsx(rows), fmt, name)


# --- project months -----------------------------------------------------------------------------------------------

def add_months(d, n):
    """`d` moved by `n` months, its day kept or, in a shorter month, that month's last day."""
    years, month = divmod(d.month - 1 + n, 12)
    year = d.year + years
    return date(year, month + 1, min(d.day, calendar.monthrange(year, month + 1)[1]))


def month_span(start, n):
    """The first and last day of project month `n` (from 1) of a project starting on `start`."""
    return add_months(start, n - 1), add_months(start, n) - timedelta(days=1)


def months_at(start, d):
    """Project months gone at the beginning of day `d`: 0 on the start date, 18 on the first day of M19; within a
    month, the share of its days gone."""
    n = (d.year - start.year) * 12 + d.month - start.month
    while add_months(start, n) > d:
        n -= 1
    while add_months(start, n + 1) <= d:
        n += 1
    first, after = add_months(start, n), add_months(start, n + 1)
    return n + (d - first).days / (after - first).days


def plan_share(start, deadline, first, last):
    """The share of the plan that falls in the days `first`..`last` (either open: None): the project months of the
    period within the project's (start date to deadline) over the project's months; 1 when the project has no
    start date or no deadline (the whole plan), 0 for a period outside the project."""
    if start is None or deadline is None or deadline < start:
        return 1.0
    end = deadline + timedelta(days=1)
    lo = max(first or start, start)
    hi = min(last + timedelta(days=1) if last else end, end)
    if hi <= lo:
        return 0.0
    return (months_at(start, hi) - months_at(start, lo)) / months_at(start, end)


# --- the portal's settings --------------------------------------------------------------------------------------

def settings(portal_id):
    """(hours per person-month as a Decimal, the reporting periods [{name, from, to}]) of a portal, from
    `time_entries.settings` (two queries; nothing written)."""
    from . import time_entries
    s = time_entries.settings(portal_id)
    return Decimal(str(s["hoursPerPersonMonth"] or DEFAULT_HOURS_PER_PM)), s["periods"]


def _pm(minutes, hours_per_pm):
    return Decimal(minutes) / 60 / hours_per_pm


def _num(d):
    """A Decimal as the 2-decimal number the answers carry."""
    return float(d.quantize(CENT, ROUND_HALF_UP))


# --- the plan -----------------------------------------------------------------------------------------------------

def _packages(project):
    """[(id, name)] of the project's work packages (its children), in their order (one query)."""
    return [tuple(r) for r in db.session.execute(select(Module.id, Module.name).where(Module.parent_id == project.id)
                                                 .order_by(Module.idx, Module.id))]


def _plan_rows(project):
    """[(module id, organisation, person-months as Decimal)] of the project's plan (one query)."""
    return [(mid, org, Decimal(str(pm))) for mid, org, pm in db.session.execute(
        select(EffortPlan.module_id, EffortPlan.organisation, EffortPlan.person_months)
        .join(Module, Module.id == EffortPlan.module_id).where(Module.parent_id == project.id))]


def _org_key(org):
    return (org == "", org.lower(), org)


def _member_organisations(project):
    """The organisations the portal's members work for (their memberships' and their own): the plan's candidate
    columns (one query)."""
    q = select(Membership.organisation, User.organisation).join(User, User.id == Membership.user_id) \
        .join(Module, Module.id == Membership.module_id).where(path_under(Module.path, project.portal_path))
    return {o.strip() for pair in db.session.execute(q) for o in pair if o and o.strip()}


def plan(user, project):
    """The project's effort plan: `organisations` (those planned, then the portal members' others), `packages`
    [{id, name}], `cells` {'<moduleId>': {'<organisation>': personMonths}}, `totals` (person-months by package, by
    organisation and in all), `hoursPerPersonMonth`, and the links to save and import it. Five queries."""
    user = real(user)
    packages = _packages(project)
    rows = _plan_rows(project)
    hours, _periods = settings(scope_id(project.path))
    cells, by_package, by_org = {}, {}, {}
    for mid, org, pm in rows:
        cells.setdefault(str(mid), {})[org] = _num(pm)
        by_package[str(mid)] = by_package.get(str(mid), Decimal(0)) + pm
        by_org[org] = by_org.get(org, Decimal(0)) + pm
    organisations = sorted(set(by_org) | _member_organisations(project), key=_org_key)
    return {"project": {"id": project.id, "name": project.name},
            "organisations": organisations, "packages": [{"id": i, "name": n} for i, n in packages],
            "cells": cells,
            "totals": {"byPackage": {k: _num(v) for k, v in by_package.items()},
                       "byOrganisation": {k: _num(v) for k, v in by_org.items()},
                       "personMonths": _num(sum(by_package.values(), Decimal(0)))},
            "hoursPerPersonMonth": float(hours),
            "links": links.of("effort_plan", Ctx(user, project, perm.rights(user, project)))}


def _apply(project, wanted):
    """Set the plan's cells {(module id, organisation): Decimal person-months, or None / 0 to remove}: returns
    (cells set, cells removed)."""
    existing = {(p.module_id, p.organisation): p for p in db.session.scalars(
        select(EffortPlan).join(Module, Module.id == EffortPlan.module_id).where(Module.parent_id == project.id))}
    set_, removed = 0, []
    for (mid, org), pm in wanted.items():
        row = existing.get((mid, org))
        if not pm:
            if row is not None:
                removed.append(row.id)
            continue
        if row is None:
            db.session.add(EffortPlan(module_id=mid, organisation=org, person_months=pm))
            set_ += 1
        elif Decimal(str(row.person_months)) != pm:
            row.person_months = pm
            set_ += 1
    if removed:
        db.session.execute(delete(EffortPlan).where(EffortPlan.id.in_(removed)))
    return set_, len(removed)


def _record(user, project, sentence, set_, removed):
    if set_ or removed:
        feed.record(user, project, "edit", "effort_plan", said(sentence, module=project.name),
                    data={"set": set_, "removed": removed})
    db.session.commit()


def save_plan(user, project, cells):
    """Set the cells sent (`cells`: [{moduleId, organisation, personMonths}], validated by forms.effort): 0 or null
    removes one; the others stay. A module that is not one of the project's work packages, or a cell given twice,
    is a 422 naming the cell; nothing is saved then. Answers the plan as it is now."""
    user = real(user)
    packages = dict(_packages(project))
    errors, wanted = {}, {}
    for i, cell in enumerate(cells):
        org = cell["organisation"].strip()
        if cell["moduleId"] not in packages:
            errors[f"cells[{i}][moduleId]"] = [N_("Not a work package of this project")]
        elif not org:
            errors[f"cells[{i}][organisation]"] = [N_("Organisation is required")]
        elif (cell["moduleId"], org) in wanted:
            errors[f"cells[{i}][organisation]"] = [N_("This cell is given twice")]
        pm = cell.get("personMonths")
        wanted[(cell["moduleId"], org)] = None if pm is None else Decimal(str(pm)).quantize(CENT, ROUND_HALF_UP)
    if errors:
        raise Invalid(N_("The form has errors"), errors=errors)
    set_, removed = _apply(project, wanted)
    _record(user, project, N_("Changed the effort plan of '%(module)s'"), set_, removed)
    return plan(user, project)


# --- importing a plan from CSV ------------------------------------------------------------------------------------

_COLUMNS = {"workpackage": "package", "wp": "package", "package": "package", "organisation": "organisation",
            "organization": "organisation", "personmonths": "pm", "pm": "pm"}
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


def _text_of(upload):
    raw = upload.stream.read(MAX_IMPORT_BYTES + 1)
    if len(raw) > MAX_IMPORT_BYTES:
        raise Invalid(N_("The file has errors"), errors={"file": [N_("The file may be at most 1 MB")]})
    for encoding in ("utf-8-sig", "cp1252", "latin-1"):
        try:
            return raw.decode(encoding)
        except UnicodeDecodeError:
            continue


def _number(text):
    """Person-months from a cell: '2.5', '2,5' or '' (none); None when it is no number."""
    text = text.strip().replace(" ", "")
    if text == "":
        return Decimal(0)
    if "," in text and "." not in text:
        text = text.replace(",", ".")
    try:
        value = Decimal(text)
    except InvalidOperation:
        return None
    return value if value.is_finite() else None


def _read_csv(text, packages):
    """{(module id, organisation): person-months} of the file's lines, and the errors of its lines (said)."""
    first = text.split("\n", 1)[0]
    delimiter = max((",", ";", "\t"), key=first.count)
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    header = next(reader, None) or []
    columns = {_COLUMNS.get(re.sub(r"[^a-z]", "", h.lower())): i for i, h in enumerate(header)}
    if not {"package", "organisation", "pm"} <= set(columns):
        return {}, [_("Line 1: the header must be 'work package,organisation,person-months'")]
    by_name = {}
    for mid, name in packages.items():
        by_name.setdefault(name.strip().lower(), []).append(mid)
    wanted, seen, errors = {}, {}, []
    for row in reader:
        line = reader.line_num
        if not any(cell.strip() for cell in row):
            continue
        get = lambda key: _CONTROL.sub("", row[columns[key]]).strip() if columns[key] < len(row) else ""  # noqa: E731
        package, org, pm = get("package"), get("organisation"), _number(get("pm"))
        mid = int(package) if package.isdigit() and int(package) in packages else None
        if mid is None:
            found = by_name.get(package.lower(), [])
            if len(found) > 1:
                errors.append(_("Line %(line)s: several work packages are named '%(name)s': give its id",
                                line=line, name=package))
                continue
            if not found:
                errors.append(_("Line %(line)s: no work package '%(name)s' in this project", line=line,
                                name=package))
                continue
            mid = found[0]
        if not org:
            errors.append(_("Line %(line)s: the organisation is missing", line=line))
        elif len(org) > 200:
            errors.append(_("Line %(line)s: the organisation is longer than 200 characters", line=line))
        elif pm is None:
            errors.append(_("Line %(line)s: '%(value)s' is no number of person-months", line=line,
                            value=get("pm")[:40]))
        elif not 0 <= pm <= MAX_PM:
            errors.append(_("Line %(line)s: person-months from 0 to 9,999.99", line=line))
        elif (mid, org) in seen:
            errors.append(_("Line %(line)s: the same work package and organisation as line %(first)s", line=line,
                            first=seen[(mid, org)]))
        else:
            seen[(mid, org)] = line
            wanted[(mid, org)] = pm.quantize(CENT, ROUND_HALF_UP)
    if not wanted and not errors:
        errors.append(_("The file has no cells below its header"))
    return wanted, errors


def import_plan(user, project, upload):
    """Set the plan's cells from a CSV file (≤ 1 MB; UTF-8, or Windows' Western encoding): the header 'work
    package,organisation,person-months' (in any order; ';' or tabs may separate them), then one cell a line, the
    work package by its name or its id, person-months with a point or a comma (0 or empty removes the cell). Every
    line is checked first: any bad line is a 422 listing the bad lines (`errors.file`), and nothing is saved.
    Answers the plan with `imported`: the lines read."""
    user = real(user)
    packages = dict(_packages(project))
    wanted, errors = _read_csv(_text_of(upload), packages)
    if errors:
        more = len(errors) - MAX_IMPORT_ERRORS
        shown = errors[:MAX_IMPORT_ERRORS] + ([_("… and %(n)s more", n=more)] if more > 0 else [])
        raise Invalid(N_("The file has errors"), errors={"file": shown})
    set_, removed = _apply(project, wanted)
    _record(user, project, N_("Imported the effort plan of '%(module)s' from a file"), set_, removed)
    return {**plan(user, project), "imported": len(wanted)}


# --- the report ---------------------------------------------------------------------------------------------------

def report_format(args):
    fmt = (args.get("format") or "json").strip()
    if fmt not in FORMATS:
        raise BadRequest(N_("Unknown format"), errors={"format": [N_("json, csv or xlsx")]})
    return fmt


def _grouping(args):
    raw = (args.get("by") or "").strip()
    wanted = [g.strip() for g in raw.split(",") if g.strip()] if raw else list(GROUPS)
    if not wanted or any(g not in GROUPS for g in wanted):
        raise BadRequest(N_("Unknown grouping"), errors={"by": [_("One or more of: %(values)s",
                                                                  values=", ".join(GROUPS))]})
    return [g for g in GROUPS if g in wanted]


def _period(args, periods, start):
    """{name, from, to} of the period asked (`period`: a name of the portal's periods or 'all', the default; or
    `from` and `to`, two days); 400 when unknown, 422 when it counts months of a project without a start date."""
    name = (args.get("period") or "").strip()
    first, last = (args.get("from") or "").strip(), (args.get("to") or "").strip()
    if first or last:
        errors = {}
        days = {}
        for key, raw in (("from", first), ("to", last)):
            try:
                days[key] = query_date(raw) if raw else None
            except ValueError as e:
                errors[key] = [str(e)]
            if not raw:
                errors[key] = [N_("A date as YYYY-MM-DD")]
        if name and name != CUSTOM:
            errors["period"] = [N_("A period, or two dates: not both")]
        if not errors and days["to"] < days["from"]:
            errors["to"] = [N_("The end cannot be before the beginning")]
        if errors:
            raise BadRequest(N_("Unknown period"), errors=errors)
        return {"name": CUSTOM, "from": days["from"], "to": days["to"]}
    if name in ("", ALL):
        return {"name": ALL, "from": None, "to": None}
    found = next((p for p in periods if p["name"].lower() == name.lower()), None)
    if found is None:
        raise BadRequest(N_("Unknown period"), errors={"period": [_(
            "One of %(values)s", values=", ".join([ALL] + [p["name"] for p in periods]))]})
    if start is None:
        raise Invalid(N_("Set the project's start date first"),
                      errors={"period": [N_("Set the project's start date first")]})
    return {"name": found["name"], "from": month_span(start, found["from"])[0],
            "to": month_span(start, found["to"])[1]}


def _query(period, by):
    """The report's own query string (its downloads are filtered alike)."""
    if period["name"] == CUSTOM:
        q = {"from": period["from"].isoformat(), "to": period["to"].isoformat()}
    else:
        q = {"period": period["name"]}
    return urlencode({**q, "by": ",".join(by)}, safe=",")


def today():
    """The day a period is over after (a function: tests choose it)."""
    return date.today()


def _status(plan_pm, planned, actual, minutes, ended):
    """over / under / ok / unplanned (the rule of RULE), on the 2-decimal figures the report shows."""
    if not plan_pm:
        return "unplanned" if minutes else "ok"
    p, a = planned.quantize(CENT, ROUND_HALF_UP), actual.quantize(CENT, ROUND_HALF_UP)
    if a > p:
        return "over"
    if ended and a < p * UNDER:
        return "under"
    return "ok"


def _entries(project, period):
    """{(work package id, organisation): minutes} of the period: summed by module and organisation in the database
    (one query), folded into the project's children here (the project's own entries under the project's id)."""
    days = ([TimeEntry.day >= period["from"]] if period["from"] else []) + \
        ([TimeEntry.day <= period["to"]] if period["to"] else [])
    if db.session.get_bind().dialect.name == "postgresql":
        # Module by module through the entries' module index (LATERAL): the cost follows the project's entries. A
        # plain join let the planner scan every entry of the table (50 ms for 200,000; 17 ms this way).
        per_module = select(TimeEntry.organisation, func.sum(TimeEntry.minutes).label("minutes")) \
            .where(TimeEntry.module_id == Module.id, *days).group_by(TimeEntry.organisation).lateral()
        q = select(Module.id, Module.path, per_module.c.organisation, per_module.c.minutes) \
            .join(per_module, true()).where(path_under(Module.path, project.path))
    else:
        q = select(TimeEntry.module_id, Module.path, TimeEntry.organisation, func.sum(TimeEntry.minutes)) \
            .join(Module, Module.id == TimeEntry.module_id).where(path_under(Module.path, project.path), *days) \
            .group_by(TimeEntry.module_id, Module.path, TimeEntry.organisation)
    depth = project.level + 1
    out = {}
    for _mid, path, org, minutes in read_rows(q):
        ids = path_ids(path)
        key = (ids[depth] if len(ids) > depth else project.id, org or "")
        out[key] = out.get(key, 0) + int(minutes or 0)
    return out


def report(user, project, args):
    """The effort report of a project for a period (`args`: period or from/to, by; see `_period`, `_grouping`):

    `project` {id, name, start, deadline}; `period` {name, from, to, ended}; `hoursPerPersonMonth`; `share` (the
    part of the plan the period stands for); `rule` (how a status is decided, said); `organisations`; `packages`
    [{id, name}] (the project's own id last when time was logged on the project itself); `cells` [{moduleId,
    organisation, plannedPm, plannedTotalPm, actualPm, minutes, hours, status}] (one per planned or spent pair of
    the grouping: moduleId or organisation null when not grouped by it), `totals` {byPackage, byOrganisation:
    {key: {plannedPm, actualPm, minutes, hours, status}}, plannedPm, actualPm, minutes, hours, status}; links csv
    and xlsx (the same period and grouping).

    Statuses: the period's planned person-months are the plan's times the period's share of the project (its
    project months between the project's start date and its deadline, over the project's months; the whole plan
    without a deadline); `over` when more person-months were spent than that, `under` when the period is over
    (its last day, or the project's deadline for 'all', before today) and less than 90% of it was spent,
    `unplanned` when time was spent where nothing is planned, else `ok` (compared at 2 decimals). Six queries."""
    user = real(user)
    by = _grouping(args)
    hours, periods = settings(scope_id(project.path))
    dates = db.session.execute(select(Deliverable.start_date, Deliverable.deadline)
                               .where(Deliverable.module_id == project.id)).first()
    start, deadline = (dates.start_date, dates.deadline) if dates else (None, None)
    period = _period(args, periods, start)
    packages = _packages(project)
    plan_rows = _plan_rows(project)
    spent = _entries(project, period)
    share = Decimal(plan_share(start, deadline, period["from"], period["to"]))
    end = period["to"] or (deadline if period["name"] == ALL else None)
    ended = end is not None and end < today()

    names = dict(packages)
    if any(mid == project.id for mid, _org in spent):
        packages.append((project.id, project.name))
    order = {mid: i for i, (mid, _name) in enumerate(packages)}
    planned, totals = {}, {"byPackage": {}, "byOrganisation": {}, "all": {}}

    def add(bucket, key, pm=Decimal(0), minutes=0):
        p, m = bucket.get(key, (Decimal(0), 0))
        bucket[key] = (p + pm, m + minutes)

    def group(mid, org):
        return (mid if "module" in by else None, org if "organisation" in by else None)

    for mid, org, pm in plan_rows:
        add(planned, group(mid, org), pm)
        add(totals["byPackage"], mid, pm)
        add(totals["byOrganisation"], org, pm)
        add(totals["all"], None, pm)
    for (mid, org), minutes in spent.items():
        add(planned, group(mid, org), minutes=minutes)
        add(totals["byPackage"], mid, minutes=minutes)
        add(totals["byOrganisation"], org, minutes=minutes)
        add(totals["all"], None, minutes=minutes)

    def figures(plan_pm, minutes):
        target, actual = plan_pm * share, _pm(minutes, hours)
        return {"plannedPm": _num(target), "plannedTotalPm": _num(plan_pm), "actualPm": _num(actual),
                "minutes": minutes, "hours": _num(Decimal(minutes) / 60),
                "status": _status(plan_pm, target, actual, minutes, ended)}

    cells = [{"moduleId": mid, "organisation": org, **figures(*planned[(mid, org)])}
             for mid, org in sorted(planned, key=lambda k: (order.get(k[0], -1), _org_key(k[1] or "")))]
    organisations = sorted(set(totals["byOrganisation"]), key=_org_key)
    query = _query(period, by)
    return {
        "project": {"id": project.id, "name": project.name, "start": start, "deadline": deadline},
        "period": {"name": period["name"], "from": period["from"], "to": period["to"], "ended": ended},
        "periods": periods,  # the portal's, for the screen's picker
        "by": by, "hoursPerPersonMonth": float(hours), "share": round(float(share), 4), "rule": _(RULE),
        "organisations": organisations,
        "packages": [{"id": mid, "name": names.get(mid, project.name)} for mid, _name in packages],
        "cells": cells,
        "totals": {"byPackage": {str(k): figures(*v) for k, v in totals["byPackage"].items()},
                   "byOrganisation": {k: figures(*v) for k, v in totals["byOrganisation"].items()},
                   **figures(*totals["all"].get(None, (Decimal(0), 0)))},
        "links": links.of("effort_report", Ctx(user, project, perm.rights(user, project), query=query)),
    }


# --- the report as a spreadsheet ----------------------------------------------------------------------------------

def _report_table(body):
    names = {p["id"]: p["name"] for p in body["packages"]}
    by = body["by"]
    header = ([_("Work package")] if "module" in by else []) + ([_("Organisation")] if "organisation" in by else []) \
        + [_("Planned person-months"), _("Actual person-months"), _("Hours"), _("Status")]

    def figures(c):
        return [c["plannedPm"], c["actualPm"], c["hours"], _(STATUS_LABELS[c["status"]])]

    rows = []
    for c in body["cells"]:
        keys = ([names.get(c["moduleId"], "")] if "module" in by else []) + \
            ([c["organisation"] or _("No organisation")] if "organisation" in by else [])
        rows.append(keys + figures(c))
    total = [_("Total")] + [""] * (len(by) - 1) + figures(body["totals"])
    return header, rows, total


def _period_text(body):
    p = body["period"]
    if p["name"] == ALL:
        return _("All time")
    return f"{'' if p['name'] == CUSTOM else p['name'] + ': '}{p['from']} – {p['to']}"


def report_csv(body):
    """The report's cells as CSV, then its total (a cell never starts a formula)."""
    header, rows, total = _report_table(body)
    return _csv([header] + rows + [total])


def report_xlsx(body):
    """The report as an XLSX workbook: the project, period and rule above the table, numbers as numbers."""
    header, rows, total = _report_table(body)
    head = [[body["project"]["name"]], [_("Period"), _period_text(body)],
            [_("Hours per person-month"), body["hoursPerPersonMonth"]], [body["rule"]]]
    n = len(body["by"])
    return _xlsx(_("Effort"), head, header, rows, widths=[32] * n + [14, 14, 10, 12],
                 formats={n: "0.00", n + 1: "0.00", n + 2: "0.00"}, total=total)


def report_download(body, fmt):
    period = body["period"]
    when = period["name"] if period["name"] != CUSTOM else f"{period['from']}-{period['to']}"
    return download(report_csv(body) if fmt == "csv" else report_xlsx(body), fmt,
                    f"effort-{body['project']['name']}-{when}")
