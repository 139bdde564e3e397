"""Issue 45, effort: time entries, a portal's activities and its effort settings.

An entry is the minutes a person spent on a module on a day. Its portal (the module's level-1 ancestor) and the
person's organisation (`organisation_of`, as it is when the entry is made) are written with it. Who logs, changes
and deletes time is decided in permissions.py (`log_time_error`, `time_entry_error`); the rules beyond rights are
here: one person's day holds at most 24 hours, over every module and portal (`check_day`), and a month whose
timesheet is APPROVED is locked (`is_locked`, 423). A person's own entries are personal records, not in the
activity feed; a portal admin's change of someone else's time (logging it for them, correcting or deleting it) is
written to the module's feed. Other services call the helpers named in the contract: `parse_duration`,
`organisation_of`, `is_locked`, `portal_of`, `present`, `hours`, `settings` (and `check_day`, `check_open`,
`activities`, `create`)."""
import datetime as dt
import re
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from types import SimpleNamespace

from sqlalchemy import and_, exists, func, or_, select

from .. import links
from .. import permissions as perm
from ..errors import Forbidden, Invalid, Locked, NotFound
from ..extensions import db
from ..i18n import N_, _
from ..links import Ctx
from ..models import EffortSettings, Membership, Module, TimeActivity, TimeEntry, Timesheet, User
from ..models.base import utcnow
from ..models.effort import DEFAULT_HOURS_PER_PM
from ..models.module import path_ids, path_under, scope_id
from ..transactions import check_version, lock_row
from .modules import real
from .sentences import said

MAX_DAY = 24 * 60            # minutes one person's day may hold, over every module and portal
EARLIEST = dt.date(2000, 1, 1)
MAX_NOTE = 2000
MAX_ACTIVITIES, MAX_ACTIVITY = 30, 60
MAX_PERIODS, MAX_MONTH = 50, 600
MAX_EXPORT = 100_000         # rows a CSV or XLSX export of the list holds at most

FORMAT = N_("Use hours like 1.5 or 1:30")
RANGE = N_("More than 0 and at most 24 hours")
LOCKED = N_("This month is approved: its time is locked")
NOT_FOUND = N_("Time entry not found")
NOT_YOURS = N_("Only its person or an admin of the portal may change a time entry")
FOR_OTHERS = N_("Only an admin of the portal may log time for someone else")
# The activities a portal starts with (models.effort.DEFAULT_ACTIVITIES), made in the language of whoever first
# needs them: listed here for the catalogs.
DEFAULT_NAMES = (N_("Research"), N_("Management"), N_("Dissemination"), N_("Travel"), N_("Other"))


# --- durations, days, hours ----------------------------------------------------------------------------------

class BadDuration(ValueError):
    """A duration that is not one (`FORMAT`) or out of range (`RANGE`): its message is the msgid."""


_CLOCK = re.compile(r"(\d{1,2}):([0-5]\d)")
_HOURS = re.compile(r"(\d{1,3}(?:[.,]\d{0,4})?|[.,]\d{1,4})\s*(?:h|hr|hrs|hour|hours|std)?")
_MINUTES = re.compile(r"(\d{1,5})\s*(?:m|min|mins|minute|minutes)")
_BOTH = re.compile(r"(\d{1,2})\s*h\s*(\d{1,2})\s*(?:m|min|mins|minutes)?")


def parse_duration(text):
    """Minutes of a duration as people write it: hours ('1.5', '1,5', '2h'), hours and minutes ('1:30', '1h30',
    '1h 30m') or minutes ('90m', '90 min'); a JSON number is hours. Raises BadDuration (a ValueError) unless it is
    more than 0 and at most 24 hours (rounded to the minute)."""
    if isinstance(text, bool) or text is None:
        raise BadDuration(FORMAT)
    if isinstance(text, (int, float)):
        text = repr(text) if isinstance(text, float) else str(text)
    if not isinstance(text, str):
        raise BadDuration(FORMAT)
    s = " ".join(text.strip().lower().split())
    if m := _CLOCK.fullmatch(s):
        minutes = int(m.group(1)) * 60 + int(m.group(2))
    elif m := _BOTH.fullmatch(s):
        if int(m.group(2)) >= 60:
            raise BadDuration(FORMAT)
        minutes = int(m.group(1)) * 60 + int(m.group(2))
    elif m := _MINUTES.fullmatch(s):
        minutes = int(m.group(1))
    elif m := _HOURS.fullmatch(s):
        try:
            value = Decimal(m.group(1).replace(",", "."))
        except InvalidOperation:
            raise BadDuration(FORMAT) from None
        minutes = int((value * 60).quantize(Decimal(1), rounding=ROUND_HALF_UP))
    else:
        raise BadDuration(FORMAT)
    if not 0 < minutes <= MAX_DAY:
        raise BadDuration(RANGE)
    return minutes


