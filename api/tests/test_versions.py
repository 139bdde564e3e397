"""No lost update: every edit form of a versioned item carries `_version`; an edit sent from a form read before
someone else's change is refused with 409, 'This item was changed by someone else. Reload to see the changes.',
and the item as it is now; nothing is written."""
import pytest

from api.extensions import db as _db
from api.models import (Article, Comment, CustomField, CustomValue, Deliverable, Membership, Metric, Module,
                        Reference, Report, VaultFile)

from .conftest import form_of, new_grant

STALE = "This item was changed by someone else. Reload to see the changes."


def _deliverable(tree, user):
    d = Deliverable(module_id=tree.task.id, status="IN_PROGRESS")
    _db.session.add(d)
    _db.session.commit()
    return f"/api/deliverable/edit/{tree.task.id}/{d.id}", {"status": "BLOCKED"}, {"status": "COMPLETED"}


def _start_date(tree, user):
    d = Deliverable(module_id=tree.task.id, status="IN_PROGRESS")
    _db.session.add(d)
    _db.session.commit()
    return (f"/api/deliverable/edit-start-date/{tree.task.id}/{d.id}", {"startDate": "2031-01-01"},
            {"startDate": "2031-02-01"})


def _module(tree, user):
    return f"/api/module/edit/{tree.project.id}", {"name": "First"}, {"name": "Second"}


def _comment(tree, user):
    c = Comment(module_id=tree.project.id, content="Hello", created_by_id=user.id)
    _db.session.add(c)
    _db.session.commit()
    return f"/api/comment/edit/{tree.project.id}/{c.id}", {"content": "First"}, {"content": "Second"}


def _membership(tree, user):
    m = _db.session.query(Membership).filter_by(module_id=tree.project.id).first()
    return (f"/api/membership/edit/{tree.project.id}/{m.id}", {"role": "First", "allowView": "1"},
            {"role": "Second", "allowView": "1"})


def _value(tree, user):
    field = CustomField(module_id=tree.portal.id, attribute="notes", label="Notes", type="TEXT")
    _db.session.add(field)
    _db.session.flush()
    v = CustomValue(field_id=field.id, module_id=tree.project.id, stringval="x")
    _db.session.add(v)
    _db.session.commit()
    return f"/api/custom-field/value/edit/{tree.project.id}/{v.id}", {"stringval": "First"}, {"stringval": "Second"}


def _metric(tree, user):
    report = Report(module_id=tree.project.id, layout="[]")
    _db.session.add(report)
    _db.session.flush()
    m = Metric(report_id=report.id, module_id=tree.project.id, title="M", attribute="checklist_status",
               layout='{"panelType":"default","bgColor":"default"}')
    _db.session.add(m)
    _db.session.commit()
    return f"/api/report/metric/edit/{tree.project.id}/{m.id}", {"title": "First"}, {"title": "Second"}


def _file(tree, user):
    f = VaultFile(module_id=tree.project.id, title="T", filename="a.txt", stored_name="nowhere", filesize=1,
                  mime="text/plain")
    _db.session.add(f)
    _db.session.commit()
    return f"/api/vault/edit/{tree.project.id}/{f.id}", {"title": "First"}, {"title": "Second"}


def _reference(tree, user):
    ref = Reference(module_id=tree.project.id, title="T", url="https://example.org", resource_type="LINK",
                    description="")
    _db.session.add(ref)
    _db.session.commit()
    base = {"url": "https://example.org", "resourceType": "LINK"}
    return f"/api/reference/edit/{tree.project.id}/{ref.id}", {**base, "title": "First"}, {**base, "title": "Second"}


EDITS = {"module": _module, "deliverable": _deliverable, "deliverable date": _start_date, "comment": _comment,
         "membership": _membership, "custom value": _value, "metric": _metric, "file": _file,
         "reference": _reference}


def _form(client, headers, url):
    form = form_of(client, headers, url)
    if "forms" in form:  # reference forms come as forms[0], a JSON string
        import json
        form = json.loads(form["forms"][0])
    return {e["name"]: e["value"] for e in form["elements"] if e["name"] in ("_version", "_token")}


