"""What the security and reliability probe found (issue 10), each case as it was reproduced."""
import io
import json
import os
import shutil
import struct
import subprocess
import sys
import zlib

import pytest
import sqlalchemy as sa
from PIL import Image

from api import create_app
from api.config import TestConfig
from api.errors import conflict_message
from api.extensions import db as _db
from api.models import Membership, VaultFile
from api.services import storage

from .conftest import form_of

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.fixture
def su(make_user, token_for):
    return token_for(make_user(superuser=True))


@pytest.fixture(autouse=True)
def empty_uploads(app):
    shutil.rmtree(app.config["UPLOAD_DIR"], ignore_errors=True)


def _png_claiming(width, height):
    """A valid tiny PNG whose header declares width × height (1-bit): what a decompression bomb looks like."""
    buf = io.BytesIO()
    Image.new("1", (1, 1)).save(buf, "PNG")
    data = bytearray(buf.getvalue())
    ihdr = 8 + 8  # signature, then length and type of the IHDR chunk
    data[ihdr:ihdr + 8] = struct.pack(">II", width, height)
    crc = zlib.crc32(bytes(data[ihdr - 4:ihdr + 13])) & 0xFFFFFFFF
    data[ihdr + 13:ihdr + 17] = struct.pack(">I", crc)
    return bytes(data)


# --- F2: images are measured from their header before anything is decoded ---------------------------------

@pytest.mark.parametrize("url,field", [("/api/brand/save-logo/{portal}", "logo"), ("/api/avatar/edit", "avatar")])
@pytest.mark.parametrize("side,says", [(6000, "6000×6000 pixels (at most 25 megapixels)"),  # Pillow would only warn
                                       (8900, "(at most 25 megapixels)")])  # the probe's 9.7 KB bomb
def test_an_image_too_large_in_pixels_is_refused_before_decoding(client, tree, su, url, field, side, says,
                                                                  monkeypatch):
    bomb = _png_claiming(side, side)
    assert len(bomb) < 200
    monkeypatch.setattr(Image.Image, "load", lambda self: pytest.fail("the image was decoded"))
    r = client.post(url.format(portal=tree.portal.id), headers=su, content_type="multipart/form-data",
                    data={field: (io.BytesIO(bomb), "bomb.png")})
    assert r.status_code == 422, r.get_json()
    assert says in r.get_json()["errors"][field][0]


def test_an_image_within_the_limit_is_accepted(client, tree, su):
    buf = io.BytesIO()
    Image.new("RGB", (600, 300), "teal").save(buf, "PNG")
    r = client.post(f"/api/brand/save-logo/{tree.portal.id}", headers=su, content_type="multipart/form-data",
                    data={"logo": (io.BytesIO(buf.getvalue()), "logo.png")})
    assert r.status_code == 200, r.get_json()


# --- F6, F7: proxies and the limiter's storage --------------------------------------------------------------

def _config_in_subprocess(env, expr):
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "RATELIMIT_STORAGE_URI", "TRUSTED_PROXIES")
           } | env
    out = subprocess.run([sys.executable, "-c", f"from api.config import Config; print({expr})"], env=env, cwd=ROOT,
                         capture_output=True, text=True, check=True)
    return out.stdout.strip()


def test_forwarded_addresses_are_not_believed_unless_configured(app, make_user):
    assert _config_in_subprocess({}, "Config.TRUSTED_PROXIES") == "0"
    limited = create_app(TestConfig, SQLALCHEMY_DATABASE_URI=app.config["SQLALCHEMY_DATABASE_URI"],
                         SQLALCHEMY_ENGINE_OPTIONS={}, RATELIMIT_ENABLED=True, LOGIN_ADDRESS_LIMITS="3 per minute",
                         LOGIN_FAILURE_LIMITS="100 per minute", TRUSTED_PROXIES=0)
    c = limited.test_client()
    codes = [c.post("/json/login", json={"username": f"guess{i}@example.org", "password": "wrong-password"},
                    headers={"X-Forwarded-For": f"10.20.0.{i}"}).status_code for i in range(4)]
    # A client reaching gunicorn directly cannot pick a new address per attempt.
    assert codes == [401, 401, 401, 429]
    with limited.app_context():
        _db.engine.dispose()


