"""Sign-in, sign-out, rate limits, forgotten and reset passwords (issue 2 §3, spec §5 and §7)."""
import email
import email.policy
import glob
import os
import re
from datetime import timedelta

import time

import pytest
import sqlalchemy as sa

from api import create_app
from api.services import background
from api.config import TestConfig
from api.extensions import db as _db
from api.models import PasswordReset, User
from api.models.base import utcnow
from api.services.accounts import FORGOT_MESSAGE

from .conftest import PASSWORD

NEW_PASSWORD = "brand-new-pass-9"


def login(client, username, password=PASSWORD, **kw):
    return client.post("/json/login", json={"username": username, "password": password}, **kw)


# --- sign-in -----------------------------------------------------------------------------------------

def test_login_returns_token_and_configured_lifetime(app, client, make_user):
    user = make_user(email="ana@example.org")
    r = login(client, "ana@example.org")
    assert r.status_code == 200
    body = r.get_json()
    assert set(body) == {"token", "expiresIn"}
    assert body["expiresIn"] == int(app.config["JWT_ACCESS_TOKEN_EXPIRES"].total_seconds())
    me = client.get("/api/profile/currentuser", headers={"Authorization": "Bearer " + body["token"]})
    assert me.status_code == 200
    assert me.get_json()["item"]["id"] == user.id
    assert user.password_hash.startswith("$argon2")


def test_login_trims_username_and_ignores_case(client, make_user):
    make_user(email="bo@example.org")
    assert login(client, "  Bo@Example.ORG \t").status_code == 200


def test_login_form_encoded_body(client, make_user):
    make_user(email="form@example.org")
    r = client.post("/json/login", data={"username": "form@example.org", "password": PASSWORD})
    assert r.status_code == 200 and "token" in r.get_json()


@pytest.mark.parametrize("username,password", [
    ("ana@example.org", "wrong-password"),
    ("nobody@example.org", PASSWORD),
    ("ana@example.org", " " + PASSWORD),   # the password is not trimmed
])
def test_login_failures_are_401_with_error(client, make_user, username, password):
    make_user(email="ana@example.org")
    r = login(client, username, password)
    assert r.status_code == 401
    body = r.get_json()
    assert body == {"error": "Invalid username or password"}


def test_inactive_user_cannot_sign_in(client, make_user):
    make_user(email="gone@example.org", is_active=False)
    assert login(client, "gone@example.org").status_code == 401


def test_login_missing_fields_is_422(client):
    r = client.post("/json/login", json={"username": ""})
    assert r.status_code == 422
    errors = r.get_json()["errors"]
    assert errors["username"] == ["Username is required"]
    assert errors["password"] == ["Password is required"]


def test_no_token_bad_token_expired_token_are_401(app, client, make_user, monkeypatch):
    assert client.get("/api/profile/currentuser").status_code == 401
    r = client.get("/api/profile/currentuser", headers={"Authorization": "Bearer not.a.token"})
    assert r.status_code == 401 and "error" in r.get_json()
    make_user(email="exp@example.org")
    monkeypatch.setitem(app.config, "JWT_ACCESS_TOKEN_EXPIRES", timedelta(seconds=-10))
    token = login(client, "exp@example.org").get_json()["token"]
    r = client.get("/api/profile/currentuser", headers={"Authorization": "Bearer " + token})
    assert r.status_code == 401
    assert "expired" in r.get_json()["error"]


def test_logout_revokes_the_token(client, make_user):
    make_user(email="out@example.org")
    headers = {"Authorization": "Bearer " + login(client, "out@example.org").get_json()["token"]}
    other = {"Authorization": "Bearer " + login(client, "out@example.org").get_json()["token"]}
    assert client.get("/api/profile/currentuser", headers=headers).status_code == 200
    r = client.post("/json/logout", headers=headers)
    assert r.status_code == 200 and "message" in r.get_json()
    r = client.get("/api/profile/currentuser", headers=headers)
    assert r.status_code == 401 and "error" in r.get_json()
    assert client.post("/json/logout", headers=headers).status_code == 401
    # Another session of the same user is untouched.
    assert client.get("/api/profile/currentuser", headers=other).status_code == 200


