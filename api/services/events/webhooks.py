"""Webhooks of a portal: registered by its admins, signed the Standard Webhooks way, retried, logged, disabled.

A delivery is one event for one webhook: JSON `{type, timestamp, data}` POSTed with `webhook-id`,
`webhook-timestamp` and `webhook-signature: v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">` keyed by the
base64 secret after `whsec_`. A failed attempt (no answer, or not 2xx, within WEBHOOK_TIMEOUT, redirects not
followed) is tried again after 10 s, 20 s, 40 s ... for WEBHOOK_RETRY_HOURS; WEBHOOK_DISABLE_AFTER failed attempts
in a row disable the webhook and tell the portal's admins. Every attempt is logged (status, time taken).
WEBHOOK_TIMEOUT is one deadline for connecting, sending and reading together: a receiver that drips its answer
cannot stretch an attempt. Attempts run on the worker's webhook threads (api/tasks.py), never in a request.

Outbound requests never reach private, loopback, link-local or otherwise reserved addresses: the host name is
resolved, every address checked, and the connection made to a checked address (with the Host header and TLS
name of the URL), so a name cannot resolve to one address for the check and another for the request. A sysadmin
may allow networks (WEBHOOK_ALLOW_NETWORKS, e.g. 127.0.0.0/8 for tests)."""
import base64
import hashlib
import hmac
import http.client
import ipaddress
import secrets
import socket
import ssl
import time
from datetime import timedelta
from types import SimpleNamespace
from urllib.parse import urlsplit

import orjson
from flask import current_app
from sqlalchemy import func, select

from ...errors import ApiError, Invalid, NotFound
from ...extensions import db
from ...i18n import N_, _, force_locale
from ...models import Membership, Module, Notification, Webhook, WebhookAttempt, WebhookDelivery
from ...models.base import utcnow
from ...presenting import user_name
from .. import sentences
from ..sentences import said

# The labels are translated where they are shown (i18n.translate).
KINDS = (("*", N_("Every event")), ("comment", N_("Comments")), ("deliverable", N_("Status and dates")),
         ("module", N_("Modules (created, edited, moved, deleted, locked)")), ("file", N_("Files")),
         ("reference", N_("References")), ("article", N_("Articles")), ("membership", N_("Members")),
         ("custom_value", N_("Custom field values")), ("relation", N_("Relations between modules")),
         ("schedule", N_("Modules moved by automatic scheduling")))
SORTS = ("id",)


class Refused(Exception):
    """The address is not one we send to."""


# --- secrets and signatures ----------------------------------------------------------------------------------

def new_secret():
    return "whsec_" + base64.b64encode(secrets.token_bytes(24)).decode()


def secret_bytes(secret):
    return base64.b64decode(secret[len("whsec_"):] if secret.startswith("whsec_") else secret)


def valid_secret(secret):
    try:
        return secret.startswith("whsec_") and 24 <= len(secret_bytes(secret)) <= 64
    except (ValueError, TypeError):
        return False


def sign(secret, msg_id, timestamp, body):
    """`v1,<base64 HMAC-SHA256>` of "{msg_id}.{timestamp}.{body}" (Standard Webhooks)."""
    payload = f"{msg_id}.{timestamp}.".encode() + body
    return "v1," + base64.b64encode(hmac.new(secret_bytes(secret), payload, hashlib.sha256).digest()).decode()


# --- where we may connect ------------------------------------------------------------------------------------

def _allowed_networks():
    return [ipaddress.ip_network(n, strict=False) for n in current_app.config["WEBHOOK_ALLOW_NETWORKS"]]


def address_allowed(ip):
    ip = ipaddress.ip_address(ip)
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped:
        ip = ip.ipv4_mapped
    if any(ip in net for net in _allowed_networks()):
        return True
    return ip.is_global and not (ip.is_private or ip.is_loopback or ip.is_link_local or ip.is_multicast
                                 or ip.is_reserved or ip.is_unspecified)


