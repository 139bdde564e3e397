"""/api/openapi.json describes every /api and /json endpoint with each of its methods."""
import re

import pytest

from api.blueprints.openapi import build_spec

HTTP_METHODS = {"get", "put", "post", "delete", "options", "head", "patch", "trace"}


@pytest.fixture
def spec(client):
    r = client.get("/api/openapi.json")
    assert r.status_code == 200 and r.mimetype == "application/json"
    return r.get_json()


def _resolve(spec, ref):
    assert ref.startswith("#/components/"), ref
    node = spec
    for part in ref[2:].split("/"):
        node = node[part]
    return node


def _refs(node):
    if isinstance(node, dict):
        for k, v in node.items():
            if k == "$ref":
                yield v
            else:
                yield from _refs(v)
    elif isinstance(node, list):
        for v in node:
            yield from _refs(v)


def test_is_a_valid_openapi_3_document(spec):
    assert re.fullmatch(r"3\.\d+\.\d+", spec["openapi"])
    assert spec["info"]["title"] and spec["info"]["version"]
    assert spec["components"]["securitySchemes"]["bearer"] == {"type": "http", "scheme": "bearer",
                                                               "bearerFormat": "JWT"}
    op_ids = []
    for path, ops in spec["paths"].items():
        assert path.startswith("/")
        params_in_path = set(re.findall(r"{(\w+)}", path))
        for method, op in ops.items():
            assert method in HTTP_METHODS, (path, method)
            assert op["summary"] and op["responses"]
            op_ids.append(op["operationId"])
            for code, resp in op["responses"].items():
                assert re.fullmatch(r"[1-5]\d\d", code) and resp["description"]
                for media, content in resp.get("content", {}).items():
                    assert "/" in media and "schema" in content
            declared = {p["name"] for p in op.get("parameters", []) if p["in"] == "path"}
            assert declared == params_in_path, (path, method)
            for p in op.get("parameters", []):
                assert p["in"] in ("path", "query", "header", "cookie") and "schema" in p
                if p["in"] == "path":
                    assert p["required"] is True
            for sec in op.get("security", []):
                assert set(sec) <= set(spec["components"]["securitySchemes"])
    assert len(op_ids) == len(set(op_ids)), "operationIds must be unique"
    for ref in _refs(spec):
        assert _resolve(spec, ref) is not None


def test_covers_every_rule_and_method(app, spec):
    expected = set()
    for rule in app.url_map.iter_rules():
        if rule.rule.startswith(("/api/", "/json/")):
            path = re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule.rule)
            for method in rule.methods - {"HEAD", "OPTIONS"}:
                expected.add((path, method.lower()))
    documented = {(path, m) for path, ops in spec["paths"].items() for m in ops}
    assert expected - documented == set()
    assert documented - expected == set()
    # The spec's core endpoints are among them.
    for path, method in [("/json/login", "post"), ("/json/logout", "post"), ("/json/forgot-password", "post"),
                         ("/api/reset-password", "get"), ("/api/reset-password", "post"),
                         ("/api/module/view/{module_id}", "get"), ("/api/module/edit/{module_id}", "put"),
                         ("/api/module/delete/{module_id}", "delete"),
                         ("/api/module/reindex/{module_id}/{previous_id}", "get"),
                         ("/api/module/detailed-list-by-type/{type_}/{module_id}", "get"),
                         ("/api/membership/list-entry-modules", "get"), ("/api/brand/save-logo/{module_id}", "post"),
                         ("/api/feed/list/{module_id}", "get"), ("/api/meta/platform-skeleton/{module_id}", "get")]:
        assert (path, method) in documented, (path, method)


def test_public_and_protected_operations(spec):
    login = spec["paths"]["/json/login"]["post"]
    assert "security" not in login
    assert "application/json" in login["requestBody"]["content"]
    view = spec["paths"]["/api/module/view/{module_id}"]["get"]
    assert view["security"] == [{"bearer": []}] and "401" in view["responses"]
    schema = view["responses"]["200"]["content"]["application/json"]["schema"]
    item = _resolve(spec, schema["$ref"])
    module = _resolve(spec, item["properties"]["item"]["$ref"]) if "$ref" in item["properties"]["item"] else \
        item["properties"]["item"]
    for field in ("fullPath", "fqn", "level", "childCount", "children", "memberships", "customFields", "brand",
                  "deliverable", "links", "locked"):
        assert field in module["properties"], field
    add = spec["paths"]["/api/module/add/{module_id}/{type_}"]["post"]
    assert "multipart/form-data" in add["requestBody"]["content"]


def test_build_spec_is_stable(app, spec):
    assert build_spec(app)["paths"].keys() == spec["paths"].keys()
