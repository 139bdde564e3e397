"""MS Project XML (MSPDI, issue 46) → the import plan: tasks with their outline (summary tasks become containers),
dates, milestones and progress; predecessor links with type and lag (in working days); resources as people, by
e-mail, owning the tasks they are assigned to; Baseline 0. The reverse of api/services/mspdi.py, so that an export
read back gives the same plan.

The file is parsed only after a first pass refuses any DOCTYPE: the standard library's parser would expand
entities declared there ("billion laughs"), and MSPDI never needs one."""
import math
from datetime import date, datetime, timedelta
from xml.etree import ElementTree as ET
from xml.parsers import expat

from .. import mspdi
from . import plan as ir

MAX_BYTES = 20 * 1024 * 1024
MAX_TASKS = 20_000
NAME_CHARS = 200
EMAIL_CHARS = 254
MAX_LAG = 10_000  # days: a larger lag is a broken file; kept within what the database's integer holds
KINDS = {number: kind for kind, number in mspdi.TYPES.items()}
ELAPSED = {4, 6, 8, 10, 12, 36, 38, 40, 42, 44}  # lag formats counting calendar time (em, eh, ed, ew, emo, and '?')
PERCENT = {19, 20, 51, 52}  # lag as a share of the predecessor's duration
UNASSIGNED = -65535  # MS Project's resource UID of an assignment without a resource
WORK = 1  # resource type (0 material, 2 cost: they cannot own a deliverable)


def read(xml_bytes):
    """The plan of an MSPDI file (bytes); plan.Invalid when it is not one, is too big or declares a DOCTYPE."""
    project = _parse(xml_bytes)
    out = ir.empty("mspdi")
    q = _Q()
    tasks = _tasks(q, project, out)
    _hierarchy(q, tasks)
    _relations(q, tasks, out, _minutes_a_day(q, project))
    _owners(q, project, tasks, out)
    _baselines(q, tasks, out)
    if any(q.all(c, "Exceptions/p:Exception") for c in q.all(project, "Calendars/p:Calendar")):
        out["skipped"].append({"what": "Calendar exceptions",
                               "reason": "holidays are not imported: set them in the portal's planning settings"})
    return out


# --- parsing ------------------------------------------------------------------------------------------------

def _parse(data):
    if isinstance(data, str):
        data = data.encode("utf-8")
    if len(data) > MAX_BYTES:
        raise ir.Invalid(f"The file is larger than {MAX_BYTES // (1024 * 1024)} MB.")
    _refuse_doctype(data)
    try:
        root = ET.fromstring(data)
    except ET.ParseError as e:
        raise ir.Invalid(f"The file is not well-formed XML ({e}).") from None
    if root.tag != f"{{{mspdi.NS}}}Project":
        raise ir.Invalid("The file is not MS Project XML (MSPDI): its root element is not a Project of the "
                         f"namespace {mspdi.NS}.")
    if len(root.findall(f"{{{mspdi.NS}}}Tasks/{{{mspdi.NS}}}Task")) > MAX_TASKS + 1:  # + the project summary
        raise ir.Invalid(f"The file has more than {MAX_TASKS} tasks.")
    return root


def _refuse_doctype(data):
    """A pass of expat that stops at a DOCTYPE or an entity declaration, before anything is expanded."""
    def refuse(*_args):
        raise ir.Invalid("The file declares a DOCTYPE or entities, which MS Project XML never does; it is refused.")

    p = expat.ParserCreate()
    p.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    p.StartDoctypeDeclHandler = refuse
    p.EntityDeclHandler = refuse
    try:
        p.Parse(data, True)
    except expat.ExpatError as e:
        raise ir.Invalid(f"The file is not well-formed XML ({expat.ErrorString(e.code)}, "
                         f"line {e.lineno}).") from None


class _Q:
    """Namespaced look-ups: 'Tasks/p:Task' under an element, the text of a child, as an int or a date."""

    ns = {"p": mspdi.NS}

    def all(self, el, path):
        return el.findall("p:" + path, self.ns)

    def text(self, el, tag):
        v = el.findtext("p:" + tag, None, self.ns)
        return v.strip() if v and v.strip() else None

    def whole(self, el, tag, default=None):
        v = self.text(el, tag)
        try:
            return int(float(v)) if v is not None else default
        except (ValueError, OverflowError):  # also 'nan' and '1e999'
            return default

    def number(self, el, tag, default=None):
        try:
            return float(self.text(el, tag))
        except (TypeError, ValueError):
            return default

    def moment(self, el, tag):
        v = self.text(el, tag)
        try:
            return datetime.fromisoformat(v) if v else None
        except ValueError:
            return None


