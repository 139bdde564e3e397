"""A module's deliverable: status, owner and the four dates."""
from sqlalchemy import select

from ..errors import Conflict, Invalid
from ..extensions import db
from ..i18n import N_, _
from ..transactions import check_version
from .owned import get_owned
from ..models import Deliverable, Membership, Module, User
from . import done, feed, recurrence, scheduling, sentences
from .sentences import said
from .events import watching

FIELDS = {"ownerId": "owner_id", "startDate": "start_date", "deadline": "deadline",
          "commencedDate": "commenced_date", "completionDate": "completion_date", "status": "status",
          "autoScheduled": "auto_scheduled", "milestone": "milestone"}
# A change of these may move what follows the module (services/scheduling.py).
PLANNED = {"startDate", "deadline", "autoScheduled", "milestone"}


def find(module):
    return db.session.scalar(select(Deliverable).where(Deliverable.module_id == module.id))


def get(module, deliverable_id):
    d = get_owned(Deliverable, module, deliverable_id)
    return d


def owner_options(module, current_owner_id=None, user=None):
    """Who may own the module's deliverable: everyone who may view it, i.e. the members of the module or of an
    ancestor (inherited admins included), the editing `user` (a superuser holds no membership, yet may pick
    themself) and the present owner, kept even if they left."""
    ids = module.ancestor_ids + [module.id]
    users = db.session.execute(select(User.id, User.name).join(Membership, Membership.user_id == User.id)
                               .where(Membership.module_id.in_(ids)).distinct().order_by(User.name)).all()
    opts = [(uid, name) for uid, name in users]
    seen = {u for u, _ in opts}
    if user is not None and user.id not in seen:
        opts.append((user.id, user.name))
        seen.add(user.id)
    if current_owner_id and current_owner_id not in seen:
        owner = db.session.get(User, current_owner_id)
        if owner:
            opts.append((owner.id, owner.name))
    return opts


def values_of(d):
    return {k: getattr(d, attr) for k, attr in FIELDS.items()} if d else {"status": "NOT_STARTED"}


def _check_dates(d):
    if d.milestone and (d.start_date or d.deadline):  # one day: the start date, else the deadline
        d.start_date = d.deadline = d.start_date or d.deadline
    errors = {}
    if d.start_date and d.deadline and d.deadline < d.start_date:
        errors["deadline"] = [_("The deadline cannot be before the start date")]
    if d.commenced_date and d.completion_date and d.completion_date < d.commenced_date:
        errors["completionDate"] = [_("Completion cannot be before the commenced date")]
    if errors:
        db.session.rollback()
        raise Invalid(_("The form has errors"), errors=errors)


def _wire(values):
    """Values as the event carries them (dates as ISO text)."""
    return {k: (v.isoformat() if hasattr(v, "isoformat") else v) for k, v in values.items()}


def _owner_names(before_id, after_id):
    """The owners' names as the feed tells the change ('from Marco Rossi to Elena Novak')."""
    name = lambda uid: (db.session.get(User, uid).name if uid and db.session.get(User, uid) else None)  # noqa: E731
    return {"before": name(before_id), "after": name(after_id)}


def _apply(d, data):
    """Every field but the status, which `done.settle` sets (the checklist box follows it)."""
    for key, value in data.items():
        if key in FIELDS and key != "status":
            setattr(d, FIELDS[key], value)


def create(user, module, data):
    done.hold(module)
    if find(module) is not None:
        raise Conflict(_("This module already has a status"))
    d = Deliverable(module_id=module.id)
    _apply(d, data)
    _check_dates(d)
    done.settle(user, module, d, data.get("status"))
    db.session.add(d)
    db.session.flush()
    watching.auto([d.owner_id], module, "owner")
    after = _wire(values_of(d))
    feed.record(user, module, "add", "deliverable",
                said(N_("Set the status of '%(module)s' to %(status)s"), module=module.name,
                     status=sentences.status(d.status)), item=d.id,
                data={"owner": d.owner_id, "changed": sorted(k for k, v in after.items() if v is not None),
                      "before": {}, "after": after, "ownerNames": _owner_names(None, d.owner_id)})
    d.schedule = _reschedule(user, module, d, [k for k in PLANNED if getattr(d, FIELDS[k])])
    db.session.commit()
    return d


def update(user, module, d, data):
    from .modules import deliverable_item
    if PLANNED & set(data):
        scheduling.hold(module)
    check_version(d, data, lambda: deliverable_item(user, module))
    if "status" in data:  # the forms of one date or the owner leave the status, and so the box, as they are
        done.hold(module)
    before = d.status
    old = _wire(values_of(d))
    _apply(d, data)
    _check_dates(d)
    if "status" in data:
        done.settle(user, module, d, data["status"])
    new = _wire(values_of(d))
    changed = sorted(k for k in new if new[k] != old[k])
    what = sorted(data) or said(N_("nothing"))  # the fields sent, by their codes
    if d.status != before:
        what = said(N_("status %(before)s → %(after)s"), before=done.status_said(before),
                    after=done.status_said(d.status))
    if "ownerId" in changed:
        watching.auto([d.owner_id], module, "owner")
    feed.record(user, module, "edit", "deliverable",
                said(N_("Updated the deliverable of '%(module)s' (%(what)s)"), module=module.name, what=what),
                item=d.id,
                data={"owner": d.owner_id, "changed": changed, "before": {k: old[k] for k in changed},
                      "after": {k: new[k] for k in changed},
                      **({"ownerNames": _owner_names(old["ownerId"], new["ownerId"])} if "ownerId" in changed else {})})
    d.schedule = _reschedule(user, module, d, changed)
    if d.status in done.DONE and before not in done.DONE:
        recurrence.on_done(user, module)
    db.session.commit()
    return d


def _reschedule(user, module, d, changed):
    """What the change moved and flagged along the module's relations (None when it changed no planned field)."""
    if not PLANNED & set(changed):
        return None
    db.session.flush()
    return scheduling.after_change(user, module, d)


def module_of(d):
    return db.session.get(Module, d.module_id)
