"""Single sign-on with OpenID Connect (Authlib): settings per brand, authorization code flow with PKCE.

`start(host)` records a sign-on in flight (`OidcLogin`: the state stored hashed, the nonce and the PKCE verifier)
and answers the provider's authorization URL; the provider sends the browser back to the webapp's `/sso/callback`,
which posts code and state to `finish()`. The state is used once (a replay is refused), the code is exchanged with
the verifier, and the ID token's signature (the issuer's JWKS), issuer, audience, expiry and nonce are verified
before the e-mail claim names the account. Settings: `config.oidc_settings` (OIDC_* variables, per brand).
"""
import hashlib
import logging
import secrets
import time
from datetime import timedelta

import requests
from authlib.common.security import generate_token
from authlib.oauth2.rfc7636 import create_s256_code_challenge
# The ID token is verified with joserfc (Authlib's own successor to authlib.jose, which it deprecates).
from joserfc import jwt
from joserfc.errors import JoseError
from joserfc.jwk import KeySet
from flask import current_app
from sqlalchemy import select, update
from urllib.parse import urlencode

from ..errors import ApiError, Conflict, Forbidden, NotFound, Unauthorized
from ..extensions import db
from ..i18n import N_, _
from ..models import Membership, Module, OidcIdentity, OidcLogin, User
from ..models.base import utcnow
from .. import hosts

log = logging.getLogger(__name__)
STATE_SECONDS = 600
LEEWAY = 30
_CACHE = {}  # issuer -> (fetched at, discovery document, JWKS)
ALGORITHMS = ["RS256", "PS256", "ES256", "EdDSA"]
FAILED = N_("Single sign-on failed: the identity provider's answer could not be verified")  # said by errors.py


class Unavailable(ApiError):
    status = 503
    message = N_("The identity provider cannot be reached, please try again later")


def now():
    """The clock ID tokens are checked against (tests move it)."""
    return time.time()


def settings(host):
    """The single sign-on settings of the host's brand, or None when it has none."""
    brand = hosts.brand_of_host(host)
    table = current_app.config.get("OIDC") or {}
    merged = {**table.get("*", {}), **table.get(brand, {})}
    return {**merged, "brand": brand} if merged.get("issuer") and merged.get("client_id") else None


def password_allowed(host):
    """Password sign-in is on unless the brand turned it off, which it may only do with single sign-on set up."""
    s = settings(host)
    return True if s is None else bool(s.get("password_login", True))


def public_config(host):
    """What the login page needs: the provider's name, whether password sign-in is on."""
    s = settings(host)
    return {"sso": {"name": s.get("name") or "single sign-on"} if s else None,
            "passwordLogin": password_allowed(host)}


def _redirect_uri(s):
    return s.get("redirect_uri") or f"{hosts.brand(s['brand'])['publicUrl']}/sso/callback"


def _http_json(url, **kw):
    try:
        r = requests.request(kw.pop("method", "GET"), url, timeout=current_app.config.get("OIDC_TIMEOUT", 10), **kw)
    except requests.RequestException as e:
        log.warning("OIDC %s: %s", url, e)
        raise Unavailable()
    try:
        body = r.json()
    except ValueError:
        body = None
    return r.status_code, body


def _provider(issuer, refresh=False):
    cached = _CACHE.get(issuer)
    if cached is None or refresh or cached[0] < time.time() - 300:
        status, meta = _http_json(issuer.rstrip("/") + "/.well-known/openid-configuration")
        if status != 200 or not isinstance(meta, dict) or meta.get("issuer") != issuer:
            raise Unavailable()
        status, jwks = _http_json(meta["jwks_uri"])
        if status != 200 or not isinstance(jwks, dict):
            raise Unavailable()
        cached = _CACHE[issuer] = (time.time(), meta, jwks)
    return cached[1], cached[2]


def _digest(state):
    return hashlib.sha256((state or "").encode()).hexdigest()


def start(host):
    s = settings(host)
    if s is None:
        raise NotFound(_("Single sign-on is not configured here"))
    meta = _provider(s["issuer"])[0]
    state, nonce, verifier = generate_token(32), generate_token(32), generate_token(64)
    db.session.add(OidcLogin(state_hash=_digest(state), nonce=nonce, verifier=verifier, brand=s["brand"]))
    db.session.execute(OidcLogin.__table__.delete().where(OidcLogin.created < utcnow() - timedelta(days=1)))
    db.session.commit()
    query = {"response_type": "code", "client_id": s["client_id"], "redirect_uri": _redirect_uri(s),
             "scope": s.get("scopes") or "openid email profile", "state": state, "nonce": nonce,
             "code_challenge": create_s256_code_challenge(verifier), "code_challenge_method": "S256"}
    return {"url": f"{meta['authorization_endpoint']}?{urlencode(query)}"}


