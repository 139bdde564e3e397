"""A subtree as MS Project XML (MSPDI, issue 42, point 8), which MS Project and ProjectLibre open: the reader's
rows of module/tree as tasks with outline levels and numbers (a parent a summary task), their dates at 08:00 and
17:00 of the portal's working days, durations in working hours, milestones, finish-to-start (etc.) links with
their lag, the portal's holidays as exceptions of the standard calendar, a chosen baseline as Baseline 0, and the
deliverables' owners as resources (name and e-mail, issue 46: the import finds people by e-mail) assigned to their
tasks. Built with the standard library's ElementTree (it escapes every text)."""
from xml.etree import ElementTree as ET

from sqlalchemy import select

from . import baselines, modules, scheduling
from ..extensions import db
from ..models import User
from ..models.module import scope_id

NS = "http://schemas.microsoft.com/project"
TYPES = {"FF": 0, "FS": 1, "SF": 2, "SS": 3}  # MSPDI's link types
HOURS_A_DAY = 8
TENTHS_A_DAY = HOURS_A_DAY * 60 * 10  # a lag is in tenths of a minute
DONE = ("COMPLETED", "VERIFIED_COMPLETE")
BEGUN = ("IN_PROGRESS", "BLOCKED")


def _at(d, hour):
    return f"{d.isoformat()}T{hour:02d}:00:00"


def _duration(hours):
    return f"PT{hours}H0M0S"


def _sub(parent, tag, value):
    e = ET.SubElement(parent, tag)
    e.text = str(value)
    return e


def _outline(rows):
    """{id: '1.2.3'} from the rows' depths (depth first, as module/tree gives them)."""
    numbers, stack = {}, []
    for r in rows:
        depth = r["depth"]
        del stack[depth + 1:]
        if len(stack) <= depth:
            stack.extend([0] * (depth + 1 - len(stack)))
        stack[depth] += 1
        numbers[r["id"]] = ".".join(str(n) for n in stack[:depth + 1])
    return numbers


def export(user, module, baseline=None):
    """The XML text of the module's subtree as the user sees it (`baseline`: a Baseline of the module, or None)."""
    tree = modules.load_tree(user, module.id)
    rows, rels = tree["rows"], tree["relations"]
    days = scheduling.parse_holidays(scheduling.settings(scope_id(module.path)).holidays)[0] \
        if scope_id(module.path) else {}
    cal = scheduling.Calendar(days)
    kept = {r["id"]: r["baseline"] for r in baselines.slips(user, module, baseline)} if baseline else {}
    parents = {r["parentId"] for r in rows}
    uid = {r["id"]: i for i, r in enumerate(rows, 1)}
    numbers = _outline(rows)

    ET.register_namespace("", NS)
    project = ET.Element(f"{{{NS}}}Project")
    q = lambda tag: f"{{{NS}}}{tag}"  # noqa: E731
    _sub(project, q("SaveVersion"), 14)
    _sub(project, q("Name"), module.name)
    _sub(project, q("Title"), module.name)
    dated = [r["deliverable"] for r in rows if r.get("deliverable") and r["deliverable"]["startDate"]]
    if dated:
        _sub(project, q("StartDate"), _at(min(d["startDate"] for d in dated), 8))
    _sub(project, q("ScheduleFromStart"), 1)
    _sub(project, q("MinutesPerDay"), HOURS_A_DAY * 60)
    _sub(project, q("MinutesPerWeek"), HOURS_A_DAY * 60 * 5)
    _sub(project, q("DaysPerMonth"), 20)
    _sub(project, q("CalendarUID"), 1)
    _calendar(project, q, days)

    tasks = ET.SubElement(project, q("Tasks"))
    root = ET.SubElement(tasks, q("Task"))
    for tag, value in (("UID", 0), ("ID", 0), ("Name", module.name), ("OutlineNumber", 0), ("OutlineLevel", 0),
                       ("Summary", 1)):
        _sub(root, q(tag), value)
    preds = {}
    for r in rels:
        if r["kind"] in TYPES and r["fromId"] in uid and r["toId"] in uid:
            preds.setdefault(r["toId"], []).append(r)
    for r in rows:
        t = ET.SubElement(tasks, q("Task"))
        _sub(t, q("UID"), uid[r["id"]])
        _sub(t, q("ID"), uid[r["id"]])
        _sub(t, q("Name"), r["name"])
        _sub(t, q("Type"), 1)  # fixed duration
        _sub(t, q("OutlineNumber"), numbers[r["id"]])
        _sub(t, q("OutlineLevel"), r["depth"] + 1)
        d = r.get("deliverable") or {}
        start, end = d.get("startDate"), d.get("deadline")
        start, end = start or end, end or start
        milestone = bool(d.get("milestone"))
        if start:
            start, end = _day(start), _day(end)
            hours = 0 if milestone else max(cal.span(start, end), 1) * HOURS_A_DAY
            _sub(t, q("Start"), _at(start, 8))
            _sub(t, q("Finish"), _at(start if milestone else end, 8 if milestone else 17))
            _sub(t, q("Duration"), _duration(hours))
            _sub(t, q("DurationFormat"), 7)  # days
        _sub(t, q("Milestone"), int(milestone))
        _sub(t, q("Summary"), int(r["id"] in parents))
        _sub(t, q("Manual"), 0 if d.get("autoScheduled") else 1)
        status = (d.get("status") or {}).get("name")
        # MSPDI has no status: work begun reads as part done, done as 100 % with its actual finish (what an import
        # of the file turns back into In progress and Completed).
        _sub(t, q("PercentComplete"), 100 if status in DONE else 50 if status in BEGUN else 0)
        if status in DONE and d.get("completionDate"):
            _sub(t, q("ActualFinish"), _at(_day(d["completionDate"]), 17))
        if r.get("critical") is not None:
            _sub(t, q("Critical"), int(r["critical"]))
        for rel in preds.get(r["id"], ()):
            link = ET.SubElement(t, q("PredecessorLink"))
            _sub(link, q("PredecessorUID"), uid[rel["fromId"]])
            _sub(link, q("Type"), TYPES[rel["kind"]])
            _sub(link, q("CrossProject"), 0)
            _sub(link, q("LinkLag"), rel["lag"] * TENTHS_A_DAY)
            _sub(link, q("LagFormat"), 7)
        b = kept.get(r["id"])
        if b and (b["startDate"] or b["deadline"]):
            bs, be = b["startDate"] or b["deadline"], b["deadline"] or b["startDate"]
            base = ET.SubElement(t, q("Baseline"))
            _sub(base, q("Number"), 0)
            _sub(base, q("Start"), _at(bs, 8))
            _sub(base, q("Finish"), _at(be, 17))
            _sub(base, q("Duration"), _duration(max(cal.span(bs, be), 1) * HOURS_A_DAY))
    _resources(project, q, rows, uid)
    return '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' + ET.tostring(project, encoding="unicode")


