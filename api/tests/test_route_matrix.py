"""The permission matrix, generated from the app's route table (issue 10, point 2b).

Every (endpoint, method) under /api and /json has a row in MATRIX: one or more cases, each a request on a real
object of the world with the status every role must get. A route without a row, or a row without a route, fails
`test_every_route_has_a_row`. The world is built again after any write that succeeded; a refused write must leave
it as it was.

Roles, acting on project P of a portal (the world has one of every item on P):
  none             no token
  outsider         signed in, no membership in the portal
  viewer           view on P
  editor           view + edit + create on P
  edit_delete      view + edit + delete on P (no create, not admin)
  inherited_admin  admin on the portal above P
  direct_admin     admin on P itself
  superuser        system superuser
The same memberships sit on L, a locked sibling of P, for the lock cases.

Expectations come from the rules (spec §6 and §7, `api/permissions.py`): 401 without a token, 404 when the
module is invisible, 403 when a right is missing, 423 when a lock blocks an action that needs a right the
user holds, else the success status. A membership is changed or removed only by someone holding every right
it holds and edit+delete (delete to remove); the last admin of a portal stays (409).

Links: every link a role is offered, anywhere in the views of the world, is called with its operation the way
the webapp does (the GET form first where there is one, then POST with the form's `_method`) and must be
permitted; every case a role is permitted names the link that offers it (or its endpoint is in LINKLESS), and
that link must be offered; every link's route must be an endpoint of the app.
"""
import copy
import hashlib
import io
import json
import os
import re
import secrets
from dataclasses import dataclass
from datetime import timedelta
from types import SimpleNamespace
from typing import Callable, Optional
from urllib.parse import parse_qs, urlsplit

import pytest
from PIL import Image
from sqlalchemy import insert, update
from werkzeug.exceptions import MethodNotAllowed, NotFound

from api.extensions import db as _db
from api.forms import make_token
from api.models import (Article, Baseline, BaselineDate, Brand, CalendarFeed, CloneConfig, Comment, CustomField,
                        CustomValue, Deliverable, FileVersion, SavedView,
                        Invitation, Membership, Metric, Module, Notification, PasswordReset, PicklistOption, Reference,
                        Recurrence, Relation, Report, User, VaultFile, Watch, Webhook, WebhookDelivery)
from api.models import TimeEntry, Timesheet  # issue 45 (timesheets)
from api.models import TimeActivity  # issue 45 (time)
from api.models import ImportJob  # issue 46 (imports)
from api.models.base import utcnow
from api.services import accounts, background, storage
from api.services import invitations as invitations_service
from api.services.platforms import PORTAL

from .conftest import PASSWORD, claim_shared_data, reset_database, root

ROLES = ("none", "outsider", "viewer", "editor", "edit_delete", "inherited_admin", "direct_admin", "superuser")
PEOPLE = ROLES[1:] + ("author", "spare")  # author: a plain member who wrote a comment; spare: added by address
ALL = frozenset({"view", "create", "edit", "delete", "admin"})

# Rights each role holds on P (and on L, which has the same memberships); None: not signed in.
ON_PROJECT = {"none": None, "outsider": frozenset(), "viewer": frozenset({"view"}),
              "editor": frozenset({"view", "edit", "create"}), "edit_delete": frozenset({"view", "edit", "delete"}),
              "inherited_admin": ALL, "direct_admin": ALL, "superuser": ALL}
# ... and on the portal above it (only its admin and the superuser see it).
ON_PORTAL = {role: (None if role == "none" else ALL if role in ("inherited_admin", "superuser") else frozenset())
             for role in ROLES}

MEMBER_FLAGS = {
    "viewer": dict(allow_view=True),
    "editor": dict(allow_view=True, allow_edit=True, allow_create=True),
    "edit_delete": dict(allow_view=True, allow_edit=True, allow_delete=True),
    "direct_admin": dict(admin=True, allow_view=True, allow_edit=True, allow_create=True, allow_delete=True),
    "author": dict(allow_view=True),
}
DRAFT = json.dumps({"blocks": [{"key": "k1", "text": "Hello", "type": "unstyled", "depth": 0,
                                "inlineStyleRanges": [], "entityRanges": []}], "entityMap": {}})
REFUSED = {401, 403, 404, 405, 423}
WRITING_GETS = {"module.delete", "module.reindex", "live.authorize"}  # GET routes that change data
BODY_WRITES = {"invitation.accept_signed_in", "reset_password.reset_password"}  # their bodies add rows first

pytestmark = pytest.mark.shared_data  # the `world` fixture decides when to empty the database


# --- expectations ---------------------------------------------------------------------------------------

def needs(*rights, success=200, on=ON_PROJECT, locked=False, **override):
    """Statuses by role for an action needing `rights` on the module: 401 / 404 / 403 / 423 / success."""
    out = {}
    for role in ROLES:
        held = on[role]
        if held is None:
            out[role] = 401
        elif "view" not in held:
            out[role] = 404
        elif not set(rights) <= held:
            out[role] = 403
        elif locked:
            out[role] = 423
        else:
            out[role] = success
    out.update(override)
    return out


def signed_in(success=200):
    return {role: 401 if role == "none" else success for role in ROLES}


def public(success=200):
    return {role: success for role in ROLES}


def ok(status):
    return 200 <= status < 300


# --- the world ------------------------------------------------------------------------------------------

_CACHE = {}


def _password_hash():
    if "hash" not in _CACHE:
        _CACHE["hash"] = accounts.hash_password(PASSWORD)
    return _CACHE["hash"]


def png_bytes():
    if "png" not in _CACHE:
        out = io.BytesIO()
        Image.new("RGB", (8, 8), (200, 30, 30)).save(out, "PNG")
        _CACHE["png"] = out.getvalue()
    return _CACHE["png"]


def _stored(kind, name, data):
    """A stored file under a fixed name, written again if a destructive case (or another test) removed it."""
    _SNAPSHOT.setdefault("files", {})[(kind, name)] = data
    path = storage.path_of(kind, name)
    if not os.path.exists(path):
        with open(path, "wb") as fh:
            fh.write(data)
    return name


class World(SimpleNamespace):
    """Ids of everything built, by key (`w.P`, `w.file`, `w.m["author"]`...), and `w.key_of[(kind, id)]`."""

    def keep(self, kind, key, obj_id):
        self.ids[key] = obj_id
        self.key_of[(kind, obj_id)] = key
        return obj_id


def _insert(model, rows):
    """Insert rows in one statement; their ids, in order."""
    return list(_db.session.scalars(insert(model).returning(model.id, sort_by_parameter_order=True), rows))


def make_invitation(module_id, email, by_id):
    nonce = secrets.token_urlsafe(24)
    (inv_id,) = _insert(Invitation, [dict(module_id=module_id, email=email, invited_by_id=by_id, allow_view=True,
                                          token_hash=hashlib.sha256(nonce.encode()).hexdigest(),
                                          expires=utcnow() + timedelta(days=14))])
    return inv_id, invitations_service._serializer().dumps({"i": inv_id, "n": nonce})


def _root():
    """The platform root (reset_database puts it back with the same id every time)."""
    if "root" not in _CACHE:
        r = root()
        _CACHE["root"] = SimpleNamespace(id=r.id, path=r.path, platform=r.platform)
    return _CACHE["root"]


# The world's rows as the first build_world made them, put back by the next ones (a world is rebuilt after every
# write that succeeded, hundreds of times a run: one INSERT a table instead of building it again).
_SNAPSHOT = {}


def _rows(conn):
    """{table: {primary key: row}} of every table but the search documents and words (their triggers write them),
    in key order: put back in that order, a parent module comes before its children (read in the order PostgreSQL
    keeps them, an updated parent's row could come after them, and the replay broke the parent key)."""
    return {t: {tuple(r._mapping[c.name] for c in t.primary_key.columns): dict(r._mapping)
                for r in conn.execute(t.select().order_by(*t.primary_key.columns))}
            for t in _db.metadata.sorted_tables if t.name not in ("search_doc", "search_word")}


def build_world():
    """The world, on a database just emptied by reset_database: built the first time, its rows put back as they
    were (the same ids, the same tokens) after that."""
    s = _db.session
    if "rows" in _SNAPSHOT:
        for t, rows in _SNAPSHOT["rows"]:
            s.execute(insert(t), rows)
        for (kind, name), data in _SNAPSHOT["files"].items():
            _stored(kind, name, data)
        s.commit()
        return copy.deepcopy(_SNAPSHOT["world"])
    before = _rows(s.connection())
    w = _build_world()
    after = _rows(s.connection())
    assert all(after[t].get(key) == row for t in before for key, row in before[t].items()), \
        "building the world changed rows it did not make: putting its own back would not rebuild it"
    _SNAPSHOT["rows"] = [(t, [row for key, row in after[t].items() if key not in before[t]]) for t in after
                         if after[t].keys() - before[t].keys()]
    _SNAPSHOT["world"] = copy.deepcopy(w)
    return w