def _take_state(state, brand):
    """The sign-on in flight for this state, marked used at once (a replayed state finds it used)."""
    row = db.session.scalar(select(OidcLogin).where(OidcLogin.state_hash == _digest(state)))
    fresh = row is not None and row.used is None and row.created > utcnow() - timedelta(seconds=STATE_SECONDS)
    if row is not None:
        taken = db.session.execute(update(OidcLogin).where(OidcLogin.id == row.id, OidcLogin.used.is_(None))
                                   .values(used=utcnow())).rowcount
        db.session.commit()
        fresh = fresh and taken == 1
    if not fresh or row.brand != brand:
        raise Unauthorized(_("This sign-in has expired or was already used, please start again"))
    return row


def _exchange(s, meta, code, verifier):
    status, body = _http_json(meta["token_endpoint"], method="POST", auth=(s["client_id"], s.get("client_secret", "")),
                              data={"grant_type": "authorization_code", "code": code,
                                    "redirect_uri": _redirect_uri(s), "code_verifier": verifier})
    if status != 200 or not isinstance(body, dict) or not isinstance(body.get("id_token"), str):
        raise Unauthorized(_("Single sign-on failed: the identity provider refused the sign-in"))
    return body["id_token"]


def verify_id_token(s, id_token, nonce):
    """The ID token's claims, after its signature (JWKS, refetched once for an unknown key), issuer, audience,
    expiry and nonce are checked."""
    rules = jwt.JWTClaimsRegistry(now=int(now()), leeway=LEEWAY,
                                  iss={"essential": True, "value": s["issuer"]},
                                  aud={"essential": True, "value": s["client_id"]}, exp={"essential": True},
                                  nonce={"essential": True, "value": nonce}, sub={"essential": True})
    for refresh in (False, True):
        jwks = _provider(s["issuer"], refresh=refresh)[1]
        try:
            claims = jwt.decode(id_token, KeySet.import_key_set(jwks), algorithms=ALGORITHMS).claims
            break
        except JoseError as e:
            if refresh or "kid" not in str(e).lower():
                log.info("OIDC ID token refused: %s", e)
                raise Unauthorized(FAILED)
        except (ValueError, TypeError) as e:
            log.info("OIDC ID token refused: %s", e)
            raise Unauthorized(FAILED)
    try:
        rules.validate(claims)
    except JoseError as e:
        log.info("OIDC ID token refused: %s", e)
        raise Unauthorized(FAILED)
    aud = claims.get("aud")
    if isinstance(aud, list) and len(aud) > 1 and claims.get("azp") != s["client_id"]:
        raise Unauthorized(FAILED)
    return claims


NO_VERIFIED_EMAIL = N_("Your identity provider gave no verified e-mail address")


def _verified_email(s, claims):
    """The claim's e-mail, only when the provider says it verified it (or this brand trusts its e-mails)."""
    email = claims.get(s.get("email_claim") or "email")
    verified = claims.get("email_verified") is True or s.get("trust_email") is True
    if not isinstance(email, str) or "@" not in email or not verified:
        raise Forbidden(NO_VERIFIED_EMAIL)
    return email


def _account(s, claims):
    """The account this identity signs in as, or ("link", user) when an existing password account has the e-mail
    and is not linked to the identity yet: its password must be proven once (or a sysadmin links it)."""
    from .accounts import find_by_email
    issuer, subject = s["issuer"], str(claims["sub"])
    linked = db.session.scalar(select(OidcIdentity).where(OidcIdentity.issuer == issuer,
                                                          OidcIdentity.subject == subject))
    if linked is not None:
        user = db.session.get(User, linked.user_id)
    else:
        email = _verified_email(s, claims)
        user = find_by_email(email)
        if user is None:
            if (s.get("unknown_users") or "refuse") != "create":
                raise Forbidden(_("There is no account for %(email)s here: ask an administrator to invite you",
                                  email=email))
            name = claims.get("name") if isinstance(claims.get("name"), str) and claims.get("name").strip() else email
            from . import emails
            email = emails.normalise(email)
            problem = emails.lookalike_error(email)
            if problem:
                raise Forbidden(problem)
            user = User(email=email, name=name.strip()[:120], password_hash=None)
            db.session.add(user)
            db.session.flush()
        elif user.password_hash is not None:
            if not user.is_active:
                raise Forbidden(_("This account is disabled"))
            return "link", user
        db.session.add(OidcIdentity(user_id=user.id, issuer=issuer, subject=subject))
    if user is None or not user.is_active:
        raise Forbidden(_("This account is disabled"))
    _memberships(s, user, claims)
    return "user", user


