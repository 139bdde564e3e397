"""The exact links each role is offered (the route x role status matrix is test_route_matrix.py).

Roles act on a project P: `none` has no membership, viewer/editor/creator have one on P, `direct_admin`
is admin on P, `inherited_admin` is admin on the portal above P, `superuser` is a system superuser.
Invisible -> 404, visible but forbidden -> 403. Users are built once for the module; each test gets a
fresh P (so that writes do not interfere).
"""
import io
from types import SimpleNamespace

import pytest
import sqlalchemy as sa
from PIL import Image

from api.extensions import db as _db
from api.forms import make_token
from api.models import CustomField, Deliverable, Module

from .conftest import claim_shared_data, login_headers, new_grant, new_module, new_user, root

pytestmark = pytest.mark.shared_data

ROLES = ["none", "viewer", "editor", "creator", "direct_admin", "inherited_admin", "superuser"]

# Who may do what; everyone else who can see P gets 403, `none` gets 404.
ALLOWED = {
    "view": {"viewer", "editor", "creator", "direct_admin", "inherited_admin", "superuser"},
    "create": {"creator", "direct_admin", "inherited_admin", "superuser"},
    "edit": {"editor", "direct_admin", "inherited_admin", "superuser"},
    "delete": {"direct_admin", "inherited_admin", "superuser"},
    "admin": {"direct_admin", "inherited_admin", "superuser"},
}

# Watching, live updates and the @ menu: whoever views (a lock changes nothing; nobody watches P in this world).
BASE = {"view", "add_comment", "feed", "tree", "watch", "live", "mentionable", "relations", "baselines",
        "export_mspdi", "effort_report"}
EDIT = {"edit", "add_deliverable", "add_start_date", "add_deadline", "add_commence_date", "add_completion_date",
        "add_article", "add_file", "add_reference", "add_metric", "add_custom_field", "add_relation", "add_baseline",
        "save_logo", "effort_plan",
        "add_membership", "invite"}
CREATE = {"add_phase", "add_task"}
ROW = {"view", "edit", "delete", "reindex"}  # what a row of a list acts on (links.ROW_LINKS)
ADMIN = BASE | EDIT | CREATE | {"delete", "lock"}
LINKS = {
    "viewer": BASE,
    "editor": BASE | EDIT,
    "creator": BASE | CREATE,
    "direct_admin": ADMIN,
    "inherited_admin": ADMIN,
    "superuser": ADMIN,
}
# On a locked P: no edit, delete, create or content; members can still be managed; admins may unlock.
LOCKED_LINKS = {
    "viewer": BASE,
    "editor": BASE | {"add_membership", "invite"},
    "creator": BASE,
    "direct_admin": BASE | {"add_membership", "invite", "unlock"},
    "inherited_admin": BASE | {"add_membership", "invite", "unlock"},
    "superuser": BASE | {"add_membership", "invite", "unlock"},
}

# Cloning: 'templates' needs edit on P; 'clone' (a new version) needs edit on P too (spec §6), so a lock on P takes it
# away, and create on P's parent (the portal).
for _role in ("editor", "direct_admin", "inherited_admin", "superuser"):
    LINKS[_role] = LINKS[_role] | {"templates"}
for _role in ("inherited_admin", "superuser"):
    LINKS[_role] = LINKS[_role] | {"clone"}
# Issue 45 (time): the time logged below P, for whoever views it; logging time, for whoever may create on P (or is
# an admin of its portal); a lock changes neither.
for _role in LINKS:
    LINKS[_role], LOCKED_LINKS[_role] = LINKS[_role] | {"time"}, LOCKED_LINKS[_role] | {"time"}
for _role in ("creator", "direct_admin", "inherited_admin", "superuser"):
    LINKS[_role] = LINKS[_role] | {"add_time", "start_timer"}
    LOCKED_LINKS[_role] = LOCKED_LINKS[_role] | {"add_time", "start_timer"}


@pytest.fixture(scope="module")
def world(app, request):
    claim_shared_data(request)
    users = {}
    for role in ROLES:
        u = new_user(name=role.replace("_", " ").title(), superuser=role == "superuser")
        users[role] = SimpleNamespace(id=u.id, email=u.email)
    portal = new_module(root(), "4rineu_portal", "Matrix portal")
    new_grant(portal, _db.session.get(type(u), users["inherited_admin"].id), admin=True)
    check = _db.session.scalar(sa.select(CustomField.id).where(CustomField.module_id == portal.id))
    return SimpleNamespace(users=users, portal_id=portal.id, check_id=check)


