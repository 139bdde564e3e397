"""Conditional GET of module/view and module/list: an ETag that changes with anything the page shows (a write in
the portal, a person's name, the viewer's rights) and a 304 while nothing did."""
import pytest

from api.extensions import db as _db
from api.models import Deliverable, User

from .conftest import new_grant, new_module, root, submit

URLS = ("/api/module/view/{id}", "/api/module/list/{id}")


def get(client, headers, url, etag=None):
    h = dict(headers, **({"If-None-Match": etag} if etag else {}))
    return client.get(url, headers=h)


@pytest.mark.parametrize("url", URLS)
def test_unchanged_is_304_with_no_body_and_the_same_tag(client, tree, make_user, token_for, url):
    viewer = make_user()
    new_grant(tree.portal, viewer)
    h = token_for(viewer)
    url = url.format(id=tree.project.id)
    first = get(client, h, url)
    assert first.status_code == 200 and first.headers["ETag"]
    assert first.headers["Cache-Control"] == "private, no-cache"
    again = get(client, h, url, first.headers["ETag"])
    assert again.status_code == 304 and again.data == b"" and again.headers["ETag"] == first.headers["ETag"]
    # nginx's gzip weakens tags: a weak one matches too.
    assert get(client, h, url, "W/" + first.headers["ETag"]).status_code == 304
    assert get(client, h, url, '"something-else"').status_code == 200


@pytest.mark.parametrize("url", URLS)
def test_a_change_by_another_user_gives_a_new_body(client, tree, make_user, token_for, url):
    viewer, editor = make_user(), make_user()
    new_grant(tree.portal, viewer)
    new_grant(tree.portal, editor, edit=True)
    h = token_for(viewer)
    url = url.format(id=tree.project.id)
    tag = get(client, h, url).headers["ETag"]
    r = submit(client, token_for(editor), f"/api/module/edit/{tree.phase.id}", {"name": "Phase renamed"},
               method="PUT")
    assert r.status_code == 200, r.get_json()
    r = get(client, h, url, tag)
    assert r.status_code == 200 and r.headers["ETag"] != tag
    names = [c["name"] for c in (r.get_json().get("item", {}).get("children") or r.get_json().get("list"))]
    assert "Phase renamed" in names


def test_a_change_of_the_viewers_rights_gives_a_new_body(client, tree, make_user, token_for):
    viewer, admin = make_user(), make_user()
    m = new_grant(tree.portal, viewer)
    new_grant(tree.portal, admin, admin=True)
    h = token_for(viewer)
    url = f"/api/module/view/{tree.project.id}"
    first = get(client, h, url)
    assert "edit" not in first.get_json()["item"]["links"]
    r = submit(client, token_for(admin), f"/api/membership/edit/{tree.portal.id}/{m.id}",
               {"role": "Editor", "allowView": "1", "allowEdit": "1"}, method="PUT")
    assert r.status_code == 200, r.get_json()
    r = get(client, h, url, first.headers["ETag"])
    assert r.status_code == 200 and "edit" in r.get_json()["item"]["links"]


def test_a_renamed_person_or_a_superuser_flag_gives_a_new_body(client, tree, make_user, token_for):
    viewer, owner = make_user(), make_user(name="Old Name")
    new_grant(tree.portal, viewer)
    _db.session.add(Deliverable(module_id=tree.phase.id, status="IN_PROGRESS", owner_id=owner.id))
    _db.session.commit()
    h = token_for(viewer)
    url = f"/api/module/view/{tree.project.id}"
    tag = get(client, h, url).headers["ETag"]
    _db.session.get(User, owner.id).name = "New Name"  # e.g. their own profile edit: no feed entry
    _db.session.commit()
    r = get(client, h, url, tag)
    assert r.status_code == 200 and r.get_json()["item"]["children"][0]["deliverable"]["ownerName"] == "New Name"
    tag = r.headers["ETag"]
    _db.session.get(User, viewer.id).is_superuser = True
    _db.session.commit()
    assert get(client, h, url, tag).status_code == 200


def test_a_change_in_another_portal_keeps_the_tag(client, tree, make_user, token_for):
    su = token_for(make_user(superuser=True))
    other = new_module(root(), "4rineu_portal", "Other portal")
    url = f"/api/module/view/{tree.project.id}"
    tag = get(client, su, url).headers["ETag"]
    r = submit(client, su, f"/api/module/edit/{other.id}", {"name": "Other renamed"}, method="PUT")
    assert r.status_code == 200
    assert get(client, su, url, tag).status_code == 304
    assert get(client, su, f"/api/module/view/{other.id}").status_code == 200


def test_tags_differ_between_users_and_between_view_and_list(client, tree, make_user, token_for):
    a, b = make_user(), make_user()
    new_grant(tree.portal, a)
    new_grant(tree.portal, b)
    view_a = get(client, token_for(a), f"/api/module/view/{tree.project.id}").headers["ETag"]
    view_b = get(client, token_for(b), f"/api/module/view/{tree.project.id}").headers["ETag"]
    list_a = get(client, token_for(a), f"/api/module/list/{tree.project.id}").headers["ETag"]
    assert len({view_a, view_b, list_a}) == 3
    # Someone else's tag is no key to a 304.
    assert get(client, token_for(b), f"/api/module/view/{tree.project.id}", view_a).status_code == 200