def _memberships(s, user, claims):
    """The group claim's groups that the settings map to portals give a membership there (view, or admin)."""
    mapping = s.get("groups") or {}
    groups = claims.get(s.get("group_claim") or "", []) if s.get("group_claim") else []
    if isinstance(groups, str):
        groups = [groups]
    for group in groups if isinstance(groups, list) else []:
        target = mapping.get(group)
        if target is None:
            continue
        portal_id, __, role = str(target).partition(":")
        portal = db.session.get(Module, int(portal_id)) if portal_id.isdigit() else None
        if portal is None or portal.level != 1:
            continue
        m = db.session.scalar(select(Membership).where(Membership.module_id == portal.id,
                                                       Membership.user_id == user.id))
        if m is None:
            m = Membership(module_id=portal.id, user_id=user.id, role="User", allow_view=True)
            db.session.add(m)
        if role == "admin":
            m.admin = m.allow_view = m.allow_edit = m.allow_create = m.allow_delete = True
    from .. import permissions
    permissions.forget(user)


def _signed_on(s, user):
    """After the provider's answer: the account's own second factor unless the brand lets the provider's replace
    it (OIDC_MFA=provider), then the session."""
    from . import mfa
    return mfa.second_step(user, "sso", second_factor=(s.get("mfa") or "").lower() != "provider")


def finish(host, code, state):
    s = settings(host)
    if s is None:
        raise NotFound(_("Single sign-on is not configured here"))
    row = _take_state(state, s["brand"])
    meta = _provider(s["issuer"])[0]
    claims = verify_id_token(s, _exchange(s, meta, code, row.verifier), row.nonce)
    kind, user = _account(s, claims)
    if kind == "link":
        from . import mfa
        db.session.commit()
        token = mfa.challenge(user, "link", "sso", issuer=s["issuer"], subject=str(claims["sub"]))
        return {"linkRequired": True, "linkToken": token, "email": user.email}
    return _signed_on(s, user)


def link_with_password(host, token, password):
    """The password of the account an identity provider named: the identity is linked to it (once), then the
    sign-in goes on as after single sign-on. A wrong password counts like a wrong sign-in."""
    from . import mfa
    from .accounts import verify_password
    row, user = mfa.read_challenge(token, ("link",))
    s = settings(host)
    if s is None or s["issuer"] != row.issuer:
        raise Unauthorized(mfa.EXPIRED)
    if not verify_password(user, password):
        from . import sessions
        sessions.log(user, "sign_in_failed", "linking single sign-on")
        mfa.failed_attempt(row)
        db.session.commit()
        raise Unauthorized(_("Invalid password"))
    mfa.use(row)
    if db.session.scalar(select(OidcIdentity.id).where(OidcIdentity.issuer == row.issuer,
                                                       OidcIdentity.subject == row.subject)) is None:
        db.session.add(OidcIdentity(user_id=user.id, issuer=row.issuer, subject=row.subject))
    from . import sessions
    sessions.log(user, "sso_linked", row.issuer)
    db.session.commit()
    return _signed_on(s, user)


def link(email, issuer, subject):
    """`flask link-sso`: a sysadmin links an account to a provider's identity (issuer and subject)."""
    from .accounts import find_by_email
    user = find_by_email(email)
    if user is None:
        raise NotFound(f"No account {email}")
    if db.session.scalar(select(OidcIdentity.id).where(OidcIdentity.issuer == issuer,
                                                       OidcIdentity.subject == subject)) is not None:
        raise Conflict("This identity is already linked to an account")
    db.session.add(OidcIdentity(user_id=user.id, issuer=issuer, subject=subject))
    from . import sessions
    sessions.log(user, "sso_linked", f"{issuer} (by a sysadmin)")
    db.session.commit()
    return user
