"""Feed entries for every write, brand logos, deliverables."""
import io
import os

import pytest
import sqlalchemy as sa
from PIL import Image

from api.extensions import db as _db
from api.models import Brand, CustomField, Deliverable, FeedEntry

from .conftest import element, form_token, new_grant, submit

FEED_FIELDS = {"id", "created", "createdById", "createdBy", "description", "operation", "category", "module", "avatar",
               "itemId", "itemName", "subject", "changes", "extra"}


@pytest.fixture
def su(make_user, token_for):
    user = make_user(name="Sue Super", superuser=True)
    return token_for(user)


def image_bytes(fmt, size=(40, 30), colour=(10, 120, 200)):
    out = io.BytesIO()
    Image.new("RGB", size, colour).save(out, fmt)
    return out.getvalue()


def upload(client, headers, module_id, data, filename="logo.png", field="logo"):
    return client.post(f"/api/brand/save-logo/{module_id}", headers=headers,
                       data={field: (io.BytesIO(data), filename)}, content_type="multipart/form-data")


def feed(client, headers, module_id, **query):
    r = client.get(f"/api/feed/list/{module_id}", headers=headers, query_string=query)
    assert r.status_code == 200
    return r.get_json()["list"]


# --- feed ---------------------------------------------------------------------------------------------------------

def test_every_write_records_a_feed_entry(client, su, tree):
    pid = tree.project.id
    check = _db.session.scalar(sa.select(CustomField.id).where(CustomField.module_id == tree.portal.id))
    steps = []

    def step(expect, r):
        assert r.status_code == 200, r.get_json()
        steps.append(expect)

    r = submit(client, su, f"/api/module/add/{pid}/4rineu_task", {"name": "New task"})
    step(("add", "module", "New task"), r)
    new_id = r.get_json()["item"]["id"]
    step(("edit", "module", "Renamed"), submit(client, su, f"/api/module/edit/{new_id}", {"name": "Renamed"}))
    step(("lock", "module", "Renamed"), client.patch(f"/api/module/lock/{new_id}", headers=su))
    step(("unlock", "module", "Renamed"), client.patch(f"/api/module/unlock/{new_id}", headers=su))
    step(("add", "deliverable", "Renamed"), submit(client, su, f"/api/deliverable/add/{new_id}",
                                                   {"status": "IN_PROGRESS"}))
    d_id = _db.session.scalar(sa.select(Deliverable.id).where(Deliverable.module_id == new_id))
    step(("edit", "deliverable", "IN_PROGRESS → BLOCKED"),
         submit(client, su, f"/api/deliverable/edit/{new_id}/{d_id}", {"status": "BLOCKED"}))
    step(("edit", "deliverable", "deadline"),
         submit(client, su, f"/api/deliverable/edit-deadline/{new_id}/{d_id}", {"deadline": "2031-01-01"}))
    step(("edit", "brand", "Renamed"), upload(client, su, new_id, image_bytes("PNG")))
    # Ticking moves the status too (one meaning of done, services/done.py): one entry, the status change.
    step(("edit", "deliverable", "Ticked 'Renamed' as done (status BLOCKED → COMPLETED)"),
         submit(client, su, f"/api/custom-field/value/add/{new_id}/{check}", {"option": "completed"}))

    entries = feed(client, su, new_id)
    assert len(entries) == len(steps)
    for entry, (operation, category, text) in zip(reversed(entries), steps):
        assert set(entry) == FEED_FIELDS
        assert (entry["operation"], entry["category"]) == (operation, category), entry
        assert text in entry["description"], entry
        assert entry["createdBy"] == "Sue Super" and entry["createdById"]
        assert entry["module"] == {"id": new_id, "name": "Renamed"}
    ids = [e["id"] for e in entries]
    assert ids == sorted(ids, reverse=True)
    # The parent's feed (its subtree) shows them too; a move and a delete are recorded on the parent.
    assert len(feed(client, su, pid)) == len(steps)
    assert client.get(f"/api/module/reindex/{new_id}/0", headers=su).status_code == 200
    assert client.delete(f"/api/module/delete/{new_id}", headers=su).status_code == 200
    entries = feed(client, su, pid)  # the module's own entries went with it
    assert [(e["operation"], e["category"], e["module"]["id"]) for e in entries] == [
        ("delete", "module", pid), ("move", "module", pid)]
    assert "Renamed" in entries[0]["description"] and "Renamed" in entries[1]["description"]