def _minutes_a_day(q, project):
    n = q.whole(project, "MinutesPerDay")
    return n if n and n > 0 else 480


# --- tasks ----------------------------------------------------------------------------------------------------

def _tasks(q, project, out):
    """{UID: (element, module)} of the tasks to import, in the file's order, the modules also added to the plan
    (their parents set by _hierarchy)."""
    kept = {}
    for t in q.all(project, "Tasks/p:Task"):
        uid, name = q.whole(t, "UID"), q.text(t, "Name")
        if uid == 0:
            continue  # the project summary task: the portal (or the chosen module) takes its place
        reason = _not_a_task(q, t, uid, name, kept)
        if reason:
            out["skipped"].append({"what": f"Task {uid} '{name}'" if name else f"Task {uid}", "reason": reason})
            continue
        kept[uid] = (t, _module(q, t, uid, name))
        out["modules"].append(kept[uid][1])
    return kept


def _not_a_task(q, t, uid, name, kept):
    if uid is None:
        return "it has no UID"
    if uid in kept:
        return "its UID repeats an earlier task's"
    if q.whole(t, "IsNull") == 1 or not name:
        return "it is an empty row"
    if q.whole(t, "ExternalTask") == 1:
        return "it belongs to another project"
    return None


def _module(q, t, uid, name):
    created = q.moment(t, "CreateDate")
    return {"key": f"task:{uid}", "parent": None, "name": name[:NAME_CHARS], "description": q.text(t, "Notes") or "",
            "kind": "container" if q.whole(t, "Summary") == 1 else "item", "type": None,
            "deliverable": _deliverable(q, t), "values": {}, "members": [],
            "created": created.isoformat() if created else None, "author": None}


def _deliverable(q, t):
    """Dates, milestone and progress; None for a task with none of them (the owner is set by _owners)."""
    start, finish = q.moment(t, "Start"), q.moment(t, "Finish")
    milestone = q.whole(t, "Milestone") == 1
    percent = q.whole(t, "PercentComplete", 0)
    done = q.moment(t, "ActualFinish")
    if not (start or finish or milestone or percent or done):
        return None
    first, last = _span(start, finish)
    if milestone:
        last = first = first or last
    status = "COMPLETED" if percent >= 100 else "IN_PROGRESS" if percent > 0 else "NOT_STARTED"
    return {"status": status, "owner": None, "startDate": _iso(first), "deadline": _iso(last),
            "completionDate": _iso(done.date() if done else None), "milestone": milestone}


def _span(start, finish):
    """The first and last working day of a task: a finish at midnight ends on the day before."""
    first = start.date() if start else None
    last = finish.date() if finish else None
    if finish and finish.time() == datetime.min.time() and (start is None or finish > start):
        last -= timedelta(days=1)
    if first and last and last < first:
        last = first
    return first, last


def _iso(d):
    return d.isoformat() if isinstance(d, date) else None


def _hierarchy(q, tasks):
    """Each task's parent: the nearest task before it of a lower outline level (OutlineLevel, or the depth of
    OutlineNumber)."""
    stack = []  # (level, key) of the open summary chain
    for t, module in tasks.values():
        level = q.whole(t, "OutlineLevel")
        if level is None:
            number = q.text(t, "OutlineNumber")
            level = number.count(".") + 1 if number else 1
        while stack and stack[-1][0] >= level:
            stack.pop()
        module["parent"] = stack[-1][1] if stack else None
        stack.append((level, module["key"]))


# --- links -----------------------------------------------------------------------------------------------------

def _relations(q, tasks, out, minutes_a_day):
    for uid, (t, module) in tasks.items():
        for link in q.all(t, "PredecessorLink"):
            pred, kind = q.whole(link, "PredecessorUID"), KINDS.get(q.whole(link, "Type", mspdi.TYPES["FS"]))
            what = f"Link from task {pred} to '{module['name']}'"
            reason = ("it points to another project" if q.whole(link, "CrossProject") == 1
                      else "its predecessor is not imported" if pred not in tasks or pred == uid
                      else "its type is unknown" if kind is None else None)
            if reason:
                out["skipped"].append({"what": what, "reason": reason})
                continue
            out["relations"].append({"from": f"task:{pred}", "to": module["key"], "kind": kind,
                                     "lag": _lag(q, link, minutes_a_day, what, out)})


