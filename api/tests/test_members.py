"""Members, invitations, profile and avatar: endpoints, rights, escalation attempts, mail links."""
import email
import glob
import io
import os
import re
from datetime import timedelta

import pytest
from PIL import Image

from api.forms import make_token
from api.models import FeedEntry, Invitation, Membership, User
from api.models.base import utcnow

from .conftest import PASSWORD


def mails_to(app, address):
    out = []
    for path in sorted(glob.glob(os.path.join(app.config["MAIL_OUTBOX_DIR"], "*.eml"))):
        with open(path, "rb") as fh:
            msg = email.message_from_bytes(fh.read())
        if msg["To"] == address:
            out.append(msg.get_payload(decode=True).decode())
    return out


def form_values(client, headers, url):
    r = client.get(url, headers=headers)
    assert r.status_code == 200, r.get_json()
    return {e["name"]: e["value"] for e in r.get_json()["elements"]}, r.get_json()


@pytest.fixture
def team(tree, make_user, grant):
    """An admin of the portal, an editor (edit+create), a manager (edit+delete), a viewer, an outsider."""
    admin, editor, manager, viewer, outsider = (make_user(name=n) for n in
                                                ("Ada Admin", "Ed Editor", "Mia Manager", "Vic Viewer", "Otto Out"))
    grant(tree.portal, admin, admin=True, create=True, edit=True, delete=True)
    grant(tree.project, editor, edit=True, create=True)
    grant(tree.project, manager, edit=True, delete=True)
    grant(tree.project, viewer)
    return admin, editor, manager, viewer, outsider


def test_add_member_form_and_post(client, tree, team, token_for, db):
    admin, editor, manager, viewer, outsider = team
    h = token_for(editor)
    values, form = form_values(client, h, f"/api/membership/add/{tree.project.id}")
    user_el = next(e for e in form["elements"] if e["name"] == "userId")
    offered = {int(o["value"]) for o in user_el["options"]}
    # Only the portal's own people are listed (the admin), never the installation's other accounts (F4).
    assert offered == {admin.id}
    values.update(userId=str(outsider.id), allowView="1", allowEdit="1", role="Analyst")
    r = client.post(form["action"], headers=h, data=values)
    assert r.status_code == 422 and "userId" in r.get_json()["errors"]
    # Anyone else is added by the exact address of their account.
    values.update(userId="", email="nobody@example.org")
    r = client.post(form["action"], headers=h, data=values)
    assert r.status_code == 422 and "invite" in r.get_json()["errors"]["email"][0]
    values.update(email=outsider.email.upper())
    r = client.post(form["action"], headers=h, data=values)
    assert r.status_code == 200, r.get_json()
    item = r.get_json()["item"]
    assert item["userId"] == outsider.id and item["allowEdit"] and not item["admin"] and item["role"] == "Analyst"
    assert client.post(form["action"], headers=h, data=values).status_code == 409
    assert db.session.query(FeedEntry).filter_by(category="membership", operation="add").count() == 1


def test_nobody_grants_more_than_they_hold(client, tree, team, token_for):
    admin, editor, manager, viewer, outsider = team
    h = token_for(editor)
    values, form = form_values(client, h, f"/api/membership/add/{tree.project.id}")
    for flag in ("admin", "allowDelete"):
        data = dict(values, userId=str(outsider.id), **{flag: "1"})
        r = client.post(form["action"], headers=h, data=data)
        assert r.status_code == 403 and flag in r.get_json()["errors"]
    # The viewer has no add link and cannot add.
    assert client.get(f"/api/membership/add/{tree.project.id}", headers=token_for(viewer)).status_code == 403
    # An outsider cannot even see the module.
    assert client.get(f"/api/membership/add/{tree.project.id}", headers=token_for(outsider)).status_code == 404


def membership(db, module, user):
    return db.session.query(Membership).filter_by(module_id=module.id, user_id=user.id).one()


