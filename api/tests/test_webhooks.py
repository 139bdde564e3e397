"""Webhooks: registered by a portal's admins; deliveries signed the Standard Webhooks way (checked here with that
algorithm), retried with exponential backoff against a local receiver that fails then succeeds, logged, redelivered
by hand, disabled after repeated failures with a notice to the admins; SSRF refused (loopback, private, a name
resolving to one) unless the network is allow-listed; no redirects; rights of the webhook's owner at delivery."""
import base64
import hashlib
import hmac
import json
import threading
from datetime import timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import SimpleNamespace

import pytest
import sqlalchemy as sa

from api.extensions import db as _db
from api.models import Membership, Notification, Webhook, WebhookAttempt, WebhookDelivery
from api.models.base import utcnow
from api.services.events import dispatch, webhooks

from .conftest import submit


def verify(secret, headers, body):
    """Standard Webhooks verification, written from the specification (not from the code under test)."""
    key = base64.b64decode(secret.split("_", 1)[1])
    signed = f"{headers['webhook-id']}.{headers['webhook-timestamp']}.".encode() + body
    expected = base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()
    return any(sig.split(",", 1) == ["v1", expected] for sig in headers["webhook-signature"].split(" "))


class Receiver(BaseHTTPRequestHandler):
    answers = []   # statuses to answer, in turn (then 200)
    received = []  # (headers, body)

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        Receiver.received.append(({k.lower(): v for k, v in self.headers.items()}, body))
        status = Receiver.answers.pop(0) if Receiver.answers else 200
        self.send_response(status)
        if status in (301, 302):
            self.send_header("Location", "http://127.0.0.1:9/elsewhere")
        self.send_header("Content-Length", "2")
        self.end_headers()
        self.wfile.write(b"ok")

    def log_message(self, *args):
        pass


@pytest.fixture
def receiver(app, monkeypatch):
    server = ThreadingHTTPServer(("127.0.0.1", 0), Receiver)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    Receiver.answers, Receiver.received = [], []
    monkeypatch.setitem(app.config, "WEBHOOK_ALLOW_NETWORKS", ["127.0.0.0/8"])
    yield SimpleNamespace(url=f"http://127.0.0.1:{server.server_port}/hook", answers=Receiver.answers,
                          received=Receiver.received)
    server.shutdown()


@pytest.fixture
def people(tree, make_user, grant):
    admin, writer, viewer = make_user(name="Ada Admin"), make_user(name="Wes Writer"), make_user(name="Vic Viewer")
    grant(tree.portal, admin, admin=True)
    grant(tree.portal, writer, edit=True)
    grant(tree.portal, viewer)
    return SimpleNamespace(admin=admin, writer=writer, viewer=viewer)


def register(client, headers, portal_id, **data):
    return submit(client, headers, f"/api/webhook/add/{portal_id}", {"active": "1", "kinds": "*", **data})


def comment(client, headers, module_id, text="Hello"):
    assert client.post(f"/api/comment/add/{module_id}", headers=headers, data={"content": text}).status_code == 200


def deliveries():
    return _db.session.scalars(sa.select(WebhookDelivery).order_by(WebhookDelivery.id)).all()


def test_only_the_portals_admins_manage_webhooks(client, tree, people, token_for, receiver):
    assert client.get(f"/api/webhook/list/{tree.portal.id}", headers=token_for(people.writer)).status_code == 403
    assert client.get(f"/api/webhook/list/{tree.project.id}", headers=token_for(people.admin)).status_code == 403
    r = register(client, token_for(people.admin), tree.portal.id, url=receiver.url)
    assert r.status_code == 200, r.get_json()
    hook = r.get_json()["item"]
    assert hook["secret"].startswith("whsec_") and len(base64.b64decode(hook["secret"][6:])) == 24
    body = client.get(f"/api/webhook/list/{tree.portal.id}", headers=token_for(people.admin)).get_json()
    assert body["meta"]["total"] == 1 and set(body["list"][0]["links"]) == {"edit", "delete", "deliveries"}
    assert "add" in body["links"]
    view = client.get(f"/api/module/view/{tree.portal.id}", headers=token_for(people.admin)).get_json()["item"]
    assert view["links"]["webhooks"]["url"] == f"/api/webhook/list/{tree.portal.id}"
    assert "webhooks" not in client.get(f"/api/module/view/{tree.portal.id}",
                                        headers=token_for(people.writer)).get_json()["item"]["links"]