def _resources(project, q, rows, uid):
    """A work resource per owner of the rows' deliverables (UIDs in order of first appearance) and an assignment
    of each owned task to its owner (MSPDI's order: Resources, then Assignments, after Tasks)."""
    owned = [(r["id"], r["deliverable"]["ownerId"]) for r in rows
             if r.get("deliverable") and r["deliverable"].get("ownerId")]
    if not owned:
        return
    people = dict(db.session.execute(select(User.id, User).where(User.id.in_({o for _, o in owned}))).all())
    rid = {}
    for _, owner in owned:
        rid.setdefault(owner, len(rid) + 1)
    resources = ET.SubElement(project, q("Resources"))
    for owner, n in rid.items():
        res = ET.SubElement(resources, q("Resource"))
        for tag, value in (("UID", n), ("ID", n), ("Name", people[owner].name), ("Type", 1),
                           ("EmailAddress", people[owner].email)):
            _sub(res, q(tag), value)
    assignments = ET.SubElement(project, q("Assignments"))
    for n, (row_id, owner) in enumerate(owned, 1):
        a = ET.SubElement(assignments, q("Assignment"))
        for tag, value in (("UID", n), ("TaskUID", uid[row_id]), ("ResourceUID", rid[owner]), ("Units", 1)):
            _sub(a, q(tag), value)


def _day(value):
    from datetime import date
    return value if isinstance(value, date) else date.fromisoformat(str(value))


def _calendar(project, q, holidays):
    """The standard calendar: Monday to Friday, 08:00–12:00 and 13:00–17:00; the portal's holidays as exceptions."""
    cals = ET.SubElement(project, q("Calendars"))
    c = ET.SubElement(cals, q("Calendar"))
    _sub(c, q("UID"), 1)
    _sub(c, q("Name"), "Standard")
    _sub(c, q("IsBaseCalendar"), 1)
    week = ET.SubElement(c, q("WeekDays"))
    for day in range(1, 8):  # 1 Sunday … 7 Saturday
        wd = ET.SubElement(week, q("WeekDay"))
        _sub(wd, q("DayType"), day)
        working = day not in (1, 7)
        _sub(wd, q("DayWorking"), int(working))
        if working:
            times = ET.SubElement(wd, q("WorkingTimes"))
            for a, b in (("08:00:00", "12:00:00"), ("13:00:00", "17:00:00")):
                wt = ET.SubElement(times, q("WorkingTime"))
                _sub(wt, q("FromTime"), a)
                _sub(wt, q("ToTime"), b)
    if holidays:
        exceptions = ET.SubElement(c, q("Exceptions"))
        for day, name in sorted(holidays.items()):
            ex = ET.SubElement(exceptions, q("Exception"))
            period = ET.SubElement(ex, q("TimePeriod"))
            _sub(period, q("FromDate"), _at(day, 0))
            _sub(period, q("ToDate"), f"{day.isoformat()}T23:59:00")
            _sub(ex, q("Occurrences"), 1)
            _sub(ex, q("Name"), name or "Holiday")
            _sub(ex, q("Type"), 1)
            _sub(ex, q("DayWorking"), 0)