def test_edit_member_needs_edit_and_delete(client, tree, team, token_for, db):
    admin, editor, manager, viewer, outsider = team
    m = membership(db, tree.project, viewer)
    url = f"/api/membership/edit/{tree.project.id}/{m.id}"
    assert client.get(url, headers=token_for(editor)).status_code == 403
    values, form = form_values(client, token_for(manager), url)
    assert form["method"] == "PUT" and values["allowView"] == "1" and values["allowEdit"] == "0"
    values.update(_method="PUT", allowEdit="1", role="User")
    r = client.post(url, headers=token_for(manager), data=values)
    assert r.status_code == 200 and r.get_json()["item"]["allowEdit"] is True
    # Escalation: the manager is no admin.
    r = client.post(url, headers=token_for(manager), data=dict(values, admin="1"))
    assert r.status_code == 403
    members = client.get(f"/api/module/view/{tree.project.id}", headers=token_for(manager)).get_json()["item"][
        "memberships"]
    own = {x["userId"]: set(x["links"]) for x in members if not x["inherited"]}
    # The manager holds view, edit and delete: the editor's membership also has create, so it is out of reach.
    assert own == {manager.id: {"edit", "delete"}, viewer.id: {"edit", "delete"}, editor.id: set()}
    assert all(x["links"] == {} for x in members if x["inherited"])


def test_only_an_admin_changes_or_removes_an_admins_membership(client, tree, team, token_for, db, grant, make_user):
    """F1: edit+delete members could demote a module's admin, delete members remove one."""
    admin, editor, manager, viewer, outsider = team
    boss = make_user(name="Bo Boss")
    grant(tree.project, boss, admin=True, create=True, edit=True, delete=True)
    m = membership(db, tree.project, boss)
    url = f"/api/membership/edit/{tree.project.id}/{m.id}"
    values, _ = form_values(client, token_for(admin), url)
    demote = dict(values, _method="PUT", admin="0")
    for who in (manager, editor):
        r = client.post(url, headers=token_for(who), data=dict(demote, _token=make_token(who.id, url)))
        assert r.status_code == 403, (who.name, r.get_json())
        assert client.delete(f"/api/membership/delete/{tree.project.id}/{m.id}",
                             headers=token_for(who)).status_code == 403
    # Nor the editor's membership, whose create right the manager lacks: taking it away needs holding it.
    e = membership(db, tree.project, editor)
    assert client.delete(f"/api/membership/delete/{tree.project.id}/{e.id}",
                         headers=token_for(manager)).status_code == 403
    db.session.refresh(m)
    assert m.admin is True
    # The portal's admin (inherited) may.
    r = client.post(url, headers=token_for(admin), data=demote)
    assert r.status_code == 200 and r.get_json()["item"]["admin"] is False
    assert client.delete(f"/api/membership/delete/{tree.project.id}/{m.id}",
                         headers=token_for(admin)).status_code == 200


def test_membership_on_invisible_module_is_404(client, tree, team, token_for, db, grant, make_user):
    admin, editor, manager, viewer, outsider = team
    grant(tree.other, outsider, edit=True, delete=True)
    m = membership(db, tree.project, viewer)
    for url in (f"/api/membership/edit/{tree.project.id}/{m.id}", f"/api/membership/delete/{tree.project.id}/{m.id}"):
        assert client.open(url, method="DELETE" if "delete" in url else "GET",
                           headers=token_for(outsider)).status_code == 404
    # Naming the membership under a module one does manage does not reach it either.
    assert client.get(f"/api/membership/edit/{tree.other.id}/{m.id}", headers=token_for(outsider)).status_code == 404


def test_delete_member_and_last_portal_admin(client, tree, team, token_for, db, make_user):
    admin, editor, manager, viewer, outsider = team
    m = membership(db, tree.project, viewer)
    assert client.delete(f"/api/membership/delete/{tree.project.id}/{m.id}", headers=token_for(editor)).status_code == 403
    assert client.delete(f"/api/membership/delete/{tree.project.id}/{m.id}", headers=token_for(manager)).status_code == 200
    su = make_user(superuser=True)
    last = membership(db, tree.portal, admin)
    r = client.delete(f"/api/membership/delete/{tree.portal.id}/{last.id}", headers=token_for(su))
    assert r.status_code == 409 and "at least one admin" in r.get_json()["error"]
    values, _ = form_values(client, token_for(su), f"/api/membership/edit/{tree.portal.id}/{last.id}")
    r = client.post(f"/api/membership/edit/{tree.portal.id}/{last.id}", headers=token_for(su),
                    data=dict(values, _method="PUT", admin="0"))
    assert r.status_code == 409
    assert membership(db, tree.portal, admin).admin is True


