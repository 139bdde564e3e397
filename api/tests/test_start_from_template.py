"""Templates where work starts (issue 40, point 6): an 'Add {type}' dialog offers the portal's templates of that
type; the add form filled from one makes the new child as a copy of the template's model, through cloning."""
import json

import pytest
import sqlalchemy as sa

from api.extensions import db as _db
from api.models import Article, CloneConfig, Deliverable, Module

from .conftest import element, form_of, new_grant, new_module, new_tree, submit


@pytest.fixture
def su(make_user, token_for):
    return token_for(make_user(name="Super User", superuser=True))


def _template(model, name, exclude=(), articles=True):
    tpl = CloneConfig(module_id=model.id, name=name, config=json.dumps({
        "include": {"children": True, "deliverables": True, "articles": articles, "files": True,
                    "references": True, "members": False, "customValues": True},
        "shiftDays": 0, "exclude": [{"entityType": "module", "entityId": m.id} for m in exclude]}))
    _db.session.add(tpl)
    _db.session.commit()
    return tpl


@pytest.fixture
def world(tree):
    """The tree, a model project (two phases, an article and a status on the first) with a template leaving the
    second phase out, a phase template on Project A's phase, and a project template in another portal."""
    model = new_module(tree.portal, "4rineu_project", "Methodology model", idx=5)
    first = new_module(model, "4rineu_phase", "Phase I", idx=0)
    second = new_module(model, "4rineu_phase", "Phase II", idx=1)
    _db.session.add(Article(module_id=first.id, title="How to start", content="{}"))
    _db.session.add(Deliverable(module_id=first.id, status="IN_PROGRESS"))
    _db.session.commit()
    tree.model, tree.first, tree.second = model, first, second
    tree.tpl = _template(model, "Renovation case", exclude=[second])
    tree.phase_tpl = _template(tree.phase, "A phase")
    elsewhere = new_tree(name="Other portal")
    tree.foreign = _template(elsewhere.project, "Foreign case")
    return tree


def add_url(parent_id, type_="4rineu_project"):
    return f"/api/module/add/{parent_id}/{type_}"


def subtree(module_id):
    m = _db.session.get(Module, module_id)
    return _db.session.scalars(sa.select(Module).where(Module.path.like(m.path + "%"))
                               .order_by(Module.level, Module.idx)).all()


def test_the_add_dialog_lists_the_portals_templates_of_its_type(client, su, world):
    lst = client.get(add_url(world.portal.id) + "/templates", headers=su).get_json()["list"]
    assert [(t["name"], t["module"]["name"]) for t in lst] == [("Renovation case", "Methodology model")]
    links = lst[0]["links"]
    assert set(links) == {"add", "manage"}
    assert links["add"]["url"] == add_url(world.portal.id) + f"?template={world.tpl.id}"
    assert links["manage"]["url"] == f"/api/clone-config/manage/{world.model.id}/{world.tpl.id}"
    # a phase's: offered where a phase is added, not on the phase itself nor below it (no copy into itself)
    phases = client.get(add_url(world.other.id, "4rineu_phase") + "/templates", headers=su).get_json()["list"]
    assert [t["name"] for t in phases] == ["A phase"]
    tasks = client.get(add_url(world.phase.id, "4rineu_task") + "/templates", headers=su).get_json()["list"]
    assert tasks == []
    # a type the skeleton does not allow there: 400, as the add form
    assert client.get(add_url(world.portal.id, "4rineu_task") + "/templates", headers=su).status_code == 400


def test_start_from_template_copies_what_the_template_takes_along(client, su, world):
    url = add_url(world.portal.id) + f"?template={world.tpl.id}"
    form = form_of(client, su, url)
    assert form["action"] == add_url(world.portal.id) and form["method"] == "POST"
    assert [e["name"] for e in form["elements"]] == ["name", "templateId", "_token"]
    assert element(form, "templateId")["type"] == "hidden" and element(form, "templateId")["value"] == world.tpl.id
    r = submit(client, su, add_url(world.portal.id), {"name": "Porto demo case", "templateId": world.tpl.id})
    assert r.status_code == 200, r.get_json()
    item = r.get_json()["item"]
    assert item["name"] == "Porto demo case" and item["type"] == "4rineu_project"
    new = subtree(item["id"])
    assert [m.name for m in new] == ["Porto demo case", "Phase I"]  # Phase II is excluded by the template
    assert new[0].parent_id == world.portal.id
    assert _db.session.scalar(sa.select(Article.title).where(Article.module_id == new[1].id)) == "How to start"
    assert _db.session.scalar(sa.select(Deliverable.status).where(Deliverable.module_id == new[1].id)) == "IN_PROGRESS"
    # the plain add is as it was
    r = submit(client, su, add_url(world.portal.id), {"name": "Blank", "description": "From nothing"})
    assert r.status_code == 200 and [m.name for m in subtree(r.get_json()["item"]["id"])] == ["Blank"]