def hours(minutes):
    """Minutes as hours, 2 decimals (what is shown beside the minutes)."""
    return round((minutes or 0) / 60, 2)


def clock(minutes):
    """Minutes as the form shows them: '1:30'."""
    return f"{minutes // 60}:{minutes % 60:02d}"


def today():
    return utcnow().date()


def latest_day():
    """The last day time may be logged on: a year from today (28 February for a 29th)."""
    t = today()
    try:
        return t.replace(year=t.year + 1)
    except ValueError:
        return t.replace(year=t.year + 1, day=28)


def day_error(day):
    """Why time cannot be logged on `day` (a msgid), or None."""
    if day < EARLIEST:
        return N_("Not before 2000-01-01")
    if day > latest_day():
        return N_("Not more than a year ahead")
    return None


def month_of(day):
    return day.replace(day=1)


# --- where an entry belongs ------------------------------------------------------------------------------------

def portal_of(module):
    """The id of the module's portal (its level-1 ancestor; a portal's own id)."""
    return scope_id(module.path)


def organisation_of(user, module):
    """The organisation the person works for on `module`: that of their nearest membership up the module's path
    that names one, else their own (User.organisation), else ''. One query."""
    ids = path_ids(module.path)
    named = dict(db.session.execute(select(Membership.module_id, Membership.organisation).where(
        Membership.user_id == user.id, Membership.module_id.in_(ids), Membership.organisation.isnot(None),
        Membership.organisation != "")).all())
    for mid in reversed(ids):
        if (named.get(mid) or "").strip():
            return named[mid].strip()[:200]
    return (user.organisation or "").strip()[:200]


# --- locks and the 24-hour day -------------------------------------------------------------------------------

def is_locked(user_id, portal_id, day):
    """Whether the person's month of `day` in the portal is approved (its entries locked). One query."""
    return db.session.scalar(select(exists().where(
        Timesheet.user_id == user_id, Timesheet.portal_id == portal_id, Timesheet.month == month_of(day),
        Timesheet.state == "APPROVED"))) or False


def locked_keys(keys):
    """Of (user_id, portal_id, day) keys, the set of (user_id, portal_id, month) whose month is approved: one
    query whatever their number (none for no keys)."""
    keys = {(u, p, month_of(d)) for u, p, d in keys}
    if not keys:
        return set()
    rows = db.session.execute(select(Timesheet.user_id, Timesheet.portal_id, Timesheet.month).where(
        Timesheet.state == "APPROVED", Timesheet.user_id.in_({k[0] for k in keys}),
        Timesheet.portal_id.in_({k[1] for k in keys}), Timesheet.month.in_({k[2] for k in keys}))).all()
    return {tuple(r) for r in rows} & keys


def check_open(user_id, portal_id, day):
    """423 when the person's month of `day` in the portal is approved."""
    if is_locked(user_id, portal_id, day):
        raise Locked(LOCKED)


def logged(user_id, day, exclude_id=None):
    """Minutes the person logged on `day`, over every module and portal (but the entry `exclude_id`)."""
    q = select(func.coalesce(func.sum(TimeEntry.minutes), 0)).where(TimeEntry.user_id == user_id,
                                                                     TimeEntry.day == day)
    if exclude_id is not None:
        q = q.where(TimeEntry.id != exclude_id)
    return int(db.session.scalar(q) or 0)