def test_invite_creates_account_from_mail_link(app, client, tree, team, token_for, db):
    admin = team[0]
    h = token_for(admin)
    values, form = form_values(client, h, f"/api/invitation/invite-colleague/{tree.project.id}")
    values.update(email="New.Colleague@Example.org", allowEdit="1", role="Designer")
    r = client.post(form["action"], headers=h, data=values)
    assert r.status_code == 200 and "new.colleague@example.org" in r.get_json()["message"]
    body = mails_to(app, "new.colleague@example.org")[-1]
    token = re.search(r"/invitation\?token=(\S+)", body).group(1)
    info = client.get(f"/api/invitation/view?token={token}").get_json()["item"]
    assert info == {"email": "new.colleague@example.org", "moduleName": tree.project.name,
                    "invitedBy": "Ada Admin", "existingAccount": False}
    bad = client.post("/api/invitation/accept", data={"token": token, "name": "New",
                                                      "password[first]": "short", "password[second]": "short"})
    assert bad.status_code == 422 and "password.first" not in bad.get_json()["errors"]
    assert bad.get_json()["errors"]["password[first]"] == ["Password must have at least 8 characters"]
    r = client.post("/api/invitation/accept", data={"token": token, "name": "Nina New",
                                                    "password[first]": "long-enough-1", "password[second]": "long-enough-1"})
    assert r.status_code == 200 and r.get_json()["token"]
    user = db.session.query(User).filter_by(email="new.colleague@example.org").one()
    m = membership(db, tree.project, user)
    assert m.allow_edit and m.role == "Designer" and not m.admin
    again = client.post("/api/invitation/accept", data={"token": token, "name": "X", "password[first]": "long-enough-1",
                                                        "password[second]": "long-enough-1"})
    assert again.status_code == 410 and "already been used" in again.get_json()["error"]
    assert client.get("/api/invitation/view?token=forged.token.value").status_code == 404



@pytest.mark.parametrize("address", ["a/b@example.org", "x*/y@example.org", "o'brien+tag@example.org"])
def test_an_address_with_characters_a_file_name_cannot_hold_is_mailed(app, client, tree, team, token_for, address):
    """The outbox file's name keeps only safe characters of the address (found by the fuzzer: '/' before the '@'
    answered 500); the message is in the outbox, addressed as given, and nothing lands outside it."""
    h = token_for(team[0])
    values, form = form_values(client, h, f"/api/invitation/invite-colleague/{tree.project.id}")
    values.update(email=address)
    mails = os.path.join(app.config["MAIL_OUTBOX_DIR"], "..", "**", "*.eml")
    before = set(glob.glob(mails, recursive=True))
    r = client.post(form["action"], headers=h, data=values)
    assert r.status_code == 200, r.get_json()
    assert mails_to(app, address.lower())
    (written,) = set(glob.glob(mails, recursive=True)) - before
    assert os.path.dirname(os.path.realpath(written)) == os.path.realpath(app.config["MAIL_OUTBOX_DIR"])

def test_expired_invitation_and_existing_user(app, client, tree, team, token_for, db, make_user):
    admin = team[0]
    h = token_for(admin)
    values, form = form_values(client, h, f"/api/invitation/invite-colleague/{tree.other.id}")
    known = make_user(name="Known Person", email="known@example.org")
    client.post(form["action"], headers=h, data=dict(values, email="known@example.org"))
    client.post(form["action"], headers=h, data=dict(values, email="late@example.org"))
    token = re.search(r"token=(\S+)", mails_to(app, "late@example.org")[-1]).group(1)
    late = db.session.query(Invitation).filter_by(email="late@example.org").one()
    late.expires = utcnow() - timedelta(minutes=1)
    db.session.commit()
    r = client.get(f"/api/invitation/view?token={token}")
    assert r.status_code == 410 and "expired" in r.get_json()["error"]
    # The known user gets the membership when signing in with the invited address.
    assert client.post("/json/login", json={"username": "known@example.org", "password": PASSWORD}).status_code == 200
    assert membership(db, tree.other, known).allow_view


