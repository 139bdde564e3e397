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
    # A member of the portal is added by their address too (any spelling of it).
    values.update(userId="", email=admin.email.upper())
    r = client.post(form["action"], headers=h, data=values)
    assert r.status_code == 200, r.get_json()
    item = r.get_json()["item"]
    assert item["userId"] == admin.id and item["allowEdit"] and not item["admin"] and item["role"] == "Analyst"
    assert client.post(form["action"], headers=h, data=values).status_code == 409
    assert db.session.query(FeedEntry).filter_by(category="membership", operation="add").count() == 1


def test_adding_by_address_answers_alike_for_unknown_and_foreign_accounts(app, client, tree, team, token_for, db,
                                                                          make_user, make_module, grant):
    """Issue point 11: someone outside the portal (an account of another portal, a switched-off one, or none) is
    invited; the answer is the same (status and shape), never their name, and nobody is added yet."""
    admin, editor, manager, viewer, outsider = team
    elsewhere = make_module(name="Elsewhere")
    grant(elsewhere, outsider)
    asleep = make_user(name="Sam Sleeping", email="asleep@example.org", is_active=False)
    h = token_for(editor)
    values, form = form_values(client, h, f"/api/membership/add/{tree.project.id}")
    answers = {}
    for who, address in (("unknown", "nobody@example.org"), ("foreign", outsider.email.upper()),
                         ("inactive", asleep.email)):
        r = client.post(form["action"], headers=h, data=dict(values, userId="", email=address, allowEdit="1"))
        answers[who] = (r.status_code, r.get_json())
    status, body = answers["unknown"]
    assert status == 200 and body == {"message": "An invitation has been sent to nobody@example.org", "invited": True}
    for who in ("foreign", "inactive"):
        status, other = answers[who]
        assert status == 200 and set(other) == set(body) and other["invited"] is True, (who, other)
    assert answers["foreign"][1]["message"] == body["message"].replace("nobody@example.org", outsider.email)
    assert "Otto" not in str(answers)  # the foreign account's name is never told
    assert db.session.query(Membership).filter_by(module_id=tree.project.id, user_id=outsider.id).count() == 0
    assert {i.email for i in db.session.query(Invitation).filter_by(module_id=tree.project.id)} == {
        "nobody@example.org", outsider.email, asleep.email}
    assert mails_to(app, outsider.email) and mails_to(app, "nobody@example.org")
    # The foreign account joins when they sign in, with what was granted.
    assert client.post("/json/login", json={"username": outsider.email, "password": PASSWORD}).status_code == 200
    m = membership(db, tree.project, outsider)
    assert m.allow_view and m.allow_edit and not m.admin
    # The same rule for granting: nobody invites with rights they do not hold.
    r = client.post(form["action"], headers=h, data=dict(values, userId="", email="x@example.org", admin="1"))
    assert r.status_code == 403 and "admin" in r.get_json()["errors"]


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
    assert names == ["name", "email", "organisation", "position", "phone", "country", "language"]
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


# --- issue point 10: invitations re-checked at acceptance; look-alike addresses -----------------------------------

def _invite(client, headers, module, **data):
    values, form = form_values(client, headers, f"/api/invitation/invite-colleague/{module.id}")
    return client.post(form["action"], headers=headers, data=dict(values, **data))


def _link_token(app, address):
    return re.search(r"token=(\S+)", mails_to(app, address)[-1]).group(1)


def _accept(client, token, name="New Person"):
    return client.post("/api/invitation/accept", data={"token": token, "name": name,
                                                       "password[first]": "long-enough-1",
                                                       "password[second]": "long-enough-1"})


