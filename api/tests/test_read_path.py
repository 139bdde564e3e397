"""The read path over the whole demo, as three people (the superuser, the consortium portal's viewer and an
editor of a project):

- every read answer (each module's view, list, task list, members, vault, articles, discussion, feed, report,
  templates, custom fields, deliverable and brand; the entry modules, platforms and profile) validates against
  the response schema `/api/openapi.json` promises for it: presenters build plain dicts, the document still
  describes them;
- every link of every item in those answers comes from the registry: its `route` is a real endpoint whose rule,
  for its operation, matches its `url`, and following it is allowed (GET links answer 200; a form link's form is
  served, 200, to that person).
"""
import re
from types import SimpleNamespace
from urllib.parse import quote, urlsplit

import pytest
import sqlalchemy as sa
from openapi_schema_validator import OAS30Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT4
from werkzeug.exceptions import MethodNotAllowed, NotFound

from api.extensions import db as _db
from api.models import Article, Metric, Module
from api.services import demo

from .conftest import claim_shared_data

pytestmark = pytest.mark.shared_data

PEOPLE = {"superuser": "admin@demo.eu", "viewer": "viktor@demo.eu", "editor": "marco@demo.eu"}
RULE_ARG = re.compile(r"<(?:\w+:)?(\w+)>")


@pytest.fixture(scope="module")
def demo_world(app, request):
    claim_shared_data(request)
    demo.seed()
    client = app.test_client()
    tokens = {}
    for who, email in PEOPLE.items():
        r = client.post("/json/login", json={"username": email, "password": demo.PASSWORD})
        assert r.status_code == 200, r.get_json()
        tokens[who] = {"Authorization": "Bearer " + r.get_json()["token"]}
    spec = client.get("/api/openapi.json").get_json()
    modules = _db.session.execute(sa.select(Module.id, Module.type, Module.level).where(Module.level > 0)
                                  .order_by(Module.id)).all()
    articles = _db.session.execute(sa.select(Article.module_id, Article.id)).all()
    metrics = _db.session.execute(sa.select(Metric.module_id, Metric.attribute)).all()
    return SimpleNamespace(client=client, tokens=tokens, spec=spec, modules=modules, articles=articles,
                           metrics=metrics, answers={})


def answers(w, who):
    """(url, status, body) of every read of the demo as `who`: asked once, for both tests below (the data is
    shared and neither test changes it)."""
    if who not in w.answers:
        w.answers[who] = []
        for url in read_urls(w):
            r = w.client.get(url, headers=w.tokens[who])
            w.answers[who].append((url, r.status_code, r.get_json()))
    return w.answers[who]


def read_urls(w):
    urls = ["/api/membership/list-entry-modules", "/api/meta/platforms", "/api/profile/currentuser",
            # Search: every kind of hit of the demo, its facets and its links.
            "/api/search?q=the%20or%20energy%20or%20facade%20or%20survey%20or%20lisbon&perPage=500",
            "/api/search?q=demo&kind=article,comment,value"]
    for m in w.modules:
        urls += [f"/api/module/view/{m.id}", f"/api/module/list/{m.id}", f"/api/membership/list/{m.id}",
                 f"/api/vault/view/{m.id}", f"/api/reference/list/{m.id}", f"/api/article/list/{m.id}", f"/api/discussion/list/{m.id}",
                 f"/api/feed/list/{m.id}", f"/api/report/list/{m.id}", f"/api/clone-config/list/{m.id}",
                 f"/api/custom-field/list/{m.id}", f"/api/deliverable/find/{m.id}", f"/api/brand/find/{m.id}",
                 f"/api/meta/platform-skeleton/{m.id}"]
        if m.level <= 2:
            urls.append(f"/api/module/detailed-list-by-type/4rineu_task/{m.id}")
    urls += [f"/api/article/view/{mid}/{aid}" for mid, aid in w.articles]
    urls += [f"/api/report/show/{mid}/attribute/{attr}" for mid, attr in w.metrics]
    return urls


