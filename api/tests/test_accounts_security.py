"""Issue 18: change password, sessions, two-factor sign-in, personal API tokens, the security log.
Single sign-on against a real OpenID provider is in test_oidc.py."""
import time

import pyotp
import pytest
from sqlalchemy import select, update

from api import create_app
from api.config import TestConfig
from api.extensions import db as _db
from api.models import ApiToken, SecurityEvent, UserSession
from api.models.base import utcnow
from api.services import mfa, sessions

from .conftest import PASSWORD

FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0"
PHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Safari/604.1"
NEW = "brand-new-pass-7"


def sign_in(client, user, password=PASSWORD, ua=FIREFOX, address="10.0.0.1"):
    r = client.post("/json/login", json={"username": user.email, "password": password},
                    headers={"User-Agent": ua}, environ_base={"REMOTE_ADDR": address})
    return r


def bearer(token):
    return {"Authorization": "Bearer " + token}


def session_of(client, user, **kw):
    r = sign_in(client, user, **kw)
    assert r.status_code == 200, r.get_json()
    return bearer(r.get_json()["token"])


def kinds(user):
    return [e.kind for e in _db.session.scalars(select(SecurityEvent).where(SecurityEvent.user_id == user.id)
                                                .order_by(SecurityEvent.id))]


# --- change password ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("body,field,message", [
    ({"current": "wrong-pass-1", "password": {"first": NEW, "second": NEW}}, "current",
     "Your current password is not correct"),
    ({"password": {"first": NEW, "second": NEW}}, "current", "Current password is required"),
    ({"current": PASSWORD, "password": {"first": "short", "second": "short"}}, "password[first]",
     "Password must have at least 8 characters"),
    ({"current": PASSWORD, "password": {"first": "", "second": ""}}, "password[first]",
     "You must specify a password"),
    ({"current": PASSWORD, "password": {"first": NEW, "second": NEW + "x"}}, "password[second]",
     "The passwords do not match"),
    ({"current": PASSWORD, "password": {"first": PASSWORD, "second": PASSWORD}}, "password[first]",
     "The new password must differ from the current one"),
])
def test_change_password_refusals(client, make_user, body, field, message):
    user = make_user()
    headers = session_of(client, user)
    r = client.post("/api/account/password", json=body, headers=headers)
    assert r.status_code == 422, r.get_json()
    assert message in r.get_json()["errors"][field]
    assert sign_in(client, user).status_code == 200  # the password is as it was


def test_change_password_ends_every_other_session(client, make_user):
    user = make_user()
    here, laptop, phone = (session_of(client, user, ua=ua) for ua in (FIREFOX, FIREFOX, PHONE))
    r = client.post("/api/account/password", headers=here,
                    json={"current": PASSWORD, "password": {"first": NEW, "second": NEW}})
    assert r.status_code == 200 and r.get_json()["ended"] == 2
    assert client.get("/api/profile/currentuser", headers=here).status_code == 200
    for other in (laptop, phone):
        assert client.get("/api/profile/currentuser", headers=other).status_code == 401
    assert sign_in(client, user).status_code == 401
    assert sign_in(client, user, password=NEW).status_code == 200
    assert "password_changed" in kinds(user)


def test_change_password_with_a_bad_body_is_not_a_500(client, make_user):
    headers = session_of(client, make_user())
    for body in ([], "x", {"current": 5, "password": "x"}, {"current": PASSWORD, "password": {"first": 1}}):
        r = client.post("/api/account/password", json=body, headers=headers)
        assert r.status_code in (400, 422), (body, r.status_code)


# --- sessions ----------------------------------------------------------------------------------------------------

def test_each_sign_in_is_a_session_listed_with_device_and_address(client, make_user):
    user = make_user()
    mine = session_of(client, user, ua=FIREFOX, address="10.0.0.1")
    session_of(client, user, ua=PHONE, address="10.0.0.2")
    listed = client.get("/api/account/sessions", headers=mine).get_json()["list"]
    assert sorted(s["device"] for s in listed) == ["Firefox on Linux", "Safari on iOS"]
    current = [s for s in listed if s["current"]]
    assert len(current) == 1 and current[0]["address"] == "10.0.0.1" and "end" not in current[0]["links"]
    other = next(s for s in listed if not s["current"])
    assert other["links"]["end"]["url"] == f"/api/account/sessions/{other['id']}"
    assert other["links"]["end"]["operation"] == "DELETE"