def _build_world():
    """A portal with P (phase, task) and a locked L, the role memberships, and one of every item on P.
    Bulk inserts in one transaction (about twenty statements, no HTTP)."""
    s = _db.session
    w = World(ids={}, key_of={}, users={"none": None}, m={}, own_comment={}, own_comment_L={}, own_notification={},
              own_view={}, own_feed={})
    avatar = _stored("avatars", "matrix-avatar.png", png_bytes())
    ids = _insert(User, [dict(email=f"{key.replace('_', '-')}@example.org", name=key.replace("_", " ").title(),
                              is_superuser=key == "superuser", password_hash=_password_hash(),
                              avatar=avatar if key == "author" else None) for key in PEOPLE])
    people = dict(zip(PEOPLE, ids))
    for key, uid in people.items():
        w.users[key] = SimpleNamespace(id=uid, email=f"{key.replace('_', '-')}@example.org", key=key)
        w.keep("user", "user_" + key, uid)

    r = _root()
    paths = {}

    def modules(parent_path, parent_id, level, *specs):
        out = _insert(Module, [dict(parent_id=parent_id, name=name, type=type_, platform=r.platform, level=level,
                                    idx=idx, locked=locked, path="/") for name, type_, idx, locked in specs])
        for (name, *_), mid in zip(specs, out):
            paths[mid] = f"{parent_path}{mid}/"
            setattr(w, name, w.keep("module", name, mid))
        return out

    (portal,) = modules(r.path, r.id, 1, ("portal", PORTAL, 0, False))
    p, locked = modules(paths[portal], portal, 2, ("P", "4rineu_project", 0, False), ("L", "4rineu_project", 1, True))
    (phase,) = modules(paths[p], p, 3, ("phase", "4rineu_phase", 0, False))
    task, task2, _ = modules(paths[phase], phase, 4, ("task", "4rineu_task", 0, False),
                             ("task2", "4rineu_task", 1, False), ("task3", "4rineu_task", 2, False))
    for mid, path in paths.items():  # (by WHERE: an update by primary key of a versioned model wants its version)
        s.execute(update(Module).where(Module.id == mid).values(path=path))

    # The portal's checklist field (as services.modules.add_default_fields makes it) and P's own text field.
    checklist, notes = _insert(CustomField, [
        dict(module_id=portal, attribute="checklist_status", label="Completed", type="PICKLIST", idx=0),
        dict(module_id=p, attribute="notes", label="Notes", type="TEXT", idx=1)])
    _insert(PicklistOption, [dict(field_id=checklist, value="not_completed", label="Not completed", idx=0),
                             dict(field_id=checklist, value="completed", label="Completed", idx=1)])

    admin = dict(admin=True, allow_view=True, allow_edit=True, allow_create=True, allow_delete=True)
    rows = [("portal_admin", dict(module_id=portal, user_id=people["inherited_admin"], **admin))]
    for person, flags in MEMBER_FLAGS.items():
        rows.append((person, dict(module_id=p, user_id=people[person], **flags)))
        rows.append(("L_" + person, dict(module_id=locked, user_id=people[person], **flags)))
    for (key, _), mid in zip(rows, _insert(Membership, [row for _, row in rows])):
        w.m[key] = w.keep("membership", "m_" + key, mid)

    author = people["author"]

    def one(kind, key, model, **values):
        (obj_id,) = _insert(model, [values])
        setattr(w, key, w.keep(kind, key, obj_id))
        return obj_id

    one("deliverable", "deliverable", Deliverable, module_id=p, status="NOT_STARTED")
    one("article", "article", Article, module_id=p, title="Article", content=DRAFT, created_by_id=author)
    w.file, w.file_locked = [w.keep("file", key, fid) for key, fid in zip(("file", "file_locked"), _insert(VaultFile, [
        dict(module_id=p, title="File", filename="file.txt", mime="text/plain", filesize=5, created_by_id=author,
             stored_name=_stored("files", "matrix-file.txt", b"hello"), text_state="done", text="hello",
             thumb=_stored("thumbs", "matrix-thumb.png", b"\x89PNG\r\n\x1a\n")),
        dict(module_id=p, title="Locked file", filename="locked.txt", mime="text/plain", filesize=6, locked=True,
             created_by_id=author, stored_name=_stored("files", "matrix-locked.txt", b"locked"),
             text_state="failed", text_error="invalid")]))]
    w.reference, w.reference_locked = [w.keep("reference", key, rid) for key, rid in zip(
        ("reference", "reference_locked"), _insert(Reference, [
            dict(module_id=p, title="Reference", url="https://example.org/", resource_type="LINK",
                 created_by_id=author),
            dict(module_id=p, title="Locked reference", url="https://example.org/l", resource_type="LINK",
                 locked=True, created_by_id=author)]))]
    # Someone else's comment on P and on L, and each role's own comment on both.
    comments = [("comment", p, author), ("comment_L", locked, author)]
    comments += [("own_" + role, p, people[role]) for role in ROLES[1:]]
    comments += [("own_L_" + role, locked, people[role]) for role in ROLES[1:]]
    for (key, mid, uid), cid in zip(comments, _insert(Comment, [dict(module_id=mid, content=f"{key} says hello",
                                                                     created_by_id=uid) for key, mid, uid in comments])):
        w.keep("comment", key, cid)
    w.comment, w.comment_L = w.ids["comment"], w.ids["comment_L"]
    for role in ROLES[1:]:
        w.own_comment[role], w.own_comment_L[role] = w.ids["own_" + role], w.ids["own_L_" + role]
    w.checklist, w.field = w.keep("field", "checklist", checklist), w.keep("field", "field", notes)
    report = one("report", "report", Report, module_id=p, layout="[]")
    one("template", "template", CloneConfig, module_id=p, name="Template", config="{}", created_by_id=author)
    one("brand", "brand", Brand, module_id=p, logo=_stored("logos", "matrix-logo.png", png_bytes()),
        logo_size=len(png_bytes()), logo_mime="image/png")
    one("version", "version", FileVersion, file_id=w.file, module_id=p, filename="old.txt", mime="text/plain", filesize=3,
        stored_name=_stored("files", "matrix-version.txt", b"old"), created_by_id=author)
    one("value", "value", CustomValue, field_id=notes, module_id=p, stringval="A note", user_id=author)
    one("metric", "metric", Metric, report_id=report, module_id=p, title="Metric", attribute="notes")
    inv_id, w.invitation_token = make_invitation(p, "invitee@example.org", people["direct_admin"])
    w.invitation = w.keep("invitation", "invitation", inv_id)
    # Events: everyone watches the phase (its unwatch link); each person has a notification of their own; the portal
    # has a webhook (to an address deliveries refuse at once: no network) with one delivery.
    _insert(Watch, [dict(user_id=uid, module_id=phase, portal_id=portal, state="watching", reason="manual",
                         updated=utcnow()) for uid in people.values()])
    for key, nid in zip(PEOPLE, _insert(Notification, [dict(user_id=uid, kind="comment", module_id=p, portal_id=portal,
                                                           category="comment", text="commented", created=utcnow())
                                                      for uid in people.values()])):
        w.own_notification[key] = w.keep("notification", "own_notification_" + key, nid)
    one("webhook", "webhook", Webhook, module_id=portal, url="http://10.255.255.1/hook", kinds="*",
        secret="whsec_" + "A" * 32, created_by_id=people["inherited_admin"])
    (delivery,) = _insert(WebhookDelivery, [dict(webhook_id=w.webhook, event_id=None, msg_id="msg_1", kind="comment.add",
                                                 payload="{}", status="failed")])
    w.delivery = w.keep("webhook_delivery", "delivery", delivery)
    # Relations (issue 42): task precedes task2; P precedes the locked L.
    w.relation, w.relation_L = [w.keep("relation", key, rid) for key, rid in zip(("relation", "relation_L"), _insert(
        Relation, [dict(portal_id=portal, from_id=a, to_id=b, low_id=min(a, b), high_id=max(a, b), kind="FS", lag=0,
                        created=utcnow()) for a, b in ((task, task2), (p, locked))]))]
    s.execute(insert(Recurrence), [dict(module_id=p, unit="MONTH", every=1, day=5)])
    one("baseline", "baseline", Baseline, module_id=p, name="Grant agreement", created=utcnow())
    s.execute(insert(BaselineDate), [dict(baseline_id=w.baseline, module_id=p)])
    from api.services.events import mailing
    w.unsubscribe_token = mailing.unsubscribe_token(author, "mention")
    # Issue 44: everyone's own private view of P, and the author's shared one (the spare's is private: nobody
    # else's); everyone's own calendar feed, the author's at a secret address the world knows.
    for key, vid in zip(PEOPLE, _insert(SavedView, [dict(owner_id=uid, module_id=p, kind="board", name=f"{key}'s view",
                                                         state="{}", shared=False, created=utcnow(), updated=utcnow())
                                                    for uid in people.values()])):
        w.own_view[key] = w.keep("saved_view", "own_view_" + key, vid)
    (shared_view,) = _insert(SavedView, [dict(owner_id=author, module_id=p, kind="tasks", name="Shared view",
                                              state="{}", shared=True, created=utcnow(), updated=utcnow())])
    w.view_shared = w.keep("saved_view", "view_shared", shared_view)
    w.feed_secret = "matrix-feed-" + "s" * 32
    from api.services.calendar_feeds import digest
    for key, fid in zip(PEOPLE, _insert(CalendarFeed, [dict(user_id=uid, name=f"{key}'s feed", scope="mine",
                                                            secret_hash=digest(w.feed_secret if key == "author" else
                                                                               f"matrix-feed-{key}-{'t' * 30}"),
                                                            created=utcnow()) for key, uid in people.items()])):
        w.own_feed[key] = w.keep("calendar_feed", "own_feed_" + key, fid)
    # Issue 45 (timesheets): the author's time on the task in March 2026 and that month submitted (`sheet`); each
    # role's own March submitted too (nobody decides their own). The outsider works elsewhere.
    from datetime import date
    s.execute(insert(TimeEntry), [dict(module_id=task, portal_id=portal, user_id=author, day=date(2026, 3, 2),
                                       minutes=90, organisation="Acme", note="")])
    w.own_sheet, sheet_people = {}, ("author",) + ROLES[2:]
    for key, sid in zip(sheet_people, _insert(Timesheet, [dict(user_id=people[k], portal_id=portal,
                                                               month=date(2026, 3, 1), state="SUBMITTED",
                                                               comment="", submitted=utcnow())
                                                          for k in sheet_people])):
        if key == "author":
            w.sheet = w.keep("timesheet", "sheet", sid)
        else:
            w.own_sheet[key] = w.keep("timesheet", "own_sheet_" + key, sid)
    # Issue 45 (time): the portal's activities (a form's GET makes them where there are none), and everyone's own
    # time on P in January 2026 (the author's is someone else's for every role); the author's time on the task
    # (above) is known too, its links being offered in P's list.
    _insert(TimeActivity, [dict(portal_id=portal, name=name, idx=i, active=True)
                           for i, name in enumerate(("Research", "Management"))])
    w.own_time = {}
    for key, eid in zip(PEOPLE, _insert(TimeEntry, [dict(module_id=p, portal_id=portal, user_id=uid,
                                                         day=date(2026, 1, 12), minutes=60, organisation="", note="")
                                                    for uid in people.values()])):
        w.own_time[key] = w.keep("time_entry", "own_time_" + key, eid)
    w.keep("time_entry", "time_on_task", s.scalar(_db.select(TimeEntry.id).where(TimeEntry.module_id == task)))
    # Issue 46 (imports): the platform root (its superusers import a portal archive under it: its `import_portal`
    # link), and two import jobs of the portal, started by its admin: one queued (its cancel link), one done that
    # made P (its module link).
    w.root = w.keep("module", "root", r.id)
    done_report = json.dumps({"created": {"modules": 1}, "updated": {}, "skipped": [], "moduleId": p})
    jobs = (("import_job", dict(state="QUEUED")),
            ("import_done", dict(state="DONE", phase="writing", done=1, total=1, finished=utcnow(),
                                 report=done_report)))
    for (key, _), jid in zip(jobs, _insert(ImportJob, [
            dict(module_id=portal, user_id=people["inherited_admin"], kind="mspdi", title="plan.xml", options="{}",
                 created=utcnow(), **values) for _, values in jobs])):
        setattr(w, key, w.keep("import_job", key, jid))
    s.commit()
    return w


# Sign-in bookkeeping, written by every new token of the tests (issue 18): not the world.
BOOKKEEPING = {"user_session", "security_event"}


def fingerprint():
    """Rows per table, in one query: every write adds a feed entry, so a refused write that wrote shows here."""
    q = _db.select(*[_db.select(_db.func.count()).select_from(t).scalar_subquery().label(t.name)
                     for t in _db.metadata.sorted_tables if t.name not in BOOKKEEPING])
    return tuple(_db.session.execute(q).one())


# The world of this module's tests: rebuilt after a call that may have changed it (a write that succeeded, or
# any test that emptied the database), kept after reads and refused writes (their answer changed nothing).
_WORLD = {}


@pytest.fixture
def world(request, db):
    from .conftest import _STATE
    if _WORLD.get("generation") != _STATE["generation"] or _WORLD.get("dirty", True):
        claim_shared_data(request)
        _WORLD.update(world=build_world(), generation=_STATE["generation"], dirty=False, rows=None)
        _WORLD["rows"] = fingerprint()
    w = _WORLD["world"]
    w.role = None
    return w


_TOKENS = {}


def bearer(user):
    """A token as /json/login gives it, one per user of each world (a world is built after an emptied database)."""
    if user is None:
        return {}
    from .conftest import _STATE
    key = (_STATE["generation"], user.id)
    if key not in _TOKENS:
        if len(_TOKENS) > 100:
            _TOKENS.clear()
        _TOKENS[key] = accounts.token_for(_db.session.get(User, user.id))["token"]
    return {"Authorization": "Bearer " + _TOKENS[key]}


# --- bodies: a minimal valid one per endpoint -------------------------------------------------------------

@dataclass
class Body:
    data: dict
    kind: str = "form"  # form (urlencoded), multipart (has files), json


def _field_value(field_obj):
    t = field_obj.type
    if t == "PICKLIST":
        return {"option": field_obj.options[-1].value}
    if t == "NUMERIC":
        return {"numval": "7"}
    if t == "DATE":
        return {"dateval": "2031-01-01"}
    if t == "DATED_NUMERIC":
        return {"numval": "7", "dateval": "2031-01-01"}
    return {"stringval": "A value"}


def _membership_flags(membership_id):
    m = _db.session.get(Membership, membership_id)
    return {"role": m.role, "admin": int(m.admin), "allowCreate": int(m.allow_create), "allowView": int(m.allow_view),
            "allowEdit": int(m.allow_edit), "allowDelete": int(m.allow_delete)}


def _first_descendant(module_id):
    m = _db.session.get(Module, module_id)
    return _db.session.scalar(_db.select(Module.id).where(Module.path.like(m.path + "%"), Module.id != m.id)
                              .order_by(Module.id))


def _parent_of(module_id):
    return _db.session.get(Module, module_id).parent_id


def _accept_own_invitation(w, actor, args):
    email = actor.email if actor else "nobody@example.org"
    _, token = make_invitation(w.P, email, w.users["direct_admin"].id)
    _db.session.commit()
    return Body({"token": token}, "json")


def _reset_password(w, actor, args):
    token = secrets.token_urlsafe(16)
    _db.session.add(PasswordReset(user_id=w.users["author"].id, token_hash=hashlib.sha256(token.encode()).hexdigest(),
                                  expires=utcnow() + timedelta(hours=1)))
    _db.session.commit()
    from api.blueprints.accounts.routes import _csrf
    return Body({"reset_password_form[password][first]": "new-secret-1", "reset_password_form[password][second]":
                 "new-secret-1", "reset_password_form[token]": token,
                 "reset_password_form[csrf_token]": _csrf().dumps("reset-password")})


def _custom_field_def(w, actor, args):
    f = _db.session.get(CustomField, args["field_id"])
    data = {"label": f.label + " (renamed)", "attribute": f.attribute, "type": f.type, "targetType": "all"}
    if f.type == "PICKLIST":
        data["options"] = "\n".join(f"{o.value}|{o.label}" for o in f.options)
    return Body(data)


def _const(data, kind="form"):
    return lambda w, actor, args: Body(dict(data), kind)


def _files(**names):
    return lambda w, actor, args: Body({k: (io.BytesIO(png_bytes()), v) for k, v in names.items()}, "multipart")