def test_redis_is_the_limiter_store_whenever_configured():
    expr = "Config.RATELIMIT_STORAGE_URI"
    assert _config_in_subprocess({}, expr) == "memory://"
    assert _config_in_subprocess({"REDIS_URL": "redis://127.0.0.1:6379/3"}, expr) == "redis://127.0.0.1:6379/3"
    assert _config_in_subprocess({"REDIS_URL": "redis://a/1", "RATELIMIT_STORAGE_URI": "redis://b/2"},
                                 expr) == "redis://b/2"


def test_gunicorn_warns_when_workers_count_limits_apart(app, tmp_path, monkeypatch):
    import api.gunicorn_conf as conf

    class Log:
        def __init__(self):
            self.lines = []

        def info(self, msg, *args):
            self.lines.append(("info", msg % args))

        warning = lambda self, msg, *args: self.lines.append(("warning", msg % args))  # noqa: E731
        exception = lambda self, msg, *args: self.lines.append(("exception", msg % args))  # noqa: E731

    server = type("Server", (), {"log": Log()})()
    from api.config import Config
    monkeypatch.setattr(Config, "SQLALCHEMY_DATABASE_URI", app.config["SQLALCHEMY_DATABASE_URI"])
    monkeypatch.setattr(Config, "UPLOAD_DIR", str(tmp_path))
    monkeypatch.setattr(conf, "workers", 3)
    conf.on_starting(server)
    assert [kind for kind, _ in server.log.lines] == ["warning"]
    assert "REDIS_URL" in server.log.lines[0][1]


# --- F10: a unique rule broken by a concurrent request is a 409 with a message --------------------------------

def test_unique_violations_say_what_conflicts(tree, make_user):
    user = make_user()
    for _ in range(2):
        _db.session.add(Membership(module_id=tree.project.id, user_id=user.id, allow_view=True))
    with pytest.raises(sa.exc.IntegrityError) as e:
        _db.session.commit()
    _db.session.rollback()
    assert conflict_message(e.value) == "This person is already a member here"


def test_an_integrity_error_answers_409(app, client, tree, su, monkeypatch):
    """The service's own check passed (a concurrent request had not committed yet): the database refuses."""
    from api.services import deliverables
    url = f"/api/deliverable/add/{tree.task.id}"

    def values():
        return {e["name"]: e["value"] for e in form_of(client, su, url)["elements"]} | {"status": "NOT_STARTED"}
    assert client.post(url, headers=su, data=values()).status_code == 200
    monkeypatch.setattr(deliverables, "find", lambda module: None)
    r = client.post(url, headers=su, data=values())
    assert r.status_code == 409 and r.get_json() == {"error": "This module already has a status"}


# --- F13, F14: file names fit for headers; files published only after their row ------------------------------

def upload(client, headers, module_id, name, data=b"<h1>hi</h1>"):
    return client.post(f"/api/vault/upload/{module_id}", headers=headers, content_type="multipart/form-data",
                       data={"file": (io.BytesIO(data), name)})


@pytest.mark.parametrize("name,stored", [
    ("a\x00.html", "a.html"),
    ("tab\there\x7f.txt", "tabhere.txt"),
    ("\u202egnp.exe", "gnp.exe"),
    ("x" * 300 + ".pdf", "x" * 251 + ".pdf"),
    ("ünïcødé report.txt", "ünïcødé report.txt"),
])
def test_hostile_file_names_are_cleaned_and_download_as_attachments(client, tree, su, name, stored):
    r = upload(client, su, tree.project.id, name)
    assert r.status_code == 200, r.get_json()
    item = r.get_json()["item"]
    assert item["filename"] == stored and len(item["title"]) <= 200
    d = client.get(item["links"]["download"]["url"], headers=su)
    assert d.status_code == 200 and d.data == b"<h1>hi</h1>"
    cd = d.headers["Content-Disposition"]
    assert cd.startswith("attachment;") and "\r" not in cd and "\n" not in cd and "\x00" not in cd
    if not stored.isascii():
        assert "filename*=UTF-8''" in cd
    assert d.headers["X-Content-Type-Options"] == "nosniff"
    assert "sandbox" in d.headers["Content-Security-Policy"]


@pytest.mark.parametrize("name,mime", [("page.html", "text/html"), ("image.svg", "image/svg+xml"),
                                       ("script.js", "text/javascript")])