def room(user_id, day, exclude_id=None):
    """Minutes still free on the person's day. Holds the person's row until the transaction ends (PostgreSQL), so
    two writes of one person's day are checked one after the other."""
    lock_row(User, user_id)
    return MAX_DAY - logged(user_id, day, exclude_id)


def check_day(user_id, day, minutes, exclude_id=None, field="duration"):
    """422 on `field` when `minutes` more would take the person's day past 24 hours."""
    left = room(user_id, day, exclude_id)
    if minutes > left:
        raise Invalid(N_("The form has errors"), errors={field: [
            _("A day holds at most 24 hours: %(day)s has %(left)s h left", day=day.isoformat(),
              left=hours(max(left, 0)))]})


# --- activities and settings ---------------------------------------------------------------------------------

def activities(portal_id, create=True):
    """The portal's activities in their order, retired ones included (`active`). A portal without any gets the
    defaults the first time they are needed (`create`), committed at once (a form's GET may be the first)."""
    q = select(TimeActivity).where(TimeActivity.portal_id == portal_id).order_by(TimeActivity.idx, TimeActivity.id)
    rows = db.session.scalars(q).all()
    if rows or not create:
        return rows
    lock_row(Module, portal_id)  # two first uses at once make one list
    rows = db.session.scalars(q).all()
    if not rows:
        rows = [TimeActivity(portal_id=portal_id, name=_(name)[:MAX_ACTIVITY], idx=i, active=True)
                for i, name in enumerate(DEFAULT_NAMES)]
        db.session.add_all(rows)
        db.session.commit()
    return rows


def activity_options(portal_id, keep=None):
    """The select's options: the portal's active activities (and `keep`, an entry's retired one)."""
    return [(a.id, a.name) for a in activities(portal_id) if a.active or a.id == keep]


def first_activity(portal_id):
    """The portal's first active activity (what an entry gets when none is chosen), or None."""
    return next((a for a in activities(portal_id) if a.active), None)


def parse_activities(text):
    """(names, errors) of the settings' activities: one a line, 1 to 30, each at most 60 characters, none twice."""
    names, errors, seen = [], [], set()
    lines = [line.strip() for line in (text or "").splitlines()]
    for n, line in enumerate(lines, 1):
        if not line:
            continue
        if len(line) > MAX_ACTIVITY:
            errors.append(_("Line %(line)d: at most %(max)d characters", line=n, max=MAX_ACTIVITY))
        elif line.casefold() in seen:
            errors.append(_("Line %(line)d: '%(name)s' is listed twice", line=n, name=line))
        else:
            seen.add(line.casefold())
            names.append(line)
    if not names and not errors:
        errors.append(_("Name at least one activity"))
    if len(names) > MAX_ACTIVITIES:
        errors.append(_("At most %(max)d activities", max=MAX_ACTIVITIES))
    return names, errors


_PERIOD = re.compile(r"m\s*(\d{1,4})\s*[-–]\s*m?\s*(\d{1,4})", re.IGNORECASE)


def parse_periods(text):
    """(periods, errors) of the settings' reporting periods: one a line, 'M1-M18' (months counted from the
    project's start, from 1, both included); none may overlap another. A period: {name, from, to}."""
    periods, errors = [], []
    lines = [line.strip() for line in (text or "").splitlines()]
    for n, line in enumerate(lines, 1):
        if not line:
            continue
        m = _PERIOD.fullmatch(line)
        if not m:
            errors.append(_("Line %(line)d: write a period as M1-M18", line=n))
            continue
        first, last = int(m.group(1)), int(m.group(2))
        if not 1 <= first <= last <= MAX_MONTH:
            errors.append(_("Line %(line)d: from M1 to M%(max)d, the first month not after the last", line=n,
                            max=MAX_MONTH))
            continue
        name = f"M{first}-M{last}"
        other = next((p for p in periods if p["from"] <= last and first <= p["to"]), None)
        if other is not None:
            errors.append(_("Line %(line)d: %(period)s overlaps %(other)s", line=n, period=name, other=other["name"]))
            continue
        periods.append({"name": name, "from": first, "to": last})
    if len(periods) > MAX_PERIODS:
        errors.append(_("At most %(max)d periods", max=MAX_PERIODS))
    return periods, errors