def test_invite_escalation_refused(client, tree, team, token_for):
    editor = team[1]
    values, form = form_values(client, token_for(editor), f"/api/invitation/invite-colleague/{tree.project.id}")
    r = client.post(form["action"], headers=token_for(editor), data=dict(values, email="a@b.org", admin="1"))
    assert r.status_code == 403


def test_profile_edit_and_errors(client, team, token_for):
    viewer = team[3]
    h = token_for(viewer)
    form = client.get("/api/profile/edit", headers=h).get_json()
    names = [e["name"] for e in form["elements"]]
    assert names == ["name", "email", "organisation", "position", "phone", "country"]
    assert next(e for e in form["elements"] if e["name"] == "email")["disabled"] is True
    r = client.put("/api/profile/edit", headers=h, json={"name": "  ", "organisation": "x" * 300})
    assert r.status_code == 400
    assert r.get_json()["errors"]["name"] == ["Name is required"] and "organisation" in r.get_json()["errors"]
    r = client.put("/api/profile/edit", headers=h, json={"name": "Victor H.", "organisation": "AAU", "email": "x@y"})
    assert r.status_code == 200
    assert next(e for e in r.get_json()["elements"] if e["name"] == "name")["value"] == "Victor H."
    me = client.get("/api/profile/currentuser", headers=h).get_json()["item"]
    assert me["name"] == "Victor H." and me["organisation"] == "AAU" and me["email"] == viewer.email


def png_bytes(size=(300, 200)):
    out = io.BytesIO()
    Image.new("RGB", size, (10, 120, 90)).save(out, "PNG")
    return out.getvalue()


def test_avatar_upload_reencoded_and_viewed(app, client, team, token_for, db):
    viewer, other = team[3], team[0]
    h = token_for(viewer)
    bad = client.post("/api/avatar/edit", headers=h, content_type="multipart/form-data",
                      data={"avatar": (io.BytesIO(b"<svg onload=alert(1)>"), "x.svg")})
    assert bad.status_code == 422 and "avatar" in bad.get_json()["errors"]
    r = client.post("/api/avatar/edit", headers=h, content_type="multipart/form-data",
                    data={"avatar": (io.BytesIO(png_bytes() + b"<script>trailing</script>"), "me.png")})
    assert r.status_code == 200 and r.get_json()["item"]["avatar"].startswith(f"/api/avatar/view/{viewer.id}?v=")
    img = client.get(f"/api/avatar/view/{viewer.id}", headers=token_for(other))
    assert img.status_code == 200 and img.headers["Content-Type"] == "image/png"
    assert b"script" not in img.data and Image.open(io.BytesIO(img.data)).size == (256, 171)
    assert client.get(f"/api/avatar/view/{other.id}", headers=h).status_code == 404


def test_signed_in_user_accepts_own_invitation(app, client, tree, team, token_for, db, make_user):
    admin = team[0]
    h = token_for(admin)
    values, form = form_values(client, h, f"/api/invitation/invite-colleague/{tree.other.id}")
    me = make_user(name="Already Here", email="here@example.org")
    mine = token_for(me)  # signed in before the invitation: sign-in did not accept it
    client.post(form["action"], headers=h, data=dict(values, email="here@example.org", allowEdit="1"))
    token = re.search(r"token=(\S+)", mails_to(app, "here@example.org")[-1]).group(1)
    other = make_user(name="Someone Else")
    r = client.post("/api/invitation/accept-signed-in", headers=token_for(other), json={"token": token})
    assert r.status_code == 403 and "here@example.org" in r.get_json()["error"]
    assert client.post("/api/invitation/accept-signed-in", headers=mine, json={}).status_code == 422
    r = client.post("/api/invitation/accept-signed-in", headers=mine, json={"token": token})
    assert r.status_code == 200 and r.get_json()["moduleId"] == tree.other.id
    assert membership(db, tree.other, me).allow_edit
    again = client.post("/api/invitation/accept-signed-in", headers=mine, json={"token": token})
    assert again.status_code == 410


