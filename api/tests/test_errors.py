"""Bad input of every kind: a clear JSON 4xx, never a 500, and nothing half-written."""
import io
import os

import pytest
import sqlalchemy as sa
from PIL import Image

from api.extensions import db as _db
from api.forms import make_token
from api.models import Brand, CustomField, CustomValue, Deliverable, FeedEntry, Module

from .conftest import form_token, new_grant

TABLES = [Module, FeedEntry, Deliverable, Brand, CustomValue]


def snapshot():
    _db.session.rollback()
    return {m.__name__: _db.session.scalar(sa.select(sa.func.count()).select_from(m)) for m in TABLES}


@pytest.fixture
def ctx(client, make_user, token_for, tree):
    su = make_user(superuser=True)
    member = make_user()
    new_grant(tree.portal, member)
    numeric = CustomField(module_id=tree.portal.id, attribute="budget", label="Budget", type="NUMERIC")
    dated = CustomField(module_id=tree.portal.id, attribute="day", label="Day", type="DATE")
    _db.session.add_all([numeric, dated])
    d = Deliverable(module_id=tree.task.id, status="NOT_STARTED")
    _db.session.add(d)
    _db.session.commit()
    return type("Ctx", (), {"su": su, "h": token_for(su), "member": member, "tree": tree, "numeric": numeric.id,
                            "dated": dated.id, "deliverable": d.id})


def assert_error(r, status):
    assert r.status_code == status, (r.status_code, r.get_data(as_text=True)[:300])
    assert r.mimetype == "application/json"
    body = r.get_json()
    assert isinstance(body, dict) and isinstance(body.get("error"), str) and body["error"]
    assert set(body) <= {"error", "errors"}
    return body


# --- bodies -----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("body", ['{"username": "a@b.c", ', "{'single': 'quotes'}", "\xff\xfe", "nul\x00"])
def test_malformed_json_is_400(client, body):
    r = client.post("/json/login", data=body.encode("latin-1"), content_type="application/json")
    assert "Malformed" in assert_error(r, 400)["error"]


@pytest.mark.parametrize("body", ["[1, 2]", '"text"', "42", "null", "true"])
def test_json_that_is_not_an_object_is_400(client, ctx, body):
    before = snapshot()
    url = f"/api/module/edit/{ctx.tree.project.id}"
    assert_error(client.put(url, data=body, content_type="application/json", headers=ctx.h), 400)
    assert_error(client.post("/json/login", data=body, content_type="application/json"), 400)
    assert snapshot() == before


@pytest.mark.parametrize("payload,fields", [
    ({"username": 123, "password": "x"}, {"username"}),
    ({"username": "a@b.c", "password": ["x"]}, {"password"}),
    ({"username": {"a": 1}, "password": {"b": 2}}, {"username", "password"}),
    ({"username": "x" * 300, "password": "x"}, {"username"}),
])
def test_wrong_types_at_login_are_422(client, payload, fields):
    body = assert_error(client.post("/json/login", json=payload), 422)
    assert set(body["errors"]) == fields


@pytest.mark.parametrize("payload,field", [
    ({"name": 5}, "name"),
    ({"name": ["a"]}, "name"),
    ({"name": {"x": 1}}, "name"),
    ({"name": "ok", "description": 7}, "description"),
    ({"name": "ok", "_token": 12345}, "_token"),
    ({"name": "ok", "_token": ["t"]}, "_token"),
    ({"name": "ok", "_token": {"u": 1}}, "_token"),
])
def test_wrong_types_in_a_json_form_are_422(client, ctx, payload, field):
    before = snapshot()
    url = f"/api/module/add/{ctx.tree.project.id}/4rineu_phase"
    payload = dict(payload)
    payload.setdefault("_token", form_token(client, ctx.h, url))
    body = assert_error(client.post(url, json=payload, headers=ctx.h), 422)
    assert field in body["errors"]
    assert snapshot() == before


@pytest.mark.parametrize("kind", ["no body", "empty json", "empty form", "text/plain"])
def test_empty_bodies(client, ctx, kind):
    before = snapshot()
    url = f"/api/module/add/{ctx.tree.project.id}/4rineu_phase"
    kw = {"no body": {}, "empty json": {"data": "", "content_type": "application/json"},
          "empty form": {"data": {}}, "text/plain": {"data": "name=x", "content_type": "text/plain"}}[kind]
    body = assert_error(client.post(url, headers=ctx.h, **kw), 422)
    assert set(body["errors"]) == {"name", "_token"}
    body = assert_error(client.post("/json/login", **kw), 422)
    assert set(body["errors"]) == {"username", "password"}
    assert snapshot() == before


# --- ids ---------------------------------------------------------------------------------------------------------