def test_an_invitation_grants_only_what_its_inviter_still_may(app, client, tree, team, token_for, db, make_user):
    """An admin invites three people as admins, then is demoted to edit: on acceptance each gets what the inviter
    may still grant (view and edit), never admin. Removed from the portal, their invitations are refused (410)."""
    admin = team[0]
    h = token_for(admin)
    known = make_user(name="Known Person", email="known@example.org")
    signed = make_user(name="Signed In", email="signed@example.org")
    signed_headers = token_for(signed)  # signed in before the invitation: sign-in did not accept it
    for address in ("new@example.org", "known@example.org", "signed@example.org"):
        assert _invite(client, h, tree.project, email=address, admin="1").status_code == 200
    tokens = {a: _link_token(app, a) for a in ("new@example.org", "signed@example.org")}
    portal_m = membership(db, tree.portal, admin)
    portal_m.admin = portal_m.allow_create = portal_m.allow_delete = False  # now edit and view only
    db.session.commit()

    assert client.get(f"/api/invitation/view?token={tokens['new@example.org']}").status_code == 200
    assert _accept(client, tokens["new@example.org"]).status_code == 200
    r = client.post("/api/invitation/accept-signed-in", headers=signed_headers,
                    json={"token": tokens["signed@example.org"]})
    assert r.status_code == 200, r.get_json()
    assert client.post("/json/login", json={"username": known.email, "password": PASSWORD}).status_code == 200
    for address in ("new@example.org", "known@example.org", "signed@example.org"):
        m = membership(db, tree.project, db.session.query(User).filter_by(email=address).one())
        flags = (m.admin, m.allow_view, m.allow_edit, m.allow_create, m.allow_delete)
        assert flags == (False, True, True, False, False), (address, flags)
    entry = db.session.query(FeedEntry).filter(FeedEntry.description.like("New Person joined%")).one()
    assert "rights its sender still holds" in entry.description

    # Removed from the portal, the inviter grants nothing: the link says so before any account is made.
    assert _invite(client, h, tree.project, email="late@example.org").status_code == 200
    assert _invite(client, h, tree.project, email=known.email, allowEdit="1").status_code == 200
    token = _link_token(app, "late@example.org")
    db.session.delete(membership(db, tree.portal, admin))
    db.session.commit()
    r = client.get(f"/api/invitation/view?token={token}")
    assert r.status_code == 410 and "no longer valid" in r.get_json()["error"]
    r = _accept(client, token, name="Late Person")
    assert r.status_code == 410 and tree.project.name in r.get_json()["error"]
    assert db.session.query(User).filter_by(email="late@example.org").count() == 0
    # At sign-in such an invitation waits (unused) instead of granting, and the sign-in goes on.
    assert client.post("/json/login", json={"username": known.email, "password": PASSWORD}).status_code == 200
    pending = db.session.query(Invitation).filter_by(email=known.email, used=None).one()
    assert pending.allow_edit and not membership(db, tree.project, known).admin


@pytest.mark.parametrize("typed,kept", [
    ("ＮＥＷ．ｐｅｒｓｏｎ@Example.org", "new.person@example.org"),      # full-width letters
    ("new\u200b.per\u200dson@example.org", "new.person@example.org"),  # zero-width space and joiner
    ("\ufeffNew.Person@EXAMPLE.org\u2060", "new.person@example.org"),  # BOM, word joiner
])
def test_invited_addresses_are_normalised(app, client, tree, team, token_for, db, typed, kept):
    r = _invite(client, token_for(team[0]), tree.project, email=typed)
    assert r.status_code == 200, r.get_json()
    assert db.session.query(Invitation).one().email == kept and mails_to(app, kept)


@pytest.mark.parametrize("typed", [
    "\u0430dmin@demo.eu",        # a Cyrillic 'а'
    "adm\u0131n@demo.eu",        # a dotless 'ı'
    "admin@d\u0435mo.eu",        # a Cyrillic 'е' in the domain
    "\u0251dm\u03b9n@demo.eu",   # Latin alpha, Greek iota
])
def test_look_alike_addresses_are_refused(client, tree, team, token_for, db, make_user, typed):
    """A mixed-script look-alike of a plain address is refused on the field (422), for an invitation and an
    addition by address alike, whether that plain address has an account or not (the answer tells nothing)."""
    h = token_for(team[0])
    make_user(name="The Admin", email="admin@demo.eu")
    r = _invite(client, h, tree.project, email=typed)
    assert r.status_code == 422 and "look-alike" in r.get_json()["errors"]["email"][0], r.get_json()
    values, form = form_values(client, h, f"/api/membership/add/{tree.project.id}")
    r = client.post(form["action"], headers=h, data=dict(values, userId="", email=typed))
    assert r.status_code == 422 and "email" in r.get_json()["errors"]
    assert _invite(client, h, tree.project, email=typed.replace("demo.eu", "nowhere.example")).status_code == 422
    assert db.session.query(Invitation).count() == 0