def test_a_signed_delivery_retried_until_the_receiver_answers(client, tree, people, token_for, receiver):
    hook = register(client, token_for(people.admin), tree.portal.id, url=receiver.url).get_json()["item"]
    receiver.answers += [500]
    comment(client, token_for(people.writer), tree.task.id, "Signed <b>")
    dispatch.run()
    (d,) = deliveries()
    assert d.status == "pending" and d.attempts == 1 and d.last_status == 500 and d.next_attempt is not None
    first_try = d.next_attempt
    assert webhooks.attempt(d.id, now=first_try - timedelta(seconds=1)) == "pending"  # not yet due: nothing sent
    assert len(receiver.received) == 1
    assert webhooks.attempt(d.id, now=first_try) == "succeeded"
    assert len(receiver.received) == 2
    for headers, body in receiver.received:
        assert verify(hook["secret"], headers, body)
        assert headers["content-type"] == "application/json"
    assert receiver.received[0][0]["webhook-id"] == receiver.received[1][0]["webhook-id"] == d.msg_id
    payload = json.loads(receiver.received[1][1])
    assert payload["type"] == "comment.add" and payload["data"]["module"]["id"] == tree.task.id
    assert payload["data"]["actor"]["name"] == "Wes Writer" and payload["timestamp"].endswith("Z")
    # A forged or altered body does not verify.
    headers, body = receiver.received[1]
    assert not verify(hook["secret"], headers, body.replace(b"Signed", b"Forged"))
    log = client.get(f"/api/webhook/deliveries/{tree.portal.id}/{hook['id']}",
                     headers=token_for(people.admin)).get_json()["list"][0]
    assert log["status"] == "succeeded" and [a["status"] for a in log["log"]] == [500, 200]
    assert all(isinstance(a["ms"], int) for a in log["log"])


def test_backoff_is_exponential_and_gives_up_after_24_hours(app, client, tree, people, token_for, receiver,
                                                            monkeypatch):
    monkeypatch.setitem(app.config, "WEBHOOK_DISABLE_AFTER", 1000)
    register(client, token_for(people.admin), tree.portal.id, url=receiver.url)
    receiver.answers += [503] * 100
    comment(client, token_for(people.writer), tree.project.id)
    dispatch.run()
    (d,) = deliveries()
    start = d.first_attempt
    gaps = []
    while d.status == "pending":
        before = d.next_attempt
        webhooks.attempt(d.id, now=before)
        _db.session.refresh(d)
        if d.next_attempt:
            gaps.append((d.next_attempt - before).total_seconds())
    assert gaps[:4] == [20, 40, 80, 160]
    assert d.status == "failed" and d.attempts == len(gaps) + 2
    last = _db.session.scalars(sa.select(WebhookAttempt.at).order_by(WebhookAttempt.id.desc())).first()
    assert timedelta(hours=20) < last - start <= timedelta(hours=24)


def test_disabled_after_failures_with_a_notice_and_redelivered_by_hand(app, client, tree, people, token_for,
                                                                      receiver, monkeypatch):
    monkeypatch.setitem(app.config, "WEBHOOK_DISABLE_AFTER", 3)
    hook = register(client, token_for(people.admin), tree.portal.id, url=receiver.url).get_json()["item"]
    receiver.answers += [500, 500, 302]
    for i in range(3):
        comment(client, token_for(people.writer), tree.project.id, f"C{i}")
    dispatch.run()
    w = _db.session.get(Webhook, hook["id"])
    assert not w.active and "3 failed attempts" in w.disabled_reason and "302" in w.disabled_reason
    notice = _db.session.scalars(sa.select(Notification).where(Notification.kind == "webhook")).all()
    assert [n.user_id for n in notice] == [people.admin.id]
    assert "was switched off" in notice[0].text
    # Off: nothing is sent any more, due or not.
    comment(client, token_for(people.writer), tree.project.id, "while off")
    dispatch.run()
    assert len(deliveries()) == 3 and len(receiver.received) == 3
    # Redelivered by hand (through its link), it goes now, with its message id; the log says so.
    h = token_for(people.admin)
    page = client.get(f"/api/webhook/deliveries/{tree.portal.id}/{hook['id']}", headers=h).get_json()
    target = page["list"][-1]
    r = client.post(target["links"]["redeliver"]["url"], headers=h)
    assert r.status_code == 200, r.get_json()
    item = r.get_json()["item"]
    assert item["status"] == "succeeded" and item["log"][-1]["manual"] is True
    assert receiver.received[-1][0]["webhook-id"] == target["msgId"]
    # Switched on again by hand: its failures are counted afresh.
    form = client.get(f"/api/webhook/edit/{tree.portal.id}/{hook['id']}", headers=h).get_json()
    values = {e["name"]: e["value"] for e in form["elements"]}
    r = client.put(f"/api/webhook/edit/{tree.portal.id}/{hook['id']}", headers=h, data={**values, "active": "1"})
    assert r.status_code == 200 and r.get_json()["item"]["active"] and r.get_json()["item"]["failures"] == 0