BODIES = {
    "accounts.login": lambda w, actor, args: Body(
        {"username": (actor or w.users["outsider"]).email, "password": PASSWORD}, "json"),
    "accounts.forgot_password": _const({"email": "nobody@example.org"}, "json"),
    "reset_password.reset_password": _reset_password,
    "profile.edit": _const({"name": "Renamed person"}, "json"),
    "avatar.avatar_edit": _files(avatar="me.png"),
    "invitation.accept": lambda w, actor, args: Body(
        {"token": w.invitation_token, "name": "Newcomer", "password[first]": "new-secret-1",
         "password[second]": "new-secret-1"}),
    "invitation.accept_signed_in": _accept_own_invitation,
    "invitation.invite": _const({"email": "colleague@example.org", "allowView": "1"}),
    "membership.add": lambda w, actor, args: Body({"email": w.users["spare"].email, "allowView": "1"}),
    "membership.edit": lambda w, actor, args: Body(_membership_flags(args["membership_id"])),  # as it is
    "module.add": _const({"name": "New child"}),
    "module.edit": _const({"name": "Renamed"}),
    "brand.save_logo": _files(logo="logo.png"),
    "clone.clone": lambda w, actor, args: Body({"name": "Copy", "parentId": _parent_of(args["module_id"])}),
    "clone_config.add": _const({"name": "Template 2"}),
    "clone_config.edit": _const({"name": "Template renamed"}),
    "clone_config.manage": lambda w, actor, args: Body({"include": "0", "entityType": "module", "id": args["template_id"],
                                                        "entityId": _first_descendant(args["module_id"])}),
    "comment.add": _const({"content": "A comment"}),
    "comment.reply": _const({"content": "A reply"}),
    "comment.edit": _const({"content": "Edited"}),
    "custom_field_def.add": _const({"label": "Floors", "type": "NUMERIC"}),
    "custom_field_def.edit": _custom_field_def,
    "custom_field.value_add": lambda w, actor, args: Body(_field_value(_db.session.get(CustomField, args["field_id"]))),
    "custom_field.value_edit": lambda w, actor, args: Body(_field_value(_db.session.get(
        CustomField, _db.session.get(CustomValue, args["value_id"]).field_id))),
    "deliverable.add": _const({"status": "IN_PROGRESS"}),
    "deliverable.edit": _const({"status": "COMPLETED"}),
    "deliverable.edit_start_date": _const({"startDate": "2031-01-01"}),
    "deliverable.edit_dates": _const({"startDate": "2031-01-01", "deadline": "2031-02-01"}),
    "deliverable.edit_owner": _const({"ownerId": ""}),
    "deliverable.edit_deadline": _const({"deadline": "2031-02-01"}),
    "deliverable.edit_commence_date": _const({"commencedDate": "2031-01-02"}),
    "deliverable.edit_completion_date": _const({"completionDate": "2031-01-30"}),
    "deliverable.add_start_date": _const({"startDate": "2031-01-01"}),
    "deliverable.add_deadline": _const({"deadline": "2031-02-01"}),
    "deliverable.add_commence_date": _const({"commencedDate": "2031-01-02"}),
    "deliverable.add_completion_date": _const({"completionDate": "2031-01-30"}),
    "reference.add": _const({"title": "Reference 2", "url": "https://example.org/2", "resourceType": "LINK"}),
    "reference.edit_ref": _const({"title": "Reference renamed", "url": "https://example.org/3",
                                  "resourceType": "DOCUMENT"}),
    "report.save_layout": _const({"layout": "[]"}),
    "report.metric_add": _const({"title": "Metric 2", "attribute": "notes"}),
    "report.metric_edit": _const({"title": "Metric renamed"}),
    "vault.upload": lambda w, actor, args: Body({"file": (io.BytesIO(b"new bytes"), "new.txt"), "title": "New"},
                                                "multipart"),
    "vault.edit": _const({"title": "File renamed"}),
    "article.add": _const({"title": "Article 2", "content": DRAFT}),
    "notification.preferences": _const({"mention": "never", "task": "immediate", "comment": "digest",
                                        "file": "never"}),
    "webhook.add": _const({"url": "https://hooks.example.org/a", "kinds": "comment,file", "active": "1"}),
    "webhook.edit": _const({"url": "https://hooks.example.org/b", "kinds": "*", "active": "1"}),
    "article.edit": _const({"title": "Article renamed", "content": DRAFT}),
    # 'relates to' task3 fits any module of P's subtree (it sets no date: a module above it may relate to it).
    "relation.add": lambda w, actor, args: Body({"other": w.task3, "kind": "RELATES", "lag": "0"}),
    "relation.edit": _const({"kind": "SS", "lag": "1"}),
    "relation.preview": _const({"startDate": "2026-03-02", "deadline": "2026-03-06"}),
    "saved_view.add": _const({"name": "Board 2", "kind": "board", "state": "{}"}),
    "saved_view.edit": _const({"name": "Renamed view", "state": '{"sort": "name"}'}),
    "calendar_feed.add": _const({"name": "Feed 2", "scope": "watched"}),
    "baseline.add": _const({"name": "Amendment 1"}),
    "recurrence.recurrence_save": _const({"unit": "WEEK", "every": "2", "day": "3"}),
    "planning.settings": _const({"holidays": "2026-12-25 Christmas", "projectMonths": "1"}),
}

# Issue 45 (timesheets): JSON bodies.
BODIES.update({
    "timesheet.cell": lambda w, actor, args: Body({"moduleId": w.task, "day": "2026-05-04", "minutes": 60}, "json"),
    "timesheet.submit": _const({"month": "2026-05"}, "json"),
    "timesheet.return_": _const({"comment": "Please add Friday"}, "json"),
})

# Issue 45 (time): an hour and a half the day after everyone's own hour; an entry's time changed; the settings.
BODIES.update({
    "time.add": _const({"day": "2026-01-13", "duration": "1.5"}),
    "time.edit": _const({"duration": "2"}),
    "time.settings": _const({"activities": "Research\nTravel", "hoursPerPersonMonth": "150", "periods": "M1-M12"}),
})

# Issue 45 (effort plan): a cell of P's plan for its phase (a work package), as JSON or as a CSV file.
BODIES.update({
    "effort.plan_save": lambda w, actor, args: Body({"cells": [{"moduleId": w.phase, "organisation": "Org A",
                                                                "personMonths": 2}]}, "json"),
    "effort.plan_import": lambda w, actor, args: Body({"file": (io.BytesIO(
        f"work package,organisation,person-months\n{w.phase},Org A,2\n".encode()), "plan.csv")}, "multipart"),
})


# Issue 46 (imports): a Redmine at a private address (the web form refuses it: 422, after the rights); a CSV work
# plan (its columns read, then imported); a one-task MS Project XML; the archive of the world's portal (exported
# once, as its superuser would).
REDMINE = {"url": "http://127.0.0.1:9", "key": "0123456789abcdef", "project": "renovation"}
PLAN_CSV = b"Name,WBS\nA,1\n"
MSPDI = (b'<?xml version="1.0" encoding="UTF-8"?><Project xmlns="http://schemas.microsoft.com/project"><Name>Plan'
         b'</Name><Tasks><Task><UID>1</UID><ID>1</ID><Name>Survey</Name><Type>1</Type><IsNull>0</IsNull>'
         b'<OutlineNumber>1</OutlineNumber><OutlineLevel>1</OutlineLevel><Summary>0</Summary></Task></Tasks>'
         b'</Project>')


def _portal_archive(w, actor, args):
    if "archive" not in _CACHE:
        from api.services.imports import archive
        out = io.BytesIO()
        archive.export(_db.session.get(User, w.users["superuser"].id), _db.session.get(Module, w.portal), out)
        _db.session.rollback()
        _CACHE["archive"] = out.getvalue()
    return Body({"file": (io.BytesIO(_CACHE["archive"]), "portal.zip")}, "multipart")


def _upload(data, name, **extra):
    return lambda w, actor, args: Body({"file": (io.BytesIO(data), name), **extra}, "multipart")


BODIES.update({
    "imports.redmine_probe": _const(REDMINE, "json"),
    "imports.redmine": _const(REDMINE, "json"),
    "imports.spreadsheet_columns": _upload(PLAN_CSV, "plan.csv"),
    "imports.spreadsheet": _upload(PLAN_CSV, "plan.csv", mapping='{"Name": "name", "WBS": "wbs"}'),
    "imports.mspdi": _upload(MSPDI, "plan.xml"),
    "imports.archive_import": _portal_archive,
})


# --- the matrix -----------------------------------------------------------------------------------------

@dataclass
class Case:
    url: Callable            # world -> path (and query)
    expect: dict             # role -> status
    label: str = ""
    body: Optional[Callable] = None   # (world, actor, args) -> Body; default BODIES[endpoint]
    link: Optional[tuple] = None      # (kind, key, name): the link that offers this call where it is permitted


MATRIX = {}


def row(endpoint, methods, *cases):
    for method in methods.split():
        assert (endpoint, method) not in MATRIX, (endpoint, method)
        MATRIX[(endpoint, method)] = list(cases)


def at(template):
    """'/api/x/{P}/{file}' with world ids."""
    return lambda w: template.format(**w.ids)


# Endpoints the API offers no link for, by design.
LINKLESS = {
    "accounts.login": "signing in precedes any link",
    "accounts.logout": "the session, not an item",
    "accounts.forgot_password": "signed-out page",
    "reset_password.reset_password_form": "reached from the mailed link",
    "reset_password.reset_password": "reached from the mailed link",
    "health.health": "operations",
    "openapi.openapi": "documentation",
    "invitation.view": "reached from the mailed link",
    "invitation.accept": "reached from the mailed link",
    "invitation.accept_signed_in": "reached from the mailed link",
    "profile.currentuser": "the signed-in user's own page",
    "profile.edit_form": "the signed-in user's own page",
    "profile.edit": "the signed-in user's own page",
    "avatar.avatar_edit": "the signed-in user's own page",
    "avatar.avatar_view": "avatar addresses are data (schemas.avatar_url)",
    "meta.platforms": "the platform table",
    "meta.platform_skeleton": "read with the module",
    "membership.list_entry_modules": "the start page",
    "membership.list_": "the members tab of a viewable module",
    "module.list_": "the children tab of a viewable module",
    "module.detailed_list_by_type": "the task lists of a viewable module",
    "discussion.list_": "the comments tab of a viewable module",
    "reference.list_refs": "the references tab of a viewable module",
    "article.list_": "the knowledge tab of a viewable module",
    "vault.view": "the files tab of a viewable module",
    "custom_field_def.list_": "the custom fields page of a viewable module",
    "report.show": "the data of a panel the report lists",
    "brand.find": "read with the module",
    # The 'templates' link stands for template management (edit); the list itself is read by anyone who can view
    # the module, to clone from a template (template_options).
    "clone_config.list_": "readable by viewers for cloning; the 'templates' link marks management (edit)",
    "module.add_templates": "an 'Add' dialog reads it beside the add_<type> link (the same right)",
    "invitation.list_": "the members table reads it where the module offers 'invite' (the same right)",
    "search.search": "the top bar's search box",
    # issue 44: the signed-in user's own work, and reads a module's page makes (its calendar, its board's lanes)
    "my_work.my_work": "the signed-in user's own page (My work)",
    "calendar.items": "the calendar reads it: the user's own items, or a viewable module's",
    "board.lanes": "the board of a viewable module reads it",
    "notification.list_": "the signed-in user's own notifications (the bell, /notifications)",
    "notification.read_all": "the signed-in user's own notifications (the bell's Mark all read)",
    "notification.preferences_form": "the signed-in user's own page (profile)",
    "notification.preferences": "the signed-in user's own page (profile)",
    "notification.unsubscribe_view": "reached from the mailed link",
    "notification.unsubscribe": "reached from the mailed link (one-click)",
    "live.user_ticket": "the signed-in user's own channel (the bell)",
    "live.authorize": "nginx asks it (auth_request); unreachable from outside",
    # issue 18: sign-in steps and the signed-in user's own account page (profile: security)
    **{e: "sign-in steps" for e in ("accounts.login_mfa", "accounts.login_mfa_enrol", "accounts.sso_config",
                                     "accounts.sso_start", "accounts.sso_callback", "accounts.sso_link")},
    **{f"account.{e}": "the signed-in user's own page (profile: security)" for e in (
        "change_password", "sessions_", "end_session", "end_other_sessions", "tokens", "create_token",
        "revoke_token", "mfa_status", "mfa_enrol", "mfa_confirm", "mfa_disable", "mfa_recovery_codes",
        "security_log")},
    # issue 44: saved views are read by a module's screens, which follow the list's own links.add (a list's top
    # links are not walked here); calendar feeds are the signed-in user's own page (the currentuser answer's
    # calendar_feeds link), and a feed is read by a calendar application at its secret address.
    "saved_view.list_": "the screens of a viewable module read it",
    "saved_view.add_form": "offered by the list's links.add",
    "saved_view.add": "offered by the list's links.add",
    "calendar_feed.list_": "the signed-in user's own page (currentuser's calendar_feeds link)",
    "calendar_feed.add_form": "the signed-in user's own page (the list's links.add)",
    "calendar_feed.add": "the signed-in user's own page (the list's links.add)",
    "calendar_feed.ical": "a calendar application reads it at its secret address",
}

# Module tree
row("module.view", "GET", Case(at("/api/module/view/{P}"), needs("view"), link=("module", "P", "view")))
row("module.list_", "GET", Case(at("/api/module/list/{P}"), needs("view")))
row("module.tree", "GET", Case(at("/api/module/tree/{P}"), needs("view"), link=("module", "P", "tree")))
row("module.detailed_list_by_type", "GET",
    Case(at("/api/module/detailed-list-by-type/4rineu_task/{P}"), needs("view")))
# Starting from a template (P's, a project) where a project is added: create on the portal, sight of the model.
ADD_PROJECT = needs("create", on=ON_PORTAL)
row("module.add_form", "GET",
    Case(at("/api/module/add/{P}/4rineu_phase"), needs("create"), link=("module", "P", "add_phase")),
    Case(at("/api/module/add/{portal}/4rineu_project?template={template}"), ADD_PROJECT, "from template",
         link=("template", "template", "add")))
row("module.add", "POST",
    Case(at("/api/module/add/{P}/4rineu_phase"), needs("create"), link=("module", "P", "add_phase")),
    Case(at("/api/module/add/{L}/4rineu_phase"), needs("create", locked=True), "locked"),
    Case(at("/api/module/add/{portal}/4rineu_project?template={template}"), ADD_PROJECT, "from template",
         body=lambda w, actor, args: Body({"name": "From template", "templateId": w.ids["template"]}),
         link=("template", "template", "add")))
row("module.add_templates", "GET", Case(at("/api/module/add/{portal}/4rineu_project/templates"), ADD_PROJECT))
row("module.edit_form", "GET", Case(at("/api/module/edit/{P}"), needs("edit"), link=("module", "P", "edit")))
row("module.edit", "POST PATCH", Case(at("/api/module/edit/{P}"), needs("edit"), link=("module", "P", "edit")))
row("module.edit", "PUT",
    Case(at("/api/module/edit/{P}"), needs("edit"), link=("module", "P", "edit")),
    Case(at("/api/module/edit/{L}"), needs("edit", locked=True), "locked"))
row("module.delete", "GET POST", Case(at("/api/module/delete/{P}"), needs("delete"), link=("module", "P", "delete")))
row("module.delete", "DELETE",
    Case(at("/api/module/delete/{P}"), needs("delete"), link=("module", "P", "delete")),
    Case(at("/api/module/delete/{L}"), needs("delete", locked=True), "locked"))
