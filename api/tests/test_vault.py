"""The vault API: upload, versions, download safety, locks, references and their forms, rights, atomicity."""
import io
import json
import os

import pytest

from api.extensions import db as _db
from api.models import FeedEntry, FileVersion, Reference, VaultFile


@pytest.fixture(autouse=True)
def empty_uploads(app):
    import shutil
    shutil.rmtree(os.path.join(app.config["UPLOAD_DIR"], "files"), ignore_errors=True)


def upload(client, headers, module_id, data=b"hello world", name="report.txt", title="Report"):
    form = {"file": (io.BytesIO(data), name)}
    if title is not None:
        form["title"] = title
    return client.post(f"/api/vault/upload/{module_id}", headers=headers, data=form,
                       content_type="multipart/form-data")


def stored_files(app):
    folder = os.path.join(app.config["UPLOAD_DIR"], "files")
    return sorted(os.listdir(folder)) if os.path.isdir(folder) else []


def test_upload_view_download(app, client, tree, people, token_for, db):
    editor, viewer, *_ = people
    r = upload(client, token_for(editor), tree.project.id, name="../../etc/Bericht über.txt")
    assert r.status_code == 200, r.get_json()
    f = r.get_json()["item"]
    assert f["filename"] == f["fileName"] == "Bericht über.txt" and f["filesize"] == 11 and not f["locked"]
    row = db.session.get(VaultFile, f["id"])
    assert row.stored_name in stored_files(app) and "Bericht" not in row.stored_name
    item = client.get(f"/api/vault/view/{tree.project.id}", headers=token_for(viewer)).get_json()["item"]
    assert [x["title"] for x in item["files"]] == ["Report"] and item["links"] == {}
    assert set(item["files"][0]["links"]) == {"download", "preview"}  # a text file: shown in the preview pane
    d = client.get(item["files"][0]["links"]["download"]["url"], headers=token_for(viewer))
    assert d.status_code == 200 and d.data == b"hello world"
    assert d.headers["Content-Disposition"].startswith("attachment;")
    assert "filename*=UTF-8''Bericht%20%C3%BCber.txt" in d.headers["Content-Disposition"]
    assert d.headers["X-Content-Type-Options"] == "nosniff"
    assert d.headers["Content-Type"].startswith("text/plain")
    assert db.session.query(FeedEntry).filter_by(category="file", operation="add").count() == 1


def test_html_and_svg_never_render_inline(client, tree, people, token_for):
    editor = people[0]
    for name, body in (("x.html", b"<script>alert(1)</script>"), ("x.svg", b"<svg onload='alert(1)'/>")):
        f = upload(client, token_for(editor), tree.project.id, body, name).get_json()["item"]
        d = client.get(f["links"]["download"]["url"], headers=token_for(editor))
        assert d.headers["Content-Disposition"].startswith("attachment")
        assert d.headers["X-Content-Type-Options"] == "nosniff"
        assert "sandbox" in d.headers["Content-Security-Policy"]


def test_x_accel_redirect_when_configured(app, client, tree, people, token_for):
    f = upload(client, token_for(people[0]), tree.project.id).get_json()["item"]
    app.config["ACCEL_REDIRECT_PREFIX"] = "/protected-files/"
    try:
        d = client.get(f["links"]["download"]["url"], headers=token_for(people[0]))
    finally:
        app.config["ACCEL_REDIRECT_PREFIX"] = ""
    assert d.headers["X-Accel-Redirect"].startswith("/protected-files/files/") and d.data == b""
    assert d.headers["Content-Disposition"] == 'attachment; filename=report.txt'


def test_edit_title_and_new_version_keeps_previous(app, client, tree, people, token_for, db):
    editor = people[0]
    h = token_for(editor)
    f = upload(client, h, tree.project.id, b"v1", "a.txt").get_json()["item"]
    form = client.get(f["links"]["edit"]["url"], headers=h).get_json()
    token = next(e["value"] for e in form["elements"] if e["name"] == "_token")
    assert {e["name"]: e["type"] for e in form["elements"]} == {"title": "text", "file": "file", "_version": "hidden",
                                                                "_token": "hidden"}
    r = client.post(f["links"]["edit"]["url"], headers=h, content_type="multipart/form-data",
                    data={"_method": "PUT", "_token": token, "title": "A v2", "file": (io.BytesIO(b"v2!"), "b.txt")})
    assert r.status_code == 200, r.get_json()
    item = r.get_json()["item"]
    assert item["title"] == "A v2" and item["filename"] == "b.txt" and item["filesize"] == 3
    assert [v["filename"] for v in item["versions"]] == ["a.txt"]
    old = client.get(item["versions"][0]["links"]["download"]["url"], headers=h)
    assert old.data == b"v1"
    assert client.get(item["links"]["download"]["url"], headers=h).data == b"v2!"
    assert len(stored_files(app)) == 2
    # A title-only edit keeps the file.
    r = client.post(f["links"]["edit"]["url"], headers=h, data={"_method": "PUT", "_token": token, "title": "T"})
    assert r.status_code == 200 and r.get_json()["item"]["filename"] == "b.txt"