def resolve(host, port):
    """The addresses of `host` we may connect to (the first usable one is used); Refused when there is none."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError) as e:
        raise Refused(f"The host name does not resolve ({e})") from None
    addresses = list(dict.fromkeys(info[4][0] for info in infos))
    refused = [a for a in addresses if not address_allowed(a)]
    if refused:
        raise Refused(f"{host} resolves to an address webhooks may not reach ({refused[0]})")
    return addresses


def check_url(url):
    """Form check of a webhook URL: http(s), a host, no credentials, and no literal private address."""
    parts = urlsplit(url or "")
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return _("The URL must start with http:// or https:// and name a host")
    if parts.username or parts.password:
        return _("The URL may not carry a user name or password")
    try:
        if not address_allowed(parts.hostname):
            return _("Webhooks may not be sent to private, loopback or link-local addresses")
    except ValueError:
        pass  # a name: checked on each delivery, on the address it resolves to then
    return None


class _Deadline:
    """A socket whose every wait ends by one deadline (`until`, time.monotonic()): a per-operation timeout would let
    a receiver that sends a byte or a header line now and then hold the attempt for ever."""
    until = None  # none yet: the TLS handshake runs before it is set, bounded by the socket's timeout

    def _bound(self):
        if self.until is not None:
            left = self.until - time.monotonic()
            if left <= 0:
                raise TimeoutError("deadline passed")
            self.settimeout(left)

    def recv(self, *args):
        self._bound()
        return super().recv(*args)

    def recv_into(self, *args):  # what http.client's reads come down to
        self._bound()
        return super().recv_into(*args)

    def send(self, *args):
        self._bound()
        return super().send(*args)

    def sendall(self, *args):
        self._bound()
        return super().sendall(*args)


class _DeadlineSocket(_Deadline, socket.socket):
    pass


class _DeadlineTLSSocket(_Deadline, ssl.SSLSocket):
    pass


def _open(ip, port, until):
    """A TCP connection to the checked address, its connect and every later wait bounded by `until`."""
    sock = socket.create_connection((ip, port), max(until - time.monotonic(), 0.001))
    sock = _DeadlineSocket(fileno=sock.detach())
    sock.until = until
    return sock


class _Pinned(http.client.HTTPConnection):
    """An HTTP connection to an address checked beforehand, whatever the URL's host resolves to now."""

    def __init__(self, host, ip, port, until):
        super().__init__(host, port)
        self._ip, self._until = ip, until

    def connect(self):
        self.sock = _open(self._ip, self.port, self._until)


class _PinnedTLS(http.client.HTTPSConnection):
    def __init__(self, host, ip, port, until):
        context = ssl.create_default_context()
        context.sslsocket_class = _DeadlineTLSSocket
        super().__init__(host, port, context=context)
        self._ip, self._until = ip, until

    def connect(self):
        sock = _open(self._ip, self.port, self._until)
        sock._bound()  # the handshake: one wait bounded by the socket's timeout
        self.sock = self._context.wrap_socket(sock, server_hostname=self.host)
        self.sock.until = self._until


def post(url, body, headers, timeout):
    """POST `body` to `url` through a checked address; no redirect is followed. Connecting, sending and reading
    the answer end within `timeout` seconds together (TimeoutError). -> (status, ms)."""
    parts = urlsplit(url)
    port = parts.port or (443 if parts.scheme == "https" else 80)
    ip = resolve(parts.hostname, port)[0]
    conn_cls = _PinnedTLS if parts.scheme == "https" else _Pinned
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    started = time.monotonic()
    conn = conn_cls(parts.hostname, ip, port, started + timeout)
    try:
        conn.request("POST", path, body=body, headers=headers)
        resp = conn.getresponse()
        resp.read(64 * 1024)
        return resp.status, int((time.monotonic() - started) * 1000)
    except TimeoutError:
        raise TimeoutError(f"No complete answer within {timeout:g} s (connecting, sending and reading)") from None
    finally:
        conn.close()


# --- registry (the portal's settings page) -------------------------------------------------------------------