def test_active_content_is_served_as_a_sandboxed_attachment(client, tree, su, name, mime):
    item = upload(client, su, tree.project.id, name, b"<script>alert(1)</script>").get_json()["item"]
    d = client.get(item["links"]["download"]["url"], headers=su)
    assert d.headers["Content-Disposition"].startswith("attachment;")
    assert d.headers["X-Content-Type-Options"] == "nosniff"
    assert d.headers["Content-Security-Policy"] == "sandbox; default-src 'none'"


def test_an_upload_is_published_only_after_its_row_commits(app, client, tree, su, monkeypatch):
    """A worker killed between the commit and the rename leaves a staged file that recovery publishes."""
    def killed(kind, name):
        raise SystemExit("killed")
    monkeypatch.setattr(storage, "publish", killed)
    with pytest.raises(SystemExit):
        upload(client, su, tree.project.id, "report.txt", b"committed bytes")
    monkeypatch.undo()
    row = _db.session.scalar(sa.select(VaultFile))
    folder = os.path.join(app.config["UPLOAD_DIR"], "files")
    assert os.listdir(folder) == [row.stored_name + ".part"]
    # Leftovers of other crashes: a staged file whose row never committed, a published file with no row.
    for leftover in ("0" * 32 + ".part", "f" * 32):
        with open(os.path.join(folder, leftover), "wb") as fh:
            fh.write(b"x")
    published, removed = storage.recover()
    assert published == [("files", row.stored_name)]
    assert sorted(removed) == [("files", "0" * 32 + ".part"), ("files", "f" * 32)]
    assert os.listdir(folder) == [row.stored_name]
    d = client.get(f"/api/vault/download/{tree.project.id}/{row.id}", headers=su)
    assert d.status_code == 200 and d.data == b"committed bytes"


def test_a_failed_commit_leaves_no_staged_file(app, client, tree, su, monkeypatch):
    from api.services import feed

    def lost_database(*args, **kw):
        raise sa.exc.OperationalError("INSERT", {}, Exception("server closed the connection"))
    monkeypatch.setattr(feed, "record", lost_database)
    r = upload(client, su, tree.project.id, "report.txt")
    assert r.status_code == 503
    monkeypatch.undo()
    folder = os.path.join(app.config["UPLOAD_DIR"], "files")
    assert os.listdir(folder) == []


# --- F12: malformed input is a 400 that says why, on every endpoint and both databases ---------------------

DEEP = "[" * 100_000 + "]" * 100_000


@pytest.mark.parametrize("url", ["/json/login", "/json/forgot-password", "/api/invitation/accept-signed-in",
                                 "/api/profile/currentuser"])
def test_json_nested_too_deep_is_400(client, su, url):
    for body in (DEEP, '{"username": ' + "[" * 40 + "]" * 40 + "}"):
        r = client.open(url, method="PUT" if "currentuser" in url else "POST", headers=su, data=body,
                        content_type="application/json")
        assert r.status_code == 400, (url, r.status_code)
        assert "nested" in r.get_json()["error"]


@pytest.mark.parametrize("body", ["[]", '"token"', "42", "null"])
def test_a_body_that_is_not_an_object_is_400(client, su, body):
    r = client.post("/api/invitation/accept-signed-in", headers=su, data=body, content_type="application/json")
    assert r.status_code == 400 and r.get_json()["error"]


@pytest.mark.parametrize("raw", ['{"username": "a\\u0000b@x.org", "password": "secret-pass"}',
                                 '{"username": "\\ud800@x.org", "password": "secret-pass"}',
                                 '{"\\ud800": 1, "username": "x@x.org", "password": "secret-pass"}'])
def test_nul_and_lone_surrogates_in_json_are_400(client, raw):
    r = client.post("/json/login", data=raw, content_type="application/json")
    assert r.status_code == 400
    assert list(r.get_json()["errors"].values())[0] == ["Contains a character that is not allowed (a NUL or a lone "
                                                         "surrogate)"]