def test_end_one_session_and_all_others(client, make_user):
    user = make_user()
    mine, second, third = (session_of(client, user) for _ in range(3))
    listed = client.get("/api/account/sessions", headers=mine).get_json()["list"]
    second_id = next(s["id"] for s in listed if not s["current"])
    assert client.delete(f"/api/account/sessions/{second_id}", headers=mine).status_code == 200
    statuses = sorted(client.get("/api/profile/currentuser", headers=h).status_code for h in (second, third))
    assert statuses == [200, 401]
    assert client.delete(f"/api/account/sessions/{second_id}", headers=mine).status_code == 404  # already ended
    r = client.post("/api/account/sessions/end-others", headers=mine)
    assert r.status_code == 200 and r.get_json()["ended"] == 1
    assert client.get("/api/profile/currentuser", headers=second).status_code == 401
    assert client.get("/api/profile/currentuser", headers=third).status_code == 401
    assert client.get("/api/profile/currentuser", headers=mine).status_code == 200
    assert [s["current"] for s in client.get("/api/account/sessions", headers=mine).get_json()["list"]] == [True]


def test_someone_elses_session_is_not_there(client, make_user):
    me, other = make_user(), make_user()
    mine, theirs = session_of(client, me), session_of(client, other)
    their_id = client.get("/api/account/sessions", headers=theirs).get_json()["list"][0]["id"]
    assert client.delete(f"/api/account/sessions/{their_id}", headers=mine).status_code == 404
    assert client.get("/api/profile/currentuser", headers=theirs).status_code == 200


def test_sign_out_ends_the_session_row(client, make_user):
    user = make_user()
    headers = session_of(client, user)
    assert client.post("/json/logout", headers=headers).status_code == 200
    assert client.get("/api/profile/currentuser", headers=headers).status_code == 401
    assert _db.session.scalar(select(UserSession.ended).where(UserSession.user_id == user.id)) is not None


def test_last_seen_is_written_at_most_once_a_minute(client, make_user, monkeypatch):
    user = make_user()
    headers = session_of(client, user)
    row = _db.session.scalar(select(UserSession).where(UserSession.user_id == user.id))
    old = utcnow().replace(year=2020)
    _db.session.execute(update(UserSession).where(UserSession.id == row.id).values(last_seen=old))
    assert client.get("/api/profile/currentuser", headers=headers).status_code == 200
    _db.session.expire_all()
    assert _db.session.get(UserSession, row.id).last_seen > old


# --- two-factor sign-in -----------------------------------------------------------------------------------------

def enrol(client, headers):
    r = client.post("/api/account/mfa/enrol", json={"password": PASSWORD}, headers=headers)
    assert r.status_code == 200, r.get_json()
    item = r.get_json()["item"]
    assert item["otpauthUri"].startswith("otpauth://totp/") and item["secret"] in item["otpauthUri"]
    return item["secret"]


def code(secret, steps_ahead=0):
    return pyotp.TOTP(secret).at(time.time() + steps_ahead * mfa.STEP)


def enrolled(client, user):
    headers = session_of(client, user)
    secret = enrol(client, headers)
    r = client.post("/api/account/mfa/confirm", json={"code": code(secret)}, headers=headers)
    assert r.status_code == 200, r.get_json()
    return secret, r.get_json()["recoveryCodes"], headers


def challenge(client, user):
    r = sign_in(client, user)
    assert r.status_code == 200 and r.get_json()["mfaRequired"] is True and "token" not in r.get_json()
    return r.get_json()["mfaToken"]


