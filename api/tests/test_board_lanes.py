"""The board's swimlanes (issue 44): the picklist fields that apply to a module's subtree (defined on it, above it,
or below it where the user sees), and one field's value on each module below it; rights; a fixed number of
queries."""
from types import SimpleNamespace

import pytest
import sqlalchemy as sa

from api.extensions import db as _db
from api.models import CustomField, CustomValue, Module, PicklistOption

from .conftest import new_module
from .test_my_work import validator


def picklist(module, label, *values, target_type=None, type_="PICKLIST", multiple=False):
    f = CustomField(module_id=module.id, attribute=label.lower().replace(" ", "_"), label=label, type=type_,
                    target_type=target_type, multiple=multiple, idx=5)
    _db.session.add(f)
    _db.session.flush()
    for i, v in enumerate(values):
        _db.session.add(PicklistOption(field_id=f.id, value=v, label=v.title(), idx=i))
    _db.session.commit()
    return f


def choose(field, module, value, commit=True):
    option = _db.session.scalar(sa.select(PicklistOption).where(PicklistOption.field_id == field.id,
                                                                PicklistOption.value == value))
    _db.session.add(CustomValue(field_id=field.id, module_id=module.id, stringval=value, option_id=option.id))
    if commit:
        _db.session.commit()


def lanes(client, headers, module, field=None, status=200):
    url = f"/api/board/lanes/{module.id}" + ("" if field is None else f"?field={field}")
    r = client.get(url, headers=headers)
    assert r.status_code == status, r.get_json()
    return r.get_json()


@pytest.fixture
def fields(tree):
    return {"priority": picklist(tree.portal, "Priority", "high", "low"),
            "risk": picklist(tree.phase, "Risk", "red", "green"),
            "size": picklist(tree.other, "Size", "s", "m", "l"),
            "notes": picklist(tree.project, "Notes", type_="TEXT"),
            "below": picklist(tree.task, "Below", "x", "y")}


def test_the_picklists_of_a_subtree_as_its_viewers_see_them(client, tree, fields, make_user, grant, token_for):
    viewer = make_user()
    grant(tree.project, viewer)
    hv = token_for(viewer)
    body = lanes(client, hv, tree.project)
    assert [f["name"] for f in body["fields"]] == ["Completed", "Priority", "Risk", "Below"]  # no text, not B's
    priority = body["fields"][1]
    assert priority == {"id": fields["priority"].id, "name": "Priority", "attribute": "priority",
                        "moduleId": tree.portal.id, "multiple": False, "options": ["high", "low"],
                        "labels": {"high": "High", "low": "Low"}}
    assert [f["name"] for f in lanes(client, hv, tree.task)["fields"]] == ["Completed", "Priority", "Risk", "Below"]
    assert [f["name"] for f in lanes(client, hv, tree.subtask)["fields"]] == ["Completed", "Priority", "Risk",
                                                                              "Below"]
    assert validator(client, "/api/board/lanes/{module_id}").is_valid(body)
    lanes(client, hv, tree.portal, status=404)  # the portal itself is not the viewer's
    lanes(client, hv, tree.other, status=404)
    su = make_user(superuser=True)
    assert [f["name"] for f in lanes(client, token_for(su), tree.portal)["fields"]] == [
        "Completed", "Priority", "Risk", "Size", "Below"]


def test_a_fields_values_below_the_module(client, tree, fields, make_user, grant, token_for):
    viewer = make_user()
    grant(tree.project, viewer)
    extra = new_module(tree.phase, "4rineu_task", "Task 2", idx=1)
    choose(fields["priority"], tree.task, "high")
    choose(fields["priority"], tree.subtask, "low")
    choose(fields["priority"], tree.project, "high")  # the module itself: not a card of its board
    choose(fields["priority"], tree.other, "low")  # outside the subtree
    choose(fields["risk"], extra, "green")
    hv = token_for(viewer)
    body = lanes(client, hv, tree.project, fields["priority"].id)
    assert body["field"]["name"] == "Priority"
    assert body["values"] == {str(tree.task.id): "high", str(tree.subtask.id): "low"}
    assert lanes(client, hv, tree.project, fields["risk"].id)["values"] == {str(extra.id): "green"}
    assert lanes(client, hv, tree.task, fields["priority"].id)["values"] == {str(tree.subtask.id): "low"}
    assert validator(client, "/api/board/lanes/{module_id}").is_valid(body)
    for refused in (fields["size"].id, fields["notes"].id, 2147483647):  # B's; not a picklist; none
        assert lanes(client, hv, tree.project, refused, status=404)["error"]
    assert set(lanes(client, hv, tree.project, "abc", status=400)["errors"]) == {"field"}
    outsider = make_user()
    lanes(client, token_for(outsider), tree.project, fields["priority"].id, status=404)
    su = make_user(superuser=True)
    assert lanes(client, token_for(su), tree.portal, fields["size"].id)["values"] == {}
    choose(fields["size"], tree.other, "m")
    assert lanes(client, token_for(su), tree.portal, fields["size"].id)["values"] == {str(tree.other.id): "m"}


def test_several_values_the_first_in_the_options_order(client, tree, make_user, token_for):
    tags = picklist(tree.portal, "Tags", "a", "b", "c", multiple=True)
    choose(tags, tree.task, "c")
    choose(tags, tree.task, "b")
    su = make_user(superuser=True)
    assert lanes(client, token_for(su), tree.portal, tags.id)["values"] == {str(tree.task.id): "b"}


def test_a_field_for_one_type_only_takes_its_values_there(client, tree, make_user, token_for):
    phases = picklist(tree.portal, "Gate", "open", "shut", target_type="4rineu_phase")
    choose(phases, tree.phase, "open")
    choose(phases, tree.task, "shut")  # (written behind the API's back: the field does not apply to a task)
    su = make_user(superuser=True)
    assert lanes(client, token_for(su), tree.portal, phases.id)["values"] == {str(tree.phase.id): "open"}


@pytest.mark.parametrize("who", ["member", "superuser"])
def test_a_fixed_number_of_queries(client, tree, make_user, grant, token_for, count_queries, who):
    user = make_user(superuser=who == "superuser")
    if who == "member":
        grant(tree.project, user)
    h = token_for(user)
    priority = picklist(tree.portal, "Priority", "high", "low")
    project = SimpleNamespace(id=tree.project.id)  # (reading tree.project after a commit is a query of the test's)
    counts, made = {}, 0
    for n in (3, 30):
        for i in range(made, n):
            m = new_module(tree.phase, "4rineu_task", f"Task {i}", commit=False)
            choose(priority, m, "high" if i % 2 else "low", commit=False)
            if i % 4 == 0:
                picklist(m, f"Own {i}", "one", "two")
        _db.session.commit()
        made = n
        for field in (None, priority.id):
            lanes(client, h, project, field)  # warm
            with count_queries() as q:
                body = lanes(client, h, project, field)
            if field:
                assert len(body["values"]) == n
            else:
                assert len(body["fields"]) == 2 + len(range(0, n, 4))
            counts[(n, field)] = q.count
    assert counts[(3, None)] == counts[(30, None)] and counts[(3, priority.id)] == counts[(30, priority.id)], counts
    # the user and session, the module, [memberships,] the fields; with a field: its values
    base = 4 if who == "member" else 3
    assert (counts[(30, None)], counts[(30, priority.id)]) == (base, base + 1), counts
    assert _db.session.scalar(sa.select(sa.func.count()).select_from(Module)) > 30