def _validator(w, path, method="get", status="200"):
    """A validator of the response schema at paths/<path>/<method>/responses/<status>, its $refs resolved within
    the document."""
    assert "application/json" in w.spec["paths"][path][method]["responses"][status]["content"], path
    pointer = "/".join(["", "paths", path.replace("~", "~0").replace("/", "~1"), method, "responses", status,
                        "content", "application~1json", "schema"])
    registry = Registry().with_resource("urn:spec", Resource.from_contents(w.spec, default_specification=DRAFT4))
    return OAS30Validator({"$ref": "urn:spec#" + quote(pointer)}, registry=registry)


def _spec_path(app, url, method="GET"):
    rule, _ = app.url_map.bind("localhost").match(urlsplit(url).path, method=method, return_rule=True)
    return RULE_ARG.sub(lambda m: "{" + m.group(1) + "}", rule.rule), rule.endpoint


def _links(obj, where=""):
    """(where, name, link) of every links map inside an answer."""
    if isinstance(obj, list):
        for i, x in enumerate(obj):
            yield from _links(x, f"{where}[{i}]")
    elif isinstance(obj, dict):
        for k, v in obj.items():
            if k == "links" and isinstance(v, dict):
                for name, link in v.items():
                    yield where, name, link
            else:
                yield from _links(v, f"{where}.{k}")


@pytest.mark.parametrize("who", list(PEOPLE))
def test_every_read_answer_is_what_the_openapi_document_says(app, demo_world, who):
    w = demo_world
    checked, problems = 0, []
    validators = {}
    for url, status, body in answers(w, who):
        if status == 404:  # a module this person does not see
            continue
        assert status == 200, (url, status, body)
        path, _ = _spec_path(app, url)
        if path not in validators:
            validators[path] = _validator(w, path)
        errors = sorted(validators[path].iter_errors(body), key=lambda e: list(e.path))
        problems += [f"{url}: {'/'.join(map(str, e.path))}: {e.message[:200]}" for e in errors[:3]]
        checked += 1
    assert not problems, "\n".join(problems[:30])
    assert checked > 200, checked


@pytest.mark.parametrize("who", list(PEOPLE))
def test_every_link_comes_from_a_route_and_is_a_permitted_call(app, demo_world, who):
    w = demo_world
    adapter = app.url_map.bind("localhost")
    seen, problems = set(), []
    for url, status, body in answers(w, who):
        if status != 200:
            continue
        for where, name, link in _links(body):
            assert set(link) == {"route", "url", "label", "access", "operation"}, (url, where, name, link)
            key = (link["url"], link["operation"])
            if key in seen:
                continue
            seen.add(key)
            target = link["url"].replace("{previous_id}", "0")  # a templated link, filled as the webapp does
            try:
                endpoint = adapter.match(urlsplit(target).path, method=link["operation"])[0]
            except (NotFound, MethodNotAllowed) as e:
                problems.append(f"{url} {where}.{name}: {link['operation']} {link['url']} matches no rule ({e})")
                continue
            if endpoint != link["route"]:
                problems.append(f"{url} {where}.{name}: route {link['route']} but the url is {endpoint}")
            if link["operation"] == "GET" and endpoint not in ("module.reindex", "module.delete"):
                status = w.client.get(target, headers=w.tokens[who]).status_code
            else:  # a write: its form (where the url has one) is served to this person; nothing is changed
                try:
                    adapter.match(urlsplit(target).path, method="GET")
                except (NotFound, MethodNotAllowed):
                    continue
                if endpoint == "module.delete":
                    continue
                status = w.client.get(target, headers=w.tokens[who]).status_code
            if status != 200:
                problems.append(f"{url} {where}.{name}: {link['operation']} {target} -> {status} for the {who}")
    assert not problems, "\n".join(problems[:30])
    assert len(seen) > 100, len(seen)
