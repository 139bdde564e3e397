"""Issue 45: a person's running timer, kept on the server (one at most: it survives reloads and follows the person
from one device to another). Started on a module where they may log time; stopped, it becomes a time entry of the
day it started (its minutes rounded up, at least one, cut to what that day still holds); discarded, it is gone.
Personal: nothing of it is in the activity feed."""
import math

from .. import links
from .. import permissions as perm
from ..errors import Forbidden, Invalid, NotFound
from ..extensions import db
from ..i18n import N_, _
from ..links import Ctx
from ..models import Module, Timer, User
from ..models.module import path_ids
from ..models.base import utcnow
from ..transactions import lock_row
from . import time_entries
from .modules import real

NOT_RUNNING = N_("No timer is running")


def present(user, t):
    """{moduleId, moduleName, started, note, links: {stop, discard}}, or None when no timer runs (or its module is
    no longer one the user sees)."""
    if t is None:
        return None
    module = db.session.get(Module, t.module_id)
    r = perm.rights(user, module) if module is not None else perm.NONE
    if not r.view:
        return None
    ids = path_ids(module.path)
    return {"moduleId": module.id, "moduleName": module.name, "started": t.started, "note": t.note,
            # where the module's page is: its portal (the top bar links the timer there)
            "portalId": ids[1] if len(ids) > 1 else module.id, "platform": module.platform,
            "links": links.of("timer", Ctx(user, module, r, t))}


def current(user):
    user = real(user)
    return present(user, db.session.get(Timer, user.id))


def _running(user):
    lock_row(User, user.id)  # one start or stop of a person's timer at a time
    return db.session.get(Timer, user.id)


def _save(user, t, note=None):
    """The timer's time as an entry of the day it started, and the timer gone (flushed, not committed)."""
    module = db.session.get(Module, t.module_id)
    if module is None or perm.log_time_error(user, module) is not None:
        raise Forbidden(N_("You may no longer log time on the timer's module: discard the timer"))
    seconds = max((utcnow() - t.started).total_seconds(), 0)
    minutes = max(1, math.ceil(seconds / 60))
    day = t.started.date()
    time_entries.check_open(user.id, time_entries.portal_of(module), day)
    left = time_entries.room(user.id, day)
    if left <= 0:
        raise Invalid(N_("The form has errors"), errors={"duration": [
            _("A day holds at most 24 hours: %(day)s is full", day=day.isoformat())]})
    first = time_entries.first_activity(time_entries.portal_of(module))
    entry = time_entries.create(user, module, user, day, min(minutes, left), first.id if first else None,
                                t.note if note is None else note)
    db.session.delete(t)
    db.session.flush()
    return entry


def start(user, module, note=None):
    """Start a timer on `module` (the caller checked `log_time`); one that was running is stopped first and its
    entry saved. ({timer}, the saved entry or None)."""
    user = real(user)
    saved = None
    t = _running(user)
    if t is not None:
        saved = _save(user, t)
    t = Timer(user_id=user.id, module_id=module.id, started=utcnow(), note=note or "")
    db.session.add(t)
    db.session.commit()
    return present(user, t), (time_entries.present(saved, user, locked=False) if saved is not None else None)


def stop(user, note=None):
    """Stop the running timer: its entry (404 when none runs)."""
    user = real(user)
    t = _running(user)
    if t is None:
        raise NotFound(NOT_RUNNING)
    entry = _save(user, t, note)
    db.session.commit()
    return time_entries.present(entry, user, locked=False)


def discard(user):
    user = real(user)
    t = _running(user)
    if t is None:
        raise NotFound(NOT_RUNNING)
    db.session.delete(t)
    db.session.commit()