def test_delete_removes_row_versions_and_bytes(app, client, tree, people, token_for, db):
    editor, viewer, deleter, stranger = people
    f = upload(client, token_for(editor), tree.project.id).get_json()["item"]
    assert "delete" not in f["links"]
    url = f"/api/vault/delete/{tree.project.id}/{f['id']}"
    assert client.delete(url, headers=token_for(editor)).status_code == 403
    assert client.delete(url, headers=token_for(stranger)).status_code == 404
    assert client.delete(url, headers=token_for(deleter)).status_code == 200
    assert db.session.query(VaultFile).count() == 0 and stored_files(app) == []


def test_locks(client, tree, people, token_for):
    editor, viewer, deleter, _ = people
    f = upload(client, token_for(editor), tree.project.id).get_json()["item"]
    assert client.patch(f"/api/vault/lock-file/{tree.project.id}/{f['id']}", headers=token_for(viewer)).status_code == 403
    r = client.patch(f["links"]["lock"]["url"], headers=token_for(editor))
    assert r.status_code == 200 and r.get_json()["item"]["locked"] is True
    links = r.get_json()["item"]["links"]
    assert set(links) == {"download", "preview", "unlock"}
    assert client.delete(f"/api/vault/delete/{tree.project.id}/{f['id']}", headers=token_for(deleter)).get_json() == \
        {"error": "File is locked"}
    r = client.post(f"/api/vault/edit/{tree.project.id}/{f['id']}", headers=token_for(editor), data={"title": "x"})
    assert r.status_code == 423 and r.get_json()["error"] == "File is locked"
    r = client.patch(links["unlock"]["url"], headers=token_for(deleter))
    assert r.status_code == 200 and {"edit", "delete", "lock"} <= set(r.get_json()["item"]["links"])


@pytest.mark.parametrize("data,field", [({}, "file"), ({"title": "x" * 201}, "title")])
def test_bad_uploads_are_422(app, client, tree, people, token_for, db, data, field):
    r = client.post(f"/api/vault/upload/{tree.project.id}", headers=token_for(people[0]), data=data,
                    content_type="multipart/form-data")
    assert r.status_code == 422 and field in r.get_json()["errors"]
    assert db.session.query(VaultFile).count() == 0 and stored_files(app) == []


def test_too_large_upload_is_413_and_leaves_nothing(app, client, tree, people, token_for, db):
    limit = app.config["MAX_CONTENT_LENGTH"]
    app.config["MAX_CONTENT_LENGTH"] = 1000
    try:
        r = upload(client, token_for(people[0]), tree.project.id, b"x" * 5000)
    finally:
        app.config["MAX_CONTENT_LENGTH"] = limit
    assert r.status_code == 413 and "too large" in r.get_json()["error"]
    assert db.session.query(VaultFile).count() == 0 and stored_files(app) == []


def test_failed_commit_leaves_no_orphan(app, client, tree, people, token_for, db, monkeypatch):
    from api.services import feed
    def boom(*a, **k):
        raise RuntimeError("database went away")
    monkeypatch.setattr(feed, "record", boom)
    r = upload(client, token_for(people[0]), tree.project.id)
    assert r.status_code == 500
    assert db.session.query(VaultFile).count() == 0 and stored_files(app) == []


def reference_form(client, headers, url):
    body = client.get(url, headers=headers).get_json()
    return json.loads(body["forms"][0])