def test_kinds_choose_the_events(client, tree, people, token_for, receiver):
    register(client, token_for(people.admin), tree.portal.id, url=receiver.url, kinds="deliverable, file")
    comment(client, token_for(people.writer), tree.project.id)
    submit(client, token_for(people.writer), f"/api/deliverable/add/{tree.task.id}", {"status": "BLOCKED"})
    dispatch.run()
    assert [d.kind for d in deliveries()] == ["deliverable.add"]
    r = register(client, token_for(people.admin), tree.portal.id, url=receiver.url, kinds="comments")
    assert r.status_code == 422 and "comments" in r.get_json()["errors"]["kinds"][0]


def test_ssrf_is_refused_without_the_allow_list(app, client, tree, people, token_for, receiver, monkeypatch):
    monkeypatch.setitem(app.config, "WEBHOOK_ALLOW_NETWORKS", [])
    h = token_for(people.admin)
    for url in ("http://127.0.0.1:8080/x", "http://10.0.0.1/x", "http://169.254.169.254/latest", "http://[::1]/x",
                "ftp://example.org/x", "http://user:pw@example.org/x"):
        r = register(client, h, tree.portal.id, url=url)
        assert r.status_code == 422, url
    # A name is checked on the address it resolves to, when the delivery connects: localhost is loopback.
    port = receiver.url.split(":")[2].split("/")[0]
    for url in (f"http://localhost:{port}/hook", receiver.url, "http://10.0.0.1/x"):
        _db.session.add(Webhook(module_id=tree.portal.id, url=url, secret=webhooks.new_secret(), kinds="*",
                                created_by_id=people.admin.id))
    _db.session.commit()
    comment(client, token_for(people.writer), tree.project.id)
    dispatch.run()
    assert len(deliveries()) == 3
    assert receiver.received == []  # nothing reached the loopback receiver
    errors = [d.last_error for d in deliveries()]
    assert all("may not reach" in e for e in errors), errors
    assert all(d.last_status is None for d in deliveries())


def test_the_address_is_pinned_at_connect_time(app, monkeypatch, receiver):
    """The check and the connection use the same resolution: a name that resolves to a public address for the
    check is connected to that address (never resolved again), with the Host header of the URL."""
    calls = []
    real = webhooks.socket.getaddrinfo

    def resolver(host, port, *args, **kwargs):
        calls.append(host)
        return real("127.0.0.1", port, *args, **kwargs) if host == "hooks.example" else real(host, port, *args, **kwargs)
    monkeypatch.setattr(webhooks.socket, "getaddrinfo", resolver)
    port = int(receiver.url.split(":")[2].split("/")[0])
    status, _ = webhooks.post(f"http://hooks.example:{port}/hook", b"{}", {"Content-Type": "application/json"}, 5)
    assert status == 200 and calls.count("hooks.example") == 1 and set(calls) <= {"hooks.example", "127.0.0.1"}
    assert receiver.received[-1][0]["host"] == f"hooks.example:{port}"
    monkeypatch.setitem(app.config, "WEBHOOK_ALLOW_NETWORKS", [])
    with pytest.raises(webhooks.Refused):
        webhooks.post(f"http://hooks.example:{port}/hook", b"{}", {}, 5)


def test_the_owners_rights_are_checked_at_delivery(client, tree, people, token_for, receiver):
    register(client, token_for(people.admin), tree.portal.id, url=receiver.url)
    comment(client, token_for(people.writer), tree.project.id)
    dispatch.run()
    assert len(receiver.received) == 1
    receiver.answers += [500]
    comment(client, token_for(people.writer), tree.project.id, "second")
    dispatch.run()
    d = deliveries()[-1]
    assert d.status == "pending"
    # The admin who registered it leaves the portal before the retry: it is not sent.
    _db.session.execute(sa.delete(Membership).where(Membership.user_id == people.admin.id))
    _db.session.commit()
    assert webhooks.attempt(d.id, now=utcnow() + timedelta(minutes=5)) == "skipped"
    assert len(receiver.received) == 2