def _lag(q, link, minutes_a_day, what, out):
    """LinkLag (tenths of a minute) in whole working days: elapsed formats count 24-hour days; a percentage of the
    predecessor's duration has no fixed length (0, and said so)."""
    minutes = q.whole(link, "LinkLag", 0) / 10
    fmt = q.whole(link, "LagFormat", 7)
    if fmt in PERCENT:
        if minutes:
            out["skipped"].append({"what": what, "reason": "its lag is a percentage; it was imported without lag"})
        return 0
    days = minutes / (24 * 60 if fmt in ELAPSED else minutes_a_day)
    days = max(-MAX_LAG, min(MAX_LAG, days))
    return int(math.copysign(math.floor(abs(days) + 0.5), days))  # half away from zero: -0.5 day → -1


# --- resources ---------------------------------------------------------------------------------------------------

def _resources(q, project):
    """{resource UID: person} of the work resources with a name or an e-mail address."""
    found = {}
    for r in q.all(project, "Resources/p:Resource"):
        uid, name, email = q.whole(r, "UID"), q.text(r, "Name"), q.text(r, "EmailAddress")
        email = email.lower() if email and "@" in email and len(email) <= EMAIL_CHARS else None
        if uid is None or q.whole(r, "IsNull") == 1 or not (name or email):
            continue
        found[uid] = {"email": email, "name": (name or email)[:NAME_CHARS], "login": None,
                      "work": q.whole(r, "Type", WORK) == WORK}
    return found


def _owners(q, project, tasks, out):
    """A task's owner: the resource of its first assignment with units above zero (else its first assignment);
    people only for the resources that own a task."""
    resources = _resources(q, project)
    chosen = {}
    for a in q.all(project, "Assignments/p:Assignment"):
        task, res = q.whole(a, "TaskUID"), q.whole(a, "ResourceUID")
        if task not in tasks or res == UNASSIGNED:
            continue
        person = resources.get(res)
        if person is None or not person["work"]:
            what = f"Assignment to '{tasks[task][1]['name']}'"
            reason = "its resource is not in the file" if person is None else \
                f"'{person['name']}' is a material or cost resource"
            out["skipped"].append({"what": what, "reason": reason})
            continue
        chosen.setdefault(task, []).append((q.number(a, "Units", 1.0) <= 0, res))
    for task, candidates in chosen.items():
        module = tasks[task][1]
        owner = min(candidates, key=lambda c: c[0])[1]  # stable: the first with units, else the first
        if module["deliverable"] is None:
            module["deliverable"] = {"status": "NOT_STARTED", "owner": None, "startDate": None, "deadline": None,
                                     "completionDate": None, "milestone": False}
        module["deliverable"]["owner"] = f"r:{owner}"
        person = resources[owner]
        out["people"][f"r:{owner}"] = {k: person[k] for k in ("email", "name", "login")}
        for _, other in candidates:
            if other != owner:
                out["skipped"].append({"what": f"Assignment of '{resources[other]['name']}' to '{module['name']}'",
                                       "reason": f"a deliverable has one owner: '{person['name']}'"})


# --- baseline ----------------------------------------------------------------------------------------------------

def _baselines(q, tasks, out):
    """Baseline 0's dates of the tasks; other baselines are said to be skipped (once)."""
    dates, others = {}, set()
    for t, module in tasks.values():
        for b in q.all(t, "Baseline"):
            number = q.whole(b, "Number", 0)
            if number != 0:
                others.add(number)
                continue
            first, last = _span(q.moment(b, "Start"), q.moment(b, "Finish"))
            if first or last:
                dates[module["key"]] = [_iso(first or last), _iso(last or first)]
    if dates:
        out["baselines"].append({"name": "Baseline 0", "dates": dates})
    if others:
        out["skipped"].append({"what": "Baselines " + ", ".join(str(n) for n in sorted(others)),
                               "reason": "only Baseline 0 is imported"})