row("module.reindex", "GET",  # moving a child needs edit on its parent
    Case(at("/api/module/reindex/{phase}/0"), needs("edit"), link=("child", "phase", "reindex")))
row("module.lock", "PATCH",
    Case(at("/api/module/lock/{P}"), needs("admin"), link=("module", "P", "lock")),
    Case(at("/api/module/lock/{L}"), needs("admin", locked=True), "already locked"))
row("module.unlock", "PATCH",
    Case(at("/api/module/unlock/{L}"), needs("admin"), link=("module", "L", "unlock")),
    Case(at("/api/module/unlock/{P}"), needs("admin", success=409), "not locked"))
row("feed.list_", "GET", Case(at("/api/feed/list/{P}"), needs("view"), link=("module", "P", "feed")))
row("meta.platform_skeleton", "GET", Case(at("/api/meta/platform-skeleton/{P}"), needs("view")))
row("meta.platforms", "GET", Case(at("/api/meta/platforms"), signed_in()))

# Brand
row("brand.find", "GET", Case(at("/api/brand/find/{P}"), needs("view")))
row("brand.logo", "GET", Case(at("/api/brand/logo/{brand}"), needs("view"), link=("brand", "brand", "view_logo")))
row("brand.save_logo", "POST", Case(at("/api/brand/save-logo/{P}"), needs("edit"), link=("module", "P", "save_logo")))

# Cloning (making a new version) needs edit on the module (spec §6); a copy lands under a parent where one may
# create; the form is for those who could put a copy somewhere
# (F16), so it follows the clone link. The phase goes into P (create on P); P goes into the portal.
CLONE_PHASE = needs("view", "create", "edit")
CLONE_P = needs("view", **{role: 403 for role in ("viewer", "editor", "edit_delete", "direct_admin")})
row("clone.clone_form", "GET",
    Case(at("/api/clone/module/{phase}"), CLONE_PHASE, "phase", link=("module", "phase", "clone")),
    Case(at("/api/clone/module/{P}"), CLONE_P, "project", link=("module", "P", "clone")),
    Case(at("/api/clone/module/{P}?template={template}"), CLONE_P, "from template",
         link=("template", "template", "clone")))
row("clone.clone", "POST",
    Case(at("/api/clone/module/{phase}"), CLONE_PHASE, "phase into P", link=("module", "phase", "clone")),
    Case(at("/api/clone/module/{P}"), CLONE_P, "P into the portal", link=("module", "P", "clone")))
row("clone_config.list_", "GET", Case(at("/api/clone-config/list/{P}"), needs("view")))
row("clone_config.add_form", "GET",
    Case(at("/api/clone-config/add/{P}"), needs("edit"), link=("module", "P", "templates")))
row("clone_config.add", "POST", Case(at("/api/clone-config/add/{P}"), needs("edit"), link=("module", "P", "templates")))
row("clone_config.edit_form", "GET",
    Case(at("/api/clone-config/edit/{P}/{template}"), needs("edit"), link=("template", "template", "edit")))
row("clone_config.edit", "POST PUT PATCH",
    Case(at("/api/clone-config/edit/{P}/{template}"), needs("edit"), link=("template", "template", "edit")))
row("clone_config.manage_forms", "GET",
    Case(at("/api/clone-config/manage/{P}/{template}"), needs("edit"), link=("template", "template", "manage")))
row("clone_config.manage", "POST PUT PATCH",
    Case(at("/api/clone-config/manage/{P}/{template}"), needs("edit"), link=("template", "template", "manage")))
row("clone_config.delete", "DELETE POST",
    Case(at("/api/clone-config/delete/{P}/{template}"), needs("edit"), link=("template", "template", "delete")))

# Discussion: anyone who views comments and replies; the author edits; the author or whoever may delete on the
# module deletes; a lock blocks deleting (after the right: 403 before 423, as `require` orders them).
AUTHOR_ONLY = needs("view", **{role: 403 for role in ROLES[2:]})
row("discussion.list_", "GET", Case(at("/api/discussion/list/{P}"), needs("view")))
row("comment.add", "POST",
    Case(at("/api/comment/add/{P}"), needs("view"), link=("module", "P", "add_comment")),
    Case(at("/api/comment/add/{L}"), needs("view"), "locked", link=("module", "L", "add_comment")))
row("comment.reply", "POST",
    Case(at("/api/comment/reply/{P}/{comment}"), needs("view"), link=("comment", "comment", "reply")))
row("comment.edit_form", "GET",
    Case(at("/api/comment/edit/{P}/{comment}"), AUTHOR_ONLY, "someone else's"),
    Case(lambda w: f"/api/comment/edit/{w.P}/{w.own_comment.get(w.role, w.comment)}", needs("view"), "own",
         link=("comment", "own_{role}", "edit")))
row("comment.edit", "POST PUT PATCH",
    Case(at("/api/comment/edit/{P}/{comment}"), AUTHOR_ONLY, "someone else's"),
    Case(lambda w: f"/api/comment/edit/{w.P}/{w.own_comment.get(w.role, w.comment)}", needs("view"), "own",
         link=("comment", "own_{role}", "edit")))
row("comment.delete", "DELETE",
    Case(at("/api/comment/delete/{P}/{comment}"), needs("delete"), "someone else's",
         link=("comment", "comment", "delete")),
    Case(lambda w: f"/api/comment/delete/{w.P}/{w.own_comment.get(w.role, w.comment)}", needs("view"), "own",
         link=("comment", "own_{role}", "delete")),
    Case(at("/api/comment/delete/{L}/{comment_L}"), needs("delete", locked=True), "someone else's, locked"),
    Case(lambda w: f"/api/comment/delete/{w.L}/{w.own_comment_L.get(w.role, w.comment_L)}", needs("view", locked=True),
         "own, locked"))

# Articles
row("article.list_", "GET", Case(at("/api/article/list/{P}"), needs("view")))
row("article.view", "GET", Case(at("/api/article/view/{P}/{article}"), needs("view"),
                                link=("article", "article", "view")))
row("article.add", "POST",
    Case(at("/api/article/add/{P}"), needs("edit"), link=("module", "P", "add_article")),
    Case(at("/api/article/add/{L}"), needs("edit", locked=True), "locked"))
row("article.edit", "POST PUT PATCH",
    Case(at("/api/article/edit/{P}/{article}"), needs("edit"), link=("article", "article", "edit")))
row("article.delete", "DELETE",
    Case(at("/api/article/delete/{P}/{article}"), needs("delete"), link=("article", "article", "delete")))

# Vault: content needs edit, removing needs delete; a locked file or reference is neither edited nor removed.
row("vault.view", "GET", Case(at("/api/vault/view/{P}"), needs("view")))
row("vault.upload", "POST",
    Case(at("/api/vault/upload/{P}"), needs("edit"), link=("module", "P", "add_file")),
    Case(at("/api/vault/upload/{L}"), needs("edit", locked=True), "locked module"))
row("vault.edit_form", "GET",
    Case(at("/api/vault/edit/{P}/{file}"), needs("edit"), link=("file", "file", "edit")),
    Case(at("/api/vault/edit/{P}/{file_locked}"), needs("edit", locked=True), "locked file"))
row("vault.edit", "POST PUT PATCH",
    Case(at("/api/vault/edit/{P}/{file}"), needs("edit"), link=("file", "file", "edit")),
    Case(at("/api/vault/edit/{P}/{file_locked}"), needs("edit", locked=True), "locked file"))
row("vault.delete", "DELETE",
    Case(at("/api/vault/delete/{P}/{file}"), needs("delete"), link=("file", "file", "delete")),
    Case(at("/api/vault/delete/{P}/{file_locked}"), needs("delete", locked=True), "locked file"))
row("vault.lock_file", "PATCH",
    Case(at("/api/vault/lock-file/{P}/{file}"), needs("edit"), link=("file", "file", "lock")))
row("vault.unlock_file", "PATCH",
    Case(at("/api/vault/unlock-file/{P}/{file_locked}"), needs("edit"), link=("file", "file_locked", "unlock")))
row("vault.download", "GET",
    Case(at("/api/vault/download/{P}/{file}"), needs("view"), link=("file", "file", "download")))
row("vault.download_version", "GET",
    Case(at("/api/vault/download-version/{P}/{file}/{version}"), needs("view"),
         link=("version", "version", "download")))
# Issue 47: a file's thumbnail, preview (by a ticket: a forged one is 404 to all), read text, and reading it again
# (its editors; a locked file too: reading is no edit of it).
row("vault.thumbnail", "GET",
    Case(lambda w: f"/api/vault/thumbnail/{w.P}/{w.file}?v=matrix-thumb", needs("view"),
         link=("file", "file", "thumbnail")))
row("vault.preview_ticket", "GET",
    Case(at("/api/vault/preview-ticket/{P}/{file}"), needs("view"), link=("file", "file", "preview")))
row("vault.preview_file", "GET", Case(at("/api/vault/preview/{P}/{file}?t=forged"), public(404), "forged"))
row("vault.text", "GET", Case(at("/api/vault/text/{P}/{file}"), needs("view"), link=("file", "file", "text")))
row("vault.extract", "POST",
    Case(at("/api/vault/extract/{P}/{file_locked}"), needs("edit"), link=("file", "file_locked", "extract")))
# Relations (issue 42): changing one needs edit on both ends; the locked L as the other end refuses with 423.
row("relation.list_", "GET", Case(at("/api/relation/list/{task}"), needs("view"), link=("module", "task", "relations")))
row("relation.add_form", "GET",
    Case(at("/api/relation/add/{task}"), needs("edit"), link=("module", "task", "add_relation")),
    Case(at("/api/relation/add/{L}"), needs("edit", locked=True), "locked module"))
row("relation.add", "POST",
    Case(at("/api/relation/add/{task}"), needs("edit"), link=("module", "task", "add_relation")),
    Case(at("/api/relation/add/{L}"), needs("edit", locked=True), "locked module"))
row("planning.mspdi_export", "GET",
    Case(at("/api/planning/mspdi/{P}"), needs("view"), link=("module", "P", "export_mspdi")))
row("baseline.list_", "GET", Case(at("/api/baseline/list/{P}"), needs("view"), link=("module", "P", "baselines")))
row("baseline.add_form", "GET",
    Case(at("/api/baseline/add/{P}"), needs("edit"), link=("module", "P", "add_baseline")),
    Case(at("/api/baseline/add/{L}"), needs("edit", locked=True), "locked module"))
row("baseline.add", "POST",
    Case(at("/api/baseline/add/{P}"), needs("edit"), link=("module", "P", "add_baseline")),
    Case(at("/api/baseline/add/{L}"), needs("edit", locked=True), "locked module"))
row("baseline.slips", "GET",
    Case(at("/api/baseline/slips/{P}/{baseline}"), needs("view"), link=("baseline", "baseline", "slips")))
row("baseline.delete", "DELETE",
    Case(at("/api/baseline/delete/{P}/{baseline}"), needs("edit"), link=("baseline", "baseline", "delete")))
row("recurrence.recurrence_form", "GET",
    Case(at("/api/recurrence/edit/{P}"), needs("edit"), link=("deliverable", "deliverable", "edit_recurrence")))
row("recurrence.recurrence_save", "POST PUT",
    Case(at("/api/recurrence/edit/{P}"), needs("edit"), link=("deliverable", "deliverable", "edit_recurrence")))
row("recurrence.recurrence_stop", "DELETE",
    Case(at("/api/recurrence/stop/{P}"), needs("edit"), link=("deliverable", "deliverable", "stop_recurrence")))
row("relation.preview", "POST",
    Case(at("/api/relation/preview/{P}"), needs("edit"), link=("deliverable", "deliverable", "preview_move")),
    Case(at("/api/relation/preview/{L}"), needs("edit", locked=True), "locked module"))
row("relation.edit_form", "GET",
    Case(at("/api/relation/edit/{task}/{relation}"), needs("edit"), link=("relation", "relation", "edit")),
    Case(at("/api/relation/edit/{P}/{relation_L}"), needs("edit", locked=True), "locked other end"))
row("relation.edit", "POST PUT PATCH",
    Case(at("/api/relation/edit/{task}/{relation}"), needs("edit"), link=("relation", "relation", "edit")),
    Case(at("/api/relation/edit/{P}/{relation_L}"), needs("edit", locked=True), "locked other end"))
row("relation.delete", "DELETE",
    Case(at("/api/relation/delete/{task}/{relation}"), needs("edit"), link=("relation", "relation", "delete")),
    Case(at("/api/relation/delete/{P}/{relation_L}"), needs("edit", locked=True), "locked other end"))
row("reference.add_form", "GET",
    Case(at("/api/reference/add/{P}"), needs("edit"), link=("module", "P", "add_reference")))
row("reference.list_refs", "GET", Case(at("/api/reference/list/{P}"), needs("view")))
row("reference.add", "POST", Case(at("/api/reference/add/{P}"), needs("edit"), link=("module", "P", "add_reference")))
row("reference.edit_form_ref", "GET",
    Case(at("/api/reference/edit/{P}/{reference}"), needs("edit"), link=("reference", "reference", "edit")),
    Case(at("/api/reference/edit/{P}/{reference_locked}"), needs("edit", locked=True), "locked reference"))
row("reference.edit_ref", "POST PUT PATCH",
    Case(at("/api/reference/edit/{P}/{reference}"), needs("edit"), link=("reference", "reference", "edit")),
    Case(at("/api/reference/edit/{P}/{reference_locked}"), needs("edit", locked=True), "locked reference"))
row("reference.delete_ref", "DELETE",
    Case(at("/api/reference/delete/{P}/{reference}"), needs("delete"), link=("reference", "reference", "delete")),
    Case(at("/api/reference/delete/{P}/{reference_locked}"), needs("delete", locked=True), "locked reference"))