def test_nul_in_form_fields_query_strings_and_paths_is_400(client, tree, su):
    r = client.post(f"/api/module/edit/{tree.project.id}", headers=su, data={"name": "Project\x00A"})
    assert r.status_code == 400 and "name" in r.get_json()["errors"]
    r = client.get(f"/api/feed/list/{tree.project.id}?limit=1%00", headers=su)
    assert r.status_code == 400 and "limit" in r.get_json()["errors"]
    r = client.get(f"/api/module/detailed-list-by-type/task%00/{tree.portal.id}", headers=su)
    assert r.status_code == 400 and "type_" in r.get_json()["errors"]
    r = client.post(f"/api/comment/add/{tree.project.id}", headers=su, json={"content": "fine \ud83d\ude00 emoji"})
    assert r.status_code == 200, r.get_json()  # a proper surrogate pair is just an emoji


@pytest.mark.parametrize("template", ["99999999999999999999", "-1", "1.5", "²", "0x10"])
def test_query_ids_out_of_range_are_400(client, tree, su, template):
    r = client.get(f"/api/clone/module/{tree.project.id}", headers=su, query_string={"template": template})
    assert r.status_code == 400 and "template" in r.get_json()["errors"]


def test_who_asks_is_settled_before_what_they_sent(client, tree):
    """A protected call without a token is a 401 even when its body would be refused (schemathesis found 400s)."""
    r = client.post(f"/api/comment/add/{tree.project.id}", json={"content": "a\x00b"})
    assert r.status_code == 401
    r = client.post(f"/api/comment/add/{tree.project.id}", data="{not json", content_type="application/json")
    assert r.status_code == 401
    r = client.post("/json/login", json={"username": "a\x00b@x.org", "password": "secret-pass"})
    assert r.status_code == 400  # a public call has no one to settle


@pytest.mark.parametrize("value", [2.5, 2.6e-42, True, "2.5"])
def test_whole_numbers_are_not_truncated(client, tree, su, value):
    r = client.post(f"/api/clone/module/{tree.project.id}", headers=su,
                    json={"name": "Copy", "parentId": tree.portal.id, "shiftDays": value})
    assert r.status_code == 422 and "shiftDays" in r.get_json()["errors"], r.get_json()
    r = client.post(f"/api/clone/module/{tree.project.id}", headers=su, json={"name": "Copy", "parentId": value})
    assert r.status_code == 422 and "parentId" in r.get_json()["errors"], r.get_json()


def test_a_file_element_takes_only_an_upload(client, tree, su):
    up = client.post(f"/api/vault/upload/{tree.project.id}", headers=su, content_type="multipart/form-data",
                     data={"file": (io.BytesIO(b"bytes"), "a.txt")})
    file_id = up.get_json()["item"]["id"]
    for body in ({"title": "T", "file": "not a file"}, {"title": "T", "file": {"name": "x"}}, {"title": "T", "file": 3}):
        r = client.post(f"/api/vault/edit/{tree.project.id}/{file_id}", headers=su, json=body)
        assert r.status_code == 422 and r.get_json()["errors"]["file"] == ["Please choose a file"], (body, r.get_json())
    r = client.post(f"/api/vault/upload/{tree.project.id}", headers=su, data={"file": "text"})
    assert r.status_code == 422 and r.get_json()["errors"]["file"] == ["Please choose a file"]


# --- F15: rich text is validated and cleaned on the server, whatever client sent it ----------------------

def _doc(entities, ranges=None):
    block = {"key": "a", "text": "click here", "type": "unstyled", "inlineStyleRanges": [],
             "entityRanges": ranges if ranges is not None else [{"offset": 0, "length": 5, "key": k}
                                                                for k in range(len(entities))]}
    return json.dumps({"blocks": [block], "entityMap": {str(i): e for i, e in enumerate(entities)}})


def _add_article(client, su, module_id, content):
    return client.post(f"/api/article/add/{module_id}", headers=su, content_type="multipart/form-data",
                       data={"title": "Doc", "content": content})


@pytest.mark.parametrize("url", ["javascript:alert(1)", " JavaScript:alert(1)", "data:text/html,<script>x</script>",
                                 "vbscript:msgbox(1)", "//evil.example/x", "ftp://example.org/file"])
def test_links_to_anything_but_http_and_mail_are_refused(client, tree, su, url):
    r = _add_article(client, su, tree.project.id, _doc([{"type": "LINK", "mutability": "MUTABLE",
                                                          "data": {"url": url}}]))
    assert r.status_code == 422 and "http" in r.get_json()["errors"]["content"][0]


