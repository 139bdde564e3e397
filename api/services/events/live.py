"""Live updates through nginx's nchan module.

Browsers subscribe with EventSource to `/live/m/{module_id}` (a module's channel) or `/live/u/{user_id}` (their own
bell) with a ticket in the query string (`?t=`): a short-lived signed ticket for one channel and user, asked from
the API (`live/ticket/...`) with the bearer token, since EventSource cannot send headers. nginx asks the API
(`auth_request` -> `live/authorize`) before nchan takes a subscriber: the ticket must be genuine and
fresh and its user may view the module now. The API records who was let in (`live_subscriber`, for as long as
nchan keeps a subscriber: LIVE_SESSION_SECONDS) and names nginx the listener's own nchan channel
(`X-Live-Channel`): a module's listeners each have theirs (`m{module}u{user}`), a bell is its user's (`u{user}`).

The dispatcher publishes, after the write committed, small hints (`{id, kind, module, item, scope}`: ids, never
names or text) to nchan's internal publisher location; the page reads what changed through the API, which checks
rights as always. A hint on a module's channel goes to each recorded listener who may view the event's module at
that moment, on their own channel: one who lost the right is told so once (`live.lost`) and forgotten, and nobody
else's stream is cut for it. (Deleting a shared channel to close out such a listener crashed Debian's nchan 1.3.6
with channels in Redis.) nchan answers each publish with how many streams listen on the channel: a listener whose
page closed is forgotten too, once their record has settled (SETTLING), rather than posted to until it expires.
"""
import contextlib
import contextvars
import http.client
import json
import logging
import socket
from datetime import timedelta
from types import SimpleNamespace
from urllib.parse import parse_qs, urlsplit

from flask import current_app
from itsdangerous import BadSignature, SignatureExpired, URLSafeTimedSerializer
from sqlalchemy import delete, select

from ... import permissions as perm
from ...extensions import db
from ...models import LiveSubscriber, Module, User
from ...models.base import utcnow

log = logging.getLogger(__name__)
PREFIX = "/live/"


def _serializer():
    return URLSafeTimedSerializer(current_app.config["SECRET_KEY"], salt="live-ticket")


def channel_of_module(module_id):
    return f"m{module_id}"


def channel_of_user(user_id):
    return f"u{user_id}"


def listener_channel(channel, user_id):
    """The nchan channel one listener of `channel` subscribes to and is published to."""
    return channel if channel.startswith("u") else f"{channel}u{user_id}"


def ticket(user, channel):
    """{url, channel, expiresIn}: where to open the EventSource, with its ticket."""
    token = _serializer().dumps({"u": user.id, "c": channel})
    kind, ident = channel[0], channel[1:]
    return {"url": f"{PREFIX}{kind}/{ident}?t={token}", "channel": channel,
            "expiresIn": current_app.config["LIVE_TICKET_SECONDS"]}


def _read(original_uri):
    """(channel, user) of an original subscriber URI, or None."""
    parts = urlsplit(original_uri or "")
    segments = parts.path[len(PREFIX):].split("/") if parts.path.startswith(PREFIX) else []
    if len(segments) != 2 or segments[0] not in ("m", "u") or not segments[1].isdigit():
        return None
    channel = segments[0] + segments[1]
    token = (parse_qs(parts.query).get("t") or [""])[0]
    try:
        data = _serializer().loads(token, max_age=current_app.config["LIVE_TICKET_SECONDS"])
    except (SignatureExpired, BadSignature):
        return None
    if not isinstance(data, dict) or data.get("c") != channel:
        return None
    user = db.session.get(User, data.get("u"))
    if user is None or not user.is_active:
        return None
    return channel, user


def authorize(original_uri):
    """nginx's question: may this subscriber in? The ticket, then the right to view the module now. A yes is
    recorded (who listens where, until when) and answered with the listener's nchan channel; a no is None."""
    found = _read(original_uri)
    if found is None:
        return None
    channel, user = found
    if channel.startswith("m"):
        if user.id not in perm.viewers_among([user.id], SimpleNamespace(id=int(channel[1:]))):
            return None
    elif int(channel[1:]) != user.id:
        return None
    now = utcnow()
    db.session.execute(delete(LiveSubscriber).where(LiveSubscriber.expires < now))
    db.session.add(LiveSubscriber(channel=channel, user_id=user.id,
                                  expires=now + timedelta(seconds=current_app.config["LIVE_SESSION_SECONDS"])))
    db.session.commit()
    return listener_channel(channel, user.id)


# --- publishing ----------------------------------------------------------------------------------------------

class _Unix(http.client.HTTPConnection):
    def __init__(self, path, timeout):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self._path)


def _connection():
    """(connection, path prefix) to nchan's publisher; None when live updates are off."""
    base = current_app.config.get("LIVE_PUBLISH_URL") or ""
    if not base:
        return None
    if base.startswith("unix:"):
        return _Unix(base[len("unix:"):], 2), "/pub"
    parts = urlsplit(base)
    return http.client.HTTPConnection(parts.hostname, parts.port or 80, timeout=2), f"{parts.path.rstrip('/')}/pub"


_pass = contextvars.ContextVar("live_pass", default=None)


@contextlib.contextmanager
def one_pass():
    """A dispatcher pass publishes through one kept-alive connection and reads each channel's listeners and their
    rights once (the pass is one moment of delivery): a batch of events on a few busy modules costs a few queries
    and connections, not a few per event."""
    state = {"conn": None, "targets": {}}
    token = _pass.set(state)
    try:
        yield
    finally:
        _pass.reset(token)
        if state["conn"] is not None:
            state["conn"][0].close()


