"""Server-described forms: one declaration gives the GET description and the POST validation."""
import datetime as dt

import pytest
from itsdangerous import TimestampSigner
from marshmallow import Schema, fields, validate

from api.errors import Invalid
from api.extensions import db as _db
from api.forms import Flag, Form, Id, check_token, describe, make_token, parse
from api.models import Deliverable

from .conftest import element, form_of, form_token, new_grant

ELEMENT_KEYS = {"name", "label", "type", "value", "required", "disabled", "help", "placeholder", "options"}


class _Address(Schema):
    street = fields.String(required=True, metadata={"label": "Street"})
    city = fields.String(metadata={"label": "City"})


class EveryElementForm(Form):
    title = fields.String(required=True, metadata={"label": "Title", "placeholder": "A title", "help": "Short"})
    due = fields.Date(required=True, metadata={"label": "Due date"})
    email = fields.Email(required=True, metadata={"label": "Email"})
    attachment = fields.Raw(metadata={"label": "Attachment", "type": "file"})
    colour = fields.String(metadata={"label": "Colour", "type": "select",
                                     "options": [("red", "Red"), ("green", "Green")]})
    notes = fields.String(metadata={"label": "Notes", "type": "textarea", "disabled": True})
    secret = fields.String(metadata={"label": "", "type": "hidden"})
    active = Flag("Active")
    owner = Id(metadata={"label": "Owner", "type": "select"})
    address = fields.Nested(_Address, required=True, metadata={"label": "Address"})
    size = fields.Integer(validate=validate.Range(min=1, max=10), metadata={"label": "Size"})


class PrefixedForm(EveryElementForm):
    form_name = "thing"


@pytest.fixture
def user(make_user):
    return make_user()


def test_describe_renders_every_element_type(user):
    values = {"title": "Hello", "due": dt.date(2030, 5, 17), "colour": "green", "active": True,
              "address": {"street": "Main St 1"}, "owner": 7}
    form = describe(EveryElementForm, "/api/thing/add/1", "POST", values=values,
                    options={"owner": [(7, "Seven"), (8, "Eight")]}, user=user)
    assert form["method"] == "POST" and form["action"] == "/api/thing/add/1"
    els = {e["name"]: e for e in form["elements"]}
    assert list(els) == ["title", "due", "email", "attachment", "colour", "notes", "secret", "active", "owner",
                         "address", "size", "_token"]
    for e in form["elements"]:
        assert ELEMENT_KEYS <= set(e), e["name"]
    assert {n: e["type"] for n, e in els.items()} == {
        "title": "text", "due": "date", "email": "email", "attachment": "file", "colour": "select",
        "notes": "textarea", "secret": "hidden", "active": "select", "owner": "select", "address": "compound",
        "size": "text", "_token": "hidden"}
    assert els["title"] == {"name": "title", "label": "Title", "type": "text", "value": "Hello", "required": True,
                            "disabled": False, "help": "Short", "placeholder": "A title", "options": []}
    assert els["due"]["value"] == "2030-05-17" and els["due"]["required"] is True
    assert els["notes"]["disabled"] is True and els["notes"]["required"] is False
    assert els["colour"]["options"] == [{"value": "red", "label": "Red", "selected": False},
                                        {"value": "green", "label": "Green", "selected": True}]
    assert els["active"]["value"] == "1"
    assert els["active"]["options"] == [{"value": "1", "label": "Yes", "selected": True},
                                        {"value": "0", "label": "No", "selected": False}]
    assert els["owner"]["options"] == [{"value": "7", "label": "Seven", "selected": True},
                                       {"value": "8", "label": "Eight", "selected": False}]
    compound = els["address"]
    assert compound["required"] is True and compound["value"] == ""
    assert [(e["name"], e["value"], e["required"]) for e in compound["elements"]] == [
        ("address[street]", "Main St 1", True), ("address[city]", "", False)]
    token = els["_token"]
    assert token["required"] is True and check_token(token["value"], user.id, "/api/thing/add/1") is None


def test_describe_without_a_user_has_no_token_and_prefixes_names():
    form = describe(PrefixedForm, "/x")
    names = [e["name"] for e in form["elements"]]
    assert "_token" not in names
    assert names[0] == "thing[title]"
    address = next(e for e in form["elements"] if e["name"] == "thing[address]")
    assert [e["name"] for e in address["elements"]] == ["thing[address][street]", "thing[address][city]"]


def test_parse_required_messages_and_values(user):
    with pytest.raises(Invalid) as e:
        parse(EveryElementForm, data={"title": "  ", "size": "11", "email": "nope"})
    errors = e.value.errors
    assert errors["title"] == ["Title is required"]
    assert errors["due"] == ["Due date is required"]
    assert errors["address[street]"] == ["Street is required"]
    assert errors["size"] and errors["email"]
    assert "colour" not in errors and "notes" not in errors
    data = parse(EveryElementForm, data={"title": " T ", "due": "2030-01-02", "email": "a@b.org",
                                         "address[street]": "S", "active": "0", "size": "3", "owner": "4"})
    assert data["title"] == "T" and data["due"] == dt.date(2030, 1, 2) and data["active"] is False
    assert data["address"] == {"street": "S"} and data["size"] == 3 and data["owner"] == 4
    # JSON submissions may nest the compound.
    data = parse(EveryElementForm, data={"title": "T", "due": "2030-01-02", "email": "a@b.org",
                                         "address": {"street": "Nested"}})
    assert data["address"] == {"street": "Nested"}
    # Prefixed names come back keyed by element name.
    with pytest.raises(Invalid) as e:
        parse(PrefixedForm, data={})
    assert "thing[title]" in e.value.errors and "thing[address][street]" in e.value.errors