def present(w):
    return {"id": w.id, "moduleId": w.module_id, "url": w.url, "secret": w.secret,
            "kinds": [k for k in w.kinds.split(",") if k], "active": w.active, "failures": w.failures,
            "disabledReason": w.disabled_reason, "created": w.created, "createdBy": user_name(w.created_by),
            "version": w.version}


def get(module, webhook_id):
    w = db.session.scalar(select(Webhook).where(Webhook.id == webhook_id, Webhook.module_id == module.id))
    if w is None:
        raise NotFound(_("Webhook not found"))
    return w


def _apply(w, data):
    url = data["url"]
    problem = check_url(url)
    if problem:
        raise Invalid(_("The form has errors"), errors={"url": [problem]})
    secret = data.get("secret") or w.secret or new_secret()
    if not valid_secret(secret):
        raise Invalid(_("The form has errors"), errors={"secret": [
            _("A secret is 'whsec_' and 24 to 64 random bytes in base64; leave it empty to have one made")]})
    kinds = [k.strip() for k in str(data.get("kinds") or "*").replace(" ", ",").split(",") if k.strip()]
    unknown = [k for k in kinds if k not in dict(KINDS)]
    if unknown:
        raise Invalid(_("The form has errors"), errors={"kinds": [
            _("Unknown kinds: %(unknown)s (known: %(known)s)", unknown=", ".join(unknown),
              known=", ".join(k for k, __ in KINDS))]})
    active = bool(data.get("active", True))
    if active and not w.active:
        w.failures, w.disabled_reason = 0, None  # switched on again by hand: counted afresh
    w.url, w.secret, w.kinds, w.active = url, secret, ",".join(kinds), active


def create(user, module, data):
    from .. import feed
    w = Webhook(module_id=module.id, url="", secret="", kinds="*", active=True, created_by_id=user.id)
    _apply(w, data)
    db.session.add(w)
    db.session.flush()
    feed.record(user, module, "add", "webhook", said(N_("Added a webhook to '%(module)s'"), module=module.name),
                item=w.id)
    db.session.commit()
    return w


def update(user, module, w, data):
    from .. import feed
    from ...transactions import check_version
    check_version(w, data, lambda: present(w))
    _apply(w, data)
    feed.record(user, module, "edit", "webhook", said(N_("Changed a webhook of '%(module)s'"), module=module.name),
                item=w.id)
    db.session.commit()
    return w


def remove(user, module, w):
    from .. import feed
    db.session.delete(w)
    feed.record(user, module, "delete", "webhook", said(N_("Deleted a webhook of '%(module)s'"), module=module.name),
                item=w.id)
    db.session.commit()


def list_for(module, page):
    q = select(Webhook).where(Webhook.module_id == module.id)
    total = db.session.scalar(select(func.count()).select_from(q.subquery()))
    order = Webhook.id.desc() if page.descending else Webhook.id
    return db.session.scalars(q.order_by(order).limit(page.per_page).offset(page.offset)).all(), total


def deliveries_of(w, page):
    q = select(WebhookDelivery).where(WebhookDelivery.webhook_id == w.id)
    total = db.session.scalar(select(func.count()).select_from(q.subquery()))
    order = WebhookDelivery.id if page.sort == "id" else WebhookDelivery.id.desc()
    rows = db.session.scalars(q.order_by(order).limit(page.per_page).offset(page.offset)).all()
    attempts = {}
    if rows:
        for a in db.session.scalars(select(WebhookAttempt).where(
                WebhookAttempt.delivery_id.in_([d.id for d in rows])).order_by(WebhookAttempt.id)):
            attempts.setdefault(a.delivery_id, []).append(a)
    return [(d, attempts.get(d.id, [])) for d in rows], total


def attempts_of(d):
    return db.session.scalars(select(WebhookAttempt).where(WebhookAttempt.delivery_id == d.id)
                              .order_by(WebhookAttempt.id)).all()