UNKNOWN = [
    ("GET", "/api/module/view/{x}"),
    ("GET", "/api/module/list/{x}"),
    ("GET", "/api/module/edit/{x}"),
    ("POST", "/api/module/edit/{x}"),
    ("GET", "/api/module/delete/{x}"),
    ("DELETE", "/api/module/delete/{x}"),
    ("GET", "/api/module/add/{x}/4rineu_project"),
    ("GET", "/api/module/reindex/{x}/0"),
    ("GET", "/api/module/detailed-list-by-type/4rineu_task/{x}"),
    ("PATCH", "/api/module/lock/{x}"),
    ("PATCH", "/api/module/unlock/{x}"),
    ("GET", "/api/feed/list/{x}"),
    ("GET", "/api/brand/find/{x}"),
    ("GET", "/api/brand/logo/{x}"),
    ("POST", "/api/brand/save-logo/{x}"),
    ("GET", "/api/deliverable/find/{x}"),
    ("POST", "/api/deliverable/add/{x}"),
    ("GET", "/api/meta/platform-skeleton/{x}"),
]


@pytest.mark.parametrize("x", ["999999", str(2**31), str(2**40), str(10**30)])
@pytest.mark.parametrize("method,url", UNKNOWN)
def test_unknown_and_huge_ids_are_404(client, ctx, method, url, x):
    before = snapshot()
    assert_error(client.open(url.format(x=x), method=method, headers=ctx.h), 404)
    assert snapshot() == before


@pytest.mark.parametrize("url", [
    "/api/module/reindex/{task}/{huge}",
    "/api/module/reindex/{task}/999999",
    "/api/deliverable/edit/{task}/{huge}",
    "/api/deliverable/edit/{task}/999999",
    "/api/deliverable/edit/{project}/{deliverable}",   # a deliverable of another module
    "/api/deliverable/edit-deadline/{project}/{deliverable}",
    "/api/deliverable/edit-nonsense/{task}/{deliverable}",
    "/api/custom-field/value/add/{task}/999999",
    "/api/custom-field/value/add/{other}/{foreign}",  # a field of another portal
    "/api/custom-field/value/edit/{task}/999999",
])
def test_unknown_second_ids_are_404(client, ctx, make_module, url):
    other_portal = make_module(None, "4rineu_portal", "Elsewhere")
    foreign = _db.session.scalar(sa.select(CustomField.id).where(CustomField.module_id == other_portal.id))
    t = ctx.tree
    url = url.format(task=t.task.id, project=t.project.id, other=t.other.id, huge=2**40, deliverable=ctx.deliverable,
                     foreign=foreign)
    assert_error(client.get(url, headers=ctx.h), 404)


def test_negative_and_non_numeric_ids_are_404(client, ctx):
    for url in ("/api/module/view/-1", "/api/module/view/abc", "/api/module/view/1.5", "/api/module/view/0x10"):
        assert_error(client.get(url, headers=ctx.h), 404)


# --- numbers and dates in forms -------------------------------------------------------------------------------------

@pytest.mark.parametrize("data,field", [
    ({"status": "NOT_STARTED", "ownerId": str(2**40)}, "ownerId"),
    ({"status": "NOT_STARTED", "ownerId": "-5"}, "ownerId"),
    ({"status": "NOT_STARTED", "ownerId": "abc"}, "ownerId"),
    ({"status": "NOT_STARTED", "ownerId": "1.5"}, "ownerId"),
    ({"status": "NOT_STARTED", "startDate": "2024-02-30"}, "startDate"),
    ({"status": "NOT_STARTED", "deadline": "99999-01-01"}, "deadline"),
    ({"status": "NOT_STARTED", "deadline": "yesterday"}, "deadline"),
    # Python's date.fromisoformat takes these; the form (and its OpenAPI format: date) does not.
    ({"status": "NOT_STARTED", "deadline": "20240102"}, "deadline"),
    ({"status": "NOT_STARTED", "commencedDate": "2024-W01-5"}, "commencedDate"),
    ({"status": "NO_SUCH_STATUS"}, "status"),
    ({"status": ""}, "status"),
])
def test_bad_numbers_dates_and_choices_in_forms_are_422(client, ctx, data, field):
    before = snapshot()
    url = f"/api/deliverable/add/{ctx.tree.phase.id}"
    body = assert_error(client.post(url, headers=ctx.h, data={**data, "_token": make_token(ctx.su.id, url)}), 422)
    assert field in body["errors"]
    assert snapshot() == before


@pytest.mark.parametrize("value", [str(2**40 * 10**10), "1e400", "-1e400", "nan", "inf", "12abc", ""])
def test_bad_numeric_custom_values_are_422(client, ctx, value):
    before = snapshot()
    url = f"/api/custom-field/value/add/{ctx.tree.task.id}/{ctx.numeric}"
    body = assert_error(client.post(url, headers=ctx.h, data={"numval": value,
                                                             "_token": make_token(ctx.su.id, url)}), 422)
    assert "numval" in body["errors"]
    assert snapshot() == before


