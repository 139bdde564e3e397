"""Saved views (issue 44): a named state of a module's screen; private to its owner (404 to anyone else, whatever
their rights) or shared by an admin of the portal with everyone who views the module (404 to an outsider); changed
and deleted by its owner, a shared one also by the portal's admins (403 to the other readers); sharing is for those
admins (403 otherwise, and the form does not offer it); a stale edit is 409; the state is a JSON object of at most
8 KB (422 per field); the kind filter; nothing in the activity feed."""
import pytest
import sqlalchemy as sa

from api.extensions import db as _db
from api.models import FeedEntry, SavedView

from .conftest import element, form_of, submit


@pytest.fixture
def crew(tree, make_user, grant):
    """On the tree's portal: an admin, an editor and a viewer; an outsider; and an admin of Project A only."""
    admin, editor, viewer, outsider, project_admin = (make_user(name=n) for n in
                                                      ("Admin", "Eddie", "Vera", "Sam", "Pat"))
    grant(tree.portal, admin, admin=True, edit=True, create=True, delete=True)
    grant(tree.portal, editor, edit=True, create=True)
    grant(tree.portal, viewer)
    grant(tree.project, project_admin, admin=True, edit=True, create=True, delete=True)
    return {"admin": admin, "editor": editor, "viewer": viewer, "outsider": outsider, "project_admin": project_admin}


def save(client, h, module, status=200, **data):
    body = {"name": "My board", "kind": "board", "state": '{"groupBy": "status", "filters": {"owner": 3}}', **data}
    r = submit(client, h, f"/api/view/add/{module.id}", body)
    assert r.status_code == status, r.get_json()
    return r.get_json()


def feed_count():
    return _db.session.scalar(sa.select(sa.func.count()).select_from(FeedEntry))


def test_a_private_view_is_its_owners_alone(client, tree, crew, token_for):
    eddie, h = crew["editor"], token_for(crew["editor"])
    before = feed_count()
    item = save(client, h, tree.project)["item"]
    assert (item["name"], item["kind"], item["moduleId"], item["shared"], item["mine"], item["version"]) == \
        ("My board", "board", tree.project.id, False, True, 1)
    assert item["state"] == {"groupBy": "status", "filters": {"owner": 3}}
    assert item["owner"] == {"id": eddie.id, "name": "Eddie"}
    assert set(item["links"]) == {"self", "edit", "delete"}
    assert item["links"]["self"]["url"] == f"/api/view/{item['id']}"
    assert client.get(item["links"]["self"]["url"], headers=h).get_json()["item"] == item
    listed = client.get(f"/api/view/list/{tree.project.id}", headers=h).get_json()
    assert [v["id"] for v in listed["list"]] == [item["id"]]
    assert listed["links"]["add"]["url"] == f"/api/view/add/{tree.project.id}"
    # Nobody else finds it: not a reader of the module, not its portal's admin, not a superuser.
    for who in ("viewer", "admin", "outsider", "project_admin"):
        other = token_for(crew[who])
        assert client.get(f"/api/view/{item['id']}", headers=other).status_code == 404, who
        assert client.get(f"/api/view/edit/{item['id']}", headers=other).status_code == 404, who
        assert client.put(f"/api/view/edit/{item['id']}", data={"name": "Mine now"}, headers=other).status_code \
            == 404, who
        assert client.delete(f"/api/view/delete/{item['id']}", headers=other).status_code == 404, who
        if who != "outsider":
            assert client.get(f"/api/view/list/{tree.project.id}", headers=other).get_json()["list"] == [], who
    assert client.get(f"/api/view/list/{tree.project.id}", headers=token_for(crew["outsider"])).status_code == 404
    assert feed_count() == before  # a view is personal: nothing in the activity feed