# --- rate limits ----------------------------------------------------------------------------------------

@pytest.fixture
def limited_app(app):
    """A second app with the limiter on; the limiter is a module-level extension bound again here."""
    limited = create_app(TestConfig, SQLALCHEMY_DATABASE_URI=app.config["SQLALCHEMY_DATABASE_URI"],
                         INSTANCE_DIR=app.config["INSTANCE_DIR"], UPLOAD_DIR=app.config["UPLOAD_DIR"],
                         MAIL_OUTBOX_DIR=app.config["MAIL_OUTBOX_DIR"], SQLALCHEMY_ENGINE_OPTIONS={},
                         RATELIMIT_ENABLED=True, LOGIN_FAILURE_LIMITS="3 per minute",
                         LOGIN_ADDRESS_LIMITS="5 per minute")
    yield limited
    with limited.app_context():
        _db.session.remove()
        _db.engine.dispose()


def test_repeated_failures_for_one_account_are_refused(limited_app, make_user, monkeypatch):
    monkeypatch.setattr(time, "sleep", lambda s: pytest.fail("a sign-in slept in the worker"))
    make_user(email="target@example.org")
    c = limited_app.test_client()
    attacker = {"REMOTE_ADDR": "10.1.0.1"}
    for i in range(3):
        assert login(c, "target@example.org", "wrong", environ_base=attacker).status_code == 401
    # Refused at once, even with the right password, from that address...
    r = login(c, "Target@example.org ", PASSWORD, environ_base=attacker)
    assert r.status_code == 429
    assert r.get_json() == {"error": "Too many attempts, please wait and try again"}
    assert int(r.headers["Retry-After"]) > 0
    # ...but the owner elsewhere is not locked out by someone else's guesses (F7).
    assert login(c, "target@example.org", environ_base={"REMOTE_ADDR": "10.1.0.9"}).status_code == 200
    # Another account is not affected.
    make_user(email="other@example.org")
    assert login(c, "other@example.org", environ_base=attacker).status_code == 200


def test_repeated_failures_from_one_address_are_refused(limited_app, make_user):
    make_user(email="someone@example.org")
    c = limited_app.test_client()
    env = {"REMOTE_ADDR": "10.2.0.1"}
    for i in range(5):
        assert login(c, f"guess{i}@example.org", "wrong", environ_base=env).status_code == 401
    assert login(c, "someone@example.org", environ_base=env).status_code == 429
    assert login(c, "someone@example.org", environ_base={"REMOTE_ADDR": "10.2.0.2"}).status_code == 200


def test_successful_logins_do_not_count(limited_app, make_user):
    make_user(email="often@example.org")
    c = limited_app.test_client()
    env = {"REMOTE_ADDR": "10.3.0.1"}
    for _ in range(8):
        assert login(c, "often@example.org", environ_base=env).status_code == 200


def test_rebinding_the_limiter_leaves_an_unlimited_app_unlimited(limited_app, client, make_user):
    """The limiter is one object shared by every app in the process: turning it on for one app must
    not turn it on for another whose configuration keeps it off."""
    make_user(email="free@example.org")
    c = limited_app.test_client()
    for _ in range(3):
        login(c, "free@example.org", "wrong")
    assert login(c, "free@example.org").status_code == 429
    for _ in range(6):
        assert login(client, "free@example.org", "wrong").status_code == 401
    assert login(client, "free@example.org").status_code == 200
    for _ in range(12):
        assert client.post("/json/forgot-password", json={"email": "x@example.org"}).status_code == 200


def test_binding_an_unlimited_app_leaves_a_limited_app_limited(app, limited_app, make_user):
    unlimited = create_app(TestConfig, SQLALCHEMY_DATABASE_URI=app.config["SQLALCHEMY_DATABASE_URI"],
                           SQLALCHEMY_ENGINE_OPTIONS={}, RATELIMIT_ENABLED=False)
    make_user(email="still@example.org")
    c = limited_app.test_client()
    for _ in range(3):
        assert login(c, "still@example.org", "wrong").status_code == 401
    assert login(c, "still@example.org").status_code == 429
    with unlimited.app_context():
        _db.engine.dispose()


