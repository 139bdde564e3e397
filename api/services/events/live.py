"""Live updates through nginx's nchan module.

Browsers subscribe with EventSource to `/live/m/{module_id}` (a module's channel) or `/live/u/{user_id}` (their own
bell) with a ticket in the query string (`?t=`): a short-lived signed ticket for one channel and user, asked from
the API (`live/ticket/...`) with the bearer token, since EventSource cannot send headers. nginx asks the API
(`auth_request` -> `live/authorize`) before nchan takes a subscriber: the ticket must be genuine and
fresh and its user may view the module now. The API records who was let in (`live_subscriber`, for as long as
nchan keeps a subscriber: LIVE_SESSION_SECONDS).

The dispatcher publishes, after the write committed, small hints (`{id, kind, module, item, scope}`: ids, never
names or text) to nchan's internal publisher location; the page reads what changed through the API, which checks
rights as always. Before it publishes on a channel, it checks every subscriber recorded there against the event's
module: if one of them may no longer view it, the channel is deleted first (nchan closes every stream on it; the
others come back with a new ticket at once and read the page again).
"""
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
from ...models import LiveSubscriber, User
from ...models.base import utcnow

log = logging.getLogger(__name__)
PREFIX = "/live/"


def _serializer():
    return URLSafeTimedSerializer(current_app.config["SECRET_KEY"], salt="live-ticket")


def channel_of_module(module_id):
    return f"m{module_id}"


def channel_of_user(user_id):
    return f"u{user_id}"


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
    """nchan's question: may this subscriber in? The ticket, then the right to view the module now. A yes is
    recorded (who listens where, until when)."""
    found = _read(original_uri)
    if found is None:
        return False
    channel, user = found
    if channel.startswith("m"):
        if user.id not in perm.viewers_among([user.id], SimpleNamespace(id=int(channel[1:]))):
            return False
    elif int(channel[1:]) != user.id:
        return False
    now = utcnow()
    db.session.execute(delete(LiveSubscriber).where(LiveSubscriber.expires < now))
    db.session.add(LiveSubscriber(channel=channel, user_id=user.id,
                                  expires=now + timedelta(seconds=current_app.config["LIVE_SESSION_SECONDS"])))
    db.session.commit()
    return True


# --- publishing ----------------------------------------------------------------------------------------------

class _Unix(http.client.HTTPConnection):
    def __init__(self, path, timeout):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self._path)


def _request(method, channel, body=None):
    base = current_app.config.get("LIVE_PUBLISH_URL") or ""
    if not base:
        return None
    if base.startswith("unix:"):
        conn = _Unix(base[len("unix:"):], 2)
        path = f"/pub/{channel}"
    else:
        parts = urlsplit(base)
        conn = http.client.HTTPConnection(parts.hostname, parts.port or 80, timeout=2)
        path = f"{parts.path.rstrip('/')}/pub/{channel}"
    try:
        conn.request(method, path, body=body, headers={"Content-Type": "application/json", "Accept": "text/json"})
        resp = conn.getresponse()
        resp.read()
        return resp.status
    finally:
        conn.close()


def _listeners(channel, now):
    return set(db.session.scalars(select(LiveSubscriber.user_id).where(LiveSubscriber.channel == channel,
                                                                        LiveSubscriber.expires > now)))


def kick_unseeing(channel, module_id, now=None):
    """Close the channel when one of its listeners may no longer view `module_id` (rights at delivery)."""
    now = now or utcnow()
    users = _listeners(channel, now)
    if not users:
        return False
    if users <= perm.viewers_among(users, SimpleNamespace(id=module_id)):
        return False
    _request("DELETE", channel)
    db.session.execute(delete(LiveSubscriber).where(LiveSubscriber.channel == channel))
    return True


def publish(channel, message, module_id=None):
    """Publish one hint; with `module_id`, first close the channel on anyone who may not view that module. A
    publisher that is down loses the hint (pages read again when their stream comes back)."""
    if not current_app.config.get("LIVE_PUBLISH_URL"):
        return False
    try:
        if module_id is not None:
            kick_unseeing(channel, module_id)
        status = _request("POST", channel, json.dumps(message).encode())
        return status is not None and status < 300
    except OSError as e:
        log.warning("Live publish to %s failed: %s", channel, e)
        return False