@pytest.fixture
def target(world):
    """A fresh project P under the portal, with the role memberships, a phase and a task."""
    def make(deliverable=False, locked=False):
        from api.models import User
        portal = _db.session.get(Module, world.portal_id)
        p = new_module(portal, "4rineu_project", "P", locked=locked)
        phase = new_module(p, "4rineu_phase", "Phase")
        task = new_module(phase, "4rineu_task", "Task")
        sibling = new_module(p, "4rineu_phase", "Phase 2", idx=1)
        user = lambda role: _db.session.get(User, world.users[role].id)  # noqa: E731
        new_grant(p, user("viewer"))
        new_grant(p, user("editor"), edit=True)
        new_grant(p, user("creator"), create=True)
        new_grant(p, user("direct_admin"), admin=True)
        d_id = None
        if deliverable:
            d = Deliverable(module_id=p.id, status="NOT_STARTED")
            _db.session.add(d)
            _db.session.commit()
            d_id = d.id
        return SimpleNamespace(id=p.id, phase=phase.id, task=task.id, sibling=sibling.id, deliverable=d_id,
                               check=world.check_id)
    return make


def png_bytes():
    out = io.BytesIO()
    Image.new("RGB", (8, 8), (200, 30, 30)).save(out, "PNG")
    return out.getvalue()


def form_post(url, data):
    """POST a form with a token made for the user: the right is checked before the token."""
    def call(client, headers, uid, t):
        return client.post(url(t), headers=headers, data={**data, "_token": make_token(uid, url(t))})
    return call


def get(url):
    return lambda client, headers, uid, t: client.get(url(t), headers=headers)


def patch(url):
    return lambda client, headers, uid, t: client.patch(url(t), headers=headers)


def save_logo(client, headers, uid, t):
    return client.post(f"/api/brand/save-logo/{t.id}", headers=headers,
                       data={"logo": (io.BytesIO(png_bytes()), "logo.png")}, content_type="multipart/form-data")


# (name, needed right, target options, call)
ENDPOINTS = [
    ("module.view", "view", {}, get(lambda t: f"/api/module/view/{t.id}")),
    ("module.list", "view", {}, get(lambda t: f"/api/module/list/{t.id}")),
    ("module.add_form", "create", {}, get(lambda t: f"/api/module/add/{t.id}/4rineu_phase")),
    ("module.add", "create", {}, form_post(lambda t: f"/api/module/add/{t.id}/4rineu_phase", {"name": "New"})),
    ("module.edit_form", "edit", {}, get(lambda t: f"/api/module/edit/{t.id}")),
    ("module.edit", "edit", {}, form_post(lambda t: f"/api/module/edit/{t.id}", {"name": "N", "_method": "PUT"})),
    ("module.delete_get", "delete", {}, get(lambda t: f"/api/module/delete/{t.id}")),
    ("module.delete", "delete", {},
     lambda client, headers, uid, t: client.delete(f"/api/module/delete/{t.id}", headers=headers)),
    ("module.reindex", "edit", {}, get(lambda t: f"/api/module/reindex/{t.sibling}/0")),
    ("module.detailed_list", "view", {}, get(lambda t: f"/api/module/detailed-list-by-type/4rineu_task/{t.id}")),
    ("module.lock", "admin", {}, patch(lambda t: f"/api/module/lock/{t.id}")),
    ("module.unlock", "admin", {"locked": True}, patch(lambda t: f"/api/module/unlock/{t.id}")),
    ("feed.list_", "view", {}, get(lambda t: f"/api/feed/list/{t.id}")),
    ("brand.find", "view", {}, get(lambda t: f"/api/brand/find/{t.id}")),
    ("brand.save_logo", "edit", {}, save_logo),
    ("deliverable.find", "view", {"deliverable": True}, get(lambda t: f"/api/deliverable/find/{t.id}")),
    ("deliverable.add_form", "edit", {}, get(lambda t: f"/api/deliverable/add/{t.id}")),
    ("deliverable.add", "edit", {}, form_post(lambda t: f"/api/deliverable/add/{t.id}", {"status": "BLOCKED"})),
    ("deliverable.edit_form", "edit", {"deliverable": True},
     get(lambda t: f"/api/deliverable/edit/{t.id}/{t.deliverable}")),
    ("deliverable.edit", "edit", {"deliverable": True},
     form_post(lambda t: f"/api/deliverable/edit/{t.id}/{t.deliverable}", {"status": "COMPLETED", "_method": "PUT"})),
    ("deliverable.edit_deadline", "edit", {"deliverable": True},
     form_post(lambda t: f"/api/deliverable/edit-deadline/{t.id}/{t.deliverable}", {"deadline": "2031-01-01"})),
    ("custom_field.value_add_form", "edit", {}, get(lambda t: f"/api/custom-field/value/add/{t.id}/{t.check}")),
    ("custom_field.value_add", "edit", {},
     form_post(lambda t: f"/api/custom-field/value/add/{t.id}/{t.check}", {"option": "completed"})),
]