def test_accounts_are_made_with_normalised_addresses_and_no_look_alikes(app, client, tree, team, token_for, db,
                                                                        make_user):
    from api.errors import Invalid
    from api.services import accounts
    jose = make_user(name="José", email="José@Example.org")
    assert jose.email == "josé@example.org"
    assert accounts.find_by_email("ＪＯＳÉ@example.org\u200b").id == jose.id
    # An address of another alphabet is fine; a look-alike of an existing non-ASCII one is not.
    assert make_user(name="Иван", email="иван@почта.рф").email == "иван@почта.рф"
    with pytest.raises(Invalid) as refused:
        accounts.create_user("j\u043es\u00e9@example.org", PASSWORD, "Fake José")  # a Cyrillic 'о'
    assert refused.value.status == 422 and "email" in refused.value.errors
    db.session.rollback()
    # An invitation kept before addresses were checked cannot make a look-alike account when it is accepted.
    h = token_for(team[0])
    assert _invite(client, h, tree.project, email="someone@example.org").status_code == 200
    inv = db.session.query(Invitation).one()
    inv.email = "\u0430dmin@demo.eu"
    db.session.commit()
    r = _accept(client, _link_token(app, "someone@example.org"))
    assert r.status_code == 422 and "look-alike" in r.get_json()["errors"]["email"][0]
    assert db.session.query(User).filter(User.email.like("%dmin@demo.eu")).count() == 0


def test_member_form_offers_role_presets_and_an_edit_keeps_the_role(client, tree, team, token_for, db):
    """Issue 40 point 7 (a departure from spec §6's 'always User'): presets Viewer, Editor, Admin and the portal's
    own named roles, each with its flags; rights are checkboxes; changing rights keeps the member's role label."""
    admin, editor, manager, viewer, outsider = team
    m = membership(db, tree.project, viewer)
    m.role = "Site engineer"
    m.allow_edit = True
    db.session.commit()
    url = f"/api/membership/edit/{tree.project.id}/{m.id}"
    values, form = form_values(client, token_for(admin), url)
    role = next(e for e in form["elements"] if e["name"] == "role")
    assert role["value"] == "Site engineer"
    presets = {p["role"]: p for p in role["presets"]}
    assert list(presets)[:3] == ["Viewer", "Editor", "Admin"]
    assert presets["Site engineer"]["allowEdit"] is True and presets["Site engineer"]["admin"] is False
    assert presets["Admin"]["admin"] is True and presets["Viewer"] == {
        "role": "Viewer", "admin": False, "allowCreate": False, "allowView": True, "allowEdit": False,
        "allowDelete": False}
    assert {e["name"]: e["type"] for e in form["elements"]}["allowDelete"] == "checkbox"
    # Rights change, the label stays: sent as it stands, or left out.
    values.update(_method="PUT", allowDelete="1")
    r = client.post(url, headers=token_for(admin), data=values)
    assert r.status_code == 200 and r.get_json()["item"]["role"] == "Site engineer"
    values, _ = form_values(client, token_for(admin), url)
    values.pop("role")
    values.update(_method="PUT", allowCreate="1")
    r = client.post(url, headers=token_for(admin), data=values)
    assert r.status_code == 200 and r.get_json()["item"]["role"] == "Site engineer"
    assert r.get_json()["item"]["allowCreate"] is True
    # The add and invite forms offer the same presets.
    for form_url in (f"/api/membership/add/{tree.project.id}", f"/api/invitation/invite-colleague/{tree.project.id}"):
        _, add = form_values(client, token_for(admin), form_url)
        role = next(e for e in add["elements"] if e["name"] == "role")
        assert role["value"] == "Viewer" and "Site engineer" in [p["role"] for p in role["presets"]]
