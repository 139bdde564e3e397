"""Webhooks: registered by a portal's admins; deliveries signed the Standard Webhooks way (checked here with that
algorithm), retried with exponential backoff against a local receiver that fails then succeeds, logged, redelivered
by hand, disabled after repeated failures with a notice to the admins; SSRF refused (loopback, private, a name
resolving to one) unless the network is allow-listed; no redirects; rights of the webhook's owner at delivery.
A slow receiver (dripping its answer, over HTTP or TLS) cannot hold an attempt past WEBHOOK_TIMEOUT; deliveries run on
threads of their own, so a stuck one does not hold up mails; Redeliver queues (202) and the worker sends."""
import base64
import hashlib
import hmac
import json
import socket
import ssl
import threading
import time
from datetime import datetime, timedelta, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import SimpleNamespace

import pytest
import sqlalchemy as sa
from huey.consumer import Worker
from huey.storage import MemoryStorage

from api import tasks
from api.extensions import db as _db
from api.models import Membership, Notification, Webhook, WebhookAttempt, WebhookDelivery
from api.models.base import utcnow
from api.services import mail
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
    # Redelivered by hand (through its link), it goes with its message id; the log says so.
    h = token_for(people.admin)
    page = client.get(f"/api/webhook/deliveries/{tree.portal.id}/{hook['id']}", headers=h).get_json()
    target = page["list"][-1]
    r = client.post(target["links"]["redeliver"]["url"], headers=h)
    assert r.status_code == 202, r.get_json()
    item = r.get_json()["item"]  # queued; Huey's immediate mode (the tests) ran it at once
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


def resolve_to_loopback(monkeypatch, name):
    """`name` resolves to 127.0.0.1 (as a public name could to an address of the attacker's choosing); the host
    names asked for are returned."""
    calls = []
    real = webhooks.socket.getaddrinfo

    def resolver(host, port, *args, **kwargs):
        calls.append(host)
        return real("127.0.0.1", port, *args, **kwargs) if host == name else real(host, port, *args, **kwargs)
    monkeypatch.setattr(webhooks.socket, "getaddrinfo", resolver)
    return calls


def test_the_address_is_pinned_at_connect_time(app, monkeypatch, receiver):
    """The check and the connection use the same resolution: a name that resolves to a public address for the
    check is connected to that address (never resolved again), with the Host header of the URL."""
    calls = resolve_to_loopback(monkeypatch, "hooks.example")
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


# --- slow receivers --------------------------------------------------------------------------------------------

class Slow:
    """A receiver on a plain socket (TLS with `tls`, a server context) that reads the request, then answers slowly:
    `head` the status line, then one header line every `every` s; `body` its head, then one byte of the body every
    `every` s; `hold` nothing until released. For `lasts` s at most, then it completes a 200: an attempt that waits
    it out succeeds."""

    def __init__(self, mode, every=0.5, lasts=15.0, tls=None):
        self.mode, self.every, self.lasts, self.tls = mode, every, lasts, tls
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}/hook"
        self.arrived, self.released, self.dripped = threading.Event(), threading.Event(), 0
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self):
        try:
            conn, _ = self.listener.accept()
        except OSError:  # closed before anyone came
            return
        try:
            if self.tls:
                conn = self.tls.wrap_socket(conn, server_side=True)
            conn.recv(65536)  # the request (small: its head and body are sent together)
            self.arrived.set()
            end = time.monotonic() + self.lasts
            if self.mode == "hold":
                self.released.wait(self.lasts)
                conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")
                return
            conn.sendall(b"HTTP/1.1 200 OK\r\n" + (b"Content-Length: 1000\r\n\r\n" if self.mode == "body" else b""))
            while time.monotonic() < end and not self.released.wait(self.every):
                conn.sendall(b"x" if self.mode == "body" else b"X-Drip-%d: x\r\n" % self.dripped)
                self.dripped += 1
            conn.sendall(b"x" * (1000 - self.dripped) if self.mode == "body" else b"Content-Length: 2\r\n\r\nok")
        except OSError:  # the client gave up and closed
            pass
        finally:
            conn.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.released.set()
        self.listener.close()
        self.thread.join(10)


def only_delivery():
    _db.session.commit()  # a fresh read: the attempt may have been recorded by another thread
    (d,) = deliveries()
    return d, _db.session.scalars(sa.select(WebhookAttempt).where(WebhookAttempt.delivery_id == d.id)).all()


