"""Comment attachments (issue 40, point 9): files uploaded to the module's vault, then carried by a comment or a
reply; listed with each comment at a fixed number of queries; refused for whoever may not upload, for files of
other modules, and gone from the comment when deleted from the vault."""
import io
import os
import shutil

import pytest

from api.models import Comment, CommentAttachment, VaultFile


@pytest.fixture(autouse=True)
def empty_uploads(app):
    shutil.rmtree(os.path.join(app.config["UPLOAD_DIR"], "files"), ignore_errors=True)


def upload(client, headers, module_id, data=b"hello world", name="report.txt"):
    return client.post(f"/api/vault/upload/{module_id}", headers=headers, data={"file": (io.BytesIO(data), name)},
                       content_type="multipart/form-data")


def uploaded(client, headers, module_id, data=b"hello world", name="report.txt"):
    r = upload(client, headers, module_id, data, name)
    assert r.status_code == 200, r.get_json()
    return r.get_json()["item"]


def comment(client, headers, url, attachments=None, content="See attached", as_json=False):
    body = {"title": "", "content": content}
    if attachments is not None:
        body["attachments"] = attachments if as_json else ",".join(map(str, attachments))
    if as_json:
        return client.post(url, headers=headers, json=body)
    return client.post(url, headers=headers, data=body)


def listing(client, headers, module_id):
    r = client.get(f"/api/discussion/list/{module_id}?perPage=500", headers=headers)
    assert r.status_code == 200
    return r.get_json()["list"]


def test_attach_to_comment_and_reply_download_and_files_tab(client, tree, people, token_for):
    editor, viewer, *_ = people
    mid, h = tree.project.id, token_for(editor)
    a = uploaded(client, h, mid, b"A" * 1234, "plan.pdf")
    b = uploaded(client, h, mid, b"B", "notes.txt")
    r = comment(client, h, f"/api/comment/add/{mid}", [b["id"], a["id"], b["id"]])
    assert r.status_code == 200, r.get_json()
    item = r.get_json()["item"]
    assert [(x["id"], x["name"], x["size"], x["contentType"], x["inVault"]) for x in item["attachments"]] == [
        (a["id"], "plan.pdf", 1234, "application/pdf", True), (b["id"], "notes.txt", 1, "text/plain", True)]
    download = item["attachments"][0]["links"]["download"]
    assert download["url"] == f"/api/vault/download/{mid}/{a['id']}" and set(item["attachments"][0]["links"]) == {
        "download"}
    # A viewer reads the comment and downloads what it carries.
    got = client.get(download["url"], headers=token_for(viewer))
    assert got.status_code == 200 and got.data == b"A" * 1234
    # A reply carries files too (a JSON list works as well as the multipart text).
    c = uploaded(client, h, mid, b"C", "photo.png")
    r = comment(client, h, item["links"]["reply"]["url"], [c["id"]], "Another", as_json=True)
    assert r.status_code == 200 and [x["name"] for x in r.get_json()["item"]["attachments"]] == ["photo.png"]
    rows = listing(client, token_for(viewer), mid)
    assert [[x["name"] for x in row["attachments"]] for row in rows] == [["plan.pdf", "notes.txt"], ["photo.png"]]
    # The attached files are vault files: the Files tab lists them.
    files = client.get(f"/api/vault/view/{mid}", headers=h).get_json()["item"]["files"]
    assert sorted(f["filename"] for f in files) == ["notes.txt", "photo.png", "plan.pdf"]
    # Without attachments nothing changes.
    assert comment(client, h, f"/api/comment/add/{mid}").get_json()["item"]["attachments"] == []


LIST_QUERIES = 7


def test_list_with_attachments_costs_a_fixed_number_of_queries(client, tree, people, token_for, count_queries, db):
    editor, viewer, *_ = people
    mid, h = tree.project.id, token_for(viewer)
    files = [uploaded(client, token_for(editor), mid, name=f"f{i}.txt")["id"] for i in range(6)]

    def add(n):
        for i in range(n):
            top = Comment(module_id=mid, content=f"top {i}", created_by_id=editor.id)
            db.session.add(top)
            db.session.flush()
            reply = Comment(module_id=mid, parent_id=top.id, content="reply", created_by_id=viewer.id)
            db.session.add(reply)
            db.session.flush()
            db.session.add_all([CommentAttachment(comment_id=top.id, file_id=files[i % 6]),
                                CommentAttachment(comment_id=top.id, file_id=files[(i + 1) % 6]),
                                CommentAttachment(comment_id=reply.id, file_id=files[(i + 2) % 6])])
        db.session.commit()

    counts = []
    for n in (2, 20):
        add(n if not counts else n - 2)
        listing(client, h, mid)  # warm
        with count_queries() as counter:
            rows = listing(client, h, mid)
        assert len(rows) == 2 * n and sum(len(x["attachments"]) for x in rows) == 3 * n
        counts.append(counter.count)
    # The token's user, the module, the memberships (rights, once), the thread count, the page's thread ids, the
    # comments (a recursive query) and their attachments (the same recursion, joined to the vault's files).
    assert counts[0] == counts[1] == LIST_QUERIES, counts


