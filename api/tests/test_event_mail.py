"""E-mail of notifications: preferences per kind, immediate mails and daily digests (the tests set the clock), the
brand of the host the user signs in on and its public URL (never the request's Host), every user-supplied string
escaped, one-click unsubscribe (signed token; List-Unsubscribe and List-Unsubscribe-Post), rights at sending."""
import json
from datetime import datetime
from types import SimpleNamespace

import pytest
import sqlalchemy as sa

from api.extensions import db as _db
from api.models import Membership, Notification
from api.services.events import dispatch, mailing

from .conftest import PASSWORD

PREFS = "/api/notification/preferences"


@pytest.fixture
def brands(app, tmp_path, monkeypatch):
    """A host table whose brands have public URLs of their own."""
    table = {"hosts": [{"match": "calibr", "brand": "calibr"}], "default": {"brand": "consortium"},
             "brands": {"consortium": {"name": "4RinEU", "title": "4RinEU Portal", "publicUrl": "https://portal.example"},
                        "calibr": {"name": "Calibr", "title": "Calibr Data", "publicUrl": "https://data.calibr.example/"}}}
    path = tmp_path / "hosts.json"
    path.write_text(json.dumps(table))
    monkeypatch.setitem(app.config, "HOSTS_FILE", str(path))
    return table


@pytest.fixture
def team(tree, make_user, grant):
    sofia, mia = make_user(name="Sofia"), make_user(name="Mia Mailed")
    grant(tree.portal, sofia)
    grant(tree.portal, mia)
    return SimpleNamespace(sofia=sofia, mia=mia)


def login(client, user, host="localhost"):
    r = client.post("/json/login", json={"username": user.email, "password": PASSWORD},
                    headers={"Host": host})
    assert r.status_code == 200
    return {"Authorization": "Bearer " + r.get_json()["token"]}


def comment(client, headers, module_id, text):
    r = client.post(f"/api/comment/add/{module_id}", headers=headers, data={"content": text})
    assert r.status_code == 200, r.get_json()
    return r


def set_prefs(client, headers, **modes):
    form = client.get(PREFS, headers=headers).get_json()
    values = {e["name"]: e["value"] for e in form["elements"]}
    values.update(modes)
    r = client.put(PREFS, headers=headers, data=values)
    assert r.status_code == 200, r.get_json()
    return {e["name"]: e["value"] for e in r.get_json()["elements"]}


def parts(msg):
    return (msg.get_body(("plain",)).get_content(), msg.get_body(("html",)).get_content())


def test_preferences_form_defaults_and_validation(client, team):
    h = login(client, team.mia)
    form = client.get(PREFS, headers=h).get_json()
    values = {e["name"]: e["value"] for e in form["elements"]}
    assert {k: v for k, v in values.items() if k != "_token"} == mailing.DEFAULTS
    assert [o["value"] for o in form["elements"][0]["options"]] == ["immediate", "digest", "never", "off"]
    assert set_prefs(client, h, comment="immediate")["comment"] == "immediate"
    # A kind left out keeps its setting (a client that knows fewer kinds).
    r = client.put(PREFS, headers=h, data={"_token": values["_token"], "lock": "never"})
    assert r.status_code == 200, r.get_json()
    assert mailing.preferences(team.mia.id) == dict(mailing.DEFAULTS, comment="immediate", lock="never")
    bad = dict(values, file="hourly")
    r = client.put(PREFS, headers=h, data=bad)
    assert r.status_code == 422 and "file" in r.get_json()["errors"]
    assert client.get(PREFS).status_code == 401