row("reference.lock_ref", "PATCH",
    Case(at("/api/reference/lock/{P}/{reference}"), needs("edit"), link=("reference", "reference", "lock")))
row("reference.unlock_ref", "PATCH",
    Case(at("/api/reference/unlock/{P}/{reference_locked}"), needs("edit"),
         link=("reference", "reference_locked", "unlock")))

# Deliverable: adding goes to the task, which has none; P's is edited.
row("deliverable.find", "GET",
    Case(at("/api/deliverable/find/{P}"), needs("view"), link=("deliverable", "deliverable", "find")))
row("deliverable.add_form", "GET",
    Case(at("/api/deliverable/add/{task}"), needs("edit"), link=("module", "task", "add_deliverable")))
row("deliverable.add", "POST",
    Case(at("/api/deliverable/add/{task}"), needs("edit"), link=("module", "task", "add_deliverable")))
for _name in ("start_date", "deadline", "commence_date", "completion_date"):
    _variant = "add-" + _name.replace("_", "-")
    row(f"deliverable.add_{_name}_form", "GET",
        Case(at(f"/api/deliverable/{_variant}/{{task}}"), needs("edit"), link=("module", "task", f"add_{_name}")))
    row(f"deliverable.add_{_name}", "POST",
        Case(at(f"/api/deliverable/{_variant}/{{task}}"), needs("edit"), link=("module", "task", f"add_{_name}")))
for _variant in ("edit", "edit-owner", "edit-dates", "edit-start-date", "edit-deadline", "edit-commence-date",
                 "edit-completion-date"):
    _name = _variant.replace("-", "_")
    row(f"deliverable.{_name}_form", "GET",
        Case(at(f"/api/deliverable/{_variant}/{{P}}/{{deliverable}}"), needs("edit"),
             link=("deliverable", "deliverable", _name)))
    row(f"deliverable.{_name}", "POST PUT PATCH",
        Case(at(f"/api/deliverable/{_variant}/{{P}}/{{deliverable}}"), needs("edit"),
             link=("deliverable", "deliverable", _name)))

# Custom fields: definitions and values are content (edit); removing a definition needs delete.
row("custom_field_def.list_", "GET", Case(at("/api/custom-field/list/{P}"), needs("view")))
row("custom_field_def.add_form", "GET",
    Case(at("/api/custom-field/add/{P}"), needs("edit"), link=("module", "P", "add_custom_field")))
row("custom_field_def.add", "POST",
    Case(at("/api/custom-field/add/{P}"), needs("edit"), link=("module", "P", "add_custom_field")))
row("custom_field_def.edit_form", "GET",
    Case(at("/api/custom-field/edit/{P}/{field}"), needs("edit"), link=("fielddef", "field", "edit")))
row("custom_field_def.edit", "POST PUT PATCH",
    Case(at("/api/custom-field/edit/{P}/{field}"), needs("edit"), link=("fielddef", "field", "edit")))
row("custom_field_def.delete", "DELETE",
    Case(at("/api/custom-field/delete/{P}/{field}"), needs("delete"), link=("fielddef", "field", "delete")))
CHECK_ADD = ("field", ("P", "checklist_status"), "add_checklist_status_value")
row("custom_field.value_add_form", "GET",
    Case(at("/api/custom-field/value/add/{P}/{checklist}"), needs("edit"), "checklist", link=CHECK_ADD))
row("custom_field.value_add", "POST",
    Case(at("/api/custom-field/value/add/{P}/{checklist}"), needs("edit"), "checklist", link=CHECK_ADD))
row("custom_field.value_edit_form", "GET",
    Case(at("/api/custom-field/value/edit/{P}/{value}"), needs("edit"), link=("value", "value", "edit")))
row("custom_field.value_edit", "POST PUT PATCH",
    Case(at("/api/custom-field/value/edit/{P}/{value}"), needs("edit"), link=("value", "value", "edit")))
row("custom_field.value_delete", "DELETE",  # clearing a value is editing the item (MODULE_ACTIONS: content)
    Case(at("/api/custom-field/value/delete/{P}/{value}"), needs("edit"), link=("value", "value", "delete")))

# Reports
row("report.list_", "GET", Case(at("/api/report/list/{P}"), needs("view"), link=("report", "report", "view")))
row("report.show", "GET", Case(at("/api/report/show/{P}/attribute/notes"), needs("view")))
row("report.save_layout_form", "GET",
    Case(at("/api/report/save-layout/{P}/{report}"), needs("edit"), link=("report", "report", "save_layout")))
row("report.save_layout", "POST PUT",
    Case(at("/api/report/save-layout/{P}/{report}"), needs("edit"), link=("report", "report", "save_layout")))
row("report.metric_add_form", "GET",
    Case(at("/api/report/metric/add/{P}"), needs("edit"), link=("module", "P", "add_metric")))
row("report.metric_add", "POST", Case(at("/api/report/metric/add/{P}"), needs("edit"), link=("module", "P", "add_metric")))
row("report.metric_edit_form", "GET",
    Case(at("/api/report/metric/edit/{P}/{metric}"), needs("edit"), link=("metric", "metric", "edit")))
row("report.metric_edit", "POST PUT PATCH",
    Case(at("/api/report/metric/edit/{P}/{metric}"), needs("edit"), link=("metric", "metric", "edit")))
row("report.metric_delete", "DELETE",
    Case(at("/api/report/metric/delete/{P}/{metric}"), needs("delete"), link=("metric", "metric", "delete")))

# Members. Adding and inviting need edit (a lock does not stop them); nobody grants a flag they do not hold.
# Changing a membership needs edit+delete, removing one delete, and either needs every right the membership holds
# (F1): only an admin touches an admin's; edit_delete cannot touch the editor's (it holds create). The last admin
# of a portal is neither demoted nor removed (409).
EDIT_MEMBER = needs("edit", "delete")
ADMINS_ONLY = needs("admin")
LAST_ADMIN = needs("admin", success=409, on=ON_PORTAL)
DEMOTE = _const({"allowView": "1", "allowEdit": "1"})
row("membership.list_entry_modules", "GET", Case(at("/api/membership/list-entry-modules"), signed_in()))
row("membership.list_", "GET", Case(at("/api/membership/list/{P}"), needs("view")))
row("membership.add_form", "GET",
    Case(at("/api/membership/add/{P}"), needs("edit"), link=("module", "P", "add_membership")))
row("membership.add", "POST",
    Case(at("/api/membership/add/{P}"), needs("edit"), link=("module", "P", "add_membership")),
    Case(at("/api/membership/add/{L}"), needs("edit"), "locked", link=("module", "L", "add_membership")),
    Case(at("/api/membership/add/{P}"), needs("edit", "create", edit_delete=403), "granting create",
         link=("module", "P", "add_membership"),
         body=lambda w, actor, args: Body({"email": w.users["spare"].email, "allowView": "1", "allowCreate": "1"})))
row("membership.edit_form", "GET",
    Case(at("/api/membership/edit/{P}/{m_author}"), EDIT_MEMBER, "plain member",
         link=("membership", "m_author", "edit")),
    Case(at("/api/membership/edit/{P}/{m_direct_admin}"), ADMINS_ONLY, "an admin's",
         link=("membership", "m_direct_admin", "edit")),
    Case(at("/api/membership/edit/{P}/{m_editor}"), ADMINS_ONLY, "holding create",
         link=("membership", "m_editor", "edit")),
    Case(at("/api/membership/edit/{portal}/{m_portal_admin}"), needs("admin", on=ON_PORTAL), "last portal admin",
         link=("membership", "m_portal_admin", "edit")))
row("membership.edit", "POST PUT PATCH",
    Case(at("/api/membership/edit/{P}/{m_author}"), EDIT_MEMBER, "plain member",
         body=_const({"role": "Reader", "allowView": "1"}), link=("membership", "m_author", "edit")),
    Case(at("/api/membership/edit/{P}/{m_author}"), needs("edit", "delete", "create"), "granting create",
         body=_const({"allowView": "1", "allowCreate": "1"}), link=("membership", "m_author", "edit")),
    Case(at("/api/membership/edit/{P}/{m_direct_admin}"), ADMINS_ONLY, "demoting an admin", body=DEMOTE,
         link=("membership", "m_direct_admin", "edit")),
    Case(at("/api/membership/edit/{P}/{m_editor}"), ADMINS_ONLY, "removing create", body=DEMOTE,
         link=("membership", "m_editor", "edit")),
    Case(at("/api/membership/edit/{portal}/{m_portal_admin}"), LAST_ADMIN, "demoting the last portal admin",
         body=_const({"allowView": "1"})))
row("membership.delete", "DELETE",
    Case(at("/api/membership/delete/{P}/{m_author}"), needs("delete"), "plain member",
         link=("membership", "m_author", "delete")),
    Case(at("/api/membership/delete/{L}/{m_L_author}"), needs("delete"), "plain member, locked",
         link=("membership", "m_L_author", "delete")),
    Case(at("/api/membership/delete/{P}/{m_direct_admin}"), ADMINS_ONLY, "an admin's",
         link=("membership", "m_direct_admin", "delete")),
    Case(at("/api/membership/delete/{P}/{m_editor}"), ADMINS_ONLY, "holding create",
         link=("membership", "m_editor", "delete")),
    Case(at("/api/membership/delete/{portal}/{m_portal_admin}"), LAST_ADMIN, "the last portal admin"))
row("invitation.invite_form", "GET",
    Case(at("/api/invitation/invite-colleague/{P}"), needs("edit"), link=("module", "P", "invite")))
row("invitation.invite", "POST",
    Case(at("/api/invitation/invite-colleague/{P}"), needs("edit"), link=("module", "P", "invite")),
    Case(at("/api/invitation/invite-colleague/{L}"), needs("edit"), "locked", link=("module", "L", "invite")))
# Pending invitations: listed, sent again and withdrawn by whoever may invite on the module.
row("invitation.list_", "GET", Case(at("/api/invitation/list/{P}"), needs("edit")))
row("invitation.resend", "POST",
    Case(at("/api/invitation/resend/{P}/{invitation}"), needs("edit"), link=("invitation", "invitation", "resend")))
row("invitation.revoke", "DELETE",
    Case(at("/api/invitation/revoke/{P}/{invitation}"), needs("edit"), link=("invitation", "invitation", "revoke")))
row("invitation.view", "GET", Case(lambda w: f"/api/invitation/view?token={w.invitation_token}", public()))
row("invitation.accept", "POST", Case(at("/api/invitation/accept"), public()))
row("invitation.accept_signed_in", "POST", Case(at("/api/invitation/accept-signed-in"), signed_in()))

# Search: anyone signed in searches what they see; a module scope needs that module to be seen.
SEARCH = "/api/search?q=hello%20or%20article%20or%20file%20or%20reference%20or%20note%20or%20task"
row("search.search", "GET", Case(at(SEARCH), signed_in()),
    Case(at(SEARCH + "&module={P}"), needs("view"), "in a module"))
# issue 44: My work and the calendar's own items for anyone signed in; a module's items and lanes for its viewers.
CALENDAR = "/api/calendar/items?from=2026-03-01&to=2026-03-31"
row("my_work.my_work", "GET", Case(at("/api/my-work"), signed_in()))
row("calendar.items", "GET", Case(at(CALENDAR), signed_in()),
    Case(at(CALENDAR + "&module={P}"), needs("view"), "in a module"))
row("board.lanes", "GET", Case(at("/api/board/lanes/{P}"), needs("view")),
    Case(at("/api/board/lanes/{P}?field={checklist}"), needs("view"), "a field's values"))
# Events: watching and live updates (whoever views; a lock changes nothing), @mention options (whoever may comment)
row("watch.watch", "POST",
    Case(at("/api/watch/watch/{P}"), needs("view"), link=("module", "P", "watch")),
    Case(at("/api/watch/watch/{L}"), needs("view"), "locked", link=("module", "L", "watch")))
row("watch.unwatch", "POST", Case(at("/api/watch/unwatch/{phase}"), needs("view"), link=("module", "phase", "unwatch")))
row("live.ticket", "GET", Case(at("/api/live/ticket/{P}"), needs("view"), link=("module", "P", "live")))
row("live.user_ticket", "GET", Case(at("/api/live/ticket"), signed_in()))
row("live.authorize", "GET", Case(at("/api/live/authorize"), public(403)))
row("discussion.mentionable", "GET",
    Case(at("/api/discussion/mentionable/{P}"), needs("view"), link=("module", "P", "mentionable")))
# Notifications: one's own only (someone else's is not there: 404).
row("notification.list_", "GET", Case(at("/api/notification/list"), signed_in()))
row("notification.read", "POST",
    Case(lambda w: f"/api/notification/read/{w.own_notification.get(w.role, w.own_notification['author'])}",
         signed_in(), "own", link=("notification", "own_notification_{role}", "read")),
    Case(lambda w: f"/api/notification/read/{w.own_notification['spare']}", signed_in(404), "someone else's"))
row("notification.read_all", "POST", Case(at("/api/notification/read-all"), signed_in()))
row("notification.preferences_form", "GET", Case(at("/api/notification/preferences"), signed_in()))
row("notification.preferences", "POST PUT PATCH", Case(at("/api/notification/preferences"), signed_in()))
row("notification.unsubscribe_view", "GET",
    Case(lambda w: f"/api/notification/unsubscribe?token={w.unsubscribe_token}", public()),
    Case(at("/api/notification/unsubscribe?token=forged"), public(404), "forged"))
row("notification.unsubscribe", "POST",
    Case(lambda w: f"/api/notification/unsubscribe?token={w.unsubscribe_token}", public()),
    Case(at("/api/notification/unsubscribe?token=forged"), public(404), "forged"))