def test_references_forms_add_edit_lock_delete(client, tree, people, token_for, db):
    editor, viewer, deleter, stranger = people
    h = token_for(editor)
    form = reference_form(client, h, f"/api/reference/add/{tree.project.id}")
    names = [e["name"] for e in form["elements"]]
    assert names == ["title", "description", "url", "resourceType", "_token"]
    rt = next(e for e in form["elements"] if e["name"] == "resourceType")
    assert [o["value"] for o in rt["options"]] == ["LINK", "VIDEO", "DOCUMENT", "FILE"]
    token = form["elements"][-1]["value"]
    bad = client.post(form["action"], headers=h, data={"_token": token, "title": "T", "url": "javascript:alert(1)",
                                                       "resourceType": "LINK"})
    assert bad.status_code == 422 and "url" in bad.get_json()["errors"]
    bad = client.post(form["action"], headers=h, data={"_token": token, "title": "T", "url": "https://x.org",
                                                       "resourceType": "PODCAST"})
    assert bad.status_code == 422 and "resourceType" in bad.get_json()["errors"]
    r = client.post(form["action"], headers=h, data={"_token": token, "title": "Guide", "url": "https://x.org/g",
                                                     "resourceType": "VIDEO", "description": "How to"})
    assert r.status_code == 200, r.get_json()
    ref = r.get_json()["item"]
    assert ref["resourceType"] == "VIDEO" and ref["createdBy"] == "Eddie"
    edit = reference_form(client, h, ref["links"]["edit"]["url"])
    assert next(e for e in edit["elements"] if e["name"] == "url")["value"] == "https://x.org/g"
    r = client.post(edit["action"], headers=h, data={"_method": "PUT", "_token": edit["elements"][-1]["value"],
                                                     "title": "Guide 2", "url": "http://y.org", "resourceType": "LINK"})
    assert r.status_code == 200 and r.get_json()["item"]["title"] == "Guide 2"
    locked = client.patch(ref["links"]["lock"]["url"], headers=h).get_json()["item"]
    assert locked["locked"] and set(locked["links"]) == {"unlock"}
    r = client.delete(f"/api/reference/delete/{tree.project.id}/{ref['id']}", headers=token_for(deleter))
    assert r.status_code == 423 and r.get_json()["error"] == "Reference is locked"
    client.patch(locked["links"]["unlock"]["url"], headers=h)
    assert client.get(f"/api/reference/add/{tree.project.id}", headers=token_for(viewer)).status_code == 403
    assert client.get(f"/api/vault/view/{tree.project.id}", headers=token_for(stranger)).status_code == 404
    assert client.delete(f"/api/reference/delete/{tree.project.id}/{ref['id']}", headers=token_for(deleter)).status_code == 200
    assert db.session.query(Reference).count() == 0
    cats = {e.category for e in db.session.query(FeedEntry).filter_by(module_id=tree.project.id)}
    assert "reference" in cats


def test_module_delete_removes_vault_bytes(app, client, tree, people, token_for, db, make_user):
    editor = people[0]
    h = token_for(editor)
    f = upload(client, h, tree.task.id, b"v1").get_json()["item"]
    form = client.get(f["links"]["edit"]["url"], headers=h).get_json()
    client.post(f["links"]["edit"]["url"], headers=h, content_type="multipart/form-data",
                data={"_method": "PUT", "_token": form["elements"][-1]["value"], "title": "t",
                      "file": (io.BytesIO(b"v2"), "b.txt")})
    assert len(stored_files(app)) == 2
    su = make_user(superuser=True)
    assert client.delete(f"/api/module/delete/{tree.project.id}", headers=token_for(su)).status_code == 200
    assert stored_files(app) == [] and db.session.query(FileVersion).count() == 0


def test_vault_files_are_paged_searched_and_sorted_and_references_listed_alone(client, tree, people, token_for):
    editor, viewer, *_ = people
    he, hv = token_for(editor), token_for(viewer)
    for i, (title, size) in enumerate((("Gamma plan", 30), ("alpha budget", 10), ("Beta plan", 20))):
        assert upload(client, he, tree.project.id, data=b"x" * size, name=f"f{i}.txt", title=title).status_code == 200
    _db.session.add(Reference(module_id=tree.project.id, title="Link", url="https://example.org",
                              resource_type="LINK", description=""))
    _db.session.commit()
    url = f"/api/vault/view/{tree.project.id}"

    def titles(**query):
        r = client.get(url, headers=hv, query_string=query)
        assert r.status_code == 200, r.get_json()
        return [f["title"] for f in r.get_json()["item"]["files"]], r.get_json()["meta"]

    assert titles() == (["Gamma plan", "alpha budget", "Beta plan"], {"page": 1, "perPage": 50, "total": 3})
    assert titles(sort="title")[0] == ["alpha budget", "Beta plan", "Gamma plan"]
    assert titles(sort="-filesize", perPage=2) == (["Gamma plan", "Beta plan"], {"page": 1, "perPage": 2, "total": 3})
    assert titles(sort="-filesize", perPage=2, page=2)[0] == ["alpha budget"]
    assert titles(q="PLAN", sort="title") == (["Beta plan", "Gamma plan"], {"page": 1, "perPage": 50, "total": 2})
    assert titles(q="f1.txt")[0] == ["alpha budget"]
    # The references come with every page, and alone from their own list.
    assert [x["title"] for x in client.get(url, headers=hv).get_json()["item"]["references"]] == ["Link"]
    refs = client.get(f"/api/reference/list/{tree.project.id}", headers=hv).get_json()["list"]
    assert [x["title"] for x in refs] == ["Link"] and "lock" not in refs[0]["links"]
    assert "lock" in client.get(f"/api/reference/list/{tree.project.id}", headers=he).get_json()["list"][0]["links"]
    assert client.get(url, headers=hv, query_string={"sort": "owner"}).status_code == 400
