"""Every API process is stateless: two replicas on PostgreSQL, Redis and an S3 store serve as one (issue 17)."""
import json
import os
import shutil
import tempfile
import threading
import time

import pytest
import requests

from .cluster import Cluster

pytestmark = pytest.mark.cluster
PASSWORD = "demo1234"


@pytest.fixture(scope="module")
def cluster():
    # Not under pytest's 0700 folder: nginx's workers (another user when started as root) buffer bodies here.
    workdir = tempfile.mkdtemp(prefix="portal-cluster-")
    os.chmod(workdir, 0o755)
    c = Cluster(workdir).start()
    yield c
    c.stop()
    shutil.rmtree(workdir, ignore_errors=True)


def login(base, email="sofia@demo.eu", password=PASSWORD):
    r = requests.post(f"{base}/json/login", json={"username": email, "password": password}, timeout=20)
    assert r.status_code == 200, r.text
    return {"Authorization": f"Bearer {r.json()['token']}"}


def lisbon_id(base, h):
    entries = requests.get(f"{base}/api/membership/list-entry-modules", headers=h, timeout=20).json()["list"]
    portal = next(m for m in entries if m["name"] == "4RinEU Consortium")
    view = requests.get(f"{base}/api/module/view/{portal['id']}", headers=h, timeout=20).json()["item"]
    return next(c["id"] for c in view["children"] if c["name"].startswith("Lisbon"))


def upload(base, h, module_id, data, title="Cluster file", timeout=60):
    return requests.post(f"{base}/api/vault/upload/{module_id}", headers=h, timeout=timeout,
                         files={"file": ("cluster.bin", data)}, data={"title": title})


def test_a_file_uploaded_through_one_replica_downloads_through_the_other(cluster):
    a, b = (cluster.replica[n].url("") for n in (0, 1))
    h = login(a)
    data = os.urandom(3 * 1024 * 1024 + 17)
    r = upload(a, h, lisbon_id(a, h), data)
    assert r.status_code == 200, r.text
    got = requests.get(b + r.json()["item"]["links"]["download"]["url"], headers=h, timeout=30)
    assert got.status_code == 200 and got.content == data


def test_failed_sign_ins_are_counted_once_for_both(cluster):
    a, b = (cluster.replica[n].url("") for n in (0, 1))
    answers = []
    for n in range(6):  # the default limit: 5 failures a minute per account and address
        base = (a, b)[n % 2]
        answers.append(requests.post(f"{base}/json/login", json={"username": "marco@demo.eu", "password": "wrong"},
                                     timeout=20).status_code)
    assert answers[:5] == [401] * 5 and answers[5] == 429, answers


def test_a_token_revoked_on_one_is_refused_by_the_other(cluster):
    a, b = (cluster.replica[n].url("") for n in (0, 1))
    h = login(a, "elena@demo.eu")
    assert requests.get(f"{b}/api/profile/currentuser", headers=h, timeout=20).status_code == 200
    assert requests.post(f"{a}/json/logout", headers=h, timeout=20).status_code == 200
    assert requests.get(f"{b}/api/profile/currentuser", headers=h, timeout=20).status_code == 401


def _events(url, seen, stop):
    """Read a server-sent event stream into `seen` until `stop` is set."""
    with requests.get(url, stream=True, timeout=(5, 30), headers={"Accept": "text/event-stream"}) as r:
        seen.append(("status", r.status_code))
        for line in r.iter_lines(chunk_size=1, decode_unicode=True):  # each byte as it comes: hints are small
            if stop.is_set():
                return
            if line and line.startswith("data:"):
                seen.append(("data", line[5:].strip()))


def test_a_comment_posted_on_one_reaches_a_subscriber_of_the_other(cluster):
    """The subscriber listens through nginx 1 (replica 1 behind it); the comment goes to replica 0; the hint goes
    through the Huey consumer to nginx 0's publisher and through Redis to nginx 1's subscriber."""
    a = cluster.replica[0].url("")
    h = login(a)
    lisbon = lisbon_id(a, h)
    view = requests.get(cluster.nginx_url(1, f"/api/module/view/{lisbon}"), headers=h, timeout=20).json()["item"]
    ticket = requests.get(cluster.nginx_url(1, view["links"]["live"]["url"]), headers=h, timeout=20).json()
    stream = ticket.get("url") or ticket.get("item", {}).get("url")
    assert stream, ticket
    seen, stop = [], threading.Event()
    reader = threading.Thread(target=_events, args=(cluster.nginx_url(1, stream), seen, stop), daemon=True)
    reader.start()
    time.sleep(1.0)  # subscribed
    r = requests.post(f"{a}/api/comment/add/{lisbon}", headers=h, timeout=20,
                      data={"title": "", "content": "Posted on replica 0"})
    assert r.status_code == 200, r.text
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and not any(k == "data" for k, _ in seen):
        time.sleep(0.1)
    stop.set()
    assert ("status", 200) in seen, seen
    hints = [json.loads(v) for k, v in seen if k == "data"]
    assert any(str(r.json()["item"]["id"]) in json.dumps(x) or x.get("category") == "comment" for x in hints), hints


def test_a_replica_killed_mid_upload_and_the_retry_through_nginx(cluster):
    """Replica 0 dies while a slow upload streams to it; the client's retry through nginx 0 (both replicas)
    lands on replica 1; after vault-gc no object is left without its row."""
    a = cluster.replica[0].url("")
    h = login(a)
    lisbon = lisbon_id(a, h)
    data = os.urandom(4 * 1024 * 1024)

    def slow():
        for i in range(0, len(data), 64 * 1024):
            yield data[i:i + 64 * 1024]
            time.sleep(0.02)

    boundary = "clusterboundary"
    head = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nKilled\r\n--{boundary}\r\n"
            f"Content-Disposition: form-data; name=\"file\"; filename=\"killed.bin\"\r\n"
            f"Content-Type: application/octet-stream\r\n\r\n").encode()
    tail = f"\r\n--{boundary}--\r\n".encode()

    def body():
        yield head
        yield from slow()
        yield tail

    outcome = {}

    def send():
        try:
            outcome["r"] = requests.post(f"{a}/api/vault/upload/{lisbon}", headers={
                **h, "Content-Type": f"multipart/form-data; boundary={boundary}"}, data=body(), timeout=30)
        except requests.RequestException as e:
            outcome["e"] = e

    t = threading.Thread(target=send)
    t.start()
    time.sleep(0.6)
    cluster.kill_replica(0)
    t.join(40)
    assert "e" in outcome or outcome["r"].status_code >= 500, outcome
    retry = upload(cluster.nginx_url(0, ""), h, lisbon, data, title="Retried")
    assert retry.status_code == 200, retry.text
    got = requests.get(cluster.nginx_url(0, retry.json()["item"]["links"]["download"]["url"]), headers=h, timeout=30)
    assert got.content == data
    out = cluster.flask("vault-gc", "--delete")
    assert out.strip().endswith("removed.") or "0 file(s)" in out
    assert "0 file(s) no row accounts for." in cluster.flask("vault-gc")