def test_enrol_confirms_with_a_code_and_shows_ten_recovery_codes_once(client, make_user):
    user = make_user()
    headers = session_of(client, user)
    secret = enrol(client, headers)
    bad = client.post("/api/account/mfa/confirm", json={"code": "000000"}, headers=headers)
    assert bad.status_code == 422 and bad.get_json()["errors"]["code"] == ["Invalid code"]
    assert client.post("/api/account/mfa/confirm", json={}, headers=headers).get_json()["errors"]["code"] == [
        "Code is required"]
    r = client.post("/api/account/mfa/confirm", json={"code": code(secret)}, headers=headers)
    codes = r.get_json()["recoveryCodes"]
    assert len(codes) == 10 == len(set(codes))
    status = client.get("/api/account/mfa", headers=headers).get_json()["item"]
    assert status["enabled"] is True and status["recoveryCodesLeft"] == 10 and "codes" not in str(status)
    stored = _db.session.execute(select(_db.text("code_hash FROM recovery_code"))).scalars().all()
    assert not set(codes) & set(stored)  # only digests are kept
    assert client.post("/api/account/mfa/enrol", json={"password": PASSWORD}, headers=headers).status_code == 409
    assert "mfa_enabled" in kinds(user)


def test_sign_in_asks_for_the_code_and_a_code_is_good_once(client, make_user):
    user = make_user()
    secret, _, _ = enrolled(client, user)
    token = challenge(client, user)
    wrong = client.post("/json/login/mfa", json={"mfaToken": token, "code": "123456"})
    assert wrong.status_code == 401 and wrong.get_json()["errors"]["code"] == ["Invalid code"]
    fresh = code(secret, 1)  # the enrolment used this time step's code already
    ok = client.post("/json/login/mfa", json={"mfaToken": token, "code": fresh})
    assert ok.status_code == 200 and ok.get_json()["token"]
    assert client.get("/api/profile/currentuser", headers=bearer(ok.get_json()["token"])).status_code == 200
    again = client.post("/json/login/mfa", json={"mfaToken": challenge(client, user), "code": fresh})
    assert again.status_code == 401  # reused code
    assert client.post("/json/login/mfa", json={"mfaToken": challenge(client, user), "code": code(secret)}
                       ).status_code == 401  # an earlier step than one already used
    assert "mfa_failed" in kinds(user)


def test_recovery_code_works_once(client, make_user):
    user = make_user()
    _, codes, _ = enrolled(client, user)
    first = client.post("/json/login/mfa", json={"mfaToken": challenge(client, user), "code": codes[0].upper()})
    assert first.status_code == 200
    second = client.post("/json/login/mfa", json={"mfaToken": challenge(client, user), "code": codes[0]})
    assert second.status_code == 401
    headers = bearer(first.get_json()["token"])
    assert client.get("/api/account/mfa", headers=headers).get_json()["item"]["recoveryCodesLeft"] == 9
    assert "recovery_code_used" in kinds(user)


@pytest.mark.parametrize("token", ["", "forged", "eyJ1IjoxLCJzIjoidmVyaWZ5In0.bad.sig"])
def test_a_forged_or_missing_challenge_is_refused(client, token):
    r = client.post("/json/login/mfa", json={"mfaToken": token, "code": "123456"})
    assert r.status_code in (401, 422)


def test_an_expired_challenge_is_refused(app, client, make_user, monkeypatch):
    user = make_user()
    secret, _, _ = enrolled(client, user)
    monkeypatch.setitem(app.config, "MFA_TOKEN_SECONDS", -1)  # a challenge's lifetime is fixed when it is made
    token = challenge(client, user)
    r = client.post("/json/login/mfa", json={"mfaToken": token, "code": code(secret, 1)})
    assert r.status_code == 401 and "expired" in r.get_json()["error"]


def test_disable_needs_a_code(client, make_user):
    user = make_user()
    secret, _, headers = enrolled(client, user)
    wrong = client.post("/api/account/mfa/disable", json={"code": "000000"}, headers=headers)
    assert wrong.status_code == 422 and wrong.get_json()["errors"]["code"] == ["Invalid code"]  # not a 401: signed in
    assert client.post("/api/account/mfa/disable", json={"code": code(secret, 1)}, headers=headers).status_code == 200
    assert sign_in(client, user).get_json().get("token")
    assert "mfa_disabled" in kinds(user)