def expected_status(right, role):
    if role == "none":
        return 404
    return 200 if role in ALLOWED[right] else 403


# Every route x role status is in test_route_matrix.py; what it has no role for stays here: create without edit.
@pytest.mark.parametrize("role", ["creator"])
@pytest.mark.parametrize("name,right,options,call", ENDPOINTS, ids=[e[0] for e in ENDPOINTS])
def test_endpoint_status(client, world, target, name, right, options, call, role):
    t = target(**options)
    user = world.users[role]
    r = call(client, login_headers(client, user), user.id, t)
    assert r.status_code == expected_status(right, role), (name, role, r.get_json())
    body = r.get_json()
    if r.status_code >= 400:
        assert set(body) <= {"error", "errors"} and body["error"]
        # A refused write leaves P as it was.
        p = _db.session.get(Module, t.id)
        assert p is not None and p.name == "P"
    else:
        assert body is not None


@pytest.mark.parametrize("role", ROLES[1:])
def test_links_offered_to_each_role(client, world, target, role):
    t = target()
    headers = login_headers(client, world.users[role])
    item = client.get(f"/api/module/view/{t.id}", headers=headers).get_json()["item"]
    assert set(item["links"]) == LINKS[role]
    # Children inherit the rights and carry a row's links; moving them needs edit on P.
    phase = next(c for c in item["children"] if c["id"] == t.phase)
    expected_child = LINKS[role] & ROW
    if "edit" in LINKS[role]:
        expected_child |= {"reindex"}
    assert set(phase["links"]) == expected_child
    # What /api/module/list offers is the same as the children of the view.
    listed = client.get(f"/api/module/list/{t.id}", headers=headers).get_json()["list"]
    assert set(next(c for c in listed if c["id"] == t.phase)["links"]) == expected_child
    # The checklist's add link needs edit.
    (check,) = item["customFields"]
    assert ("add_checklist_status_value" in check["links"]) == ("edit" in LINKS[role])
    # Each link's url answers for this role (GET links only: the others are checked by the matrix).
    for link in item["links"].values():
        if link["operation"] == "GET" and link["url"].startswith(("/api/module/", "/api/feed/")):
            assert client.get(link["url"], headers=headers).status_code == 200, link


@pytest.mark.parametrize("role", ROLES[1:])
def test_links_on_a_locked_module(client, world, target, role):
    t = target(locked=True)
    headers = login_headers(client, world.users[role])
    item = client.get(f"/api/module/view/{t.id}", headers=headers).get_json()["item"]
    assert item["locked"] is True
    assert set(item["links"]) == LOCKED_LINKS[role]


@pytest.mark.parametrize("role", ROLES[1:])
def test_deliverable_and_brand_links(client, world, target, role):
    t = target(deliverable=True)
    headers = login_headers(client, world.users[role])
    d = client.get(f"/api/deliverable/find/{t.id}", headers=headers).get_json()["item"]
    editor = role in ALLOWED["edit"]
    expected = {"find"} | ({"edit", "edit_owner", "edit_start_date", "edit_deadline", "edit_commence_date",
                            "edit_completion_date", "edit_dates", "preview_move", "edit_recurrence"} if editor
                           else set())
    assert set(d["links"]) == expected
    item = client.get(f"/api/module/view/{t.id}", headers=headers).get_json()["item"]
    assert "add_deliverable" not in item["links"]
    assert set(item["deliverable"]["links"]) == expected


def test_none_gets_404_for_everything_even_unknown_children(client, world, target):
    t = target()
    user = world.users["none"]
    headers = login_headers(client, user)
    for url in (f"/api/module/view/{t.task}", f"/api/module/list/{t.phase}", f"/api/brand/find/{t.task}",
                f"/api/meta/platform-skeleton/{t.id}", f"/api/deliverable/find/{t.id}"):
        assert client.get(url, headers=headers).status_code == 404, url


def test_a_membership_without_view_gives_nothing(client, world, target):
    from api.models import User
    t = target()
    u = new_user()
    new_grant(_db.session.get(Module, t.id), _db.session.get(User, u.id), view=False, edit=True)
    headers = login_headers(client, u)
    assert client.get(f"/api/module/view/{t.id}", headers=headers).status_code == 404