def test_a_shared_view_is_seen_by_the_modules_readers_and_changed_by_the_portals_admins(client, tree, crew,
                                                                                        token_for):
    admin = token_for(crew["admin"])
    form = form_of(client, admin, f"/api/view/add/{tree.project.id}")
    assert element(form, "shared")["type"] == "checkbox"
    item = save(client, admin, tree.project, name="Team board", shared="1")["item"]
    assert item["shared"] is True
    for who in ("editor", "viewer", "project_admin"):
        h = token_for(crew[who])
        got = client.get(f"/api/view/{item['id']}", headers=h).get_json()["item"]
        assert (got["name"], got["mine"], got["shared"]) == ("Team board", False, True), who
        assert [v["name"] for v in client.get(f"/api/view/list/{tree.project.id}", headers=h)
                .get_json()["list"]] == ["Team board"], who
    # Readers who are not the portal's admins see it but neither change nor delete it (nor are offered to).
    for who in ("editor", "viewer", "project_admin"):
        h = token_for(crew[who])
        assert set(client.get(f"/api/view/{item['id']}", headers=h).get_json()["item"]["links"]) == {"self"}, who
        assert client.get(f"/api/view/edit/{item['id']}", headers=h).status_code == 403, who
        assert client.delete(f"/api/view/delete/{item['id']}", headers=h).status_code == 403, who
    # An outsider: not there.
    out = token_for(crew["outsider"])
    assert client.get(f"/api/view/{item['id']}", headers=out).status_code == 404
    assert client.delete(f"/api/view/delete/{item['id']}", headers=out).status_code == 404
    # Shared on the portal, the project's own admin sees it in the portal's list, not as a portal admin.
    on_portal = save(client, admin, tree.portal, name="Portal board", shared="1")["item"]
    assert client.get(f"/api/view/{on_portal['id']}", headers=token_for(crew["project_admin"])).status_code == 404
    # Another admin of the portal (the superuser too) changes someone else's shared view.
    owner = token_for(crew["editor"])
    own_shared = SavedView(owner_id=crew["editor"].id, module_id=tree.project.id, kind="gantt", name="Eddie's",
                           state="{}", shared=True)
    _db.session.add(own_shared)
    _db.session.commit()
    own_id = own_shared.id
    got = client.get(f"/api/view/{own_id}", headers=admin).get_json()["item"]
    assert set(got["links"]) == {"self", "edit", "delete"}
    r = submit(client, admin, f"/api/view/edit/{own_id}", {"name": "Renamed by the admin", "_version": 1},
               method="PUT")
    assert r.status_code == 200 and r.get_json()["item"]["name"] == "Renamed by the admin"
    assert r.get_json()["item"]["owner"]["name"] == "Eddie"
    assert client.get(f"/api/view/{own_id}", headers=owner).get_json()["item"]["mine"] is True
    assert client.delete(f"/api/view/delete/{own_id}", headers=admin).status_code == 200
    assert client.get(f"/api/view/{own_id}", headers=owner).status_code == 404


def test_only_the_portals_admins_share(client, tree, crew, token_for):
    h = token_for(crew["editor"])
    form = form_of(client, h, f"/api/view/add/{tree.project.id}")
    assert [e["name"] for e in form["elements"]] == ["name", "kind", "state", "_token"]  # not offered
    r = save(client, h, tree.project, 403, shared="1")
    assert "admin of the portal" in r["error"]
    # Nor by the admin of a project: sharing is the portal's admins'.
    save(client, token_for(crew["project_admin"]), tree.project, 403, shared="1")
    item = save(client, h, tree.project, shared="0")["item"]
    assert item["shared"] is False
    url = f"/api/view/edit/{item['id']}"
    assert "shared" not in [e["name"] for e in form_of(client, h, url)["elements"]]
    assert submit(client, h, url, {"name": "Shared?", "shared": "1"}, method="PUT").status_code == 403
    r = submit(client, h, url, {"name": "Still private"}, method="PUT")
    assert (r.get_json()["item"]["name"], r.get_json()["item"]["shared"]) == ("Still private", False)
    # The superuser may share (an admin of every portal).
    from .conftest import new_user
    root_user = new_user(name="Root", superuser=True)
    assert save(client, token_for(root_user), tree.project, shared="1")["item"]["shared"] is True