def test_member_list_pages_searches_sorts_and_filters(client, tree, team, token_for):
    admin, editor, manager, viewer, _ = team
    h = token_for(viewer)
    url = f"/api/membership/list/{tree.project.id}"

    def get(**query):
        r = client.get(url, headers=h, query_string=query)
        assert r.status_code == 200, r.get_json()
        return [(m["name"], m["inherited"]) for m in r.get_json()["list"]], r.get_json()["meta"]

    rows, meta = get()
    assert meta == {"page": 1, "perPage": 50, "total": 4}
    assert rows[-1] == ("Ada Admin", True)  # direct memberships first, inherited last
    assert get(sort="name")[0] == [("Ed Editor", False), ("Mia Manager", False), ("Vic Viewer", False),
                                  ("Ada Admin", True)]
    assert get(sort="-name", perPage=2) == ([("Vic Viewer", False), ("Mia Manager", False)],
                                            {"page": 1, "perPage": 2, "total": 4})
    assert get(sort="name", perPage=2, page=2)[0] == [("Vic Viewer", False), ("Ada Admin", True)]
    assert get(q="MIA")[0] == [("Mia Manager", False)]
    assert get(q=manager.email.upper())[0] == [("Mia Manager", False)]
    assert get(admin="1")[0] == [("Ada Admin", True)]
    assert len(get(admin="0")[0]) == 3
    for bad in ({"admin": "yes"}, {"sort": "age"}, {"perPage": "0"}):
        r = client.get(url, headers=h, query_string=bad)
        assert r.status_code == 400 and set(r.get_json()["errors"]) == set(bad)


def test_pending_invitations_are_listed_sent_again_and_withdrawn(app, client, tree, team, token_for, db):
    admin = team[0]
    h = token_for(admin)
    values, form = form_values(client, h, f"/api/invitation/invite-colleague/{tree.project.id}")
    for address in ("first@example.org", "second@example.org"):
        assert client.post(form["action"], headers=h, data=dict(values, email=address)).status_code == 200
    pending = client.get(f"/api/invitation/list/{tree.project.id}", headers=h).get_json()["list"]
    assert [p["email"] for p in pending] == ["second@example.org", "first@example.org"]  # newest first
    first = pending[1]
    assert first["invitedBy"] == "Ada Admin" and first["expired"] is False and set(first["links"]) == {"resend", "revoke"}

    old_token = re.search(r"token=(\S+)", mails_to(app, "first@example.org")[-1]).group(1)
    r = client.post(first["links"]["resend"]["url"], headers=h)
    assert r.status_code == 200 and r.get_json()["item"]["email"] == "first@example.org"
    new_token = re.search(r"token=(\S+)", mails_to(app, "first@example.org")[-1]).group(1)
    assert new_token != old_token
    assert client.get(f"/api/invitation/view?token={old_token}").status_code == 404  # the old link stops working
    assert client.get(f"/api/invitation/view?token={new_token}").status_code == 200

    second = pending[0]
    second_token = re.search(r"token=(\S+)", mails_to(app, "second@example.org")[-1]).group(1)
    assert client.delete(second["links"]["revoke"]["url"], headers=h).status_code == 200
    assert client.get(f"/api/invitation/view?token={second_token}").status_code == 404
    assert [p["email"] for p in client.get(f"/api/invitation/list/{tree.project.id}", headers=h).get_json()["list"]] \
        == ["first@example.org"]
    # An accepted one leaves the list and can neither be sent again nor withdrawn.
    client.post("/api/invitation/accept", data={"token": new_token, "name": "Fiona First",
                                                "password[first]": "long-enough-1", "password[second]": "long-enough-1"})
    assert client.get(f"/api/invitation/list/{tree.project.id}", headers=h).get_json()["list"] == []
    assert client.post(first["links"]["resend"]["url"], headers=h).status_code == 409
    # Only whoever may invite here sees them; an invitation of another module is not found through this one.
    assert client.get(f"/api/invitation/list/{tree.project.id}", headers=token_for(team[3])).status_code == 403
    assert client.get(f"/api/invitation/list/{tree.project.id}", headers=token_for(team[4])).status_code == 404
    assert client.post(f"/api/invitation/resend/{tree.other.id}/{first['id']}", headers=h).status_code == 404
