"""Calendar feeds (issue 44): a person's dated tasks as an iCalendar subscription (RFC 5545) that a calendar
application reads without signing in. The address carries a secret (secrets.token_urlsafe(32)) shown once, when
the feed is made; only its SHA-256 is kept. A feed is revoked by its owner; a revoked feed, an unknown secret or a
user switched off (`User.is_active`) all answer the same 404, checked on every read.

What a feed lists is decided when it is read, with the user's rights of that moment (in SQL, as the task lists
decide them): one all-day event per module the user may view whose deliverable has a deadline and is not done
(COMPLETED, VERIFIED_COMPLETE), owned by the user ('mine') or on a module the user watches ('watched': the nearest
watch row up the path says), within one portal when the feed names one; the nearest deadlines first, at most
MAX_EVENTS. A fixed number of queries whatever the size (the feed and its user, the memberships, the events, the
ancestors' names)."""
import hashlib
import re
import secrets
from datetime import timedelta, timezone
from urllib.parse import urlsplit

from icalendar import Calendar, Event
from sqlalchemy import func, literal, select, update

from .. import hosts, links
from .. import permissions as perm
from ..errors import Invalid, NotFound
from ..extensions import db
from ..i18n import N_, _, force_locale, recipient_locale, translate
from ..models import CalendarFeed, Deliverable, Module, User, Watch
from ..models.base import utcnow
from ..models.module import path_ids
from ..presenting import status as status_of
from . import api_tokens, my_work
from .events.mailing import BASES
from .events.notifications import entry_of
from .events.watching import WATCHING

MAX_FEEDS = 20        # live feeds a person may have
MAX_EVENTS = 2000     # events a feed lists: the nearest deadlines
TOUCH_SECONDS = 60    # `last_used` is written at most this often
DONE = ("COMPLETED", "VERIFIED_COMPLETE")
PRODID = "-//Portal4R//Calendar feed//EN"
NOT_FOUND = N_("Not found")


def digest(secret):
    return hashlib.sha256((secret or "").encode()).hexdigest()


# --- the signed-in user's feeds ------------------------------------------------------------------------------------

def present(f, portal_names=None):
    portal_names = portal_names or {}
    return {"id": f.id, "name": f.name, "scope": f.scope,
            "portal": {"id": f.portal_id, "name": portal_names.get(f.portal_id)} if f.portal_id else None,
            "created": f.created, "lastUsed": f.last_used,
            "links": links.of("calendar_feed", links.Ctx(None, None, None, f))}


def of(user):
    """The user's live feeds, newest first (two queries: the feeds, their portals' names)."""
    rows = db.session.scalars(select(CalendarFeed).where(CalendarFeed.user_id == user.id,
                                                         CalendarFeed.revoked.is_(None))
                              .order_by(CalendarFeed.id.desc())).all()
    ids = {f.portal_id for f in rows if f.portal_id}
    names = dict(db.session.execute(select(Module.id, Module.name).where(Module.id.in_(ids))).all()) if ids else {}
    return [present(f, names) for f in rows]


def list_links(user):
    return links.of("calendar_feeds", links.Ctx(user, None, None))


def portal_options(user):
    """The portals a feed may be narrowed to: those the user views (as for API tokens)."""
    return api_tokens.portal_options(user)


def create(user, data, base_url):
    """A new feed: `{item, url}`, the url holding the secret (the only time it is shown). `base_url`: where the
    API was reached (the request's root URL)."""
    portal = api_tokens.chosen_portal(user, data.get("portalId"))
    live = db.session.scalar(select(func.count()).select_from(CalendarFeed).where(
        CalendarFeed.user_id == user.id, CalendarFeed.revoked.is_(None)))
    if live >= MAX_FEEDS:
        message = _("You have %(num)s calendar feeds, the most one may have: revoke one first", num=MAX_FEEDS)
        raise Invalid(message, errors={"name": [message]})
    secret = secrets.token_urlsafe(32)
    f = CalendarFeed(user_id=user.id, name=data["name"], scope=data.get("scope") or "mine",
                     portal_id=portal.id if portal else None, secret_hash=digest(secret), created=utcnow())
    db.session.add(f)
    db.session.flush()
    item = present(f, {portal.id: portal.name} if portal else None)
    db.session.commit()
    return {"item": item, "url": feed_url(base_url, secret)}


def feed_url(base_url, secret):
    return f"{base_url.rstrip('/')}/api/calendar-feed/ical/{secret}.ics"


def revoke(user, feed_id):
    f = db.session.get(CalendarFeed, feed_id)
    if f is None or f.user_id != user.id or f.revoked is not None:
        raise NotFound(_("No such calendar feed"))
    f.revoked = utcnow()
    db.session.commit()