@pytest.fixture
def limited_app(app):
    limited = create_app(TestConfig, SQLALCHEMY_DATABASE_URI=app.config["SQLALCHEMY_DATABASE_URI"],
                         INSTANCE_DIR=app.config["INSTANCE_DIR"], UPLOAD_DIR=app.config["UPLOAD_DIR"],
                         MAIL_OUTBOX_DIR=app.config["MAIL_OUTBOX_DIR"], SQLALCHEMY_ENGINE_OPTIONS={},
                         RATELIMIT_ENABLED=True, MFA_FAILURE_LIMITS="3 per minute", LOGIN_ADDRESS_LIMITS="50 per minute")
    yield limited
    with limited.app_context():
        _db.session.remove()
        _db.engine.dispose()


def test_codes_are_rate_limited_like_passwords(limited_app, client, make_user):
    user = make_user()
    secret, _, _ = enrolled(client, user)
    c = limited_app.test_client()
    env = {"REMOTE_ADDR": "10.9.0.1"}
    token = c.post("/json/login", json={"username": user.email, "password": PASSWORD},
                   environ_base=env).get_json()["mfaToken"]
    for _ in range(3):
        assert c.post("/json/login/mfa", json={"mfaToken": token, "code": "000000"}, environ_base=env).status_code == 401
    r = c.post("/json/login/mfa", json={"mfaToken": token, "code": code(secret, 1)}, environ_base=env)
    assert r.status_code == 429 and int(r.headers["Retry-After"]) > 0
    # The owner elsewhere is not locked out.
    assert c.post("/json/login/mfa", json={"mfaToken": token, "code": code(secret, 1)},
                  environ_base={"REMOTE_ADDR": "10.9.0.2"}).status_code == 200


def test_require_mfa_all_makes_a_user_enrol_after_the_password(app, client, make_user, monkeypatch):
    monkeypatch.setitem(app.config, "REQUIRE_MFA", "all")
    user = make_user()
    r = sign_in(client, user)
    body = r.get_json()
    assert r.status_code == 200 and body["mfaRequired"] and body["mfaEnrolRequired"] and "token" not in body
    item = client.post("/json/login/mfa/enrol", json={"mfaToken": body["mfaToken"]}).get_json()
    bad = client.post("/json/login/mfa", json={"mfaToken": body["mfaToken"], "code": "000000"})
    assert bad.status_code == 422
    done = client.post("/json/login/mfa", json={"mfaToken": body["mfaToken"], "code": code(item["secret"])})
    assert done.status_code == 200 and done.get_json()["token"] and len(done.get_json()["recoveryCodes"]) == 10
    headers = bearer(done.get_json()["token"])
    # Required: it cannot be turned off.
    assert client.post("/api/account/mfa/disable", json={"code": code(item["secret"], 1)},
                       headers=headers).status_code == 409


def test_require_mfa_admins_spares_other_users(app, client, make_user, tree, grant, monkeypatch):
    monkeypatch.setitem(app.config, "REQUIRE_MFA", "admins")
    plain, admin = make_user(), make_user()
    grant(tree.portal, admin, admin=True)
    assert sign_in(client, plain).get_json().get("token")
    assert sign_in(client, admin).get_json().get("mfaEnrolRequired") is True


def test_reset_mfa_command_removes_a_lost_factor(app, client, make_user):
    user = make_user()
    enrolled(client, user)
    result = app.test_cli_runner().invoke(args=["reset-mfa", user.email])
    assert result.exit_code == 0, result.output
    assert sign_in(client, user).get_json().get("token")
    assert "mfa_reset" in kinds(user)
    assert app.test_cli_runner().invoke(args=["reset-mfa", "nobody@example.org"]).exit_code != 0


# --- personal API tokens -----------------------------------------------------------------------------------------

def new_token(client, headers, **data):
    body = {"name": "CI", "days": 30, "access": "read", **data}
    r = client.post("/api/account/tokens", json=body, headers=headers)
    assert r.status_code == 201, r.get_json()
    return r.get_json()["item"]


def test_a_token_is_shown_once_stored_hashed_listed_with_last_use(client, make_user, tree, grant):
    user = make_user()
    grant(tree.portal, user, edit=True)
    headers = session_of(client, user)
    item = new_token(client, headers)
    assert item["token"] and item["access"] == "read"
    row = _db.session.get(ApiToken, item["id"])
    assert item["token"] not in (row.jti_hash,) and len(row.jti_hash) == 64
    listed = client.get("/api/account/tokens", headers=headers).get_json()
    assert [t["name"] for t in listed["list"]] == ["CI"] and "token" not in listed["list"][0]
    assert listed["list"][0]["lastUsed"] is None
    assert {"value": tree.portal.id, "label": tree.portal.name} in listed["portals"]
    assert client.get(f"/api/module/view/{tree.project.id}", headers=bearer(item["token"])).status_code == 200
    assert client.get("/api/account/tokens", headers=headers).get_json()["list"][0]["lastUsed"] is not None
    assert "token_created" in kinds(user)