# A portal's webhooks: its admins (only they and the superuser see the portal); on a project, nobody.
PORTAL_ADMINS = needs("admin", on=ON_PORTAL)
NOT_A_PORTAL = needs("view", **{role: 403 for role in ROLES[2:]})
row("planning.settings_form", "GET",
    Case(at("/api/planning/settings/{portal}"), PORTAL_ADMINS, link=("module", "portal", "planning_settings")),
    Case(at("/api/planning/settings/{P}"), NOT_A_PORTAL, "a project"))
row("planning.settings", "POST PUT",
    Case(at("/api/planning/settings/{portal}"), PORTAL_ADMINS, link=("module", "portal", "planning_settings")),
    Case(at("/api/planning/settings/{P}"), NOT_A_PORTAL, "a project"))
row("webhook.list_", "GET",
    Case(at("/api/webhook/list/{portal}"), PORTAL_ADMINS, link=("module", "portal", "webhooks")),
    Case(at("/api/webhook/list/{P}"), NOT_A_PORTAL, "a project"))
row("webhook.add_form", "GET", Case(at("/api/webhook/add/{portal}"), PORTAL_ADMINS, link=("module", "portal", "webhooks")))
row("webhook.add", "POST", Case(at("/api/webhook/add/{portal}"), PORTAL_ADMINS, link=("module", "portal", "webhooks")))
row("webhook.edit_form", "GET",
    Case(at("/api/webhook/edit/{portal}/{webhook}"), PORTAL_ADMINS, link=("webhook", "webhook", "edit")))
row("webhook.edit", "POST PUT PATCH",
    Case(at("/api/webhook/edit/{portal}/{webhook}"), PORTAL_ADMINS, link=("webhook", "webhook", "edit")))
row("webhook.delete", "DELETE",
    Case(at("/api/webhook/delete/{portal}/{webhook}"), PORTAL_ADMINS, link=("webhook", "webhook", "delete")))
row("webhook.deliveries", "GET",
    Case(at("/api/webhook/deliveries/{portal}/{webhook}"), PORTAL_ADMINS, link=("webhook", "webhook", "deliveries")))
row("webhook.redeliver", "POST",
    Case(at("/api/webhook/redeliver/{portal}/{webhook}/{delivery}"), needs("admin", on=ON_PORTAL, success=202),
         link=("webhook_delivery", "delivery", "redeliver")))

# Accounts, profile, service
row("accounts.login", "POST", Case(at("/json/login"), public()))
row("accounts.logout", "POST", Case(at("/json/logout"), signed_in()))
row("accounts.forgot_password", "POST", Case(at("/json/forgot-password"), public()))
row("reset_password.reset_password_form", "GET", Case(at("/api/reset-password"), public()))
row("reset_password.reset_password", "POST", Case(at("/api/reset-password"), public()))
row("profile.currentuser", "GET", Case(at("/api/profile/currentuser"), signed_in()))
row("profile.edit_form", "GET", Case(at("/api/profile/edit"), signed_in()))
row("profile.edit", "POST PUT PATCH", Case(at("/api/profile/edit"), signed_in()))
row("avatar.avatar_edit", "POST", Case(at("/api/avatar/edit"), signed_in()))
row("avatar.avatar_view", "GET", Case(at("/api/avatar/view/{user_author}"), signed_in()))
row("openapi.openapi", "GET", Case(at("/api/openapi.json"), public()))
# --- issue 18: second factor, single sign-on (not configured in this world: 404) and the user's account security
# (their own only: someone else's session or token is not there, 404; an API token is refused, see
# test_accounts_security.py) ---
row("accounts.login_mfa", "POST", Case(at("/json/login/mfa"), public(401), "forged challenge",
                                       body=_const({"mfaToken": "forged", "code": "123456"}, "json")))
row("accounts.login_mfa_enrol", "POST", Case(at("/json/login/mfa/enrol"), public(401), "forged challenge",
                                             body=_const({"mfaToken": "forged"}, "json")))
row("accounts.sso_config", "GET", Case(at("/json/sso/config"), public()))
row("accounts.sso_start", "POST", Case(at("/json/sso/start"), public(404), "not configured"))
row("accounts.sso_callback", "POST", Case(at("/json/sso/callback"), public(404), "not configured",
                                          body=_const({"code": "c", "state": "s"}, "json")))
row("accounts.sso_link", "POST", Case(at("/json/sso/link"), public(401), "forged challenge",
                                      body=_const({"linkToken": "forged", "password": PASSWORD}, "json")))
row("account.change_password", "POST", Case(at("/api/account/password"), signed_in(), body=_const(
    {"current": PASSWORD, "password": {"first": "another-pass-9", "second": "another-pass-9"}}, "json")))
row("account.sessions_", "GET", Case(at("/api/account/sessions"), signed_in()))
row("account.end_session", "DELETE", Case(at("/api/account/sessions/2000000000"), signed_in(404), "not one's own"))
row("account.end_other_sessions", "POST", Case(at("/api/account/sessions/end-others"), signed_in()))
row("account.tokens", "GET", Case(at("/api/account/tokens"), signed_in()))
row("account.create_token", "POST", Case(at("/api/account/tokens"), signed_in(201),
                                         body=_const({"name": "CI", "days": 30, "access": "read"}, "json")))
row("account.revoke_token", "DELETE", Case(at("/api/account/tokens/2000000000"), signed_in(404), "not one's own"))
row("account.mfa_status", "GET", Case(at("/api/account/mfa"), signed_in()))
row("account.mfa_enrol", "POST", Case(at("/api/account/mfa/enrol"), signed_in(),
                                      body=_const({"password": PASSWORD}, "json")))
row("account.mfa_confirm", "POST", Case(at("/api/account/mfa/confirm"), signed_in(422), "nothing enrolled",
                                        body=_const({"code": "000000"}, "json")))
row("account.mfa_disable", "POST", Case(at("/api/account/mfa/disable"), signed_in(409), "factor off",
                                        body=_const({"code": "000000"}, "json")))
row("account.mfa_recovery_codes", "POST", Case(at("/api/account/mfa/recovery-codes"), signed_in(409), "factor off",
                                               body=_const({"code": "000000"}, "json")))
row("account.security_log", "GET", Case(at("/api/account/security-log"), signed_in()))
# --- end of issue 18 ---
# Issue 44: saved views. One's own (private) view: whoever views the module; someone else's private view is not
# there for anyone (404); a shared one is read by the module's readers and changed by its owner or the admins of
# the portal (P's own admin is not one: 403); sharing is for the portal's admins (403 otherwise).
PORTAL_ADMINS_ON_P = needs("view", **{role: 403 for role in ("viewer", "editor", "edit_delete", "direct_admin")})
NOBODY_ELSE = {role: 401 if role == "none" else 404 for role in ROLES}


def _own_view(template):
    return lambda w: template.format(view=w.own_view.get(w.role, w.own_view["author"]))


row("saved_view.list_", "GET", Case(at("/api/view/list/{P}"), needs("view")),
    Case(at("/api/view/list/{P}?kind=tasks"), needs("view"), "one screen's"))
row("saved_view.add_form", "GET", Case(at("/api/view/add/{P}"), needs("view")))
row("saved_view.add", "POST", Case(at("/api/view/add/{P}"), needs("view")),
    Case(at("/api/view/add/{P}"), PORTAL_ADMINS_ON_P, "shared",
         body=_const({"name": "Team view", "kind": "tasks", "state": "{}", "shared": "1"})))
row("saved_view.view", "GET",
    Case(_own_view("/api/view/{view}"), needs("view"), "own", link=("saved_view", "own_view_{role}", "self")),
    Case(at("/api/view/{view_shared}"), needs("view"), "shared", link=("saved_view", "view_shared", "self")),
    Case(at("/api/view/{own_view_spare}"), NOBODY_ELSE, "someone else's private"))
for _endpoint, _methods, _template, _name in (("saved_view.edit_form", "GET", "/api/view/edit/{}", "edit"),
                                              ("saved_view.edit", "POST PUT PATCH", "/api/view/edit/{}", "edit"),
                                              ("saved_view.delete", "DELETE", "/api/view/delete/{}", "delete")):
    row(_endpoint, _methods,
        Case(_own_view(_template.format("{view}")), needs("view"), "own",
             link=("saved_view", "own_view_{role}", _name)),
        Case(at(_template.format("{view_shared}")), PORTAL_ADMINS_ON_P, "shared",
             link=("saved_view", "view_shared", _name)),
        Case(at(_template.format("{own_view_spare}")), NOBODY_ELSE, "someone else's private"))
# Issue 44: calendar feeds, one's own only (someone else's is not there: 404); the feed itself needs no token.
row("calendar_feed.list_", "GET", Case(at("/api/calendar-feed/list"), signed_in()))
row("calendar_feed.add_form", "GET", Case(at("/api/calendar-feed/add"), signed_in()))
row("calendar_feed.add", "POST", Case(at("/api/calendar-feed/add"), signed_in()))
row("calendar_feed.delete", "DELETE",
    Case(lambda w: f"/api/calendar-feed/delete/{w.own_feed.get(w.role, w.own_feed['author'])}", signed_in(), "own",
         link=("calendar_feed", "own_feed_{role}", "delete")),
    Case(lambda w: f"/api/calendar-feed/delete/{w.own_feed['spare']}", signed_in(404), "someone else's"))
row("calendar_feed.ical", "GET", Case(lambda w: f"/api/calendar-feed/ical/{w.feed_secret}.ics", public()),
    Case(at("/api/calendar-feed/ical/forged-or-revoked-secret-0123456789.ics"), public(404), "forged"))
# The test schema is made by create_all, not by the migrations: health rightly answers 503 (and needs no token).
row("health.health", "GET", Case(at("/api/health"), public(503)))

# Issue 45 (timesheets): one's own week, cells and months where one works (the outsider works elsewhere: 404);
# another's week, and deciding a month, for the portal's admins and supervisors (the superuser, the portal's admin);
# a month another person submitted is not there for anyone else (404); nobody decides their own (403). A cell needs
# log_time on its module: view and create (or the deliverable's owner, or a portal admin).
WORKS_IN = needs("view")
DECIDERS = needs("admin", on=ON_PORTAL)
LINKLESS["vault.preview_file"] = "reached by the address a file's preview link answers (its ticket)"
LINKLESS.update({
    "timesheet.week": "the timesheet page of a portal the user works in",
    "timesheet.cell": "the week's links.cell (the week is no list the matrix walks)",
    "timesheet.submit": "the week's months[].links.submit (the week is no list the matrix walks)",
    "timesheet.months": "the timesheet page; the portal's `timesheets` link offers it to whoever views the portal",
})


def _own_sheet(template):
    return lambda w: template.format(sheet=w.own_sheet.get(w.role, w.sheet))


row("timesheet.week", "GET", Case(at("/api/time/week/{portal}?week=2026-W10"), WORKS_IN),
    Case(at("/api/time/week/{portal}?week=2026-W10&user={user_author}"), DECIDERS, "someone else's"))
row("timesheet.cell", "POST", Case(at("/api/time/cell/{portal}"), needs("view", "create")))
row("timesheet.submit", "POST", Case(at("/api/time/month/{portal}"), WORKS_IN))
row("timesheet.months", "GET", Case(at("/api/time/months/{portal}"), WORKS_IN),
    Case(at("/api/time/months/{portal}?state=SUBMITTED"), WORKS_IN, "submitted"))
for _endpoint, _template, _name in (("timesheet.approve", "/api/time/month/approve/{}", "approve"),
                                    ("timesheet.return_", "/api/time/month/return/{}", "return")):
    row(_endpoint, "POST",
        Case(at(_template.format("{sheet}")), DECIDERS, "someone else's", link=("timesheet", "sheet", _name)),
        Case(_own_sheet(_template.format("{sheet}")), needs("view", **{r: 403 for r in ROLES[2:]}), "own"))
row("timesheet.pdf", "GET",
    Case(at("/api/time/month/pdf/{sheet}"), DECIDERS, "someone else's", link=("timesheet", "sheet", "pdf")),
    Case(_own_sheet("/api/time/month/pdf/{sheet}"), WORKS_IN, "own", link=("timesheet", "own_sheet_{role}", "pdf")))

# Issue 45 (effort plan and report): a project's plan is its editors' (read as a form is: a lock blocks it, 423), its
# report its viewers'; a module that is no project has neither (403).
NOT_A_PROJECT = needs("view", **{role: 403 for role in ROLES[2:]})
LINKLESS.update({
    "effort.plan_save": "the plan's links.save (the plan is no list the matrix walks)",
    "effort.plan_import": "the plan's links.import (the plan is no list the matrix walks)",
})
row("effort.plan", "GET",
    Case(at("/api/time/plan/{P}"), needs("edit"), link=("module", "P", "effort_plan")),
    Case(at("/api/time/plan/{L}"), needs("edit", locked=True), "locked"),
    Case(at("/api/time/plan/{phase}"), NOT_A_PROJECT, "not a project"))
row("effort.plan_save", "PUT",
    Case(at("/api/time/plan/{P}"), needs("edit")),
    Case(at("/api/time/plan/{L}"), needs("edit", locked=True), "locked"))
row("effort.plan_import", "POST",
    Case(at("/api/time/plan/import/{P}"), needs("edit")),
    Case(at("/api/time/plan/import/{L}"), needs("edit", locked=True), "locked"))
row("effort.report", "GET",
    Case(at("/api/time/report/{P}"), needs("view"), link=("module", "P", "effort_report")),
    Case(at("/api/time/report/{phase}"), NOT_A_PROJECT, "not a project"))