# --- the feed itself -------------------------------------------------------------------------------------------------

_FEED = select(CalendarFeed, User).join(User, User.id == CalendarFeed.user_id)


def find(secret):
    """(feed, user) of a live feed of an active user, else 404: the same answer whatever the reason."""
    found = db.session.execute(_FEED.where(CalendarFeed.secret_hash == digest(secret))).first() \
        if isinstance(secret, str) and 20 <= len(secret) <= 100 else None
    if found is None or found[0].revoked is not None or not found[1].is_active:
        raise NotFound(NOT_FOUND)
    return found


def _watched(user):
    """SQL: the nearest watch row of the user up the module's path says 'watching'."""
    wm = db.aliased(Module)
    nearest = select(Watch.state).join(wm, wm.id == Watch.module_id) \
        .where(Watch.user_id == user.id, Module.path.like(wm.path + literal("%"))) \
        .order_by(wm.level.desc()).limit(1).correlate(Module).scalar_subquery()
    return nearest == WATCHING


def events_of(feed, user):
    """The rows the feed lists now: (id, name, path, platform, deadline, status, milestone), the nearest deadlines
    first, at most MAX_EVENTS."""
    q = select(Module.id, Module.name, Module.path, Module.platform, Deliverable.deadline, Deliverable.status,
               Deliverable.milestone) \
        .join(Deliverable, Deliverable.module_id == Module.id) \
        .where(Deliverable.deadline.is_not(None), Deliverable.status.not_in(DONE), Module.level >= 1)
    if feed.scope == "watched":
        q = q.where(_watched(user))
    else:
        q = q.where(Deliverable.owner_id == user.id)
    if feed.portal_id:  # (a portal's id in a path: its subtree)
        q = q.where(Module.path.like(f"%/{int(feed.portal_id)}/%"))
    visible = my_work.visible_clause(user)  # the rights of the feed's user, as My work decides them
    if visible is not None:
        q = q.where(visible)
    return db.session.execute(q.order_by(Deliverable.deadline, Module.id).limit(MAX_EVENTS)).all()


def ical(feed, user, brand_key):
    """The feed as an iCalendar document (bytes), in the user's language."""
    brand = hosts.brand(brand_key)
    public = brand["publicUrl"]
    host = urlsplit(public).hostname or "portal"
    with force_locale(recipient_locale(user, brand_key)):
        rows = events_of(feed, user)
        needed = {p for r in rows for p in path_ids(r.path)[1:-1]}
        names = dict(db.session.execute(select(Module.id, Module.name).where(Module.id.in_(needed))).all()) \
            if needed else {}
        cal = Calendar()
        cal.add("prodid", PRODID)
        cal.add("version", "2.0")
        cal.add("calscale", "GREGORIAN")
        cal.add("method", "PUBLISH")
        cal.add("x-wr-calname", feed.name)
        cal.add("x-published-ttl", "PT1H")
        stamp = utcnow().replace(microsecond=0)
        milestone = translate(N_("Milestone"))
        for r in rows:
            ev = Event()
            ev.add("uid", f"module-{r.id}@{host}")
            ev.add("dtstamp", stamp.replace(tzinfo=timezone.utc))
            ev.add("dtstart", r.deadline)
            ev.add("dtend", r.deadline + timedelta(days=1))
            ev.add("summary", ("◆ " if r.milestone else "") + r.name)
            trail = " › ".join(names[p] for p in path_ids(r.path)[1:-1] if p in names)
            label = _("Status: %(status)s", status=status_of(r.status)["label"])
            ev.add("description", f"{trail}\n{label}" if trail else label)
            ev.add("url", f"{public}/{BASES.get(r.platform, 'portal')}/{entry_of(user, r.path)}/module/{r.id}")
            ev.add("transp", "TRANSPARENT")
            if r.milestone:
                ev.add("categories", [milestone])
            cal.add_component(ev)
    return cal.to_ical()


def touch(feed):
    """Write when the feed was last read, at most once a minute (never fails a read)."""
    now = utcnow()
    if feed.last_used is not None and (now - feed.last_used).total_seconds() <= TOUCH_SECONDS:
        return
    try:
        db.session.execute(update(CalendarFeed).where(CalendarFeed.id == feed.id).values(last_used=now))
        db.session.commit()
    except Exception:  # noqa: BLE001  (a lost "last used" must not turn an answer into an error)
        db.session.rollback()


def filename(feed):
    """The feed's file name: its name in ASCII letters and digits ('Mes tâches' is 'Mes-t-ches.ics')."""
    return (re.sub(r"[^A-Za-z0-9]+", "-", feed.name).strip("-")[:60] or "calendar") + ".ics"