def test_good_numeric_and_date_custom_values(client, ctx):
    url = f"/api/custom-field/value/add/{ctx.tree.task.id}/{ctx.numeric}"
    r = client.post(url, headers=ctx.h, data={"numval": " 1234.5 ", "_token": make_token(ctx.su.id, url)})
    assert r.status_code == 200
    assert r.get_json()["item"]["values"][0]["values"]["numval"] == 1234.5
    url = f"/api/custom-field/value/add/{ctx.tree.task.id}/{ctx.dated}"
    r = client.post(url, headers=ctx.h, data={"dateval": "2030-12-31", "_token": make_token(ctx.su.id, url)})
    assert r.status_code == 200 and r.get_json()["item"]["values"][0]["values"]["dateval"] == "2030-12-31"
    for bad in ("31/12/2030", "20301231", "2030-W52-1"):
        r = client.post(url, headers=ctx.h, data={"dateval": bad, "_token": make_token(ctx.su.id, url)})
        assert "dateval" in assert_error(r, 422)["errors"]


def test_a_picklist_value_must_be_an_option(client, ctx):
    check = _db.session.scalar(sa.select(CustomField.id).where(CustomField.module_id == ctx.tree.portal.id,
                                                               CustomField.attribute == "checklist_status"))
    before = snapshot()
    url = f"/api/custom-field/value/add/{ctx.tree.task.id}/{check}"
    r = client.post(url, headers=ctx.h, data={"option": "maybe", "_token": make_token(ctx.su.id, url)})
    assert "option" in assert_error(r, 422)["errors"]
    assert snapshot() == before


# --- routes, methods, sizes ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("url", ["/api/nothing", "/json/nothing", "/api/module/nothing/1", "/nothing"])
def test_unknown_routes_are_json_404(client, ctx, url):
    assert assert_error(client.get(url, headers=ctx.h), 404) == {"error": "Not found"}


@pytest.mark.parametrize("method,url", [
    ("PATCH", "/api/module/view/1"), ("GET", "/json/login"), ("PUT", "/json/logout"), ("POST", "/api/feed/list/1"),
    ("GET", "/api/module/lock/1"), ("DELETE", "/api/module/list/1"),
])
def test_wrong_method_is_json_405(client, ctx, method, url):
    r = client.open(url, method=method, headers=ctx.h)
    assert assert_error(r, 405)["error"] == "Method not allowed"


def test_oversize_upload_is_json_413(app, client, ctx, monkeypatch):
    monkeypatch.setitem(app.config, "MAX_CONTENT_LENGTH", 4096)
    before = snapshot()
    logos = os.path.join(app.config["UPLOAD_DIR"], "logos")
    files_before = set(os.listdir(logos)) if os.path.isdir(logos) else set()
    big = io.BytesIO()
    Image.effect_noise((200, 200), 64).convert("RGB").save(big, "PNG")
    assert big.tell() > 4096
    r = client.post(f"/api/brand/save-logo/{ctx.tree.project.id}", headers=ctx.h,
                    data={"logo": (io.BytesIO(big.getvalue()), "big.png")}, content_type="multipart/form-data")
    assert "too large" in assert_error(r, 413)["error"]
    assert snapshot() == before
    assert (set(os.listdir(logos)) if os.path.isdir(logos) else set()) == files_before
    r = client.post(f"/api/module/add/{ctx.tree.project.id}/4rineu_phase", headers=ctx.h,
                    data={"name": "x" * 10000, "_token": "t"})
    assert_error(r, 413)


def test_an_unexpected_error_is_a_500_without_internals(client, ctx, monkeypatch):
    from api.services import modules

    def boom(*a, **kw):
        raise RuntimeError("secret internals: password=hunter2")
    monkeypatch.setattr(modules, "list_children", boom)
    r = client.get(f"/api/module/list/{ctx.tree.project.id}", headers=ctx.h)
    assert r.status_code == 500
    assert r.get_json() == {"error": "Internal server error"}
    assert "hunter2" not in r.get_data(as_text=True)


def test_a_failing_write_rolls_back_the_feed_entry(client, ctx, monkeypatch):
    """The feed entry is written in the same transaction as the change: both or neither."""
    from api.services import feed
    before = snapshot()
    real = feed.record

    def record_then_fail(*a, **kw):
        real(*a, **kw)
        _db.session.flush()
        raise RuntimeError("disk full")
    monkeypatch.setattr(feed, "record", record_then_fail)
    url = f"/api/module/add/{ctx.tree.project.id}/4rineu_phase"
    r = client.post(url, headers=ctx.h, data={"name": "Half", "_token": make_token(ctx.su.id, url)})
    assert r.status_code == 500
    assert snapshot() == before