# Issue 45 (time): logged where one may (the create right; the world's deliverable has no owner; a portal admin) and
# read by the module's viewers; an entry changed and deleted by its person (who views the module) or an admin of
# its portal (P's own admin is none: 403); a portal's effort settings, its admins'. The timer is one's own: started
# where one may log time; stopped or discarded, none runs in the world (404).
LINKLESS.update({
    "time.timer": "the signed-in user's own timer (currentuser's `timer` link)",
})
row("time.add_form", "GET", Case(at("/api/time/add/{P}"), needs("create"), link=("module", "P", "add_time")))
row("time.add", "POST", Case(at("/api/time/add/{P}"), needs("create"), link=("module", "P", "add_time")))
row("time.list_", "GET", Case(at("/api/time/list/{P}"), needs("view"), link=("module", "P", "time")))


def _own_time(template):
    return lambda w: template.format(entry=w.own_time.get(w.role, w.own_time["author"]))


for _endpoint, _methods, _template, _name in (("time.edit_form", "GET", "/api/time/edit/{}", "edit"),
                                              ("time.edit", "POST", "/api/time/edit/{}", "edit"),
                                              ("time.delete", "DELETE", "/api/time/delete/{}", "delete")):
    row(_endpoint, _methods,
        Case(_own_time(_template.format("{entry}")), needs("view"), "own",
             link=("time_entry", "own_time_{role}", _name)),
        Case(at(_template.format("{own_time_author}")), PORTAL_ADMINS_ON_P, "someone else's",
             link=("time_entry", "own_time_author", _name)))
row("time.timer", "GET", Case(at("/api/time/timer"), signed_in()))
row("time.timer_start", "POST", Case(at("/api/time/timer/start/{P}"), needs("create"), link=("module", "P", "start_timer")))
row("time.timer_stop", "POST", Case(at("/api/time/timer/stop"), signed_in(404), "none running"))
row("time.timer_discard", "DELETE", Case(at("/api/time/timer"), signed_in(404), "none running"))
row("time.settings_form", "GET",
    Case(at("/api/time/settings/{portal}"), PORTAL_ADMINS, link=("module", "portal", "effort_settings")),
    Case(at("/api/time/settings/{P}"), NOT_A_PORTAL, "a project"))
row("time.settings", "POST PUT",
    Case(at("/api/time/settings/{portal}"), PORTAL_ADMINS, link=("module", "portal", "effort_settings")),
    Case(at("/api/time/settings/{P}"), NOT_A_PORTAL, "a project"))

# Issue 46 (imports): a portal's imports and its archive are its admins' (a project has none: 403); a job is seen and
# cancelled by the admins of its portal only (anyone else: 404); the world's Redmine is at a private address, which
# the web form refuses (422) once the rights are checked; a portal archive is imported under the platform root by
# its superusers (the root is seen by nobody else: 404; a portal is no root: 403).
PORTAL_IMPORTS = ("imports", "portal")
row("imports.list_", "GET",
    Case(at("/api/import/list/{portal}"), PORTAL_ADMINS, link=("module", "portal", "import")),
    Case(at("/api/import/list/{P}"), NOT_A_PORTAL, "a project"))
row("imports.job", "GET",
    Case(at("/api/import/{import_job}"), PORTAL_ADMINS, "queued", link=("import_job", "import_job", "self")),
    Case(at("/api/import/{import_done}"), PORTAL_ADMINS, "done", link=("import_job", "import_done", "self")))
row("imports.cancel", "POST",
    Case(at("/api/import/cancel/{import_job}"), PORTAL_ADMINS, "queued", link=("import_job", "import_job", "cancel")))
row("imports.redmine_probe", "POST",
    Case(at("/api/import/redmine/probe/{portal}"), needs("admin", on=ON_PORTAL, success=422), "private address"),
    Case(at("/api/import/redmine/probe/{P}"), NOT_A_PORTAL, "a project"))
row("imports.redmine", "POST",
    Case(at("/api/import/redmine/{portal}"), needs("admin", on=ON_PORTAL, success=422), "private address"),
    Case(at("/api/import/redmine/{P}"), NOT_A_PORTAL, "a project"))
row("imports.spreadsheet_columns", "POST",
    Case(at("/api/import/spreadsheet/columns/{portal}"), PORTAL_ADMINS, link=PORTAL_IMPORTS + ("spreadsheet_columns",)),
    Case(at("/api/import/spreadsheet/columns/{P}"), NOT_A_PORTAL, "a project"))
row("imports.spreadsheet", "POST",
    Case(at("/api/import/spreadsheet/{portal}"), needs("admin", on=ON_PORTAL, success=202),
         link=PORTAL_IMPORTS + ("spreadsheet",)),
    Case(at("/api/import/spreadsheet/{P}"), NOT_A_PORTAL, "a project"))
row("imports.mspdi", "POST",
    Case(at("/api/import/mspdi/{portal}"), needs("admin", on=ON_PORTAL, success=202), link=PORTAL_IMPORTS + ("mspdi",)),
    Case(at("/api/import/mspdi/{P}"), NOT_A_PORTAL, "a project"))
row("imports.archive_export", "GET",
    Case(at("/api/import/archive/{portal}"), PORTAL_ADMINS, link=PORTAL_IMPORTS + ("export_archive",)),
    Case(at("/api/import/archive/{P}"), NOT_A_PORTAL, "a project"))
row("imports.archive_import", "POST",
    Case(at("/api/import/archive/{root}"), {**NOBODY_ELSE, "superuser": 202}, "under the root",
         link=("module", "root", "import_portal")),
    Case(at("/api/import/archive/{portal}"), needs("admin", on=ON_PORTAL, success=403), "under a portal"))


def app_routes(app):
    out = set()
    for rule in app.url_map.iter_rules():
        if rule.rule.startswith(("/api/", "/json/")):
            out.update((rule.endpoint, m) for m in rule.methods - {"HEAD", "OPTIONS"})
    return out


# --- calling ---------------------------------------------------------------------------------------------

def _adapter(app):
    return app.url_map.bind("localhost")


def send(app, client, method, url, actor, body_fn, w, extra=None):
    """Call `url` as `actor` with the endpoint's minimal valid body (and a form token for that user and URL)."""
    path = urlsplit(url).path
    endpoint, args = _adapter(app).match(path, method=method)
    body = body_fn(w, actor, args) if body_fn else (BODIES[endpoint](w, actor, args) if endpoint in BODIES else None)
    kw = {}
    data = dict(body.data) if body else {}
    if extra:
        data.update(extra)
    if body and body.kind == "json":
        kw["json"] = data
    elif data:
        if actor is not None:
            data.setdefault("_token", make_token(actor.id, path))
        kw["data"] = data
    r = client.open(url, method=method, headers=bearer(actor), **kw)
    if endpoint == "accounts.forgot_password":
        background.drain()
    return r


def _id(endpoint, method, case, role):
    return re.sub(r"[^\w.:-]+", "_", f"{endpoint}:{method}" + (f":{case.label}" if case.label else "") + f":{role}")


def _case_params():
    out = []
    for (endpoint, method), cases in sorted(MATRIX.items()):
        for case in cases:
            for role in ROLES:
                out.append(pytest.param(endpoint, method, case, role, id=_id(endpoint, method, case, role)))
    return out


def test_every_route_has_a_row(app):
    routes = app_routes(app)
    assert not routes - set(MATRIX), f"routes without a row: {sorted(routes - set(MATRIX))}"
    assert not set(MATRIX) - routes, f"rows without a route: {sorted(set(MATRIX) - routes)}"


def test_every_permitted_case_names_its_link():
    for (endpoint, method), cases in MATRIX.items():
        for case in cases:
            if endpoint not in LINKLESS and any(ok(s) for s in case.expect.values()):
                assert case.link, f"{endpoint} {method} {case.label}: which link offers it?"
            assert set(case.expect) == set(ROLES)


@pytest.mark.parametrize("endpoint,method,case,role", _case_params())
def test_route(app, client, world, endpoint, method, case, role):
    world.role = role
    writes = method != "GET" or endpoint in WRITING_GETS
    _WORLD["dirty"] = writes  # until shown otherwise
    r = send(app, client, method, case.url(world), world.users[role], case.body, world)
    if writes and not ok(r.status_code) and endpoint not in BODY_WRITES:
        assert fingerprint() == _WORLD["rows"], f"a refused write changed the world ({r.status_code})"
        _WORLD["dirty"] = False
    assert r.status_code == case.expect[role], (endpoint, method, case.label, role, r.status_code,
                                                r.get_json(silent=True))
    if r.status_code in REFUSED | {409}:
        body = r.get_json()
        assert set(body) <= {"error", "errors"} and body["error"]
    if endpoint in JOBS and ok(r.status_code):  # the worker runs a job at once in tests: its body worked
        item = r.get_json()["item"]
        assert item["state"] == "DONE", (endpoint, item["state"], item["report"])


# Issue 46: imports started as jobs (the matrix's bodies are valid sources: each job must end DONE).
JOBS = {"imports.spreadsheet", "imports.mspdi", "imports.archive_import"}


def _write_params():
    """Every write case the superuser may make (each endpoint, method and case once)."""
    out = []
    for (endpoint, method), cases in sorted(MATRIX.items()):
        if (method == "GET" and endpoint not in WRITING_GETS) or endpoint in SESSION_WRITES | READING_POSTS:
            continue
        for case in cases:
            if ok(case.expect["superuser"]):
                out.append(pytest.param(endpoint, method, case, id=_id(endpoint, method, case, "superuser")))
    return out


# POSTs that write nothing: the Gantt's preview of a drag (issue 42) answers what would move.
READING_POSTS = {"relation.preview"}
# Issue 46: what a file's columns are taken to hold, and what a Redmine project holds, before an import.
READING_POSTS |= {"imports.spreadsheet_columns", "imports.redmine_probe"}
# Writes of the signed-in session itself, which no module page shows.
SESSION_WRITES = {"accounts.login", "accounts.logout", "accounts.forgot_password", "reset_password.reset_password",
                  # One's own notifications and e-mail settings: no module page shows them.
                  "notification.read", "notification.read_all", "notification.preferences",
                  "notification.unsubscribe",
                  # issue 18: one's own password, sessions, API tokens, second factor (no module page shows them)
                  "account.change_password", "account.end_other_sessions", "account.create_token",
                  "account.mfa_enrol",
                  # issue 44: one's own saved views (personal: not in the module's feed) and calendar feeds
                  "saved_view.add", "saved_view.edit", "saved_view.delete", "calendar_feed.add",
                  "calendar_feed.delete"}
SESSION_WRITES |= {"time.timer_start"}  # issue 45: one's own running timer (no page of a module shows it)
SESSION_WRITES |= {"imports.cancel"}  # issue 46: a job's state shows on the import page, no module's page
# Issue 47: a file's text state shows on the Files tab (read afresh, no entity tag), on no module's page.
SESSION_WRITES |= {"vault.extract"}


@pytest.mark.parametrize("endpoint,method,case", _write_params())
def test_every_write_changes_what_a_page_revalidates(app, client, world, endpoint, method, case):
    """A conditional GET must never answer 304 after a write that changed the page: every successful write leaves
    a mark the ETag of module/view reads (a feed entry in the portal, a changed person, changed rights)."""
    world.role = "superuser"
    actor = world.users["superuser"]
    url = case.url(world)
    args = _adapter(app).match(urlsplit(url).path, method=method)[1]
    module_id = args.get("module_id") or world.P
    view = f"/api/module/view/{module_id}"
    before = client.get(view, headers=bearer(actor)).headers.get("ETag")
    _WORLD["dirty"] = True
    r = send(app, client, method, url, actor, case.body, world)
    assert ok(r.status_code), (r.status_code, r.get_json(silent=True))
    after = client.get(view, headers=bearer(actor))
    if after.status_code == 404:  # the module itself was deleted
        return
    assert after.headers["ETag"] != before, f"{method} {url} left the ETag of {view} as it was"


# --- links ------------------------------------------------------------------------------------------------

# Where links sit in each answer: (kind of the object holding `links`, {list key: kind of its items}).
NESTED = {
    "module": {"children": "child", "memberships": "membership", "customFields": "field", "deliverable": "deliverable",
               "brand": "brand"},
    "child": {"checklist": "checklist", "deliverable": "deliverable", "brand": "brand"},
    "field": {"values": "value"},
    "vault": {"files": "file", "references": "reference"},
    "file": {"versions": "version"},
    "relation": {"other": "module"},
    "article": {"children": "article"},
    "report": {"metrics": "metric"},
    "imports": {"items": "import_job"},  # issue 46: a portal's import page (its links) and its jobs
}


def views(w):
    """Every view and list of the world: (url, kind of the answer's objects)."""
    return [
        (f"/api/module/view/{w.P}", "module"), (f"/api/module/view/{w.phase}", "module"),
        (f"/api/module/view/{w.task}", "module"), (f"/api/module/view/{w.L}", "module"),
        (f"/api/module/view/{w.portal}", "module"), (f"/api/module/list/{w.P}", "child"),
        (f"/api/module/detailed-list-by-type/4rineu_task/{w.P}", "child"),
        ("/api/membership/list-entry-modules", "child"), (f"/api/membership/list/{w.P}", "membership"),
        (f"/api/membership/list/{w.portal}", "membership"), (f"/api/vault/view/{w.P}", "vault"),
        (f"/api/reference/list/{w.P}", "reference"),
        (f"/api/relation/list/{w.task}", "relation"), (f"/api/relation/list/{w.P}", "relation"),
        (f"/api/baseline/list/{w.P}", "baseline"),
        (f"/api/article/list/{w.P}", "article"), (f"/api/article/view/{w.P}/{w.article}", "article"),
        (f"/api/discussion/list/{w.P}", "comment"), (f"/api/discussion/list/{w.L}", "comment"),
        (f"/api/deliverable/find/{w.P}", "deliverable"), (f"/api/custom-field/list/{w.P}", "fielddef"),
        (f"/api/report/list/{w.P}", "report"), (f"/api/clone-config/list/{w.P}", "template"),
        (f"/api/module/add/{w.portal}/4rineu_project/templates", "template"),
        (f"/api/brand/find/{w.P}", "brand"), (f"/api/invitation/list/{w.P}", "invitation"), (SEARCH, "hit"),
        (f"/api/brand/find/{w.P}", "brand"), ("/api/notification/list", "notification"),
        (f"/api/webhook/list/{w.portal}", "webhook"), (f"/api/webhook/deliveries/{w.portal}/{w.webhook}", "webhook_delivery"),
        (f"/api/view/list/{w.P}", "saved_view"), ("/api/calendar-feed/list", "calendar_feed"),
        (f"/api/time/months/{w.portal}", "timesheet"),
        (f"/api/time/list/{w.P}", "time_entry"),
        (f"/api/module/view/{w.root}", "module"), (f"/api/import/list/{w.portal}", "imports"),  # issue 46
    ]