def test_a_read_only_token_cannot_write(client, make_user, tree, grant):
    user = make_user()
    grant(tree.portal, user, edit=True)
    token = bearer(new_token(client, session_of(client, user))["token"])
    r = client.put("/api/profile/edit", json={"name": "Changed"}, headers=token)
    assert r.status_code == 403 and "read-only" in r.get_json()["error"]
    assert client.post(f"/api/comment/add/{tree.project.id}", data={"content": "x"}, headers=token).status_code == 403
    view = client.get(f"/api/module/view/{tree.project.id}", headers=token).get_json()["item"]
    assert "edit" not in view.get("links", {})  # what is offered follows what is allowed


def test_a_read_write_token_writes(client, make_user):
    user = make_user()
    token = bearer(new_token(client, session_of(client, user), access="write")["token"])
    assert client.put("/api/profile/edit", json={"name": "Changed"}, headers=token).status_code == 200


def test_a_token_never_manages_the_account(client, make_user):
    user = make_user()
    token = bearer(new_token(client, session_of(client, user), access="write")["token"])
    assert client.get("/api/account/tokens", headers=token).status_code == 403
    assert client.post("/api/account/tokens", json={"name": "more"}, headers=token).status_code == 403
    assert client.post("/api/account/password", headers=token,
                       json={"current": PASSWORD, "password": {"first": NEW, "second": NEW}}).status_code == 403
    assert client.post("/json/logout", headers=token).status_code == 403  # revoked on the profile, not here


def test_a_portal_bound_token_sees_nothing_outside_its_portal(client, make_user, make_module, tree, grant):
    other_portal = make_module(name="Other portal")
    other_project = make_module(other_portal, "4rineu_project", "Elsewhere")
    user = make_user()
    grant(tree.portal, user, edit=True)
    grant(other_portal, user, edit=True)
    token = bearer(new_token(client, session_of(client, user), portalId=tree.portal.id, access="write")["token"])
    assert client.get(f"/api/module/view/{tree.project.id}", headers=token).status_code == 200
    for module in (other_portal, other_project):
        r = client.get(f"/api/module/view/{module.id}", headers=token)
        assert r.status_code == 404  # as for an outsider
    entries = client.get("/api/membership/list-entry-modules", headers=token).get_json()["list"]
    assert {e["id"] for e in entries} <= {tree.portal.id, tree.project.id, tree.other.id}
    assert client.post(f"/api/comment/add/{other_project.id}", data={"content": "x"},
                       headers=token).status_code == 404


def test_a_token_cannot_be_bound_to_a_portal_one_does_not_see(client, make_user, make_module):
    hidden = make_module(name="Hidden")
    r = client.post("/api/account/tokens", json={"name": "x", "portalId": hidden.id},
                    headers=session_of(client, make_user()))
    assert r.status_code == 422 and "portalId" in r.get_json()["errors"]


@pytest.mark.parametrize("body,field", [
    ({"days": 30}, "name"), ({"name": "x" * 101}, "name"), ({"name": "a", "days": 0}, "days"),
    ({"name": "a", "days": "soon"}, "days"), ({"name": "a", "access": "admin"}, "access"),
    ({"name": "a", "portalId": "x"}, "portalId"), ({"name": "a", "days": 2.5}, "days"),
])
def test_token_form_errors(client, make_user, body, field):
    r = client.post("/api/account/tokens", json=body, headers=session_of(client, make_user()))
    assert r.status_code == 422 and field in r.get_json()["errors"], r.get_json()