def _hours_per_pm(row):
    return float(row.hours_per_pm) if row is not None and row.hours_per_pm is not None else DEFAULT_HOURS_PER_PM


def present_settings(portal_id, row=None, acts=None):
    acts = activities(portal_id, create=False) if acts is None else acts
    return {"portalId": portal_id, "activities": [{"id": a.id, "name": a.name} for a in acts if a.active],
            "hoursPerPersonMonth": _hours_per_pm(row), "periods": parse_periods(row.periods)[0] if row else [],
            "version": row.version if row is not None else 0}


def settings(portal_id):
    """The portal's effort settings: {portalId, activities: [{id, name}] (the active ones; none before the first
    use), hoursPerPersonMonth, periods: [{name: 'M1-M18', from: 1, to: 18}] (none by default), version}. Two
    queries; nothing is written."""
    return present_settings(portal_id, db.session.get(EffortSettings, portal_id))


def settings_values(portal_id):
    """The settings form's values (the default activities shown, not made, when the portal has none yet)."""
    row = db.session.get(EffortSettings, portal_id)
    acts = [a.name for a in activities(portal_id, create=False) if a.active] or [_(n) for n in DEFAULT_NAMES]
    return {"activities": "\n".join(acts), "hoursPerPersonMonth": _hours_per_pm(row),
            "periods": "\n".join(p["name"] for p in parse_periods(row.periods)[0]) if row else ""}, row


def save_settings(user, portal, data):
    """Save a portal's effort settings: its activities in the order given (one no longer listed is retired: it stays
    on the entries that name it; listed again, it is back), hours per person-month and reporting periods."""
    user = real(user)
    row = db.session.get(EffortSettings, portal.id)
    if row is None:
        row = EffortSettings(portal_id=portal.id)
        db.session.add(row)
    else:
        check_version(row, data, lambda: present_settings(portal.id, row))
    names = parse_activities(data.get("activities"))[0]
    periods = parse_periods(data.get("periods"))[0]
    row.hours_per_pm = Decimal(str(data.get("hoursPerPersonMonth") or DEFAULT_HOURS_PER_PM)).quantize(Decimal("0.01"))
    row.periods = "\n".join(p["name"] for p in periods)
    lock_row(Module, portal.id)
    existing = activities(portal.id, create=False)
    free = {}
    for a in existing:
        free.setdefault(a.name.casefold(), []).append(a)
    kept = []
    for i, name in enumerate(names):
        same = free.get(name.casefold())
        a = same.pop(0) if same else None
        if a is None:
            a = TimeActivity(portal_id=portal.id)
            db.session.add(a)
        a.name, a.idx, a.active = name, i, True
        kept.append(a)
    for rest in free.values():
        for a in rest:
            a.active = False
    db.session.flush()
    from . import feed
    feed.record(user, portal, "edit", "portal",
                said(N_("Changed the effort settings (activities, hours per person-month, periods)")),
                data={"activities": names, "hoursPerPersonMonth": float(row.hours_per_pm),
                      "periods": [p["name"] for p in periods]})
    db.session.commit()
    return present_settings(portal.id, row, kept)


# --- presenting ----------------------------------------------------------------------------------------------

def _row_links(reader, row, r, locked, admin):
    return links.of("time_entry", Ctx(reader, SimpleNamespace(id=row.module_id, path=row.path), r, row,
                                      locked=locked, admin=admin))


def _present_row(reader, row, locked, admin, with_links=True):
    """A row of the list (TimeEntry columns with module_name, path, user_name, activity_name) as the wire has it."""
    out = {"id": row.id, "moduleId": row.module_id, "moduleName": row.module_name, "portalId": row.portal_id,
           "user": {"id": row.user_id, "name": row.user_name}, "day": row.day, "minutes": row.minutes,
           "hours": hours(row.minutes),
           "activity": {"id": row.activity_id, "name": row.activity_name} if row.activity_id else None,
           "note": row.note, "organisation": row.organisation, "locked": locked, "version": row.version}
    if with_links:
        r = perm.rights(reader, SimpleNamespace(id=row.module_id, path=row.path))
        out["links"] = _row_links(reader, row, r, locked, admin)
    return out


