"""Issue 39, points 1, 6 and 7: no sign-in without the password under a known key (challenges are server-side rows,
used once, for one user and stage; no built-in key), a password change revokes what a stolen session could keep,
and wrong passwords and codes given inside a session are counted with the sign-in's."""
import os
import stat

import pytest
from itsdangerous import URLSafeTimedSerializer
from sqlalchemy import select

from api import create_app, secret_key
from api.config import TestConfig
from api.extensions import db as _db
from api.models import ApiToken, PasswordReset, SignInChallenge
from api.services import accounts, mfa
from api.services.events import live
from api.tests.conftest import PASSWORD
from api.tests.test_accounts_security import bearer, challenge, code, enrolled, session_of, sign_in

OLD_DEFAULT = "dev-secret-change-me-in-production-0123456789"


# --- 1. the key, and challenges kept on the server ------------------------------------------------------------

@pytest.mark.parametrize("key", [OLD_DEFAULT, "change-me", "short-but-not-known"])
def test_the_app_refuses_a_known_or_short_key(app, key):
    with pytest.raises(secret_key.WeakKey):
        create_app(TestConfig, SECRET_KEY=key, SQLALCHEMY_DATABASE_URI=app.config["SQLALCHEMY_DATABASE_URI"])
    with pytest.raises(secret_key.WeakKey):
        create_app(TestConfig, JWT_SECRET_KEY=key, SQLALCHEMY_DATABASE_URI=app.config["SQLALCHEMY_DATABASE_URI"])


def test_without_a_key_the_instance_folder_gets_a_random_one_once(app, tmp_path):
    class Production(TestConfig):
        TESTING = False
        SECRET_KEY = None
        JWT_SECRET_KEY = None
    made = [create_app(Production, INSTANCE_DIR=str(tmp_path),
                       SQLALCHEMY_DATABASE_URI=app.config["SQLALCHEMY_DATABASE_URI"]) for _ in range(2)]
    path = tmp_path / "secret_key"
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    key = path.read_text().strip()
    assert len(key) >= 48 and key != OLD_DEFAULT
    assert all(a.config["SECRET_KEY"] == key == a.config["JWT_SECRET_KEY"] for a in made)
    assert OLD_DEFAULT not in open(os.path.join(os.path.dirname(secret_key.__file__), "config.py")).read()


def test_a_challenge_forged_with_the_old_key_or_the_apps_key_is_refused(app, client, make_user):
    admin = make_user(superuser=True)
    for key in (OLD_DEFAULT, app.config["SECRET_KEY"]):
        forged = URLSafeTimedSerializer(key, salt="mfa-challenge").dumps({"u": admin.id, "s": "enrol"})
        assert client.post("/json/login/mfa/enrol", json={"mfaToken": forged}).status_code == 401
        assert client.post("/json/login/mfa", json={"mfaToken": forged, "code": "123456"}).status_code == 401
    assert admin.mfa_pending_secret is None and admin.mfa_secret is None


def test_a_challenge_is_a_row_made_after_the_password_and_holds_no_user_id(client, make_user):
    user = make_user()
    enrolled(client, user)
    assert sign_in(client, user, password="wrong").status_code == 401
    assert _db.session.scalar(select(SignInChallenge).where(SignInChallenge.user_id == user.id)) is None
    token = challenge(client, user)
    row = _db.session.scalar(select(SignInChallenge).where(SignInChallenge.user_id == user.id))
    assert row.stage == "verify" and row.token_hash == mfa._hash(token)


def test_a_challenge_is_used_once(client, make_user):
    user = make_user()
    secret, _, _ = enrolled(client, user)
    token = challenge(client, user)
    assert client.post("/json/login/mfa", json={"mfaToken": token, "code": code(secret, 1)}).status_code == 200
    again = client.post("/json/login/mfa", json={"mfaToken": token, "code": code(secret, -1)})
    assert again.status_code == 401 and "expired" in again.get_json()["error"]


def test_an_enrolment_challenge_is_only_for_a_user_who_must_enrol(app, client, make_user, monkeypatch):
    user = make_user(superuser=True)
    token = mfa.challenge(user, "enrol")  # as if one were left over: REQUIRE_MFA does not apply to this user
    assert client.post("/json/login/mfa/enrol", json={"mfaToken": token}).status_code == 401
    _db.session.refresh(user)
    assert user.mfa_pending_secret is None
    monkeypatch.setitem(app.config, "REQUIRE_MFA", "admins")
    assert client.post("/json/login/mfa/enrol", json={"mfaToken": token}).status_code == 200
    # A verify challenge does not start an enrolment either.
    verify = mfa.challenge(user, "verify")
    assert client.post("/json/login/mfa/enrol", json={"mfaToken": verify}).status_code == 401


def test_a_challenge_dies_after_too_many_wrong_codes(client, make_user):
    user = make_user()
    secret, _, _ = enrolled(client, user)
    token = challenge(client, user)
    for _ in range(mfa.MAX_ATTEMPTS):
        assert client.post("/json/login/mfa", json={"mfaToken": token, "code": "000000"}).status_code == 401
    r = client.post("/json/login/mfa", json={"mfaToken": token, "code": code(secret, 1)})
    assert r.status_code == 401 and "expired" in r.get_json()["error"]


def test_a_live_ticket_signed_with_the_old_key_is_refused(app, make_user):
    user = make_user()
    forged = URLSafeTimedSerializer(OLD_DEFAULT, salt="live-ticket").dumps({"u": user.id, "c": f"u{user.id}"})
    assert live.authorize(f"{live.PREFIX}u/{user.id}?t={forged}") is None