def test_foreign_unknown_and_malformed_ids_are_422_on_the_field(client, tree, people, token_for, make_user, grant,
                                                                make_module):
    editor, *_ = people
    mid, h = tree.project.id, token_for(editor)
    # A file of another module the editor may see, and one of a module they may not: the same answer, and the
    # same answer as an id that does not exist at all (nothing tells them apart).
    other = uploaded(client, h, tree.other.id)["id"]
    outsider = make_user(name="Outsider")
    hidden = make_module(name="Hidden portal")
    grant(hidden, outsider, edit=True)
    unseen = uploaded(client, token_for(outsider), hidden.id)["id"]
    own = uploaded(client, h, mid)["id"]
    for bad in ([other], [unseen], [999999], [own, unseen]):
        r = comment(client, h, f"/api/comment/add/{mid}", bad)
        assert r.status_code == 422, r.get_json()
        missing = ", ".join(str(i) for i in bad if i != own)
        assert r.get_json()["errors"] == {"attachments": [f"Not a file of this module's vault: {missing}"]}
    for bad in ("x", "0", "1.5", "-3", str(2**31)):
        r = comment(client, h, f"/api/comment/add/{mid}", [bad])
        assert r.status_code == 422 and list(r.get_json()["errors"]) == ["attachments"], (bad, r.get_json())
    for bad in ({"a": 1}, 5, [True], [[1]]):
        r = client.post(f"/api/comment/add/{mid}", headers=h, json={"content": "x", "attachments": bad})
        assert r.status_code == 422 and list(r.get_json()["errors"]) == ["attachments"], (bad, r.get_json())
    too_many = ",".join(str(i) for i in range(1, 22))
    r = client.post(f"/api/comment/add/{mid}", headers=h, data={"content": "x", "attachments": too_many})
    assert r.get_json()["errors"] == {"attachments": ["At most 20 files per comment"]}
    # Nothing was posted by any of them.
    assert listing(client, h, mid) == []


def test_viewer_and_locked_module_cannot_attach(client, tree, people, token_for, db):
    editor, viewer, deleter, _ = people
    mid = tree.project.id
    f = uploaded(client, token_for(editor), mid)["id"]
    # The viewer comments, but neither uploads nor attaches: the module's links offer no add_file.
    view = client.get(f"/api/module/view/{mid}", headers=token_for(viewer)).get_json()["item"]
    assert "add_comment" in view["links"] and "add_file" not in view["links"]
    assert upload(client, token_for(viewer), mid).status_code == 403
    r = comment(client, token_for(viewer), f"/api/comment/add/{mid}", [f])
    assert r.status_code == 403 and "may attach" in r.get_json()["error"]
    assert comment(client, token_for(viewer), f"/api/comment/add/{mid}").status_code == 200
    # On a locked module people still comment, but nothing is uploaded nor attached.
    tree.project.locked = True
    db.session.commit()
    view = client.get(f"/api/module/view/{mid}", headers=token_for(editor)).get_json()["item"]
    assert "add_comment" in view["links"] and "add_file" not in view["links"]
    r = comment(client, token_for(editor), f"/api/comment/add/{mid}", [f])
    assert r.status_code == 423 and "locked" in r.get_json()["error"]
    assert comment(client, token_for(editor), f"/api/comment/add/{mid}").status_code == 200
    assert db.session.query(CommentAttachment).count() == 0