def _post(channel, body):
    """POST one hint: (status, how many streams listen on the channel now, as nchan says; None if it did not)."""
    state = _pass.get()
    made = (state and state["conn"]) or _connection()
    if made is None:
        return None, None
    if state is not None:
        state["conn"] = made  # kept for the pass (a closed one reopens at its next request)
    conn, prefix = made
    try:
        conn.request("POST", f"{prefix}/{channel}", body=body,
                     headers={"Content-Type": "application/json", "Accept": "text/json"})
        resp = conn.getresponse()
        return resp.status, _subscribers(resp.read())
    except (OSError, http.client.HTTPException):
        conn.close()
        raise
    finally:
        if state is None:
            conn.close()


def _subscribers(answer):
    """nchan's channel info after a publish (`{"messages": .., "subscribers": n, ...}`, with channels in memory or
    in Redis, where it counts the streams of every nginx): n, or None."""
    try:
        n = json.loads(answer or b"{}").get("subscribers")
    except (ValueError, AttributeError):
        return None
    return n if isinstance(n, int) else None


def _listeners(channel, now):
    return set(db.session.scalars(select(LiveSubscriber.user_id).where(LiveSubscriber.channel == channel,
                                                                        LiveSubscriber.expires > now)))


def _targets(channel, module_id):
    """The nchan channels a hint on `channel` goes to: a bell's own; for a module's channel, that of each listener
    who may view `module_id` (by default that module) now: rights at delivery, four queries whatever the number,
    once per dispatcher pass. A listener who may no longer view the channel's own module is closed out."""
    if channel.startswith("u"):
        return [channel]
    own = int(channel[1:])
    module_id = own if module_id is None else module_id
    state = _pass.get()
    memo = state["targets"] if state is not None else {}
    if (channel, module_id) not in memo:
        users = _listeners(channel, utcnow())
        seeing = perm.viewers_among(users, SimpleNamespace(id=module_id)) if users else set()
        unseen = users - seeing
        if unseen and module_id != own:
            if db.session.get(Module, own) is None:
                # Deleted (the hint says so, checked on the parent): whoever was let in to its page hears it.
                seeing, unseen = users, set()
            else:
                unseen -= perm.viewers_among(unseen, SimpleNamespace(id=own))
        if unseen:
            _close_out(channel, unseen)
        memo[(channel, module_id)] = [listener_channel(channel, u) for u in sorted(seeing)]
    return memo[(channel, module_id)]


LOST = "live.lost"


def _close_out(channel, users):
    """Tell each of these listeners of a module's channel that they may no longer view it (their page reads it
    again, is refused and closes the stream) and forget them: a hint of their own channel, never a channel delete
    (module docstring)."""
    _forget(channel, users)
    body = json.dumps({"kind": LOST, "module": int(channel[1:])}).encode()
    for u in sorted(users):
        _post(listener_channel(channel, u), body)


# A stream is let in (its row recorded) a moment before nchan counts it: a row younger than this is kept whatever
# nchan says.
SETTLING = timedelta(seconds=30)


def _forget(channel, users, settled=False):
    """Forget these listeners of a module's channel: no more hints are posted for them until they open a stream
    again (which records them anew). `settled`: only records older than SETTLING (nchan said nobody listens on
    their own channel any more: their page closed)."""
    stmt = delete(LiveSubscriber).where(LiveSubscriber.channel == channel, LiveSubscriber.user_id.in_(users))
    if settled:
        recorded_before = utcnow() + timedelta(seconds=current_app.config["LIVE_SESSION_SECONDS"]) - SETTLING
        stmt = stmt.where(LiveSubscriber.expires < recorded_before)
    db.session.execute(stmt)


def recheck(user_ids):
    """After a change of these users' memberships (on the module or on an ancestor of what they listen to): close
    out their streams of modules they may no longer view. Three queries a channel they listen to."""
    if not current_app.config.get("LIVE_PUBLISH_URL"):
        return
    now = utcnow()
    by_channel = {}
    for channel, uid in db.session.execute(select(LiveSubscriber.channel, LiveSubscriber.user_id).where(
            LiveSubscriber.user_id.in_(list(user_ids)), LiveSubscriber.channel.like("m%"),
            LiveSubscriber.expires > now)):
        by_channel.setdefault(channel, set()).add(uid)
    try:
        for channel, users in sorted(by_channel.items()):
            unseen = users - perm.viewers_among(users, SimpleNamespace(id=int(channel[1:])))
            if unseen:
                _close_out(channel, unseen)
    except (OSError, http.client.HTTPException) as e:
        log.warning("Live close-out failed: %s", e)


def publish(channel, message, module_id=None):
    """Publish one hint on `channel`: a module's goes to each of its listeners who may view `module_id` now, and
    those whose stream has closed are forgotten. A publisher that is down loses the hint (pages read again when
    their stream comes back). True when every listener's channel took it."""
    if not current_app.config.get("LIVE_PUBLISH_URL"):
        return False
    body = json.dumps(message).encode()
    try:
        targets = _targets(channel, module_id)
        answers = [(target, *_post(target, body)) for target in targets]
    except (OSError, http.client.HTTPException) as e:
        log.warning("Live publish to %s failed: %s", channel, e)
        return False
    gone = [target for target, status, listening in answers if listening == 0 and target != channel]
    if gone:
        _forget(channel, {int(target[len(channel) + 1:]) for target in gone}, settled=True)  # m{id}u{user}
        targets[:] = [t for t in targets if t not in gone]  # the pass's memo: no more posts to them
    return all(status is not None and status < 300 for _, status, _ in answers)