def test_immediate_mail_is_branded_escaped_linked_to_the_public_url_and_unsubscribable(
        client, tree, team, brands, outbox):
    # Mia signs in on the Calibr host: her mails wear that brand and link to its public URL.
    mia = login(client, team.mia, host="data.calibr.eu")
    sofia = login(client, team.sofia)
    comment(client, sofia, tree.task.id, f"<script>alert('x')</script> & see @[Mia](user:{team.mia.id}) \"now\"")
    # The request's Host never builds a link: a hostile one changes nothing.
    client.post(f"/api/comment/add/{tree.task.id}", headers={**sofia, "Host": "evil.example"},
                data={"content": "second"})
    dispatch.run()
    (msg,) = outbox()
    assert msg["To"] == team.mia.email and msg["Subject"].startswith("[Calibr] Sofia mentioned you in")
    text, html = parts(msg)
    assert "<script>" not in html and "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp;amp;" not in html
    assert "&lt;script&gt;" in html and "&amp;" in html and "&#34;now&#34;" in html
    assert "<script>alert('x')</script>" in text  # the plain text part is text
    assert f"https://data.calibr.example/portal/{tree.portal.id}/module/{tree.task.id}/comments" in text
    assert "evil.example" not in msg.as_string() and "http://localhost" not in msg.as_string()
    one_click = msg["List-Unsubscribe"]
    assert one_click.startswith("<https://data.calibr.example/api/notification/unsubscribe?token=")
    assert msg["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    token = one_click.split("token=")[1].rstrip(">")
    assert f"https://data.calibr.example/unsubscribe?token={token}" in text

    # What the link would stop, then the one-click POST (no sign-in): mentions are never mailed again.
    assert client.get(f"/api/notification/unsubscribe?token={token}").get_json()["item"]["kind"] == "mention"
    r = client.post(f"/api/notification/unsubscribe?token={token}", data={"List-Unsubscribe": "One-Click"})
    assert r.status_code == 200 and r.get_json()["item"]["label"] == "Mentions of me"
    assert mailing.preferences(team.mia.id)["mention"] == "never"
    assert client.post("/api/notification/unsubscribe?token=forged").status_code == 404
    comment(client, sofia, tree.task.id, f"again @[Mia](user:{team.mia.id})")
    dispatch.run()
    assert len(outbox()) == 1
    assert _db.session.scalars(sa.select(Notification.kind).where(Notification.user_id == team.mia.id)).all() \
        == ["mention", "comment", "mention"]  # still told in the app
    assert mia  # (signed in on the Calibr host above)


def test_daily_digest_at_its_hour_with_the_tests_clock(app, client, tree, team, brands, outbox, monkeypatch):
    monkeypatch.setitem(app.config, "DIGEST_HOUR", 7)
    mia, sofia = login(client, team.mia), login(client, team.sofia)
    set_prefs(client, mia, comment="digest", mention="digest")
    client.post(f"/api/watch/watch/{tree.project.id}", headers=mia)
    comment(client, sofia, tree.project.id, "<b>bold</b> plan")
    comment(client, sofia, tree.task.id, f"cc @[Mia](user:{team.mia.id})")
    dispatch.run()
    assert outbox() == []
    day = datetime(2031, 3, 4)
    assert mailing.send_digests(now=day.replace(hour=7, minute=30)) == 1
    (msg,) = outbox()
    text, html = parts(msg)
    assert msg["Subject"] == "[4RinEU] Your daily digest: 2 notifications"
    assert "Mentions of me" in text and "Comments on modules I watch" in text
    assert "&lt;b&gt;bold&lt;/b&gt;" in html and "<b>bold</b>" not in html
    assert "https://portal.example/portal/" in text
    assert msg["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    # Nothing more that day; the next comment waits for the next 07:00.
    comment(client, sofia, tree.project.id, "later")
    dispatch.run()
    assert mailing.send_digests(now=day.replace(hour=8)) == 0
    assert mailing.send_digests(now=day.replace(day=5, hour=6)) == 0
    assert mailing.send_digests(now=day.replace(day=5, hour=7)) == 1
    assert "later" in parts(outbox()[-1])[0]
    # The digest's one-click link stops every kind mailed in digests.
    token = outbox()[-1]["List-Unsubscribe"].split("token=")[1].rstrip(">")
    client.post(f"/api/notification/unsubscribe?token={token}")
    prefs = mailing.preferences(team.mia.id)
    assert prefs["comment"] == prefs["mention"] == "never" and prefs["task"] == "immediate"


def test_rights_are_checked_when_the_mail_leaves(app, client, tree, team, brands, outbox):
    mia, sofia = login(client, team.mia), login(client, team.sofia)
    set_prefs(client, mia, comment="digest")
    client.post(f"/api/watch/watch/{tree.project.id}", headers=mia)
    comment(client, sofia, tree.project.id, "secret plans")
    dispatch.run()
    _db.session.execute(sa.delete(Membership).where(Membership.user_id == team.mia.id))
    _db.session.commit()
    assert mailing.send_digests(now=datetime(2031, 3, 4, 9)) == 0
    assert outbox() == []
    assert _db.session.scalars(sa.select(Notification.mail).where(Notification.user_id == team.mia.id)).all() \
        == ["skipped"]


def test_a_group_is_mailed_once_and_says_what_it_stands_for(app, client, tree, team, brands, outbox):
    """Comments mailed at once: three in one pass make one notification and one mail that counts them; once that
    mail left, the next comment is a notification (and a mail) of its own. In the digest, a group is one line."""
    mia, sofia = login(client, team.mia), login(client, team.sofia)
    set_prefs(client, mia, comment="immediate")
    client.post(f"/api/watch/watch/{tree.project.id}", headers=mia)
    for i in range(3):
        comment(client, sofia, tree.project.id, f"Busy {i}")
    dispatch.run()
    (msg,) = outbox()
    assert msg["Subject"] == f"[4RinEU] Sofia commented 3 times on '{tree.project.name}'"
    assert f"/module/{tree.project.id}/comments" in parts(msg)[0]
    comment(client, sofia, tree.project.id, "Later")
    dispatch.run()
    assert [m["Subject"] for m in outbox()][1].endswith("“Later”")
    assert _db.session.scalars(sa.select(Notification.mail).where(Notification.user_id == team.mia.id)).all() \
        == ["sent", "sent"]

    set_prefs(client, mia, comment="digest")
    for i in range(2):
        comment(client, sofia, tree.task.id, f"Digest {i}")
    dispatch.run()
    assert mailing.send_digests(now=datetime(2031, 3, 4, 9)) == 1
    text = parts(outbox()[-1])[0]
    assert outbox()[-1]["Subject"] == "[4RinEU] Your daily digest: 1 notification"
    assert f"Sofia commented 2 times on '{tree.task.name}'" in text and "Digest 0" not in text
