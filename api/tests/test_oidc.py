"""Single sign-on (OpenID Connect) against a real provider on loopback: the `oidc-provider` npm package run by
api/tests/oidc/provider.mjs. The happy path, unknown users, group memberships, password sign-in turned off, and
the failures: a tampered ID token, a wrong audience, a replayed state, an expired token."""
import base64
import hashlib
import json
import os
import secrets
import socket
import subprocess
import threading
import time
from urllib.parse import parse_qs, urljoin, urlsplit

import pytest
import requests
from sqlalchemy import select

from api.extensions import db as _db
from api.models import Membership, OidcIdentity, SecurityEvent, SignInChallenge, User, UserSession
from api.services import oidc
from api.tests.conftest import PASSWORD

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MODULE = os.path.join(ROOT, "webapp", "node_modules", "oidc-provider", "lib", "index.js")
REDIRECT = "http://127.0.0.1:9/sso/callback"  # never reached: the tests read the provider's redirect
CLIENTS = [
    {"client_id": "portal", "client_secret": "portal-secret", "redirect_uris": [REDIRECT],
     "grant_types": ["authorization_code"], "response_types": ["code"]},
    {"client_id": "someone-else", "client_secret": "other-secret", "redirect_uris": [REDIRECT],
     "grant_types": ["authorization_code"], "response_types": ["code"]},
]
ACCOUNTS = {
    "alice": {"email": "alice@example.org", "email_verified": True, "name": "Alice Idp", "groups": ["engineers"]},
    "newbie": {"email": "newbie@example.org", "email_verified": True, "name": "New Person", "groups": ["admins"]},
    "unverified": {"email": "shady@example.org", "email_verified": False, "name": "Shady"},
    # No email_verified claim at all (the probe's provider account): not verified.
    "noclaim": {"email": "admin@example.org", "name": "Says Admin"},
}