def test_a_stale_edit_is_refused_and_the_state_is_kept_when_left_out(client, tree, crew, token_for):
    h = token_for(crew["viewer"])  # a reader may save views: they change nothing of the module
    item = save(client, h, tree.task, kind="tasks")["item"]
    url = f"/api/view/edit/{item['id']}"
    form = form_of(client, h, url)
    assert element(form, "_version")["value"] == 1
    assert element(form, "state")["value"] == '{"groupBy":"status","filters":{"owner":3}}'
    r = submit(client, h, url, {"name": "First", "_version": 1}, method="PUT")
    assert r.status_code == 200
    assert (r.get_json()["item"]["version"], r.get_json()["item"]["state"]) == \
        (2, {"groupBy": "status", "filters": {"owner": 3}})
    stale = submit(client, h, url, {"name": "Second", "_version": 1}, method="PUT")
    assert stale.status_code == 409
    assert stale.get_json()["item"]["name"] == "First"  # as it is now
    r = submit(client, h, url, {"name": "Second", "state": '{"sort": "-deadline"}', "_version": 2}, method="PUT")
    assert r.get_json()["item"]["state"] == {"sort": "-deadline"} and r.get_json()["item"]["version"] == 3
    assert client.delete(f"/api/view/delete/{item['id']}", headers=h).status_code == 200
    assert client.get(f"/api/view/{item['id']}", headers=h).status_code == 404


@pytest.mark.parametrize("state, message", [
    ("[1, 2]", "Must be a JSON object"),
    ("{not json", "Must be a JSON object"),
    ('"text"', "Must be a JSON object"),
    ('{"x": "' + "a" * 8200 + '"}', "At most 8 KB of JSON"),
])
def test_the_state_must_be_a_json_object_of_at_most_8_kb(client, tree, crew, token_for, state, message):
    r = save(client, token_for(crew["editor"]), tree.project, 422, state=state)
    assert r["errors"] == {"state": [message]}


def test_form_errors_per_field_and_a_json_body(client, tree, crew, token_for):
    h = token_for(crew["editor"])
    r = save(client, h, tree.project, 422, name="", kind="spreadsheet")
    assert set(r["errors"]) == {"name", "kind"}
    assert save(client, h, tree.project, 422, name="x" * 101)["errors"] == {"name": ["Max 100 characters"]}
    # A JSON body may send the state as an object.
    from .conftest import form_token
    token = form_token(client, h, f"/api/view/add/{tree.project.id}")
    r = client.post(f"/api/view/add/{tree.project.id}", headers=h,
                    json={"name": "Calendar", "kind": "calendar", "state": {"month": "2026-03"}, "_token": token})
    assert r.status_code == 200 and r.get_json()["item"]["state"] == {"month": "2026-03"}
    # The names need not be unique; a state left out is {}.
    again = save(client, h, tree.project, name="Calendar", kind="calendar", state="")["item"]
    assert again["state"] == {}


def test_the_kind_filter(client, tree, crew, token_for):
    h = token_for(crew["admin"])
    for name, kind in (("B", "board"), ("a", "tasks"), ("C", "board"), ("G", "gantt")):
        save(client, h, tree.project, name=name, kind=kind)
    url = f"/api/view/list/{tree.project.id}"
    assert [v["name"] for v in client.get(url, headers=h).get_json()["list"]] == ["a", "B", "C", "G"]
    assert [v["name"] for v in client.get(url + "?kind=board", headers=h).get_json()["list"]] == ["B", "C"]
    assert client.get(url + "?kind=calendar", headers=h).get_json()["list"] == []
    bad = client.get(url + "?kind=sheet", headers=h)
    assert bad.status_code == 400 and "kind" in bad.get_json()["errors"]
    assert [v["name"] for v in client.get(f"/api/view/list/{tree.phase.id}", headers=h).get_json()["list"]] == []
    form = form_of(client, h, f"/api/view/add/{tree.project.id}?kind=gantt")
    assert element(form, "kind")["value"] == "gantt"


def test_views_go_with_their_module(client, tree, crew, token_for):
    h = token_for(crew["admin"])
    item = save(client, h, tree.task)["item"]
    r = client.delete(f"/api/module/delete/{tree.task.id}", headers=h)
    assert r.status_code == 200, r.get_json()
    assert _db.session.get(SavedView, item["id"]) is None