# --- forgotten password ------------------------------------------------------------------------------------

def outbox(app):
    background.drain()  # reset links are mailed after the answer
    return sorted(glob.glob(os.path.join(app.config["MAIL_OUTBOX_DIR"], "*.eml")))


def mails_to(app, address):
    """Bodies (decoded) of the outbox mails sent to the address, oldest first."""
    out = []
    for path in outbox(app):
        with open(path, "rb") as fh:
            msg = email.message_from_binary_file(fh, policy=email.policy.default)
        if msg["To"] == address:
            assert msg["Subject"] and msg["From"]
            out.append(msg.get_content())
    return out


def reset_token_from(mail_text):
    m = re.search(r"/reset-password\?token=([A-Za-z0-9_\-]+)", mail_text)
    assert m, mail_text
    return m.group(1)


def request_reset(app, client, email):
    r = client.post("/json/forgot-password", json={"email": email})
    assert r.status_code == 200
    return reset_token_from(mails_to(app, email.strip().lower())[-1])


def test_forgot_password_same_answer_and_mail_only_for_known_address(app, client, make_user):
    make_user(email="known@example.org")
    before, earlier = len(outbox(app)), len(mails_to(app, "known@example.org"))
    known = client.post("/json/forgot-password", json={"email": " Known@example.org "})
    unknown = client.post("/json/forgot-password", json={"email": "unknown@example.org"})
    assert known.status_code == unknown.status_code == 200
    assert known.get_json() == unknown.get_json() == {"message": FORGOT_MESSAGE}
    assert len(outbox(app)) == before + 1
    (mail,) = mails_to(app, "known@example.org")[earlier:]
    assert "/reset-password?token=" in mail
    assert app.config["PUBLIC_URL"] in mail
    assert mails_to(app, "unknown@example.org") == []


def test_forgot_password_does_the_same_work_for_known_and_unknown(client, make_user, count_queries, monkeypatch):
    """F8: the request only hands the address on; the lookup and the mail happen after the answer."""
    make_user(email="known@example.org")
    handed = []
    monkeypatch.setattr(background, "submit", lambda fn, *args: handed.append((fn.__name__, args)))
    statements = []
    for address in ("known@example.org", "unknown@example.org"):
        with count_queries() as q:
            assert client.post("/json/forgot-password", json={"email": address}).status_code == 200
        statements.append(q.statements)
    assert statements[0] == statements[1] == []
    assert handed == [("send_reset_link", ("known@example.org",)), ("send_reset_link", ("unknown@example.org",))]


@pytest.mark.parametrize("body,message", [
    ({"email": ""}, "Email is required"),
    ({"email": "not-an-address"}, "Please enter a valid email address"),
    ({}, "Email is required"),
])
def test_forgot_password_validation(client, body, message):
    r = client.post("/json/forgot-password", json=body)
    assert r.status_code == 422
    assert r.get_json()["errors"]["email"] == [message]


# --- reset password -----------------------------------------------------------------------------------------

def reset_form(client, token):
    r = client.get("/api/reset-password", query_string={"token": token})
    assert r.status_code == 200
    return r.get_json()


def reset_data(form, first=NEW_PASSWORD, second=None, token=None, csrf=None):
    values = {e["name"]: e["value"] for e in form["elements"]}
    return {
        "reset_password_form[password][first]": first,
        "reset_password_form[password][second]": first if second is None else second,
        "reset_password_form[token]": values["reset_password_form[token]"] if token is None else token,
        "reset_password_form[csrf_token]": form["elements"][1]["value"] if csrf is None else csrf,
    }


def test_reset_password_form_shape(client):
    form = reset_form(client, "abc123")
    assert form["method"] == "POST" and form["action"] == "/api/reset-password"
    names = [e["name"] for e in form["elements"]]
    assert names == ["reset_password_form[password]", "reset_password_form[csrf_token]", "reset_password_form[token]"]
    compound = form["elements"][0]
    assert compound["type"] == "compound"
    assert [e["name"] for e in compound["elements"]] == ["reset_password_form[password][first]",
                                                         "reset_password_form[password][second]"]
    csrf = form["elements"][1]
    assert csrf["type"] == "hidden" and len(csrf["value"]) > 20
    assert form["elements"][2]["value"] == "abc123"