pytestmark = pytest.mark.skipif(not os.path.exists(MODULE), reason="webapp/node_modules/oidc-provider is missing")


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def provider():
    port = _free_port()
    env = {**os.environ, "PORT": str(port), "OIDC_PROVIDER_MODULE": MODULE, "OIDC_CLIENTS": json.dumps(CLIENTS),
           "OIDC_ACCOUNTS": json.dumps(ACCOUNTS), "NODE_ENV": "test"}
    proc = subprocess.Popen(["node", os.path.join(ROOT, "api", "tests", "oidc", "provider.mjs")], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    seen = []
    for line in proc.stdout:  # (the library's development warnings come first)
        seen.append(line)
        if line.startswith("ready") or len(seen) > 20:
            break
    if not seen or not seen[-1].startswith("ready"):
        proc.kill()
        proc.wait(10)
        proc.stdout.close()
        pytest.fail(f"the OpenID provider did not start: {''.join(seen)}")
    drain = threading.Thread(target=lambda: [None for _ in proc.stdout], daemon=True)  # keep the pipe drained
    drain.start()
    yield f"http://127.0.0.1:{port}"
    proc.terminate()
    proc.wait(10)
    drain.join(10)  # it ends at the pipe's end; then the pipe is closed (no ResourceWarning)
    proc.stdout.close()


@pytest.fixture
def sso(app, provider, monkeypatch):
    """Single sign-on configured for every brand; returns a function changing settings."""
    base = {"issuer": provider, "client_id": "portal", "client_secret": "portal-secret", "redirect_uri": REDIRECT,
            "scopes": "openid email profile groups", "name": "Example ID", "unknown_users": "refuse"}
    monkeypatch.setitem(app.config, "OIDC", {"*": base})
    oidc._CACHE.clear()

    def configure(**changes):
        monkeypatch.setitem(app.config, "OIDC", {"*": {**base, **changes}})
    return configure


def provider_redirect(auth_url, sub):
    """Sign in at the provider's development login form as `sub`; answer the redirect's query (code, state)."""
    s = requests.Session()
    url = auth_url
    for _ in range(12):
        r = s.get(url, allow_redirects=False, timeout=10)
        if r.status_code in (302, 303):
            url = urljoin(url, r.headers["Location"])
            if url.startswith(REDIRECT):
                return {k: v[0] for k, v in parse_qs(urlsplit(url).query).items()}
            continue
        assert r.status_code == 200 and "/interaction/" in url, (r.status_code, url, r.text[:300])
        form = {"prompt": "login", "login": sub, "password": "any"} if 'name="login"' in r.text else \
            {"prompt": "consent"}
        r = s.post(url, data=form, allow_redirects=False, timeout=10)
        assert r.status_code in (302, 303), r.text[:300]
        url = urljoin(url, r.headers["Location"])
        if url.startswith(REDIRECT):
            return {k: v[0] for k, v in parse_qs(urlsplit(url).query).items()}
    pytest.fail("the provider never redirected back")


def start(client):
    r = client.post("/json/sso/start")
    assert r.status_code == 200, r.get_json()
    return r.get_json()["url"]


def sign_on(client, sub="alice", password=None):
    """The whole flow: start, the provider's form, then the callback; answers the callback's response. With a
    password, an existing account's first sign-on is linked by it (the link step)."""
    back = provider_redirect(start(client), sub)
    r = client.post("/json/sso/callback", json={"code": back["code"], "state": back["state"]})
    if password is not None and r.status_code == 200 and r.get_json().get("linkRequired"):
        r = client.post("/json/sso/link", json={"linkToken": r.get_json()["linkToken"], "password": password})
    return r


def test_the_login_page_offers_the_provider(client, sso):
    assert client.get("/json/sso/config").get_json() == {"sso": {"name": "Example ID"}, "passwordLogin": True}


def test_without_settings_nothing_is_offered(client):
    assert client.get("/json/sso/config").get_json() == {"sso": None, "passwordLogin": True}
    assert client.post("/json/sso/start").status_code == 404


def test_the_authorization_url_uses_pkce_state_and_nonce(client, sso, provider):
    q = parse_qs(urlsplit(start(client)).query)
    assert q["code_challenge_method"] == ["S256"] and len(q["code_challenge"][0]) >= 43
    assert q["state"][0] and q["nonce"][0] and q["client_id"] == ["portal"] and q["redirect_uri"] == [REDIRECT]


def test_sign_on_signs_an_existing_user_in(client, sso, make_user):
    user = make_user(email="alice@example.org")
    r = sign_on(client, password=PASSWORD)
    assert r.status_code == 200, r.get_json()
    headers = {"Authorization": "Bearer " + r.get_json()["token"]}
    assert client.get("/api/profile/currentuser", headers=headers).get_json()["item"]["email"] == "alice@example.org"
    assert _db.session.scalar(select(UserSession.method).where(UserSession.user_id == user.id)) == "sso"
    assert _db.session.scalar(select(SecurityEvent.kind).where(SecurityEvent.user_id == user.id)
                              .order_by(SecurityEvent.id.desc())) == "sso_sign_in"


def test_unknown_users_are_refused_or_created(client, sso, tree):
    r = sign_on(client, "newbie")
    assert r.status_code == 403 and "no account" in r.get_json()["error"]
    assert _db.session.scalar(select(User).where(User.email == "newbie@example.org")) is None
    sso(unknown_users="create", group_claim="groups", groups={"admins": f"{tree.portal.id}:admin",
                                                              "engineers": str(tree.portal.id)})
    r = sign_on(client, "newbie")
    assert r.status_code == 200, r.get_json()
    user = _db.session.scalar(select(User).where(User.email == "newbie@example.org"))
    assert user.name == "New Person" and user.password_hash is None
    m = _db.session.scalar(select(Membership).where(Membership.user_id == user.id))
    assert m.module_id == tree.portal.id and m.admin


def test_group_claim_gives_a_view_membership(client, sso, tree, make_user):
    user = make_user(email="alice@example.org")
    sso(group_claim="groups", groups={"engineers": str(tree.portal.id)})
    assert sign_on(client, password=PASSWORD).status_code == 200
    # Linking by the password signs in; the identity's groups apply from the sign-ons made as the linked account
    # (never to an account before it is proven the person's own).
    assert _db.session.scalar(select(Membership).where(Membership.user_id == user.id)) is None
    assert sign_on(client).status_code == 200
    m = _db.session.scalar(select(Membership).where(Membership.user_id == user.id))
    assert m.module_id == tree.portal.id and m.allow_view and not m.admin


def test_an_unverified_email_is_refused(client, sso, make_user):
    make_user(email="shady@example.org")
    assert sign_on(client, "unverified").status_code == 403


def test_a_replayed_state_is_refused(client, sso, make_user):
    make_user(email="alice@example.org")
    back = provider_redirect(start(client), "alice")
    assert client.post("/json/sso/callback", json=back).get_json()["linkRequired"]
    again = client.post("/json/sso/callback", json=back)
    assert again.status_code == 401 and "already used" in again.get_json()["error"]
    assert client.post("/json/sso/callback", json={"code": back["code"], "state": "made-up"}).status_code == 401


def _tamper(token):
    head, payload, sig = token.split(".")
    claims = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
    claims["email"] = "victim@example.org"
    forged = base64.urlsafe_b64encode(json.dumps(claims).encode()).rstrip(b"=").decode()
    return f"{head}.{forged}.{sig}"


def test_a_tampered_id_token_is_refused(client, sso, make_user, monkeypatch):
    make_user(email="alice@example.org")
    make_user(email="victim@example.org")
    real = oidc._exchange
    monkeypatch.setattr(oidc, "_exchange", lambda *a: _tamper(real(*a)))
    r = sign_on(client)
    assert r.status_code == 401 and "could not be verified" in r.get_json()["error"]


def _pkce():
    verifier = secrets.token_urlsafe(48)
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    return verifier, challenge


def other_clients_id_token(provider, nonce):
    """A real ID token the provider issued to another client (its audience is not ours)."""
    meta = requests.get(provider + "/.well-known/openid-configuration", timeout=10).json()
    verifier, challenge = _pkce()
    url = requests.Request("GET", meta["authorization_endpoint"], params={
        "response_type": "code", "client_id": "someone-else", "redirect_uri": REDIRECT, "scope": "openid email",
        "state": "s", "nonce": nonce, "code_challenge": challenge, "code_challenge_method": "S256"}).prepare().url
    back = provider_redirect(url, "alice")
    r = requests.post(meta["token_endpoint"], auth=("someone-else", "other-secret"), timeout=10, data={
        "grant_type": "authorization_code", "code": back["code"], "redirect_uri": REDIRECT, "code_verifier": verifier})
    return r.json()["id_token"]


def test_a_wrong_audience_is_refused(client, sso, provider, make_user, monkeypatch):
    make_user(email="alice@example.org")
    auth_url = start(client)
    nonce = parse_qs(urlsplit(auth_url).query)["nonce"][0]
    foreign = other_clients_id_token(provider, nonce)
    monkeypatch.setattr(oidc, "_exchange", lambda *a: foreign)
    back = provider_redirect(auth_url, "alice")
    r = client.post("/json/sso/callback", json=back)
    assert r.status_code == 401 and "could not be verified" in r.get_json()["error"]


def test_an_expired_id_token_is_refused(client, sso, make_user, monkeypatch):
    make_user(email="alice@example.org")
    monkeypatch.setattr(oidc, "now", lambda: time.time() + 2 * 3600)  # the provider's tokens last an hour
    r = sign_on(client)
    assert r.status_code == 401 and "could not be verified" in r.get_json()["error"]


def test_an_id_token_of_another_sign_on_is_refused(client, sso, provider, make_user, monkeypatch):
    """A real token for our client but another sign-on's nonce (an injected code or token)."""
    make_user(email="alice@example.org")
    other = provider_redirect(start(client), "alice")  # a sign-on in flight, never finished
    monkeypatch.setattr(oidc, "_exchange", lambda s, meta, code, verifier, real=oidc._exchange:
                        real(s, meta, other["code"], verifier))
    r = sign_on(client)
    assert r.status_code == 401


def test_password_sign_in_can_be_turned_off_per_brand(client, sso, make_user):
    make_user(email="alice@example.org")
    sso(password_login=False)
    assert client.get("/json/sso/config").get_json()["passwordLogin"] is False
    r = client.post("/json/login", json={"username": "alice@example.org", "password": "secret-pass-1"})
    assert r.status_code == 403
    assert sign_on(client, password=PASSWORD).status_code == 200


def test_a_bad_callback_body_is_not_a_500(client, sso):
    for body in ({}, {"code": "x"}, {"code": 5, "state": ["x"]}, []):
        assert client.post("/json/sso/callback", json=body).status_code in (400, 422)


def test_an_unreachable_provider_answers_503(client, app, monkeypatch):
    monkeypatch.setitem(app.config, "OIDC", {"*": {"issuer": "http://127.0.0.1:9", "client_id": "x"}})
    oidc._CACHE.clear()
    assert client.post("/json/sso/start").status_code == 503


# --- issue 39: verified e-mails only, no silent linking of a password account, the account's own second factor -----

def test_an_email_without_a_verified_claim_is_refused_unless_the_brand_trusts_it(client, sso, make_user):
    admin = make_user(email="admin@example.org", superuser=True)
    r = sign_on(client, "noclaim")
    assert r.status_code == 403 and "verified" in r.get_json()["error"]
    assert _db.session.scalar(select(UserSession.id).where(UserSession.user_id == admin.id)) is None
    sso(trust_email=True)  # OIDC_TRUST_EMAIL=true: this brand's provider checks its e-mails
    r = sign_on(client, "noclaim")
    assert r.status_code == 200 and r.get_json()["linkRequired"] and "token" not in r.get_json()


def test_an_existing_password_account_is_linked_only_by_its_password(client, sso, make_user):
    user = make_user(email="alice@example.org")
    first = sign_on(client)
    body = first.get_json()
    assert first.status_code == 200 and body["linkRequired"] and body["email"] == "alice@example.org"
    assert "token" not in body
    assert _db.session.scalar(select(UserSession.id).where(UserSession.user_id == user.id)) is None
    wrong = client.post("/json/sso/link", json={"linkToken": body["linkToken"], "password": "not-it"})
    assert wrong.status_code == 401
    assert _db.session.scalar(select(OidcIdentity.id).where(OidcIdentity.user_id == user.id)) is None
    right = client.post("/json/sso/link", json={"linkToken": body["linkToken"], "password": PASSWORD})
    assert right.status_code == 200 and right.get_json()["token"]
    assert client.post("/json/sso/link", json={"linkToken": body["linkToken"], "password": PASSWORD}).status_code == 401
    # Linked: the next sign-on needs no password.
    again = sign_on(client)
    assert again.status_code == 200 and again.get_json()["token"]
    kinds = set(_db.session.scalars(select(SecurityEvent.kind).where(SecurityEvent.user_id == user.id)))
    assert {"sso_linked", "sign_in_failed", "sso_sign_in"} <= kinds


def test_a_sysadmin_links_an_account_from_the_command_line(app, client, sso, provider, make_user):
    user = make_user(email="alice@example.org")
    out = app.test_cli_runner().invoke(args=["link-sso", "alice@example.org", provider, "alice"])
    assert out.exit_code == 0, out.output
    assert sign_on(client).get_json()["token"]
    again = app.test_cli_runner().invoke(args=["link-sso", "alice@example.org", provider, "alice"])
    assert again.exit_code != 0 and "already linked" in again.output
    assert _db.session.scalar(select(OidcIdentity.user_id).where(OidcIdentity.subject == "alice")) == user.id


def test_the_accounts_own_second_factor_is_asked_after_single_sign_on(client, sso, make_user):
    import pyotp
    from api.services import mfa
    user = make_user(email="alice@example.org")
    sign_on(client, password=PASSWORD)
    secret = pyotp.random_base32()
    user.mfa_secret = secret
    _db.session.commit()
    r = sign_on(client)
    body = r.get_json()
    assert r.status_code == 200 and body["mfaRequired"] and "token" not in body
    row = _db.session.scalar(select(SignInChallenge).where(SignInChallenge.token_hash == mfa._hash(body["mfaToken"])))
    assert row.user_id == user.id and row.stage == "verify" and row.method == "sso"
    done = client.post("/json/login/mfa", json={"mfaToken": body["mfaToken"], "code": pyotp.TOTP(secret).now()})
    assert done.status_code == 200 and done.get_json()["token"]
    # OIDC_MFA=provider: the provider's own second factor replaces it.
    sso(mfa="provider")
    assert sign_on(client).get_json()["token"]