def complete(url):
    """A templated link's url as the webapp completes it: reindex's {previous_id} is the id of the item now before
    the moved one (ChildList.jsx); 0 puts it first."""
    return url.replace("{previous_id}", "0")


def _walk(obj, kind, found, source):
    if isinstance(obj, list):
        for x in obj:
            _walk(x, kind, found, source)
        return
    if not isinstance(obj, dict):
        return
    if isinstance(obj.get("links"), dict):
        if kind == "field":
            obj_id = (obj.get("moduleId"), obj.get("attribute"))
        elif kind in ("vault", "imports"):
            obj_id = obj.get("moduleId")
        else:
            obj_id = obj.get("id")
        for name, link in obj["links"].items():
            found.append(SimpleNamespace(kind=kind, obj_id=obj_id, name=name, link=link, source=source))
    for key, sub in NESTED.get(kind, {}).items():
        if sub_obj := obj.get(key):
            _walk(sub_obj, sub, found, source)


def collect_links(client, w, actor):
    headers = bearer(actor)
    found = []
    for url, kind in views(w):
        r = client.get(url, headers=headers)
        if r.status_code != 200:
            assert r.status_code in (401, 403, 404), (url, r.status_code)
            continue
        body = r.get_json()
        if kind == "imports":  # the page's own links (on its portal) and its jobs
            _walk({**body, "moduleId": int(url.rsplit("/", 1)[1])}, kind, found, url)
            continue
        _walk(body.get("item") if "item" in body else body.get("list"), kind, found, url)
    return found


_LINKS_BY_ROLE = {}
_ROUTES_SEEN = set()


def _object_key(w, f):
    """The world key of the object a found link sits on ('P', 'file', ('P', 'checklist_status')...)."""
    if f.kind == "field":
        return (w.key_of[("module", f.obj_id[0])], f.obj_id[1])
    kind = {"child": "module", "fielddef": "field", "vault": "module", "imports": "module"}.get(f.kind, f.kind)
    return w.key_of.get((kind, f.obj_id), f.obj_id)


def offered(client, role):
    """(world, {(kind, key): {link name: link}}) the role is offered in the views of a world (once per role)."""
    if role not in _LINKS_BY_ROLE:
        reset_database()
        w = build_world()
        out = {}
        for f in collect_links(client, w, w.users[role]):
            out.setdefault((f.kind, _object_key(w, f)), {})[f.name] = f.link
            _ROUTES_SEEN.add(f.link["route"])
        _LINKS_BY_ROLE[role] = (w, out)
    return _LINKS_BY_ROLE[role]


def _offer_params():
    out = []
    for (endpoint, method), cases in sorted(MATRIX.items()):
        for case in cases:
            for role in ROLES:
                if case.link and ok(case.expect[role]):
                    out.append(pytest.param(case, role, id=_id(endpoint, method, case, role)))
    return out


# Links that lead to a page of calls rather than to the call itself ('templates': the templates page).
ENTRY_LINKS = {"templates", "webhooks"}


@pytest.mark.parametrize("case,role", _offer_params())
def test_a_permitted_call_is_offered_by_its_link(client, db, case, role):
    w, links = offered(client, role)
    kind, key, name = case.link
    key = key.format(role=role) if isinstance(key, str) else key
    link = links.get((kind, key), {}).get(name)
    assert link, (role, kind, key, sorted(links.get((kind, key), {})))
    if name not in ENTRY_LINKS:  # the link leads to this very call
        w.role = role
        assert complete(link["url"]) == case.url(w), (link, case.url(w))


# --- every link offered is a permitted call ------------------------------------------------------------------

ARG_KINDS = {"module_id": "module", "previous_id": "module", "membership_id": "membership",
             "deliverable_id": "deliverable", "article_id": "article", "file_id": "file", "version_id": "version",
             "ref_id": "reference", "comment_id": "comment", "field_id": "field", "value_id": "value",
             "report_id": "report", "metric_id": "metric", "template_id": "template", "brand_id": "brand",
             "user_id": "user", "invitation_id": "invitation", "webhook_id": "webhook",
             "delivery_id": "webhook_delivery", "notification_id": "notification", "relation_id": "relation",
             "baseline_id": "baseline", "view_id": "saved_view", "feed_id": "calendar_feed"}
ARG_KINDS.update(portal_id="module", sheet_id="timesheet")  # issue 45 (timesheets)
ARG_KINDS.update(project_id="module")  # issue 45 (effort plan and report)
ARG_KINDS.update(entry_id="time_entry")  # issue 45 (time)
ARG_KINDS.update(job_id="import_job")  # issue 46 (imports)
QUERY_KINDS = {"template": "template"}


def _resolve(app, url, method):
    """(endpoint, args, path, query) of a link's url, completed as the webapp completes it."""
    parts = urlsplit(complete(url))
    path = parts.path
    endpoint, args = _adapter(app).match(path, method=method)
    return endpoint, args, path, parse_qs(parts.query)


def _translate(app, endpoint, args, query, method, wa, wb):
    """The same call on the same objects of world wb (built like wa)."""
    new = {k: (wb.ids[wa.key_of[(ARG_KINDS[k], v)]] if k in ARG_KINDS and v else v) for k, v in args.items()}
    path = _adapter(app).build(endpoint, new, method=method)
    # (an id in the query is translated; anything else, as a thumbnail's version, is the same in both worlds)
    q = {k: wb.ids[wa.key_of[(QUERY_KINDS[k], int(v[0]))]] if k in QUERY_KINDS else v[0] for k, v in query.items()}
    return path + ("?" + "&".join(f"{k}={v}" for k, v in q.items()) if q else "")


def _form_method(form_answer):
    """The method a server-described form asks for (reference forms come as forms[0], a JSON string)."""
    if "forms" in form_answer:
        form_answer = json.loads(form_answer["forms"][0])
    return (form_answer.get("method") or "POST").upper()


def _writes(app, link):
    method = link["operation"].upper()
    return method != "GET" or _resolve(app, link["url"], method)[0] in WRITING_GETS


def run_link(app, client, role, found, wa):
    """Call an offered link with its operation as the webapp does: GET, PATCH and DELETE as they are; POST after
    GETting its form when the url has one, with the form's method as `_method`. A write runs on a fresh world
    (built like `wa`, which must still be in the database for a read). Returns [(what, status, answer)]."""
    link = found.link
    method = link["operation"].upper()
    endpoint, args, path, query = _resolve(app, link["url"], method)
    w = wa
    if _writes(app, link):
        reset_database()
        w = build_world()
    w.role = role
    url = _translate(app, endpoint, args, query, "POST" if method == "POST" else method, wa, w)
    actor = w.users[role]
    out = []
    extra = None
    if method == "POST":
        try:
            has_form = _adapter(app).match(urlsplit(url).path, method="GET")[0] not in NOT_FORMS
        except (MethodNotAllowed, NotFound):
            has_form = False
        if has_form:
            r = client.get(url, headers=bearer(actor))
            out.append(("GET form " + url, r.status_code, r.get_json(silent=True)))
            if r.status_code != 200:
                return out
            form_method = _form_method(r.get_json())
            if form_method != "POST":
                extra = {"_method": form_method}
    r = send(app, client, method, url, actor, None, w, extra)
    out.append((f"{method}{' ' + extra['_method'] if extra else ''} {url}", r.status_code, r.get_json(silent=True)))
    return out


# GETs at the url of a POST that are no form of it: the webapp posts to that url at once.
NOT_FORMS = {"imports.archive_export"}  # issue 46: a portal archive is exported (GET) and imported (POST) there
# Links whose call needs what the world cannot have: a Redmine to read (the world's is at a private address, which
# the web form refuses with 422 once the rights are checked: the call itself is permitted).
UNREACHABLE = {"imports.redmine_probe", "imports.redmine"}


def offered_links(client, w, actor):
    """The role's links, one per (url, operation)."""
    seen = {}
    for f in collect_links(client, w, actor):
        seen.setdefault((f.link["url"], f.link["operation"]), f)
    return list(seen.values())


def _problems(app, client, role, only=None):
    """{(role, kind, object key, link name): what went wrong} over every link the role is offered."""
    reset_database()
    wa = build_world()
    problems, tried = {}, set()
    links = offered_links(client, wa, wa.users[role])
    links.sort(key=lambda f: _writes(app, f.link))  # reads first, while `wa` is in the database
    for found in links:
        key = (role, found.kind, _object_key(wa, found), found.name)
        if only is not None and key != only:
            continue
        tried.add(key)
        for what, status, answer in run_link(app, client, role, found, wa):
            if status == 422 and found.link["route"] in UNREACHABLE:
                continue
            if not ok(status):
                problems[key] = f"{found.source} offers {key[1:]}: {what} -> {status} {answer}"
    return problems, tried


@pytest.mark.parametrize("role", ROLES[1:])
def test_every_offered_link_is_a_permitted_call(app, client, db, role):
    problems, _ = _problems(app, client, role)
    assert not problems, "\n".join(problems.values())


# --- every link's route is an endpoint ------------------------------------------------------------------------

# The route names the links carry (services and permissions.py); each must be an endpoint of the app.
EMITTED_ROUTES = {
    "article.add", "article.delete", "article.edit", "article.view", "brand.logo", "brand.save_logo", "clone.clone",
    "clone_config.delete", "clone_config.edit", "clone_config.list_", "clone_config.manage", "comment.add",
    "comment.delete", "comment.edit", "comment.reply", "custom_field.value_add", "custom_field.value_delete",
    "custom_field.value_edit", "custom_field_def.add", "custom_field_def.delete", "custom_field_def.edit",
    "deliverable.add", "deliverable.add_commence_date", "deliverable.add_completion_date", "deliverable.add_deadline",
    "deliverable.add_start_date", "deliverable.edit", "deliverable.edit_owner", "deliverable.edit_commence_date", "deliverable.edit_completion_date",
    "deliverable.edit_deadline", "deliverable.edit_start_date", "deliverable.find", "feed.list_", "invitation.invite",
    "invitation.resend", "invitation.revoke",
    "membership.add", "membership.delete", "membership.edit", "module.add", "module.delete", "module.edit",
    "module.lock", "module.reindex", "module.tree", "module.unlock", "module.view", "reference.add", "reference.delete_ref",
    "reference.edit_ref", "reference.lock_ref", "reference.unlock_ref", "report.list_", "report.metric_add",
    "report.metric_delete", "report.metric_edit", "report.save_layout", "vault.delete", "vault.download",
    "vault.download_version", "vault.edit", "vault.lock_file", "vault.unlock_file", "vault.upload",
    "watch.watch", "watch.unwatch", "live.ticket", "discussion.mentionable", "notification.read", "webhook.list_",
    "webhook.add", "webhook.edit", "webhook.delete", "webhook.deliveries", "webhook.redeliver",
    "relation.list_", "relation.add", "relation.edit", "relation.delete", "planning.settings_form",
    "deliverable.edit_dates", "relation.preview", "baseline.list_", "baseline.add", "baseline.slips",
    "baseline.delete", "recurrence.recurrence_save", "recurrence.recurrence_stop", "planning.mspdi_export",
    "saved_view.view", "saved_view.edit", "saved_view.delete", "saved_view.add", "calendar_feed.delete",
    "calendar_feed.add", "calendar_feed.list_",
}

EMITTED_ROUTES |= {"timesheet.months", "timesheet.approve", "timesheet.return_", "timesheet.pdf", "timesheet.cell",
                   "timesheet.submit"}  # issue 45 (timesheets)
EMITTED_ROUTES |= {"effort.plan", "effort.plan_save", "effort.plan_import", "effort.report"}  # issue 45 (effort)
EMITTED_ROUTES |= {"imports.list_", "imports.archive_import", "imports.redmine_probe", "imports.redmine",
                   "imports.spreadsheet_columns", "imports.spreadsheet", "imports.mspdi", "imports.archive_export",
                   "imports.job", "imports.cancel"}  # issue 46 (imports)
EMITTED_ROUTES |= {"time.add", "time.timer_start", "time.list_", "time.edit", "time.delete", "time.settings_form", "time.timer",
                   "time.timer_stop", "time.timer_discard"}  # issue 45 (time)
EMITTED_ROUTES |= {"vault.thumbnail", "vault.preview_ticket", "vault.text", "vault.extract"}  # issue 47 (documents)


def test_every_route_name_offered_is_listed(client, db):
    for role in ROLES[1:]:
        offered(client, role)
    assert _ROUTES_SEEN <= EMITTED_ROUTES, sorted(_ROUTES_SEEN - EMITTED_ROUTES)


@pytest.mark.parametrize("name", sorted(EMITTED_ROUTES))
def test_a_link_route_is_an_endpoint(app, name):
    """A link's route must name an endpoint of app.url_map."""
    assert name in {rule.endpoint for rule in app.url_map.iter_rules()}