def present(entry, reader=None, locked=None):
    """An entry as the wire has it: {id, moduleId, moduleName, portalId, user: {id, name}, day, minutes, hours,
    activity: {id, name} | null, note, organisation, locked, version, links: {edit?, delete?}} (links for
    `reader`, none without one)."""
    module = db.session.get(Module, entry.module_id)
    person = db.session.get(User, entry.user_id)
    activity = db.session.get(TimeActivity, entry.activity_id) if entry.activity_id else None
    if locked is None:
        locked = is_locked(entry.user_id, entry.portal_id, entry.day)
    row = SimpleNamespace(id=entry.id, module_id=entry.module_id, module_name=module.name, path=module.path,
                          portal_id=entry.portal_id, user_id=entry.user_id, user_name=person.name if person else None,
                          day=entry.day, minutes=entry.minutes, activity_id=entry.activity_id,
                          activity_name=activity.name if activity else None, note=entry.note,
                          organisation=entry.organisation, version=entry.version)
    reader = real(reader) if reader is not None else None
    out = _present_row(reader, row, locked, perm.portal_admin(reader, module) if reader else False,
                       with_links=reader is not None)
    if reader is None:
        out["links"] = {}
    return out


# --- the list ------------------------------------------------------------------------------------------------

SORTS = ("day", "user", "module", "minutes")
_COLUMNS = (TimeEntry.id, TimeEntry.module_id, TimeEntry.portal_id, TimeEntry.user_id, TimeEntry.day,
            TimeEntry.minutes, TimeEntry.activity_id, TimeEntry.note, TimeEntry.organisation, TimeEntry.version,
            Module.name.label("module_name"), Module.path, User.name.label("user_name"),
            TimeActivity.name.label("activity_name"))


def _check_filters(reader, module, filters):
    """404 for a `user` the reader may not see (someone who is neither the reader nor a member of the module's portal
    nor has time there) or an `activity` not of the module's portal. One query each, when given."""
    portal_id = portal_of(module)
    person = filters.get("user")
    if person is not None and person != reader.id:
        if module.level == 0 or reader.is_superuser:
            seen = db.session.scalar(select(exists().where(User.id == person)))
        else:
            portal_path = module.portal_path
            seen = db.session.scalar(select(or_(
                exists().where(Membership.user_id == person, Membership.module_id == Module.id,
                               path_under(Module.path, portal_path)),
                exists().where(TimeEntry.user_id == person, TimeEntry.portal_id == portal_id))))
        if not seen:
            raise NotFound(N_("Person not found"))
    activity = filters.get("activity")
    if activity is not None:
        q = select(exists().where(TimeActivity.id == activity,
                                  *(() if module.level == 0 else (TimeActivity.portal_id == portal_id,))))
        if not db.session.scalar(q):
            raise NotFound(N_("Activity not found"))


def _where(module, filters):
    conds = [path_under(Module.path, module.path)]
    if module.level > 0:
        conds.append(TimeEntry.portal_id == portal_of(module))
    if filters.get("user") is not None:
        conds.append(TimeEntry.user_id == filters["user"])
    if filters.get("activity") is not None:
        conds.append(TimeEntry.activity_id == filters["activity"])
    if filters.get("from") is not None:
        conds.append(TimeEntry.day >= filters["from"])
    if filters.get("to") is not None:
        conds.append(TimeEntry.day <= filters["to"])
    return and_(*conds)


def _order(page):
    key = page.key or "day"
    desc = page.descending if page.sort else True
    primary = {"day": TimeEntry.day, "user": func.lower(User.name), "module": func.lower(Module.name),
               "minutes": TimeEntry.minutes}[key]
    order = [primary.desc() if desc else primary.asc()]
    if key != "day":
        order.append(TimeEntry.day.desc())
    order.append(TimeEntry.id.desc() if desc or key != "day" else TimeEntry.id.asc())
    return order