def test_a_template_not_offered_there_is_404_on_the_path_and_422_on_the_field(client, su, world):
    for tpl_id, type_ in ((world.foreign.id, "4rineu_project"), (world.phase_tpl.id, "4rineu_project"),
                          (world.tpl.id, "4rineu_phase"), (999999, "4rineu_project")):
        parent = world.portal.id if type_ == "4rineu_project" else world.other.id
        r = client.get(add_url(parent, type_) + f"?template={tpl_id}", headers=su)
        assert r.status_code == 404, (tpl_id, type_, r.get_json())
        r = submit(client, su, add_url(parent, type_), {"name": "X", "templateId": tpl_id})
        assert r.status_code == 422 and r.get_json()["errors"] == {"templateId": ["Not a template offered here"]}
    assert client.get(add_url(world.portal.id) + "?template=abc", headers=su).status_code == 400
    r = submit(client, su, add_url(world.portal.id), {"name": "", "templateId": world.tpl.id})
    assert r.status_code == 422 and "name" in r.get_json()["errors"]
    assert _db.session.scalar(sa.select(sa.func.count(Module.id)).where(Module.name == "X")) == 0


def test_rights_are_the_add_links_plus_view_of_the_model(client, world, make_user, token_for):
    creator, viewer, stranger = make_user(), make_user(), make_user()
    # create under Project B, and sight of Project A (whose phase is the model) only for now
    new_grant(world.other, creator, create=True)
    new_grant(world.other, viewer)
    h = token_for(creator)
    url = add_url(world.other.id, "4rineu_phase")
    assert client.get(url + "/templates", headers=h).get_json()["list"] == []
    assert client.get(url + f"?template={world.phase_tpl.id}", headers=h).status_code == 404
    r = submit(client, h, url, {"name": "Mine", "templateId": world.phase_tpl.id})
    assert r.status_code == 422 and "templateId" in r.get_json()["errors"]
    new_grant(world.project, creator)
    lst = client.get(url + "/templates", headers=h).get_json()["list"]
    assert [t["name"] for t in lst] == ["A phase"]
    assert set(lst[0]["links"]) == {"add"}  # no manage link: the creator may not edit the model
    r = submit(client, h, url, {"name": "Mine", "templateId": world.phase_tpl.id})
    assert r.status_code == 200, r.get_json()
    assert [m.name for m in subtree(r.get_json()["item"]["id"])] == ["Mine", "Task 1", "Subtask 1"]
    # no create where it would go: 403; not even sight of it: 404
    assert client.get(url + "/templates", headers=token_for(viewer)).status_code == 403
    assert client.get(url + f"?template={world.phase_tpl.id}", headers=token_for(viewer)).status_code == 403
    assert client.post(url, headers=token_for(viewer), data={"name": "No", "templateId": world.phase_tpl.id}
                       ).status_code == 403
    assert client.get(url + "/templates", headers=token_for(stranger)).status_code == 404
    # a locked parent: 423
    world.other.locked = True
    _db.session.commit()
    assert client.get(url + "/templates", headers=h).status_code == 423


def test_the_list_costs_a_fixed_number_of_queries(client, su, world, count_queries):
    url = add_url(world.portal.id) + "/templates"
    counts = []
    for n in (1, 6):
        while len(client.get(url, headers=su).get_json()["list"]) < n:
            _template(new_module(world.portal, "4rineu_project", f"Model {n}", idx=10 + n), f"Case {n}")
        with count_queries() as c:
            r = client.get(url, headers=su)
        assert len(r.get_json()["list"]) == n
        counts.append(c.count)
    assert counts[0] == counts[1], counts