def test_revoked_and_expired_tokens_are_refused(client, make_user):
    user = make_user()
    headers = session_of(client, user)
    revoked, expired = new_token(client, headers, name="one"), new_token(client, headers, name="two")
    assert client.delete(f"/api/account/tokens/{revoked['id']}", headers=headers).status_code == 200
    assert client.get("/api/profile/currentuser", headers=bearer(revoked["token"])).status_code == 401
    _db.session.execute(update(ApiToken).where(ApiToken.id == expired["id"]).values(expires=utcnow().replace(year=2020)))
    assert client.get("/api/profile/currentuser", headers=bearer(expired["token"])).status_code == 401
    assert client.get("/api/account/tokens", headers=headers).get_json()["list"] == []
    assert client.delete(f"/api/account/tokens/{revoked['id']}", headers=headers).status_code == 404


# --- the security log --------------------------------------------------------------------------------------------

def test_the_user_reads_their_own_log_and_a_portal_admin_none_of_it(client, make_user, tree, grant):
    member, admin = make_user(), make_user()
    grant(tree.portal, member)
    grant(tree.portal, admin, admin=True)
    assert sign_in(client, member, password="wrong-pass-1").status_code == 401
    session_of(client, member, address="10.0.0.1")
    mine = session_of(client, member, address="10.0.0.7")
    log = client.get("/api/account/security-log", headers=mine).get_json()
    assert [e["kind"] for e in log["list"]][:4] == ["sign_in", "new_address", "sign_in", "sign_in_failed"]
    assert log["meta"]["total"] == 4 and log["list"][0]["device"] == "Firefox on Linux"
    theirs = client.get("/api/account/security-log", headers=session_of(client, admin)).get_json()["list"]
    assert {e["kind"] for e in theirs} == {"sign_in"} and len(theirs) == 1
    assert client.get("/api/account/security-log?page=x", headers=mine).status_code == 400


def test_security_log_command(app, client, make_user):
    user = make_user()
    session_of(client, user)
    out = app.test_cli_runner().invoke(args=["security-log", user.email]).output
    assert user.email in out and "sign_in" in out


def test_device_labels():
    assert sessions.device_of(FIREFOX) == "Firefox on Linux"
    assert sessions.device_of("curl/8.5.0") == "curl"
    assert sessions.device_of("") == "Unknown device"


def test_a_superusers_portal_bound_token_is_bound_too(client, make_user, make_module, tree):
    other_portal = make_module(name="Other portal")
    admin = make_user(superuser=True)
    token = bearer(new_token(client, session_of(client, admin), portalId=tree.portal.id)["token"])
    assert client.get(f"/api/module/view/{other_portal.id}", headers=token).status_code == 404
    entries = client.get("/api/membership/list-entry-modules", headers=token).get_json()["list"]
    assert [e["id"] for e in entries] == [tree.portal.id]
    hits = client.get("/api/search?q=portal", headers=token).get_json()["list"]
    assert hits and all(h["module"]["id"] != other_portal.id for h in hits)


def test_a_tokens_scope_is_part_of_the_etag(client, make_user, tree, grant):
    user = make_user()
    grant(tree.portal, user, edit=True)
    session = session_of(client, user)
    token = bearer(new_token(client, session)["token"])
    url = f"/api/module/view/{tree.project.id}"
    tag = client.get(url, headers=session).headers["ETag"]
    assert client.get(url, headers={**token, "If-None-Match": tag}).status_code == 200


def test_oidc_settings_per_brand_from_the_environment():
    from api.config import oidc_settings
    env = {"OIDC_ISSUER": "https://id.example.org", "OIDC_CLIENT_ID": "portal", "OIDC_CALIBR_CLIENT_ID": "calibr",
           "OIDC_CALIBR_PASSWORD_LOGIN": "false", "OIDC_GROUPS": "eng=12,boss=12:admin", "OIDC_TIMEOUT": "3",
           "OIDC_GROUP_CLAIM": "groups", "OIDC_UNKNOWN": "x"}
    assert oidc_settings(env) == {
        "*": {"issuer": "https://id.example.org", "client_id": "portal", "groups": {"eng": "12", "boss": "12:admin"},
              "group_claim": "groups"},
        "calibr": {"client_id": "calibr", "password_login": False}}


def test_password_sign_in_cannot_be_turned_off_without_single_sign_on(app, client, make_user, monkeypatch):
    monkeypatch.setitem(app.config, "OIDC", {"*": {"password_login": False}})
    assert sign_in(client, make_user()).status_code == 200