@pytest.mark.parametrize("mode", ["head", "body"])
def test_a_dripping_receiver_cannot_hold_an_attempt_past_its_deadline(app, client, tree, people, token_for,
                                                                      monkeypatch, mode):
    """A receiver sending a line (or a byte) every 0.5 s never lets a 1 s read timeout expire; the deadline of the
    whole attempt does. Generous bound: the receiver would drip for 15 s."""
    monkeypatch.setitem(app.config, "WEBHOOK_ALLOW_NETWORKS", ["127.0.0.0/8"])
    monkeypatch.setitem(app.config, "WEBHOOK_TIMEOUT", 1)
    with Slow(mode) as slow:
        register(client, token_for(people.admin), tree.portal.id, url=slow.url)
        comment(client, token_for(people.writer), tree.project.id)
        started = time.monotonic()
        dispatch.run()  # immediate mode: the attempt runs here
        took = time.monotonic() - started
        assert slow.arrived.is_set() and slow.dripped >= 1  # it did drip within the deadline
    assert took < 6, took
    d, (a,) = only_delivery()
    assert d.status == "pending" and d.next_attempt is not None and d.last_status is None
    assert "No complete answer within 1 s" in d.last_error and a.error == d.last_error and a.ms < 6000


def _self_signed(name, where):
    """A certificate for `name`, its own issuer (the test's trust anchor), and its key: two PEM files."""
    pytest.importorskip("cryptography")
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID
    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)])
    now = datetime.now(timezone.utc)
    cert = (x509.CertificateBuilder().subject_name(subject).issuer_name(subject).public_key(key.public_key())
            .serial_number(x509.random_serial_number()).not_valid_before(now - timedelta(hours=1))
            .not_valid_after(now + timedelta(hours=1))
            .add_extension(x509.SubjectAlternativeName([x509.DNSName(name)]), critical=False)
            .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
            .sign(key, hashes.SHA256()))
    cert_file, key_file = where / "cert.pem", where / "key.pem"
    cert_file.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_file.write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    return str(cert_file), str(key_file)


def test_a_dripping_tls_receiver_is_bounded_too(app, monkeypatch, tmp_path):
    """Over TLS (pinned to the checked address, the certificate checked for the URL's name) the same deadline
    holds; a prompt TLS receiver is answered as before."""
    cert, key = _self_signed("hooks.example", tmp_path)
    server = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    server.load_cert_chain(cert, key)
    trusting = ssl.create_default_context
    monkeypatch.setattr(webhooks.ssl, "create_default_context", lambda *a, **kw: trusting(cafile=cert))
    monkeypatch.setitem(app.config, "WEBHOOK_ALLOW_NETWORKS", ["127.0.0.0/8"])
    resolve_to_loopback(monkeypatch, "hooks.example")
    with Slow("head", every=0.05, lasts=0.2, tls=server) as slow:
        assert webhooks.post(f"https://hooks.example:{slow.port}/hook", b"{}", {}, 5)[0] == 200
    with Slow("head", tls=server) as slow:
        started = time.monotonic()
        with pytest.raises(TimeoutError, match="within 1 s"):
            webhooks.post(f"https://hooks.example:{slow.port}/hook", b"{}", {}, 1)
        assert time.monotonic() - started < 6 and slow.dripped >= 1


# --- the worker --------------------------------------------------------------------------------------------------

@pytest.fixture
def consumer(app, monkeypatch):
    """The worker as `huey_consumer -k thread` runs it, with ONE thread (huey's own Worker: dequeue, execute), on
    a queue in memory instead of immediate mode; its tasks run in the test app. `start()` starts it."""
    monkeypatch.setattr(tasks.huey, "_immediate", False)
    monkeypatch.setattr(tasks.huey, "storage", MemoryStorage("portal-test"))
    monkeypatch.setitem(tasks._APP, "app", app)
    stop = threading.Event()
    worker = Worker(tasks.huey, stop, 0.02, 0.1, 1.5)

    def run():
        while not stop.is_set():
            worker.loop()
    thread = threading.Thread(target=run, daemon=True)
    yield SimpleNamespace(start=thread.start, queued=tasks.huey.pending_count)
    stop.set()
    if thread.is_alive():
        thread.join(60)
    assert tasks.webhook_threads.wait_idle(60)  # nothing of this test writes on into the next


def wait_for(check, timeout=10):
    end = time.monotonic() + timeout
    while not check():
        if time.monotonic() > end:
            return False
        time.sleep(0.05)
    return True