def _rows(module, filters, order, offset=None, limit=None):
    q = select(*_COLUMNS).join(Module, Module.id == TimeEntry.module_id).join(User, User.id == TimeEntry.user_id) \
        .outerjoin(TimeActivity, TimeActivity.id == TimeEntry.activity_id).where(_where(module, filters)) \
        .order_by(*order)
    if offset:
        q = q.offset(offset)
    if limit is not None:
        q = q.limit(limit)
    return db.session.execute(q).all()


def _presented(reader, rows, with_links=True):
    locked = locked_keys((r.user_id, r.portal_id, r.day) for r in rows)
    admin = {}
    out = []
    for row in rows:
        if row.portal_id not in admin:
            admin[row.portal_id] = perm.portal_admin(reader, SimpleNamespace(path=row.path))
        out.append(_present_row(reader, row, (row.user_id, row.portal_id, month_of(row.day)) in locked,
                                admin[row.portal_id], with_links))
    return out


def listing(reader, module, page, filters):
    """A page of the time logged on the module's subtree (the module included), with the filters (`user`,
    `activity`, `from`, `to`): (rows, total, total minutes). A fixed number of queries: the filters' checks, the
    totals, the page, its locks."""
    reader = real(reader)
    _check_filters(reader, module, filters)
    total, minutes = db.session.execute(
        select(func.count(TimeEntry.id), func.coalesce(func.sum(TimeEntry.minutes), 0))
        .join(Module, Module.id == TimeEntry.module_id).where(_where(module, filters))).one()
    rows = _rows(module, filters, _order(page), page.offset, page.per_page) if total else []
    return _presented(reader, rows), int(total), int(minutes or 0)


def export_rows(reader, module, page, filters):
    """Every row the list's filters match (at most MAX_EXPORT), in its order, without links: what the CSV and XLSX
    exports hold."""
    reader = real(reader)
    _check_filters(reader, module, filters)
    return _presented(reader, _rows(module, filters, _order(page), limit=MAX_EXPORT), with_links=False)


# --- writing -------------------------------------------------------------------------------------------------

def loggable(user, module_id):
    """The module when the user may log time on it: 404 when it is unseen, 403 when they may not."""
    user = real(user)
    module = db.session.get(Module, module_id)
    err = perm.log_time_error(user, module) if module is not None else NotFound
    if err is NotFound:
        raise NotFound(N_("Module not found"))
    if err is not None:
        raise Forbidden(N_("You may not log time on this module"))
    return module


def may_log_for_others(user, module):
    """A portal admin logs (and corrects) the time of the portal's members."""
    return perm.portal_admin(real(user), module)


def log_candidates(module):
    """Who a portal admin may log time for on `module`: the members whose membership on the portal or below it, on
    the module's path, lets them view the module. [(id, name)] by name; one query."""
    ids = path_ids(module.path)[1:]
    rows = db.session.execute(select(User.id, User.name).join(Membership, Membership.user_id == User.id).where(
        Membership.module_id.in_(ids), or_(Membership.allow_view, Membership.admin), User.is_active)
        .distinct().order_by(User.name, User.id)).all()
    return [(uid, name) for uid, name in rows]


def form_options(user, module, admin=None, keep=None):
    """The select options of the entry form: activities, and people for a portal admin."""
    out = {"activityId": activity_options(portal_of(module), keep)}
    if admin if admin is not None else perm.portal_admin(real(user), module):
        people = log_candidates(module)
        if user.id not in {uid for uid, _ in people}:
            people = [(user.id, user.name), *people]
        out["userId"] = people
    return out


def _person(user, module, data):
    """Whose time the form logs: the user's, or (a portal admin's choice) another member's (403 for anyone else,
    422 for someone not among the candidates)."""
    target = data.get("userId")
    if target is None or target == user.id:
        return user
    if not perm.portal_admin(user, module):
        raise Forbidden(FOR_OTHERS)
    if target not in {uid for uid, _ in log_candidates(module)}:
        raise Invalid(N_("The form has errors"), errors={"userId": [N_("Please choose one of the options")]})
    return db.session.get(User, target)


def _day(data):
    day = data.get("day") or today()
    problem = day_error(day)
    if problem:
        raise Invalid(N_("The form has errors"), errors={"day": [problem]})
    return day


