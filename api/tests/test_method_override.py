"""`_method` turns a form POST into PUT, PATCH or DELETE before routing; unlocking an unlocked module is a 409."""
import io

from api.models import Module


def test_form_post_with_method_delete_and_patch(client, tree, make_user, token_for, db):
    su = make_user(superuser=True)
    h = token_for(su)
    r = client.post(f"/api/module/lock/{tree.task.id}", headers=h, data={"_method": "PATCH"})
    assert r.status_code == 200 and r.get_json()["item"]["locked"] is True
    r = client.post(f"/api/module/unlock/{tree.task.id}", headers=h, data={"_method": "patch"})
    assert r.status_code == 200 and r.get_json()["item"]["locked"] is False
    r = client.post(f"/api/module/unlock/{tree.task.id}", headers=h, data={"_method": "PATCH"})
    assert r.status_code == 409 and r.get_json()["error"] == "The module is not locked"
    sub_id = tree.subtask.id
    r = client.post(f"/api/module/delete/{sub_id}", headers=h, content_type="multipart/form-data",
                    data={"_method": "DELETE", "note": (io.BytesIO(b"x"), "x.txt")})
    assert r.status_code == 200
    db.session.expire_all()
    assert db.session.get(Module, sub_id) is None


def test_header_override_and_unknown_methods(client, tree, make_user, token_for):
    su = make_user(superuser=True)
    h = token_for(su)
    r = client.post(f"/api/module/lock/{tree.task.id}", headers={**h, "X-HTTP-Method-Override": "PATCH"})
    assert r.status_code == 200
    # Only PUT, PATCH and DELETE: anything else stays a POST (here refused by the route).
    r = client.post(f"/api/module/lock/{tree.task.id}", headers=h, data={"_method": "GET"})
    assert r.status_code == 405 and r.get_json()["error"] == "Method not allowed"
