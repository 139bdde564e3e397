"""Both storage backends behind one interface, with the same cases: a local folder and an S3-compatible store (moto's
standalone server, started here in its own process). Plus what only a store has (presigned downloads, uploads in
parts with bounded memory) and moving an installation between them (storage-migrate)."""
import hashlib
import io
import os
import shutil
import socket
import subprocess
import sys
import time

import pytest
import requests

from api.models import VaultFile
from api.services import objectstore, storage

from .conftest import new_grant

BUCKET = "portal-test"


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def s3_endpoint():
    """moto's standalone S3 server on a free port, in a process of its own (its memory is not ours)."""
    port = _free_port()
    exe = os.path.join(os.path.dirname(sys.executable), "moto_server")
    proc = subprocess.Popen([exe, "-H", "127.0.0.1", "-p", str(port)], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    for _ in range(150):  # moto imports a lot before it listens: up to 30 s on a busy machine
        try:
            requests.get(url, timeout=2)
            break
        except requests.RequestException:
            time.sleep(0.2)
    os.environ.update(AWS_ACCESS_KEY_ID="testing", AWS_SECRET_ACCESS_KEY="testing", AWS_DEFAULT_REGION="us-east-1")
    import boto3
    boto3.client("s3", endpoint_url=url, region_name="us-east-1").create_bucket(Bucket=BUCKET)
    yield url
    proc.terminate()
    proc.wait(10)


@pytest.fixture(params=["local", "s3"])
def store(request, app):
    """The app's backend: its UPLOAD_DIR folder, or a fresh prefix of the test bucket."""
    app.extensions.pop("objectstore", None)
    if request.param == "s3":
        endpoint = request.getfixturevalue("s3_endpoint")
        app.config.update(STORAGE_URL=f"s3://{BUCKET}/t{time.monotonic_ns()}", S3_ENDPOINT_URL=endpoint)
    else:
        shutil.rmtree(app.config["UPLOAD_DIR"], ignore_errors=True)
    yield objectstore.backend()
    app.config.update(STORAGE_URL="", S3_ENDPOINT_URL="", STORAGE_DOWNLOADS="proxy")
    app.extensions.pop("objectstore", None)


def test_the_interface(store):
    assert store.write("files/a1", b"hello") == 5
    assert store.size("files/a1") == 5 and store.size("files/missing") is None
    with store.open("files/a1") as fh:
        assert fh.read() == b"hello"
    store.copy("files/a1", "files/a2")
    store.move("files/a2", "files/a3")
    assert store.size("files/a2") is None and store.size("files/a3") == 5
    assert store.names("files") == ["a1", "a3"] and store.names("logos") == []
    assert store.sha256("files/a3") == hashlib.sha256(b"hello").hexdigest()
    store.delete("files/a1")
    store.delete("files/a1")  # gone already: no error
    assert store.names("files") == ["a3"]
    with pytest.raises(ValueError):
        store.write("files/../etc", b"x")


def test_staged_files_appear_only_with_their_row(app, store):
    name = storage.stage_bytes("files", b"draft")
    assert storage.unreferenced() == [("files", name + storage.STAGED)]
    with pytest.raises(RuntimeError):
        with storage.kept_only_if_committed("files", name):
            raise RuntimeError("the row's transaction failed")
    assert store.names("files") == []  # the staged bytes went with it
    kept = storage.stage_bytes("files", b"kept")
    orphan = storage.save_bytes("files", b"orphan")
    assert sorted(storage.unreferenced()) == sorted([("files", kept + storage.STAGED), ("files", orphan)])
    published, removed = storage.recover()  # no row points at either: both go
    assert published == [] and sorted(removed) == sorted([("files", kept + storage.STAGED), ("files", orphan)])


def _upload(client, headers, module_id, data, name="report.pdf"):
    return client.post(f"/api/vault/upload/{module_id}", headers=headers, content_type="multipart/form-data",
                       data={"title": "Report", "file": (io.BytesIO(data), name)})


def test_upload_and_download_through_the_api(app, client, store, tree, make_user, token_for, db):
    user = make_user()
    new_grant(tree.project, user, edit=True)
    h = token_for(user)
    data = os.urandom(300_000)
    r = _upload(client, h, tree.project.id, data)
    assert r.status_code == 200, r.get_json()
    item = r.get_json()["item"]
    stored = db.session.get(VaultFile, item["id"]).stored_name
    assert store.names("files") == [stored]  # published: no staged name left
    got = client.get(item["links"]["download"]["url"], headers=h)
    assert got.status_code == 200 and got.data == data
    assert got.headers["Content-Disposition"].startswith("attachment") and got.headers["X-Content-Type-Options"] == "nosniff"
    assert "sandbox" in got.headers["Content-Security-Policy"]


def test_presigned_downloads_carry_attachment_and_type(app, client, store, tree, make_user, token_for):
    if isinstance(store, objectstore.LocalBackend):
        pytest.skip("a folder is served by the API or nginx, not by presigned URLs")
    app.config["STORAGE_DOWNLOADS"] = "presigned"
    user = make_user()
    new_grant(tree.project, user, edit=True)
    h = token_for(user)
    item = _upload(client, h, tree.project.id, b"%PDF-1.7 bytes", name="plan é.pdf").get_json()["item"]
    r = client.get(item["links"]["download"]["url"], headers=h)
    assert r.status_code == 302 and "X-Amz-Expires=60" in r.headers["Location"]
    got = requests.get(r.headers["Location"], timeout=10)
    assert got.status_code == 200 and got.content == b"%PDF-1.7 bytes"
    assert got.headers["Content-Type"] == item.get("mime", "application/pdf") or got.headers["Content-Type"].startswith("application/")
    assert got.headers["Content-Disposition"].startswith("attachment") and "filename*=UTF-8''plan%20%C3%A9.pdf" in got.headers["Content-Disposition"]


def _rss_kb():
    with open("/proc/self/status") as fh:
        return next(int(line.split()[1]) for line in fh if line.startswith("VmRSS:"))


def test_a_100_mb_upload_streams_in_parts(app, store, tmp_path):
    """100 MB written from a file: the process grows by far less than the file (parts of 8 MB to a store)."""
    big = tmp_path / "big.bin"
    block = os.urandom(1024 * 1024)
    with open(big, "wb") as fh:
        for _ in range(100):
            fh.write(block)
    before = _rss_kb()
    with open(big, "rb") as fh:
        assert store.write("files/big", fh) == 100 * 1024 * 1024
    grown_mb = (_rss_kb() - before) / 1024
    assert grown_mb < 64, f"RSS grew by {grown_mb:.0f} MB"
    with open(big, "rb") as fh:
        assert store.sha256("files/big") == hashlib.sha256(fh.read()).hexdigest()
    store.delete("files/big")


def test_vault_gc_on_either_store(app, store):
    from click.testing import CliRunner  # noqa: F401 - the app's runner is used
    orphan = storage.save_bytes("files", b"left behind by a crash")
    runner = app.test_cli_runner()
    r = runner.invoke(args=["vault-gc"])
    assert f"files/{orphan}" in r.output and "1 file(s)" in r.output
    r = runner.invoke(args=["vault-gc", "--delete"])
    assert "1 removed" in r.output and store.names("files") == []


def test_storage_migrate_copies_verifies_and_resumes(app, s3_endpoint, tmp_path):
    """A local installation's files copied to the bucket, checked, and a second run copies only what is missing."""
    app.extensions.pop("objectstore", None)
    shutil.rmtree(app.config["UPLOAD_DIR"], ignore_errors=True)
    names = [storage.save_bytes("files", os.urandom(n)) for n in (10, 70_000, 9 * 1024 * 1024)]
    logo = storage.save_bytes("logos", b"\x89PNG logo", ".png")
    storage.stage_bytes("files", b"uncommitted")  # staged: not an installation's file yet
    target = f"s3://{BUCKET}/migrate{time.monotonic_ns()}"
    app.config["S3_ENDPOINT_URL"] = s3_endpoint
    runner = app.test_cli_runner()
    r = runner.invoke(args=["storage-migrate", "--to", target])
    assert r.exit_code == 0, r.output
    assert "4 copied" in r.output and "0 already there" in r.output and "0 failed" in r.output
    dst = objectstore.from_url(target, app.config)
    local = objectstore.backend()
    for key in [f"files/{n}" for n in names] + [f"logos/{logo}"]:
        assert dst.size(key) == local.size(key) and dst.sha256(key) == local.sha256(key)
    assert not any(n.endswith(".part") for n in dst.names("files"))
    dst.delete(f"files/{names[1]}")  # an interrupted run: one missing
    r = runner.invoke(args=["storage-migrate", "--to", target])
    assert "1 copied" in r.output and "3 already there" in r.output, r.output


def test_thumbnails_and_text_live_in_the_store_and_previews_work_on_another_replica(app, client, store, tree,
                                                                                     make_user, token_for, db):
    """Issue 47: the worker's thumbnail and text go where the files go (the folder or the bucket; from a bucket the
    file is read from a temporary copy), and a second API replica (another app on the same database and store)
    serves the preview of a ticket the first one gave, and the thumbnail."""
    from fpdf import FPDF

    from api import create_app
    from api.config import TestConfig
    from api.extensions import db as _db
    pdf = FPDF()
    pdf.set_font("helvetica", size=11)
    for text in ("Cover", "Thermal bridges of the balconies"):
        pdf.add_page()
        pdf.multi_cell(0, 6, text)
    data = bytes(pdf.output())
    user = make_user()
    new_grant(tree.project, user, edit=True)
    h = token_for(user)
    app.config["DOCUMENTS_WORK"] = True
    try:
        item = _upload(client, h, tree.project.id, data).get_json()["item"]
    finally:
        app.config["DOCUMENTS_WORK"] = False
    assert item["textState"] == "done" and "thumbnail" in item["links"]
    row = db.session.get(VaultFile, item["id"])
    assert store.names("thumbs") == [row.thumb] and store.names("texts") == [row.stored_name + ".txt"]
    text = client.get(item["links"]["text"]["url"], headers=h).get_json()["item"]
    assert "Thermal bridges" in text["text"] and text["pages"] == [0, text["text"].index("Thermal")]
    url = client.get(item["links"]["preview"]["url"], headers=h).get_json()["item"]["url"]
    other = create_app(TestConfig, **{k: app.config[k] for k in (
        "SQLALCHEMY_DATABASE_URI", "INSTANCE_DIR", "UPLOAD_DIR", "MAIL_OUTBOX_DIR", "STORAGE_URL", "S3_ENDPOINT_URL")},
        SQLALCHEMY_ENGINE_OPTIONS={})
    try:
        with other.test_client() as replica:
            shown = replica.get(url)
            assert shown.status_code == 200 and shown.data == data and shown.mimetype == "application/pdf"
            assert "script-src 'none'" in shown.headers["Content-Security-Policy"]
            thumb = replica.get(item["links"]["thumbnail"]["url"], headers=h)
            assert thumb.status_code == 200 and thumb.data[:4] in (b"RIFF", b"\x89PNG")
    finally:
        with other.app_context():
            _db.session.remove()
            _db.engine.dispose()