def test_reset_password_full_flow(app, client, make_user):
    make_user(email="reset@example.org")
    old_headers = {"Authorization": "Bearer " + login(client, "reset@example.org").get_json()["token"]}
    token = request_reset(app, client, "reset@example.org")
    form = reset_form(client, token)
    r = client.post("/api/reset-password", data=reset_data(form))
    assert r.status_code == 200, r.get_json()
    assert "message" in r.get_json()
    # The link is single-use.
    r = client.post("/api/reset-password", data=reset_data(form, first="another-pass-77"))
    assert r.status_code == 422
    assert "reset_password_form[token]" in r.get_json()["errors"]
    # The old password fails, the new one works, tokens issued before the reset are void.
    assert login(client, "reset@example.org").status_code == 401
    assert login(client, "reset@example.org", NEW_PASSWORD).status_code == 200
    assert login(client, "reset@example.org", "another-pass-77").status_code == 401
    assert client.get("/api/profile/currentuser", headers=old_headers).status_code == 401


def test_reset_kills_other_outstanding_links(app, client, make_user):
    make_user(email="two@example.org")
    first = request_reset(app, client, "two@example.org")
    second = request_reset(app, client, "two@example.org")
    assert first != second
    assert client.post("/api/reset-password", data=reset_data(reset_form(client, second))).status_code == 200
    r = client.post("/api/reset-password", data=reset_data(reset_form(client, first), first="yet-another-1"))
    assert r.status_code == 422


def test_expired_reset_token_fails(app, client, make_user):
    make_user(email="late@example.org")
    token = request_reset(app, client, "late@example.org")
    _db.session.execute(sa.update(PasswordReset).values(expires=utcnow() - timedelta(seconds=1)))
    _db.session.commit()
    r = client.post("/api/reset-password", data=reset_data(reset_form(client, token)))
    assert r.status_code == 422
    assert "reset_password_form[token]" in r.get_json()["errors"]
    assert login(client, "late@example.org").status_code == 200


@pytest.mark.parametrize("token", ["", "made-up-token"])
def test_unknown_reset_token_fails(client, token):
    r = client.post("/api/reset-password", data=reset_data(reset_form(client, token), token=token))
    assert r.status_code == 422


@pytest.mark.parametrize("first,second,field,message", [
    ("long-enough-1", "long-enough-2", "reset_password_form[password][second]", "The passwords do not match"),
    ("short", "short", "reset_password_form[password][first]", "Password must have at least 8 characters"),
    ("", "", "reset_password_form[password][first]", "You must specify a password"),
])
def test_reset_password_field_errors(app, client, make_user, first, second, field, message):
    make_user(email="val@example.org")
    token = request_reset(app, client, "val@example.org")
    r = client.post("/api/reset-password", data=reset_data(reset_form(client, token), first=first, second=second))
    assert r.status_code == 422
    body = r.get_json()
    assert message in body["errors"][field]
    # The link was not used up by the failed attempt.
    assert client.post("/api/reset-password", data=reset_data(reset_form(client, token))).status_code == 200


@pytest.mark.parametrize("csrf", ["", "forged.csrf.token"])
def test_reset_password_bad_csrf_fails(app, client, make_user, csrf):
    make_user(email="csrf@example.org")
    token = request_reset(app, client, "csrf@example.org")
    r = client.post("/api/reset-password", data=reset_data(reset_form(client, token), csrf=csrf))
    assert r.status_code == 422
    assert "reset_password_form[csrf_token]" in r.get_json()["errors"]
    assert login(client, "csrf@example.org").status_code == 200
    assert _db.session.scalar(sa.select(PasswordReset.used)) is None
    assert _db.session.scalar(sa.select(User.tokens_valid_after).where(User.email == "csrf@example.org")) is None