def test_feed_order_scope_and_limit(client, su, tree):
    for m in (tree.portal, tree.project, tree.other, tree.task, tree.project):
        _db.session.add(FeedEntry(module_id=m.id, operation="edit", category="module", description=f"on {m.name}"))
        _db.session.commit()
    portal = feed(client, su, tree.portal.id)
    assert [e["description"] for e in portal] == ["on Project A", "on Task 1", "on Project B", "on Project A",
                                                  "on Portal"]
    assert [e["description"] for e in feed(client, su, tree.project.id)] == ["on Project A", "on Task 1",
                                                                             "on Project A"]
    assert [e["description"] for e in feed(client, su, tree.task.id)] == ["on Task 1"]
    assert feed(client, su, tree.subtask.id) == []
    assert len(feed(client, su, tree.portal.id, perPage=2)) == 2
    r = client.get(f"/api/feed/list/{tree.portal.id}", headers=su, query_string={"perPage": 2, "page": 3})
    assert r.get_json()["meta"] == {"page": 3, "perPage": 2, "total": 5}
    assert [e["id"] for e in r.get_json()["list"]] == [portal[4]["id"]]
    older = feed(client, su, tree.portal.id, before=portal[1]["id"])
    assert [e["id"] for e in older] == [e["id"] for e in portal[2:]]
    assert [e["id"] for e in feed(client, su, tree.portal.id, sort="id")] == [e["id"] for e in reversed(portal)]
    for bad in ({"perPage": "x"}, {"perPage": 501}, {"page": 0}, {"sort": "name"}):
        r = client.get(f"/api/feed/list/{tree.portal.id}", headers=su, query_string=bad)
        assert r.status_code == 400 and set(r.get_json()["errors"]) == set(bad), (bad, r.get_json())
    for before in (str(2**40), "x", "-1", "²"):  # not an id: said so, not ignored
        r = client.get(f"/api/feed/list/{tree.portal.id}", headers=su, query_string={"before": before})
        assert r.status_code == 400 and "before" in r.get_json()["errors"]


def test_feed_of_an_invisible_module_is_404(client, make_user, token_for, tree):
    member = make_user()
    new_grant(tree.other, member)
    h = token_for(member)
    assert client.get(f"/api/feed/list/{tree.project.id}", headers=h).status_code == 404
    assert client.get(f"/api/feed/list/{tree.other.id}", headers=h).status_code == 200


# --- brand ---------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("fmt", ["PNG", "JPEG", "GIF"])
def test_save_logo_accepts_images_and_stores_png(app, client, su, tree, fmt):
    r = upload(client, su, tree.project.id, image_bytes(fmt, size=(900, 300)), filename=f"logo.{fmt.lower()}")
    assert r.status_code == 200, r.get_json()
    item = r.get_json()["item"]
    assert item["logo"] > 0 and {"view_logo", "save_logo"} <= set(item["links"])
    found = client.get(f"/api/brand/find/{tree.project.id}", headers=su).get_json()["item"]
    assert found == item
    r = client.get(item["links"]["view_logo"]["url"], headers=su)
    assert r.status_code == 200
    assert r.mimetype == "image/png" and r.headers["X-Content-Type-Options"] == "nosniff"
    img = Image.open(io.BytesIO(r.data))
    assert img.format == "PNG" and max(img.size) <= 512 and img.size[0] / img.size[1] == pytest.approx(3, rel=0.05)
    assert len(r.data) == item["logo"]


def test_a_new_logo_replaces_the_old_file(app, client, su, tree):
    upload(client, su, tree.project.id, image_bytes("PNG"))
    first = _db.session.scalar(sa.select(Brand.logo))
    path = os.path.join(app.config["UPLOAD_DIR"], "logos", first)
    assert os.path.exists(path)
    upload(client, su, tree.project.id, image_bytes("PNG", colour=(1, 2, 3)))
    _db.session.expire_all()
    assert _db.session.scalar(sa.select(sa.func.count(Brand.id))) == 1
    second = _db.session.scalar(sa.select(Brand.logo))
    assert second != first and not os.path.exists(path)


