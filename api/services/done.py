"""One meaning of done (issue 40): a module's checklist box is ticked exactly when its deliverable's status is
COMPLETED or VERIFIED_COMPLETE.

This departs from spec §4, where the box and the status are independent: people read them as one, and a task
ticked 'done' while its status said 'Blocked' (or the other way round) misled whoever read either. So:

- ticking the box sets the status to COMPLETED (making the deliverable when the module has none); unticking returns
  it to the status it had before it was done (`Deliverable.status_before_done`), or to no status when it had none;
- choosing a status through the deliverable's forms ticks the box when it is COMPLETED or VERIFIED_COMPLETE and
  unticks it otherwise (a deliverable made by 'Add Date', without a status, takes the box's: COMPLETED if ticked).

Both paths call `settle()` inside their own transaction, having taken the module's row lock first (`hold()`, before
either side is written), so a tick and a status edit racing on one module take turns and each reads the other's
side as it is. Rights need nothing of their own: ticking and editing the deliverable ask the same right of the
module (`content`: edit, and not locked), so the tie never lets anyone change what they could not change directly.

One change is one feed entry (and one event): a tick that moves the status is recorded as that status change
(category 'deliverable', with `ticked`), so the owner is told and the 'Status and dates' webhooks hear of it as of
any status change; a status edit's entry stays the deliverable's own, the box following it unsaid (it says the same).
"""
from sqlalchemy import select

from ..extensions import db
from ..models import CustomField, CustomValue, Deliverable, Module
from ..transactions import lock_row
from ..i18n import N_
from . import feed, sentences
from .sentences import said
from .custom_field_definitions import CHECKLIST

DONE = ("COMPLETED", "VERIFIED_COMPLETE")
TICKED, UNTICKED = "completed", "not_completed"  # the checklist field's two options that mean something
NO_STATUS = ""  # spec §4: any value but the five shows as grey 'no status'


def hold(module):
    """The module's row lock, taken before either side of done is written (PostgreSQL; SQLite serializes writers)."""
    lock_row(Module, module.id)


def box_field(module):
    """The checklist field whose first value is the module's box: the first that applies to it in (idx, id) order,
    as its row shows it (`custom_field_values.applying`); None when none applies."""
    fields_ = db.session.scalars(select(CustomField).where(
        CustomField.module_id.in_(module.ancestor_ids + [module.id]), CustomField.attribute == CHECKLIST)
        .order_by(CustomField.idx, CustomField.id)).all()
    return next((f for f in fields_ if not f.target_type or f.target_type == module.type), None)


def is_ticked(value):
    return value is not None and value.stringval == TICKED


def named(status):
    """A status as the feed's text tells it."""
    return status or "no status"


def status_said(status):
    """`named(status)`, said as the status's label in another language."""
    return sentences.status(status, named(status))


def _fresh(stmt):
    """The row, read after the lock: a row another request changed meanwhile is taken as it is now, not as the
    session had it; the caller's pending change is not flushed by the read (a deliverable flushed before its
    status is set would take two versions for one edit)."""
    with db.session.no_autoflush:
        return db.session.scalars(stmt.execution_options(populate_existing=True)).first()


def _box_value(field, module):
    return _fresh(select(CustomValue).where(CustomValue.field_id == field.id, CustomValue.module_id == module.id)
                  .order_by(CustomValue.id))


def _set_status(d, status):
    """The status, remembering the one it leaves for done (what an untick returns to) and forgetting it once it is
    not done any more (COMPLETED ↔ VERIFIED_COMPLETE keeps it)."""
    if status in DONE:
        if d.status not in DONE:
            d.status_before_done = d.status or None
    else:
        d.status_before_done = None
    d.status = status


def _tick(user, module, field, value, ticked):
    """Set the box (`value`: its first value, made if there is none) to ticked or not, unless it already is."""
    if is_ticked(value) == ticked:
        return
    if value is None:
        value = CustomValue(field_id=field.id, module_id=module.id, user_id=user.id)
        db.session.add(value)
    option = next((o for o in field.options if o.value == (TICKED if ticked else UNTICKED)), None)
    value.option_id, value.stringval = (option.id if option else None), (TICKED if ticked else UNTICKED)


def settle(user, module, d=None, status=None, field=None):
    """Bring the other side of done along with the one a request changed, in its transaction (after `hold()`).

    The deliverable's path passes its deliverable `d` (new or edited) and the `status` chosen (None: none was,
    'Add Date': the box decides); the status is set and the box follows. Returns False: the deliverable's own entry
    tells the change.

    The checklist's path passes the checklist `field` it wrote (added, edited or deleted a value of): when that is
    the module's box and the status does not already mean what the box now says, the status follows (a deliverable
    is made to tick a module that has none) and the change is recorded as that status change. Returns True when it
    recorded the entry (the caller then records none), else False."""
    with db.session.no_autoflush:
        box = box_field(module)
    if field is None:
        value = _box_value(box, module) if box is not None else None
        if status is None:
            status = "COMPLETED" if is_ticked(value) else "NOT_STARTED"
        _set_status(d, status)
        if box is not None:
            _tick(user, module, box, value, status in DONE)
        return False
    if box is None or box.id != field.id:
        return False  # a checklist field the module's box does not show (another applies first)
    db.session.flush()  # the value as the request left it, read back as the box (its first value)
    ticked = is_ticked(_box_value(box, module))
    d = _fresh(select(Deliverable).where(Deliverable.module_id == module.id))
    was = d.status if d is not None else None
    if ticked == (was in DONE):
        return False
    created = d is None
    if created:
        d = Deliverable(module_id=module.id)
        db.session.add(d)
    _set_status(d, "COMPLETED" if ticked else (d.status_before_done or NO_STATUS))
    db.session.flush()
    if ticked:  # a repeating item ticked done: its next occurrence (issue 42)
        from .recurrence import on_done
        on_done(user, module)
    if created:
        now = sentences.status(d.status)
        text = said(N_("Ticked '%(module)s' as done (status %(status)s)"), module=module.name, status=now) \
            if ticked else said(N_("Unticked '%(module)s' (status %(status)s)"), module=module.name, status=now)
    else:
        was_, now = status_said(was), status_said(d.status)
        text = said(N_("Ticked '%(module)s' as done (status %(before)s → %(after)s)"), module=module.name,
                    before=was_, after=now) if ticked else \
            said(N_("Unticked '%(module)s' (status %(before)s → %(after)s)"), module=module.name, before=was_,
                 after=now)
    feed.record(user, module, "add" if created else "edit", "deliverable", text, item=d.id,
                data={"owner": d.owner_id, "ticked": ticked, "changed": ["status"], "before": {"status": was},
                      "after": {"status": d.status}})
    return True