def test_deleted_file_leaves_the_comment_and_a_locked_one_stays(client, tree, people, token_for, db):
    editor, viewer, deleter, _ = people
    mid, h = tree.project.id, token_for(deleter)
    a, b = uploaded(client, h, mid, name="a.txt"), uploaded(client, h, mid, name="b.txt")
    item = comment(client, h, f"/api/comment/add/{mid}", [a["id"], b["id"]]).get_json()["item"]
    # A locked file stays attached and downloadable; it only may not change.
    assert client.patch(a["links"]["lock"]["url"], headers=h).status_code == 200
    (row,) = listing(client, token_for(viewer), mid)
    assert [(x["name"], x["locked"]) for x in row["attachments"]] == [("a.txt", True), ("b.txt", False)]
    assert client.get(row["attachments"][0]["links"]["download"]["url"], headers=token_for(viewer)).status_code == 200
    # Deleting a file from the vault takes it off the comment; the comment stays.
    assert client.delete(b["links"]["delete"]["url"], headers=h).status_code == 200
    (row,) = listing(client, token_for(viewer), mid)
    assert row["id"] == item["id"] and [x["name"] for x in row["attachments"]] == ["a.txt"]
    assert db.session.query(CommentAttachment).count() == 1
    # A file deleted meanwhile cannot be attached any more.
    r = comment(client, h, f"/api/comment/add/{mid}", [b["id"]])
    assert r.status_code == 422 and "attachments" in r.get_json()["errors"]


def test_deleting_the_comment_keeps_the_files_in_the_vault(client, tree, people, token_for, db):
    editor, viewer, *_ = people
    mid, h = tree.project.id, token_for(editor)
    f = uploaded(client, h, mid)["id"]
    top = comment(client, h, f"/api/comment/add/{mid}", [f]).get_json()["item"]
    reply = comment(client, token_for(viewer), top["links"]["reply"]["url"]).get_json()["item"]
    # A comment with replies becomes a tombstone and carries nothing; the file stays in the vault.
    assert client.delete(top["links"]["delete"]["url"], headers=h).status_code == 200
    rows = listing(client, h, mid)
    assert rows[0]["deleted"] and rows[0]["attachments"] == [] and rows[1]["id"] == reply["id"]
    assert db.session.query(CommentAttachment).count() == 0 and db.session.get(VaultFile, f) is not None
    # The same file on a plain comment that is then deleted: the file stays too.
    lone = comment(client, h, f"/api/comment/add/{mid}", [f]).get_json()["item"]
    assert client.delete(lone["links"]["delete"]["url"], headers=h).status_code == 200
    assert db.session.query(CommentAttachment).count() == 0 and db.session.get(VaultFile, f) is not None


def test_too_large_attachment_is_413_and_nothing_is_attached(app, client, tree, people, token_for, db):
    editor, *_ = people
    limit = app.config["MAX_CONTENT_LENGTH"]
    app.config["MAX_CONTENT_LENGTH"] = 1000
    try:
        r = upload(client, token_for(editor), tree.project.id, b"x" * 5000, "big.bin")
    finally:
        app.config["MAX_CONTENT_LENGTH"] = limit
    assert r.status_code == 413 and "too large" in r.get_json()["error"]
    assert db.session.query(VaultFile).count() == 0


def test_the_edit_form_leaves_attachments_alone(client, tree, people, token_for):
    editor, *_ = people
    mid, h = tree.project.id, token_for(editor)
    f = uploaded(client, h, mid)["id"]
    item = comment(client, h, f"/api/comment/add/{mid}", [f]).get_json()["item"]
    form = client.get(item["links"]["edit"]["url"], headers=h).get_json()
    assert "attachments" not in {e["name"] for e in form["elements"]}
    values = {e["name"]: e["value"] for e in form["elements"]}
    values.update(content="Edited", _method="PUT", attachments="")
    r = client.post(item["links"]["edit"]["url"], headers=h, data=values)
    assert r.status_code == 200 and [x["id"] for x in r.get_json()["item"]["attachments"]] == [f]


def test_deleting_the_module_takes_the_attachments_along(client, tree, people, token_for, db):
    editor, viewer, deleter, _ = people
    mid, h = tree.project.id, token_for(deleter)
    f = uploaded(client, h, mid)["id"]
    top = comment(client, h, f"/api/comment/add/{mid}", [f]).get_json()["item"]
    comment(client, h, top["links"]["reply"]["url"], [f])
    assert db.session.query(CommentAttachment).count() == 2
    assert client.delete(f"/api/module/delete/{mid}", headers=h).status_code == 200
    assert db.session.query(CommentAttachment).count() == 0 and db.session.query(VaultFile).count() == 0