def test_images_only_of_the_modules_own_vault(client, tree, su):
    def image(src):
        return _doc([{"type": "IMAGE", "mutability": "IMMUTABLE", "data": {"src": src, "onerror": "alert(1)"}}])
    for src in ("javascript:alert(1)", "https://tracker.example/p.gif", f"/api/vault/download/{tree.other.id}/1"):
        r = _add_article(client, su, tree.project.id, image(src))
        assert r.status_code == 422 and "vault" in r.get_json()["errors"]["content"][0], src
    r = _add_article(client, su, tree.project.id, image(f"/api/vault/download/{tree.project.id}/7"))
    assert r.status_code == 200, r.get_json()
    stored = json.loads(r.get_json()["item"]["content"])
    assert stored["entityMap"]["0"]["data"] == {"src": f"/api/vault/download/{tree.project.id}/7"}


def test_unknown_entities_and_data_keys_are_dropped(client, tree, su):
    content = _doc([{"type": "LINK", "mutability": "MUTABLE", "data": {"url": "https://example.org",
                                                                        "html": "<img src=x onerror=alert(1)>",
                                                                        "target": "_blank"}},
                    {"type": "EMBED", "mutability": "IMMUTABLE", "data": {"html": "<script>alert(1)</script>"}},
                    {"type": "LINK", "mutability": "MUTABLE", "data": {"url": "mailto:team@example.org"}}])
    r = _add_article(client, su, tree.project.id, content)
    assert r.status_code == 200, r.get_json()
    stored = json.loads(r.get_json()["item"]["content"])
    assert stored["entityMap"] == {
        "0": {"type": "LINK", "mutability": "MUTABLE", "data": {"url": "https://example.org"}},
        "2": {"type": "LINK", "mutability": "MUTABLE", "data": {"url": "mailto:team@example.org"}}}
    assert [r["key"] for r in stored["blocks"][0]["entityRanges"]] == [0, 2]
    assert "script" not in r.get_json()["item"]["content"] and "onerror" not in r.get_json()["item"]["content"]


def test_a_rule_and_an_image_keep_only_their_own_data(client, tree, su):
    """The knowledge editor's atomic blocks: a horizontal rule (HR, no data) and a vault image (src, alt)."""
    def atomic(key, entity):
        return {"key": key, "text": " ", "type": "atomic", "inlineStyleRanges": [],
                "entityRanges": [{"offset": 0, "length": 1, "key": entity}]}
    src = f"/api/vault/download/{tree.project.id}/7"
    content = json.dumps({"blocks": [atomic("a", 0), atomic("b", 1), {"key": "c", "text": "x = 1", "type": "code-block"}],
                          "entityMap": {"0": {"type": "HR", "mutability": "IMMUTABLE", "data": {"html": "<hr onclick=x>"}},
                                        "1": {"type": "IMAGE", "mutability": "IMMUTABLE",
                                              "data": {"src": src, "alt": "A plan", "style": "x"}}}})
    r = _add_article(client, su, tree.project.id, content)
    assert r.status_code == 200, r.get_json()
    stored = json.loads(r.get_json()["item"]["content"])
    assert stored["entityMap"] == {"0": {"type": "HR", "mutability": "IMMUTABLE", "data": {}},
                                   "1": {"type": "IMAGE", "mutability": "IMMUTABLE", "data": {"src": src, "alt": "A plan"}}}
    assert [b["type"] for b in stored["blocks"]] == ["atomic", "atomic", "code-block"]


@pytest.mark.parametrize("data,message", [
    ({"src": "/api/vault/download/{m}/7\n"}, "vault"),
    ({"src": "/api/vault/download/{m}/\u0667"}, "vault"),
    ({"src": "/api/vault/download/{m}/7?x=1"}, "vault"),
    ({"src": "/api/vault/download/{m}/7", "alt": "x" * 301}, "alt text"),
])
def test_an_image_src_is_exactly_a_vault_download_and_its_alt_is_short(client, tree, su, data, message):
    data = {k: v.replace("{m}", str(tree.project.id)) for k, v in data.items()}
    r = _add_article(client, su, tree.project.id, _doc([{"type": "IMAGE", "mutability": "IMMUTABLE", "data": data}]))
    assert r.status_code == 422 and message in r.get_json()["errors"]["content"][0], r.get_json()