def create(by, module, person, day, minutes, activity_id=None, note=""):
    """Write an entry of `person` (checked: the month open, the day's 24 hours; the caller checked the rights and
    the activity), recorded in the feed when `by` logs it for someone else. Flushed, not committed."""
    portal_id = portal_of(module)
    check_open(person.id, portal_id, day)
    check_day(person.id, day, minutes)
    e = TimeEntry(module_id=module.id, portal_id=portal_id, user_id=person.id, day=day, minutes=minutes,
                  activity_id=activity_id, note=note or "", organisation=organisation_of(person, module))
    db.session.add(e)
    db.session.flush()
    if person.id != by.id:
        from . import feed
        feed.record(by, module, "add", "time",
                    said(N_("Logged %(hours)s h for %(name)s on %(day)s"), hours=hours(minutes), name=person.name,
                         day=day.isoformat()),
                    item=e.id, data={"user": person.id, "day": day.isoformat(), "minutes": minutes})
    return e


def add(user, module, data):
    """Log time on `module` from the entry form (the caller checked `log_time`)."""
    user = real(user)
    person = _person(user, module, data)
    day = _day(data)
    activity = data.get("activityId")
    if activity is None:
        first = first_activity(portal_of(module))
        activity = first.id if first else None
    e = create(user, module, person, day, data["duration"], activity, data.get("note") or "")
    db.session.commit()
    return present(e, user, locked=False)


def get(user, entry_id):
    """(entry, module) when the user may change the entry: 404 when it is not there for them (or its module is
    unseen), 403 unless it is theirs or they are an admin of its portal, 423 once its month is approved."""
    user = real(user)
    e = db.session.get(TimeEntry, entry_id)
    module = db.session.get(Module, e.module_id) if e is not None else None
    if module is None:
        raise NotFound(NOT_FOUND)
    err = perm.time_entry_error(user, perm.rights(user, module), module, e,
                                is_locked(e.user_id, e.portal_id, e.day))
    if err is NotFound:
        raise NotFound(NOT_FOUND)
    if err is Locked:
        raise Locked(LOCKED)
    if err is not None:
        raise err(NOT_YOURS)
    return e, module


def edit_values(e):
    return {"day": e.day, "duration": clock(e.minutes), "activityId": e.activity_id, "note": e.note}


def _snapshot(e):
    return {"day": e.day.isoformat(), "minutes": e.minutes, "activityId": e.activity_id, "note": e.note}


def edit(user, e, module, data):
    """Change an entry (its day, minutes, activity, note; the organisation stays as it was written). A portal
    admin's change of someone else's entry is written to the module's feed."""
    user = real(user)
    check_version(e, data, lambda: present(e, user))
    before = _snapshot(e)
    day = _day({"day": data.get("day") or e.day})
    minutes = data["duration"]
    if day != e.day:
        check_open(e.user_id, e.portal_id, day)
    check_day(e.user_id, day, minutes, exclude_id=e.id)
    e.day, e.minutes = day, minutes
    if data.get("activityId") is not None:
        e.activity_id = data["activityId"]
    if "note" in data:
        e.note = data["note"] or ""
    after = _snapshot(e)
    if e.user_id != user.id and after != before:
        person = db.session.get(User, e.user_id)
        from . import feed
        feed.record(user, module, "edit", "time",
                    said(N_("Corrected the time of %(name)s on %(day)s"), name=person.name, day=before["day"]),
                    item=e.id, data={"user": e.user_id, "before": before, "after": after,
                                     "changed": [k for k in after if after[k] != before[k]]})
    db.session.commit()
    return present(e, user, locked=False)


def delete(user, e, module):
    user = real(user)
    if e.user_id != user.id:
        person = db.session.get(User, e.user_id)
        from . import feed
        feed.record(user, module, "delete", "time",
                    said(N_("Deleted %(hours)s h of %(name)s on %(day)s"), hours=hours(e.minutes), name=person.name,
                         day=e.day.isoformat()),
                    item=e.id, data={"user": e.user_id, "before": _snapshot(e)})
    db.session.delete(e)
    db.session.commit()
