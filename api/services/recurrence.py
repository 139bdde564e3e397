"""Recurring tasks (issue 42, point 6): a module repeats weekly or monthly, every N weeks or months, on a given day.
The next occurrence is a copy of the current one (its deliverable with the owner, its members, its custom-field
values: `cloning.clone`) dated by the rule, made when the current one is completed or when its start date comes
(the worker's daily sweep, `tasks.recur`), whichever is first: making it moves the rule to the copy, so each
occurrence is made once and the series is edited or stopped from its newest one."""
from calendar import monthrange
from datetime import date, timedelta

from sqlalchemy import select, update

from .. import permissions as perm
from ..errors import Forbidden, NotFound
from ..extensions import db
from ..i18n import N_, _
from ..models import Deliverable, Module, Recurrence, User
from ..transactions import check_version
from . import feed, sentences
from .sentences import said

WEEKDAYS = (N_("Monday"), N_("Tuesday"), N_("Wednesday"), N_("Thursday"), N_("Friday"), N_("Saturday"),
            N_("Sunday"))
DONE = ("COMPLETED", "VERIFIED_COMPLETE")


def next_date(rule, d):
    """The occurrence after one dated `d`: the rule's weekday `every` weeks on, or its day `every` months on (the
    month's last day when the month is shorter: the 31st falls on 28 or 29 February)."""
    if rule.unit == "WEEK":
        monday = d - timedelta(days=d.weekday()) + timedelta(weeks=rule.every)
        return monday + timedelta(days=rule.day - 1)
    months = d.month - 1 + rule.every
    year, month = d.year + months // 12, months % 12 + 1
    return date(year, month, min(rule.day, monthrange(year, month)[1]))


def sentence(rule):
    """'Every week on Monday', 'Every 3 months on day 31' (English, said again in a reader's language)."""
    if rule.unit == "WEEK":
        day = said(WEEKDAYS[rule.day - 1])
        return said(N_("Every week on %(day)s"), day=day) if rule.every == 1 else \
            sentences.ngettext("Every %(num)d week on %(day)s", "Every %(num)d weeks on %(day)s", rule.every, day=day)
    return said(N_("Every month on day %(day)s"), day=rule.day) if rule.every == 1 else \
        sentences.ngettext("Every %(num)d month on day %(day)s", "Every %(num)d months on day %(day)s", rule.every,
                           day=rule.day)


def text(rule):
    """The rule in the request's language: 'Every week on Monday', 'Every 3 months on day 31'."""
    s = sentence(rule)
    return sentences.say(sentences.stored(s), str(s))


def present(rule):
    return None if rule is None else {"unit": rule.unit, "every": rule.every, "day": rule.day, "text": text(rule),
                                      "version": rule.version}


def get(module):
    return db.session.get(Recurrence, module.id)


def values_of(rule):
    return {"unit": rule.unit, "every": rule.every, "day": rule.day} if rule else {"unit": "MONTH", "every": 1,
                                                                                     "day": 1}


def save(user, module, data):
    """Make the module repeat, or change how (the form's unit, every, day)."""
    rule = get(module)
    if rule is None:
        rule = Recurrence(module_id=module.id, created_by_id=user.id)
        db.session.add(rule)
    else:
        check_version(rule, data, lambda: present(rule))
    rule.unit, rule.every, rule.day = data["unit"], data["every"], data["day"]
    db.session.flush()
    feed.record(user, module, "edit", "recurrence",
                said(N_("'%(name)s' repeats: %(rule)s"), name=module.name, rule=sentences.lowered(sentence(rule))),
                data={"unit": rule.unit, "every": rule.every, "day": rule.day})
    db.session.commit()
    return present(rule)


def stop(user, module):
    rule = get(module)
    if rule is None:
        raise NotFound(_("This item does not repeat"))
    db.session.delete(rule)
    feed.record(user, module, "delete", "recurrence", said(N_("'%(name)s' repeats no more"), name=module.name))
    db.session.commit()


def advance(user, module, rule):
    """Make the next occurrence of `module` (in the caller's transaction) and move the rule to it; its id."""
    from . import cloning, done
    d = db.session.scalar(select(Deliverable).where(Deliverable.module_id == module.id))
    start, end = (d.start_date, d.deadline) if d else (None, None)
    base = start or end or date.today()
    nxt = next_date(rule, base)
    parent = db.session.get(Module, module.parent_id)
    members = perm.rights(user, parent).admin or user.is_superuser
    new_id = cloning.clone(user, module, {
        "name": module.name, "parentId": module.parent_id, "shiftDays": 0, "children": False, "deliverables": True,
        "articles": False, "files": False, "references": False, "members": members, "customValues": True})
    new = db.session.get(Module, new_id)
    nd = db.session.scalar(select(Deliverable).where(Deliverable.module_id == new_id))
    if nd is not None:
        if start:
            nd.start_date = nxt
        if end:
            nd.deadline = nxt + (end - start if start else timedelta(0))
        nd.commenced_date = nd.completion_date = None
        nd.status_before_done = None
        done.settle(user, new, nd, "NOT_STARTED")  # its checklist box unticked too
    db.session.execute(update(Recurrence).where(Recurrence.module_id == module.id).values(
        module_id=new_id, version=Recurrence.version + 1))
    db.session.flush()
    feed.record(user, module, "add", "recurrence",
                said(N_("Made the next occurrence of '%(name)s', on %(date)s"), name=module.name, date=nxt.isoformat()),
                item=new_id, data={"next": new_id, "date": nxt.isoformat()})
    return new_id


def on_done(user, module):
    """The module was just completed: its next occurrence, if it repeats (in the caller's transaction), made by
    whoever completed it, else by the rule's author when only they may add items there (else the sweep tries)."""
    rule = get(module)
    if rule is None:
        return
    parent = db.session.get(Module, module.parent_id)
    author = db.session.get(User, rule.created_by_id) if rule.created_by_id else None
    for who in (user, author):
        if who is not None and who.is_active and perm.rights(who, parent).create and not parent.locked:
            advance(who, module, rule)
            return


def due(today):
    """The rules whose occurrence has started (its start date, else its deadline, is today or past)."""
    q = select(Recurrence.module_id).join(Deliverable, Deliverable.module_id == Recurrence.module_id).where(
        db.func.coalesce(Deliverable.start_date, Deliverable.deadline) <= today).order_by(Recurrence.module_id)
    return db.session.scalars(q).all()


def run_due(today=None):
    """The worker's daily sweep: the next occurrence of each repeating item whose date came, made as the person who
    set the rule (a rule whose author may no longer add items there is left, and said in the log). How many."""
    made = 0
    for module_id in due(today or date.today()):
        rule = db.session.get(Recurrence, module_id)
        module = db.session.get(Module, module_id)
        author = db.session.get(User, rule.created_by_id) if rule.created_by_id else None
        try:
            if author is None or not author.is_active:
                raise Forbidden("The rule's author is gone")
            advance(author, module, rule)
            db.session.commit()
            made += 1
        except (Forbidden, NotFound):
            db.session.rollback()
    return made