def present_delivery(d, attempts):
    return {"id": d.id, "webhookId": d.webhook_id, "eventId": d.event_id, "msgId": d.msg_id, "kind": d.kind,
            "status": d.status, "attempts": d.attempts, "nextAttempt": d.next_attempt, "lastStatus": d.last_status,
            "lastMs": d.last_ms, "lastError": d.last_error, "created": d.created, "payload": d.payload,
            "log": [{"at": a.at, "status": a.status, "ms": a.ms, "error": a.error, "manual": a.manual}
                    for a in attempts[-20:]]}


def delivery_of(w, delivery_id):
    d = db.session.scalar(select(WebhookDelivery).where(WebhookDelivery.id == delivery_id,
                                                        WebhookDelivery.webhook_id == w.id))
    if d is None:
        raise NotFound(_("Delivery not found"))
    return d


# --- fan-out and delivery ------------------------------------------------------------------------------------

def payload(ev, data, module_name, actor_name):
    return orjson.dumps({"type": f"{ev.category}.{ev.operation}", "timestamp": ev.created.isoformat() + "Z",
                         "data": {"eventId": ev.id, "portalId": ev.portal_id,
                                  "module": {"id": ev.module_id, "name": module_name},
                                  "itemId": ev.item_id, "actor": {"id": ev.actor_id, "name": actor_name},
                                  "description": ev.description,
                                  **{k: data[k] for k in ("changed", "before", "after", "parentId") if k in data}}})


def targets(ev):
    """The active webhooks of the event's portal that want its kind."""
    if ev.category == "webhook" or ev.portal_id is None:
        return []
    hooks = db.session.scalars(select(Webhook).where(Webhook.module_id == ev.portal_id, Webhook.active)).all()
    return [w for w in hooks if "*" in w.kinds.split(",") or ev.category in w.kinds.split(",")]


def new_delivery(w, ev, body):
    return WebhookDelivery(webhook_id=w.id, event_id=ev.id, msg_id=f"msg_{ev.id}", kind=f"{ev.category}.{ev.operation}",
                           payload=body.decode(), status="pending", next_attempt=utcnow())


def backoff(attempts):
    return timedelta(seconds=min(10 * 2 ** max(attempts - 1, 0), 6 * 3600))


def _refusal(w, d):
    """Why the delivery may not go (None: it may). Rights at delivery: the webhook's owner (whoever registered it)
    may still view the event's module; an event no longer kept (services/events/retention.py) cannot be checked."""
    from ... import permissions as perm
    from ...models import Event
    ev = db.session.get(Event, d.event_id) if d.event_id else None
    if ev is None:
        return "The event is no longer kept"
    if w.created_by_id and w.created_by_id in perm.viewers_among([w.created_by_id], SimpleNamespace(id=ev.module_id)):
        return None
    return "The webhook's owner may no longer see this"