@pytest.mark.parametrize("kind", list(EDITS))
def test_a_stale_edit_is_refused_with_the_current_item(client, tree, make_user, token_for, kind):
    user = make_user(superuser=True)
    new_grant(tree.project, make_user())
    h = token_for(user)
    url, first, second = EDITS[kind](tree, user)
    mine, theirs = _form(client, h, url), _form(client, h, url)
    assert mine["_version"] == theirs["_version"] and isinstance(mine["_version"], int)
    r = client.post(url, headers=h, data={"_method": "PUT", **theirs, **first})
    assert r.status_code == 200, r.get_json()
    r = client.post(url, headers=h, data={"_method": "PUT", **mine, **second})
    assert r.status_code == 409, r.get_json()
    body = r.get_json()
    assert body["error"] == STALE
    assert body["item"], "the item as it is now comes with the refusal"
    # Nothing of the stale edit was written; read again, the form gives the new version, and it works.
    fresh = _form(client, h, url)
    assert fresh["_version"] == mine["_version"] + 1
    r = client.post(url, headers=h, data={"_method": "PUT", **fresh, **second})
    assert r.status_code == 200, r.get_json()


def test_the_article_editor_sends_the_version_it_read(client, tree, make_user, token_for):
    h = token_for(make_user(superuser=True))
    a = Article(module_id=tree.project.id, title="T", content='{"blocks":[],"entityMap":{}}')
    _db.session.add(a)
    _db.session.commit()
    read = client.get(f"/api/article/view/{tree.project.id}/{a.id}", headers=h).get_json()["item"]
    url = f"/api/article/edit/{tree.project.id}/{a.id}"
    body = {"_method": "PUT", "title": "Mine", "content": read["content"], "_version": read["version"]}
    assert client.post(url, headers=h, data=body).status_code == 200
    r = client.post(url, headers=h, data={**body, "title": "Stale"})
    assert r.status_code == 409 and r.get_json()["item"]["title"] == "Mine"
    assert client.post(url, headers=h, data={**body, "_version": "x"}).status_code == 422


def test_versions_rise_with_each_change_and_appear_on_items(client, tree, make_user, token_for):
    h = token_for(make_user(superuser=True))
    v0 = client.get(f"/api/module/view/{tree.project.id}", headers=h).get_json()["item"]["version"]
    token = _form(client, h, f"/api/module/edit/{tree.project.id}")["_token"]
    assert client.post(f"/api/module/edit/{tree.project.id}", headers=h,
                       data={"_method": "PUT", "_token": token, "name": "Renamed"}).status_code == 200
    assert client.get(f"/api/module/view/{tree.project.id}", headers=h).get_json()["item"]["version"] == v0 + 1
    # Moving siblings is no change of their content: their versions stay.
    before = {m.id: m.version for m in _db.session.query(Module).filter_by(parent_id=tree.portal.id)}
    r = client.get(f"/api/module/reindex/{tree.project.id}/{tree.other.id}", headers=h)
    assert r.status_code == 200
    _db.session.expire_all()
    assert {m.id: m.version for m in _db.session.query(Module).filter_by(parent_id=tree.portal.id)} == before


def test_two_edits_racing_to_the_database_let_only_one_through(app, tree):
    """The version column itself: an update of a version the row no longer has changes nothing (409)."""
    m = _db.session.get(Module, tree.project.id)
    m.name = "Mine"
    with _db.session.no_autoflush:  # someone else's change lands first
        _db.session.execute(Module.__table__.update().where(Module.__table__.c.id == m.id)
                            .values(version=Module.__table__.c.version + 1))
    from sqlalchemy.orm.exc import StaleDataError
    with pytest.raises(StaleDataError):
        _db.session.commit()
    _db.session.rollback()


@pytest.mark.parametrize("value", ["abc", "1.5", "-1"])
def test_a_malformed_version_is_422(client, tree, make_user, token_for, value):
    h = token_for(make_user(superuser=True))
    token = _form(client, h, f"/api/module/edit/{tree.project.id}")["_token"]
    r = client.post(f"/api/module/edit/{tree.project.id}", headers=h,
                    data={"_method": "PUT", "_token": token, "name": "X", "_version": value})
    assert r.status_code == 422 and "_version" in r.get_json()["errors"]
