"""Fields the webapp builds URLs and avatars from: each summary's tab path and each member's avatar."""


def test_children_carry_their_tab_and_members_their_avatar(client, tree, make_user, token_for, grant, db):
    su = make_user(superuser=True)
    member = make_user(name="Pic Ture")
    member.avatar = "abc.png"
    grant(tree.project, member)
    db.session.commit()
    item = client.get(f"/api/module/view/{tree.project.id}", headers=token_for(su)).get_json()["item"]
    phase = next(c for c in item["children"] if c["type"] == "4rineu_phase")
    assert (phase["labelPlural"], phase["tab"]) == ("Phases", "phases")
    assert (item["labelPlural"], item["tab"]) == ("Projects", "projects")
    m = next(x for x in item["memberships"] if x["userId"] == member.id)
    assert m["avatar"] == f"/api/avatar/view/{member.id}?v=abc.png"


def test_times_say_they_are_utc(client, tree, make_user, token_for):
    su = make_user(superuser=True)
    item = client.get(f"/api/module/view/{tree.project.id}", headers=token_for(su)).get_json()["item"]
    assert item["created"].endswith("+00:00")