def attempt(delivery_id, manual=False, now=None):
    """One attempt at a delivery (a due one, or any when `manual`). Returns the delivery's status after it."""
    now = now or utcnow()
    d = db.session.get(WebhookDelivery, delivery_id)
    if d is None:
        return None
    w = db.session.get(Webhook, d.webhook_id)
    if not manual and (d.status != "pending" or (d.next_attempt and d.next_attempt > now) or not w.active):
        return d.status
    refusal = _refusal(w, d)
    if refusal:
        d.status, d.next_attempt, d.last_error = "skipped", None, refusal
        db.session.commit()
        return d.status
    cfg = current_app.config
    stamp = str(int(time.time()))
    body = d.payload.encode()
    headers = {"Content-Type": "application/json", "User-Agent": "portal-webhooks/1",
               "webhook-id": d.msg_id, "webhook-timestamp": stamp, "webhook-signature": sign(w.secret, d.msg_id, stamp, body)}
    url, webhook_id = w.url, w.id
    db.session.commit()  # no transaction stays open while the post waits on the receiver (api/tasks.py)
    status, ms, error = None, 0, None
    started = time.monotonic()
    try:
        status, ms = post(url, body, headers, cfg["WEBHOOK_TIMEOUT"])
        if not 200 <= status < 300:
            error = f"Answered {status}" + (" (redirects are not followed)" if 300 <= status < 400 else "")
    except Refused as e:
        error = str(e)
    except (OSError, http.client.HTTPException, ssl.SSLError) as e:
        error = f"{type(e).__name__}: {e}"[:300]
    ms = ms or int((time.monotonic() - started) * 1000)
    d, w = db.session.get(WebhookDelivery, delivery_id), db.session.get(Webhook, webhook_id)
    if d is None or w is None:  # deleted with its webhook meanwhile: nothing is left to record the attempt on
        return None
    db.session.add(WebhookAttempt(delivery_id=d.id, at=now, status=status, ms=ms, error=error, manual=manual))
    d.attempts += 1
    d.first_attempt = d.first_attempt or now
    d.last_status, d.last_ms, d.last_error = status, ms, error
    if error is None:
        d.status, d.next_attempt = "succeeded", None
        w.failures = 0
    else:
        w.failures += 1
        give_up = now + backoff(d.attempts) > d.first_attempt + timedelta(hours=cfg["WEBHOOK_RETRY_HOURS"])
        d.status, d.next_attempt = ("failed", None) if give_up else ("pending", now + backoff(d.attempts))
        if w.active and w.failures >= cfg["WEBHOOK_DISABLE_AFTER"]:
            _disable(w, sentences.ngettext("Disabled after %(num)d failed attempts in a row (last: %(error)s)",
                                           "Disabled after %(num)d failed attempts in a row (last: %(error)s)",
                                           w.failures, error=error), now)
    db.session.commit()
    return d.status


def _disable(w, reason, now):
    """Switch the webhook off and tell the portal's admins (an in-app notice, each in their language; `reason`:
    English, kept as the webhook's, said in theirs)."""
    from .mailing import languages_of
    w.active, w.disabled_reason = False, reason[:300]
    admins = set(db.session.scalars(select(Membership.user_id).where(Membership.module_id == w.module_id,
                                                                     Membership.admin)))
    if w.created_by_id:
        admins.add(w.created_by_id)
    portal = db.session.get(Module, w.module_id)
    languages, why = languages_of(admins), sentences.stored(reason)
    for uid in admins:
        with force_locale(languages.get(uid) or "en"):
            text = _("The webhook to %(url)s of '%(portal)s' was switched off. %(reason)s", url=w.url[:200],
                     portal=portal.name, reason=sentences.say(why, str(reason)[:300]))
        db.session.add(Notification(user_id=uid, kind="webhook", module_id=w.module_id, portal_id=w.module_id,
                                    category="webhook", item_id=w.id, created=now, text=text[:500]))


def redeliver(user, module, w, d):
    """Queue a delivery to be sent again by hand (same message id): the worker sends it (api/tasks.py), never the
    request, which would wait on the receiver; its log gains the attempt then."""
    from .. import feed
    from ... import tasks
    if d.status != "pending":
        d.status = "pending"
        d.first_attempt = None
    feed.record(user, module, "redeliver", "webhook", said(N_("Redelivered webhook message %(id)s"), id=d.msg_id),
                item=w.id)
    db.session.commit()
    try:
        tasks.deliver_webhook(d.id, True)
    except Exception:  # noqa: BLE001 - the queue (Redis, or its SQLite file) cannot be reached
        if tasks.huey.immediate:  # the attempt ran here (the tests) and failed: no queue being down
            raise
        current_app.logger.warning("Could not queue the redelivery of %s", d.id, exc_info=True)
        raise ApiError(_("The background queue cannot be reached now: try again in a moment"), status=503) from None
    return d


def due(now=None, limit=100):
    now = now or utcnow()
    return db.session.scalars(select(WebhookDelivery.id).join(Webhook, Webhook.id == WebhookDelivery.webhook_id)
                              .where(WebhookDelivery.status == "pending", WebhookDelivery.next_attempt <= now,
                                     Webhook.active).order_by(WebhookDelivery.id).limit(limit)).all()