def test_parse_checks_runtime_options(user):
    base = {"title": "T", "due": "2030-01-02", "email": "a@b.org", "address[street]": "S"}
    with pytest.raises(Invalid) as e:
        parse(EveryElementForm, data={**base, "owner": "9"}, options={"owner": [(7, "Seven")]})
    assert e.value.errors == {"owner": ["Please choose one of the options"]}
    assert parse(EveryElementForm, data={**base, "owner": "7"}, options={"owner": [(7, "Seven")]})["owner"] == 7


def test_token_is_bound_to_user_and_action(user, make_user):
    other = make_user()
    token = make_token(user.id, "/a")
    assert check_token(token, user.id, "/a") is None
    assert check_token(token, other.id, "/a") == "The form token does not belong to this form"
    assert check_token(token, user.id, "/b") == "The form token does not belong to this form"
    assert "invalid" in check_token(token + "x", user.id, "/a")
    assert "invalid" in check_token(None, user.id, "/a")
    assert "invalid" in check_token(42, user.id, "/a")


def _later(monkeypatch, seconds):
    real = TimestampSigner.get_timestamp
    monkeypatch.setattr(TimestampSigner, "get_timestamp", lambda self: real(self) + seconds)


def test_token_expires_after_form_token_seconds(app, client, make_user, token_for, tree, monkeypatch):
    su = make_user(superuser=True)
    headers = token_for(su)
    url = f"/api/module/edit/{tree.project.id}"
    token = form_token(client, headers, url)
    limit = app.config["FORM_TOKEN_SECONDS"]
    assert check_token(token, su.id, url) is None
    _later(monkeypatch, limit + 5)
    assert check_token(token, su.id, url) == "The form has expired, please reload it"
    r = client.post(url, headers=headers, data={"name": "Late", "_token": token})
    assert r.status_code == 422
    assert r.get_json()["errors"] == {"_token": ["The form has expired, please reload it"]}
    monkeypatch.undo()
    _later(monkeypatch, limit - 5)
    r = client.post(url, headers=headers, data={"name": "In time", "_token": token})
    assert r.status_code == 200 and r.get_json()["item"]["name"] == "In time"


@pytest.mark.parametrize("override", ["PUT", "put", "PATCH"])
def test_method_override_on_form_posts(client, make_user, token_for, tree, override):
    su = make_user(superuser=True)
    headers = token_for(su)
    url = f"/api/module/edit/{tree.project.id}"
    r = client.post(url, headers=headers, data={"name": "Overridden", "_method": override,
                                                "_token": form_token(client, headers, url)})
    assert r.status_code == 200
    assert r.get_json()["item"]["name"] == "Overridden"
    d = Deliverable(module_id=tree.task.id, status="NOT_STARTED")
    _db.session.add(d)
    _db.session.commit()
    durl = f"/api/deliverable/edit-deadline/{tree.task.id}/{d.id}"
    r = client.post(durl, headers=headers, data={"deadline": "2031-03-04", "_method": override,
                                                 "_token": form_token(client, headers, durl)})
    assert r.status_code == 200 and r.get_json()["item"]["deadline"] == "2031-03-04"


def test_real_forms_describe_selects_dates_and_values(client, make_user, token_for, tree):
    su = make_user(superuser=True)
    owner = make_user(name="Anna Owner")
    new_grant(tree.portal, owner)
    headers = token_for(su)
    form = form_of(client, headers, f"/api/deliverable/add/{tree.task.id}")
    status = element(form, "status")
    assert status["type"] == "select" and status["required"] is True
    assert [o["value"] for o in status["options"]] == ["NOT_STARTED", "IN_PROGRESS", "BLOCKED", "COMPLETED",
                                                       "VERIFIED_COMPLETE"]
    assert [o["value"] for o in status["options"] if o["selected"]] == ["NOT_STARTED"]
    # everyone who may view the task, then the editing superuser (no membership, yet may pick themself)
    assert element(form, "ownerId")["options"] == [
        {"value": str(owner.id), "label": "Anna Owner", "selected": False},
        {"value": str(su.id), "label": su.name, "selected": False}]
    for name in ("startDate", "deadline", "commencedDate", "completionDate"):
        assert element(form, name)["type"] == "date" and element(form, name)["required"] is False
    d = Deliverable(module_id=tree.task.id, status="BLOCKED", owner_id=owner.id, deadline=dt.date(2030, 3, 1))
    _db.session.add(d)
    _db.session.commit()
    form = form_of(client, headers, f"/api/deliverable/edit/{tree.task.id}/{d.id}")
    assert form["method"] == "PUT"
    assert [o["value"] for o in element(form, "status")["options"] if o["selected"]] == ["BLOCKED"]
    assert element(form, "ownerId")["options"][0]["selected"] is True
    assert element(form, "deadline")["value"] == "2030-03-01"
    single = form_of(client, headers, f"/api/deliverable/edit-start-date/{tree.task.id}/{d.id}")
    assert [e["name"] for e in single["elements"]] == ["startDate", "_version", "_token"]  # the version: no lost update