# --- 6. a password change revokes what a stolen session could keep --------------------------------------------

def _token(client, headers, name="CI"):
    r = client.post("/api/account/tokens", json={"name": name, "days": 366, "access": "write"}, headers=headers)
    assert r.status_code == 201, r.get_json()
    return r.get_json()["item"]["token"]


def _change(client, headers, new="brand-new-pass-2", **extra):
    return client.post("/api/account/password", headers=headers,
                       json={"current": PASSWORD, "password": {"first": new, "second": new}, **extra})


def test_a_password_change_revokes_api_tokens_and_reset_links(client, make_user):
    user = make_user()
    headers = session_of(client, user)
    minted = _token(client, headers)
    assert client.get("/api/profile/currentuser", headers=bearer(minted)).status_code == 200
    accounts.send_reset_link(user.email)
    link = _db.session.scalar(select(PasswordReset).where(PasswordReset.user_id == user.id))
    r = _change(client, headers)
    body = r.get_json()
    assert r.status_code == 200 and body["tokensRevoked"] == 1 and body["resetLinksRevoked"] == 1
    assert "1 API token(s) revoked" in body["message"] and "reset link" in body["message"]
    assert client.get("/api/profile/currentuser", headers=bearer(minted)).status_code == 401
    _db.session.refresh(link)
    assert link.used is not None
    # The session that changed it goes on.
    assert client.get("/api/profile/currentuser", headers=headers).status_code == 200


def test_a_password_change_keeps_the_tokens_when_unticked(client, make_user):
    user = make_user()
    headers = session_of(client, user)
    minted = _token(client, headers)
    r = _change(client, headers, revokeTokens=False)
    assert r.status_code == 200 and r.get_json()["tokensRevoked"] == 0
    assert client.get("/api/profile/currentuser", headers=bearer(minted)).status_code == 200
    assert _db.session.scalar(select(ApiToken.revoked).where(ApiToken.user_id == user.id)) is None


# --- 7. guesses inside a session are counted; sensitive changes ask for a fresh proof ---------------------------

@pytest.fixture
def limited(app):
    limited = create_app(TestConfig, SQLALCHEMY_DATABASE_URI=app.config["SQLALCHEMY_DATABASE_URI"],
                         INSTANCE_DIR=app.config["INSTANCE_DIR"], UPLOAD_DIR=app.config["UPLOAD_DIR"],
                         MAIL_OUTBOX_DIR=app.config["MAIL_OUTBOX_DIR"], SQLALCHEMY_ENGINE_OPTIONS={},
                         RATELIMIT_ENABLED=True, LOGIN_FAILURE_LIMITS="3 per minute",
                         MFA_FAILURE_LIMITS="3 per minute", LOGIN_ADDRESS_LIMITS="50 per minute")
    yield limited.test_client()
    with limited.app_context():
        _db.session.remove()
        _db.engine.dispose()


ENV = {"REMOTE_ADDR": "10.39.0.1"}


def test_wrong_current_passwords_are_limited(limited, client, make_user):
    user = make_user()
    headers = session_of(client, user)
    for _ in range(3):
        r = limited.post("/api/account/password", headers=headers, environ_base=ENV,
                         json={"current": "guess", "password": {"first": "brand-new-2", "second": "brand-new-2"}})
        assert r.status_code == 422 and r.get_json()["errors"]["current"]
    r = limited.post("/api/account/password", headers=headers, environ_base=ENV,
                     json={"current": PASSWORD, "password": {"first": "brand-new-2", "second": "brand-new-2"}})
    assert r.status_code == 429 and int(r.headers["Retry-After"]) > 0
    # Counted with the sign-in's wrong passwords: the same account and address is refused there too.
    assert limited.post("/json/login", json={"username": user.email, "password": PASSWORD},
                        environ_base=ENV).status_code == 429
    # Only failures count: a form error (passwords that differ) is not a guess.
    other = make_user()
    h2 = session_of(client, other)
    for _ in range(4):
        r = limited.post("/api/account/password", headers=h2, environ_base=ENV,
                         json={"current": PASSWORD, "password": {"first": "brand-new-2", "second": "different-2"}})
        assert r.status_code == 422


@pytest.mark.parametrize("path", ["/api/account/mfa/disable", "/api/account/mfa/recovery-codes"])
def test_wrong_codes_in_a_session_are_limited(limited, client, make_user, path):
    user = make_user()
    secret, _, headers = enrolled(client, user)
    for _ in range(3):
        assert limited.post(path, json={"code": "000000"}, headers=headers, environ_base=ENV).status_code == 422
    r = limited.post(path, json={"code": code(secret, 1)}, headers=headers, environ_base=ENV)
    assert r.status_code == 429


def test_enrolling_asks_for_the_password_again(limited, client, make_user):
    user = make_user()
    headers = session_of(client, user)
    r = client.post("/api/account/mfa/enrol", json={}, headers=headers)
    assert r.status_code == 422 and r.get_json()["errors"]["password"]
    for _ in range(2):
        assert limited.post("/api/account/mfa/enrol", json={"password": "guess"}, headers=headers,
                            environ_base=ENV).status_code == 422
    assert limited.post("/api/account/mfa/enrol", json={"password": PASSWORD}, headers=headers,
                        environ_base=ENV).status_code == 200
    _db.session.refresh(user)
    assert user.mfa_pending_secret and user.mfa_secret is None