@pytest.mark.parametrize("payload,name", [
    (b"just some text, not an image", "logo.png"),
    (b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', "logo.svg"),
    (b"<!DOCTYPE html><html><body><script>alert(1)</script></body></html>", "logo.html"),
    (b"\x89PNG\r\n\x1a\nbroken", "logo.png"),
    (b"", "empty.png"),
])
def test_save_logo_rejects_what_is_not_an_image(app, client, su, tree, payload, name):
    r = upload(client, su, tree.project.id, payload, filename=name)
    assert r.status_code == 422
    assert "logo" in r.get_json()["errors"]
    assert _db.session.scalar(sa.select(sa.func.count(Brand.id))) == 0
    assert _db.session.scalar(sa.select(sa.func.count(FeedEntry.id))) == 0


def test_save_logo_needs_a_file(client, su, tree):
    r = client.post(f"/api/brand/save-logo/{tree.project.id}", headers=su, data={})
    assert r.status_code == 422 and r.get_json()["errors"] == {"logo": ["File is required"]}


def test_save_logo_too_large_is_413(app, client, su, tree, monkeypatch):
    monkeypatch.setitem(app.config, "LOGO_MAX_BYTES", 2000)
    big = io.BytesIO()
    Image.effect_noise((120, 120), 80).convert("RGB").save(big, "PNG")
    assert big.tell() > 2000
    r = upload(client, su, tree.project.id, big.getvalue())
    assert r.status_code == 413 and "too large" in r.get_json()["error"]
    assert _db.session.scalar(sa.select(sa.func.count(Brand.id))) == 0


def test_logo_rights(client, su, make_user, token_for, tree):
    viewer, editor, stranger = make_user(), make_user(), make_user()
    new_grant(tree.project, viewer)
    new_grant(tree.project, editor, edit=True)
    png = image_bytes("PNG")
    assert upload(client, token_for(viewer), tree.project.id, png).status_code == 403
    assert upload(client, token_for(stranger), tree.project.id, png).status_code == 404
    r = upload(client, token_for(editor), tree.project.id, png)
    assert r.status_code == 200
    brand_id = r.get_json()["item"]["id"]
    viewed = client.get(f"/api/brand/find/{tree.project.id}", headers=token_for(viewer)).get_json()["item"]
    assert set(viewed["links"]) == {"view_logo"}
    assert client.get(f"/api/brand/logo/{brand_id}", headers=token_for(viewer)).status_code == 200
    assert client.get(f"/api/brand/logo/{brand_id}", headers=token_for(stranger)).status_code == 404
    assert client.get(f"/api/brand/logo/{brand_id}").status_code == 401
    assert client.get(f"/api/brand/find/{tree.other.id}", headers=su).get_json() == {"item": None}


# --- deliverables ----------------------------------------------------------------------------------------------------

@pytest.fixture
def owner(make_user, tree):
    user = make_user(name="Owen Owner")
    new_grant(tree.portal, user)
    return user


def test_deliverable_add_and_edit(client, su, tree, owner):
    mid = tree.task.id
    r = submit(client, su, f"/api/deliverable/add/{mid}", {
        "status": "IN_PROGRESS", "ownerId": str(owner.id), "startDate": "2030-01-01", "deadline": "2030-02-01",
        "commencedDate": "2030-01-03", "completionDate": ""})
    assert r.status_code == 200, r.get_json()
    d = r.get_json()["item"]
    assert d["status"] == {"name": "IN_PROGRESS", "label": "In Progress"}
    assert (d["ownerId"], d["ownerName"]) == (owner.id, "Owen Owner")
    assert (d["startDate"], d["deadline"], d["commencedDate"], d["completionDate"]) == (
        "2030-01-01", "2030-02-01", "2030-01-03", None)
    assert {"find", "edit", "edit_owner", "edit_start_date", "edit_deadline", "edit_commence_date",
            "edit_completion_date", "edit_dates", "preview_move", "edit_recurrence"} == set(d["links"])
    view = client.get(f"/api/module/view/{mid}", headers=su).get_json()["item"]
    assert view["deliverable"]["id"] == d["id"] and "add_deliverable" not in view["links"]

    r = submit(client, su, d["links"]["edit"]["url"], {"status": "COMPLETED", "ownerId": "",
                                                        "startDate": "2030-01-01", "deadline": "2030-02-01",
                                                        "commencedDate": "2030-01-03",
                                                        "completionDate": "2030-01-30", "_method": "PUT"})
    assert r.status_code == 200, r.get_json()
    d = r.get_json()["item"]
    assert d["status"]["name"] == "COMPLETED" and d["ownerId"] is None and d["completionDate"] == "2030-01-30"

    for link, field, value in (("edit_start_date", "startDate", "2029-12-01"), ("edit_deadline", "deadline", "2030-03-01"),
                               ("edit_commence_date", "commencedDate", "2029-12-05"),
                               ("edit_completion_date", "completionDate", "2030-02-20")):
        r = submit(client, su, d["links"][link]["url"], {field: value}, method="PUT")
        assert r.status_code == 200, (link, r.get_json())
        d = r.get_json()["item"]
        assert d[field] == value
        assert d["status"]["name"] == "COMPLETED"  # the single-date forms change only their date
    # The Owner cell's form: the owner alone, among the module's people.
    form = client.get(d["links"]["edit_owner"]["url"], headers=su).get_json()
    owner_el = next(e for e in form["elements"] if e["name"] == "ownerId")
    assert [e["name"] for e in form["elements"] if e["type"] != "hidden"] == ["ownerId"]
    assert str(owner.id) in {str(o["value"]) for o in owner_el["options"]}
    r = submit(client, su, d["links"]["edit_owner"]["url"], {"ownerId": str(owner.id)}, method="PUT")
    assert r.get_json()["item"]["ownerId"] == owner.id and r.get_json()["item"]["status"]["name"] == "COMPLETED"
    r = submit(client, su, d["links"]["edit_deadline"]["url"], {"deadline": ""}, method="PUT")
    assert r.get_json()["item"]["deadline"] is None and r.get_json()["item"]["startDate"] == "2029-12-01"
    assert client.get(f"/api/deliverable/find/{mid}", headers=su).get_json()["item"]["id"] == d["id"]


@pytest.mark.parametrize("name,field", [("start_date", "startDate"), ("deadline", "deadline"),
                                        ("commence_date", "commencedDate"), ("completion_date", "completionDate")])
def test_add_date_creates_the_deliverable_with_that_date_alone(client, su, tree, name, field):
    """'Add Date' of one date on a module with no deliverable: a form of that date only, creating it."""
    mid = tree.task.id
    link = client.get(f"/api/module/view/{mid}", headers=su).get_json()["item"]["links"][f"add_{name}"]
    form = client.get(link["url"], headers=su).get_json()
    assert [e["name"] for e in form["elements"] if e["type"] != "hidden"] == [field]
    r = submit(client, su, link["url"], {field: "2031-05-04"})
    assert r.status_code == 200, r.get_json()
    d = r.get_json()["item"]
    assert d[field] == "2031-05-04" and d["status"]["name"] == "NOT_STARTED"
    assert [k for k in ("startDate", "deadline", "commencedDate", "completionDate") if d[k]] == [field]
    view = client.get(f"/api/module/view/{mid}", headers=su).get_json()["item"]
    assert not {"add_deliverable", f"add_{name}"} & set(view["links"])
    # Once there is a deliverable, adding again is a conflict, not a second one.
    assert submit(client, su, link["url"], {field: "2031-05-05"}).status_code == 409
    assert submit(client, su, link["url"], {field: "not a date"}).status_code in (409, 422)


def test_deliverable_owner_must_be_a_member(client, su, make_user, tree):
    outsider = make_user()
    r = submit(client, su, f"/api/deliverable/add/{tree.task.id}", {"status": "NOT_STARTED",
                                                                     "ownerId": str(outsider.id)})
    assert r.status_code == 422 and "ownerId" in r.get_json()["errors"]
    assert _db.session.scalar(sa.select(sa.func.count(Deliverable.id))) == 0


@pytest.mark.parametrize("data,field", [
    ({"startDate": "2030-02-01", "deadline": "2030-01-31"}, "deadline"),
    ({"commencedDate": "2030-02-01", "completionDate": "2030-01-01"}, "completionDate"),
])
def test_deliverable_date_order(client, su, tree, data, field):
    r = submit(client, su, f"/api/deliverable/add/{tree.task.id}", {"status": "NOT_STARTED", **data})
    assert r.status_code == 422 and field in r.get_json()["errors"]
    assert _db.session.scalar(sa.select(sa.func.count(Deliverable.id))) == 0
    ok = submit(client, su, f"/api/deliverable/add/{tree.task.id}", {"status": "NOT_STARTED"})
    d = ok.get_json()["item"]
    # A single-date edit is checked against the stored dates too, and leaves them unchanged when refused.
    first, second = list(data)
    assert submit(client, su, d["links"][_link(first)]["url"], {first: data[first]}).status_code == 200
    r = submit(client, su, d["links"][_link(second)]["url"], {second: data[second]})
    assert r.status_code == 422 and field in r.get_json()["errors"]
    _db.session.expire_all()
    stored = _db.session.get(Deliverable, d["id"])
    assert getattr(stored, {"deadline": "deadline", "completionDate": "completion_date"}[field]) is None


def _link(field):
    return {"startDate": "edit_start_date", "deadline": "edit_deadline", "commencedDate": "edit_commence_date",
            "completionDate": "edit_completion_date"}[field]


def test_second_deliverable_is_409(client, su, tree):
    url = f"/api/deliverable/add/{tree.task.id}"
    assert submit(client, su, url, {"status": "NOT_STARTED"}).status_code == 200
    r = submit(client, su, url, {"status": "BLOCKED"})
    assert r.status_code == 409 and r.get_json()["error"]
    assert _db.session.scalar(sa.select(sa.func.count(Deliverable.id))) == 1
    assert _db.session.scalar(sa.select(Deliverable.status)) == "NOT_STARTED"


def test_deliverable_token_and_lock(client, su, tree):
    url = f"/api/deliverable/add/{tree.task.id}"
    token = form_token(client, su, url)
    client.patch(f"/api/module/lock/{tree.task.id}", headers=su)
    r = client.post(url, headers=su, data={"status": "NOT_STARTED", "_token": token})
    assert r.status_code == 423
    client.patch(f"/api/module/unlock/{tree.task.id}", headers=su)
    r = client.post(url, headers=su, data={"status": "NOT_STARTED", "_token": "bad"})
    assert r.status_code == 422 and "_token" in r.get_json()["errors"]


def test_an_entry_says_what_changed_in_human_terms(client, su, tree, owner):
    """The feed gives the webapp's sentences their parts: the item and its name, the fields changed with labels and
    values before and after (an owner by name), and what else the sentence needs."""
    mid = tree.task.id
    d = submit(client, su, f"/api/deliverable/add/{mid}", {"status": "IN_PROGRESS", "deadline": "2031-01-10"}).get_json()
    url = d["item"]["links"]["edit"]["url"]
    r = submit(client, su, url, {"status": "BLOCKED", "ownerId": str(owner.id), "deadline": "2031-01-10"}, method="PUT")
    assert r.status_code == 200, r.get_json()
    newest = feed(client, su, mid)[0]
    assert (newest["category"], newest["operation"], newest["itemId"]) == ("deliverable", "edit", d["item"]["id"])
    assert newest["changes"] == [
        {"field": "ownerId", "label": "owner", "kind": "user", "before": None, "after": "Owen Owner"},
        {"field": "status", "label": "status", "kind": "status", "before": "IN_PROGRESS", "after": "BLOCKED"}]
    r = submit(client, su, f"/api/module/edit/{mid}", {"name": "Task One"}, method="PUT")
    assert r.status_code == 200, r.get_json()
    renamed = feed(client, su, mid)[0]
    assert renamed["changes"] == [{"field": "name", "label": "name", "kind": "text", "before": "Task 1", "after": "Task One"}]
    client.delete(f"/api/module/delete/{tree.subtask.id}", headers=su)
    deleted = feed(client, su, mid)[0]
    assert (deleted["itemName"], deleted["extra"]) == ("Subtask 1", {"descendants": 0})


def test_owner_choices_are_everyone_who_may_view_including_the_editor(client, make_user, token_for, grant, tree):
    """Issue 40: the owner picker offers the portal's admin on a task (an inherited member) and a superuser editing
    it (no membership at all) may pick themself; someone who may not view the task is still refused."""
    admin, stranger = make_user(name="Ada Admin"), make_user(name="Stan Stranger")
    boss = make_user(name="Bo Boss", superuser=True)
    grant(tree.portal, admin, admin=True)
    for user in (admin, boss):
        headers = token_for(user)
        form = client.get(f"/api/deliverable/add/{tree.task.id}", headers=headers).get_json()
        offered = {str(o["value"]) for o in element(form, "ownerId")["options"]}
        assert str(user.id) in offered and str(admin.id) in offered and str(stranger.id) not in offered
    r = submit(client, token_for(boss), f"/api/deliverable/add/{tree.task.id}", {"status": "IN_PROGRESS", "ownerId": str(boss.id)})
    assert r.status_code == 200 and r.get_json()["item"]["ownerId"] == boss.id
    d = r.get_json()["item"]
    r = submit(client, token_for(admin), d["links"]["edit_owner"]["url"], {"ownerId": str(stranger.id)}, method="PUT")
    assert r.status_code == 422 and "ownerId" in r.get_json()["errors"]