def test_a_stuck_delivery_does_not_hold_up_mails(app, client, tree, people, token_for, monkeypatch, consumer):
    """The worker's one thread takes a delivery to a receiver that says nothing (its deadline far off), then a
    mail: the mail leaves while the delivery still waits, and the delivery is recorded once the receiver answers."""
    monkeypatch.setitem(app.config, "WEBHOOK_ALLOW_NETWORKS", ["127.0.0.0/8"])
    monkeypatch.setitem(app.config, "WEBHOOK_TIMEOUT", 60)
    sent = []
    monkeypatch.setattr(mail, "send", lambda to, subject, *_: sent.append(to))
    with Slow("hold", lasts=60) as slow:
        register(client, token_for(people.admin), tree.portal.id, url=slow.url)
        comment(client, token_for(people.writer), tree.task.id, f"See @[Vic](user:{people.viewer.id})")
        dispatch.run()
        tasks.huey.flush()  # queued mail first, delivery second: queued again below the other way round
        (d,) = deliveries()
        (n,) = _db.session.scalars(sa.select(Notification).where(Notification.mail == "immediate")).all()
        _db.session.commit()
        tasks.deliver_webhook(d.id)
        consumer.start()
        assert slow.arrived.wait(10), "the delivery was not attempted"
        tasks.send_notification_mail(n.id)
        assert wait_for(lambda: sent == [people.viewer.email]), "the mail waited behind the delivery"
        assert not slow.released.is_set() and only_delivery()[0].attempts == 0  # still stuck meanwhile
        slow.released.set()
        assert tasks.webhook_threads.wait_idle(10)
    d, (a,) = only_delivery()
    assert d.status == "succeeded" and a.status == 200 and consumer.queued() == 0


def test_redeliver_answers_202_and_the_worker_sends(app, client, tree, people, token_for, receiver, consumer):
    hook = register(client, token_for(people.admin), tree.portal.id, url=receiver.url).get_json()["item"]
    comment(client, token_for(people.writer), tree.project.id)
    dispatch.run()
    tasks.huey.flush()  # the first delivery: not sent, so only the redelivery goes
    h = token_for(people.admin)
    (target,) = client.get(f"/api/webhook/deliveries/{tree.portal.id}/{hook['id']}", headers=h).get_json()["list"]
    r = client.post(target["links"]["redeliver"]["url"], headers=h)
    assert r.status_code == 202, r.get_json()
    assert r.get_json()["item"]["status"] == "pending" and r.get_json()["item"]["log"] == []
    assert receiver.received == [] and consumer.queued() == 1  # not sent in the request: queued for the worker
    consumer.start()
    assert wait_for(lambda: receiver.received and consumer.queued() == 0)
    assert tasks.webhook_threads.wait_idle(10)
    assert [h["webhook-id"] for h, _ in receiver.received] == [target["msgId"]]
    d, (a,) = only_delivery()
    assert d.status == "succeeded" and a.manual is True and a.status == 200


def test_a_delivery_waiting_or_running_is_not_handed_over_twice(app, monkeypatch):
    """Twelve Redeliver clicks (or the sweep meeting a delivery being sent) make one attempt, not twelve."""
    monkeypatch.setattr(tasks.huey, "_immediate", False)
    threads = tasks.Threads("test-webhooks", 1)
    gate, ran = threading.Event(), []

    def job(n):
        ran.append(n)
        gate.wait(10)
    assert threads.submit(("d1", True), job, 1)
    assert wait_for(lambda: ran == [1])
    assert not threads.submit(("d1", True), job, 2)  # running
    assert threads.submit(("d2", True), job, 3)
    assert not threads.submit(("d2", True), job, 4)  # waiting
    gate.set()
    assert threads.wait_idle(10) and ran == [1, 3]
    assert threads.submit(("d1", True), job, 5) and threads.wait_idle(10) and ran == [1, 3, 5]


def test_redeliver_with_the_queue_down_is_a_clear_503(app, client, tree, people, token_for, receiver, monkeypatch):
    hook = register(client, token_for(people.admin), tree.portal.id, url=receiver.url).get_json()["item"]
    comment(client, token_for(people.writer), tree.project.id)
    dispatch.run()

    class Down(MemoryStorage):
        def enqueue(self, data, priority=None):
            raise ConnectionError("Redis is not there")
    monkeypatch.setattr(tasks.huey, "_immediate", False)
    monkeypatch.setattr(tasks.huey, "storage", Down("portal-test"))
    h = token_for(people.admin)
    (target,) = client.get(f"/api/webhook/deliveries/{tree.portal.id}/{hook['id']}", headers=h).get_json()["list"]
    r = client.post(target["links"]["redeliver"]["url"], headers=h)
    assert r.status_code == 503 and "try again" in r.get_json()["error"]
