"""/api/openapi.json describes every /api and /json endpoint with each of its methods."""
import re
import warnings

import pytest

from api.blueprints.openapi.routes import build_spec

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


def test_every_schema_has_one_name(app):
    """Two schema classes of one name: apispec warns and calls the second 'Enrolment1' in the document (the
    account and sign-in groups each had an EnrolmentSchema)."""
    with warnings.catch_warnings():
        warnings.simplefilter("error", UserWarning)
        names = build_spec(app)["components"]["schemas"].keys()
    assert not [n for n in names if re.search(r"\d$", n)]


# --- issue 10 (F17): a document tools can use ---------------------------------------------------------------

JSON_SCHEMA_TYPES = {"string", "number", "integer", "boolean", "array", "object"}


def _schemas(node, path=""):
    """Every schema-like dict with a `type` (or `x-widget`) in the document, with where it is."""
    if isinstance(node, dict):
        if "type" in node and not path.endswith("/securitySchemes/bearer") and isinstance(node["type"], str):
            yield path, node
        elif "x-widget" in node:
            yield path, node
        for k, v in node.items():
            yield from _schemas(v, f"{path}/{k}")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _schemas(v, f"{path}/{i}")


def test_validates_with_openapi_spec_validator(spec):
    validator = pytest.importorskip("openapi_spec_validator")
    validator.validate(spec)


def test_types_are_json_schema_types_and_widgets_are_an_extension(spec):
    widgets = set()
    for path, schema in _schemas(spec):
        if "type" in schema:
            assert schema["type"] in JSON_SCHEMA_TYPES or path.startswith("/components/securitySchemes"), \
                (path, schema["type"])
        if "x-widget" in schema:
            widgets.add(schema["x-widget"])
    assert {"textarea", "select", "hidden", "password", "file"} <= widgets
    upload = spec["paths"]["/api/vault/upload/{module_id}"]["post"]["requestBody"]["content"]
    body = _resolve(spec, upload["multipart/form-data"]["schema"]["$ref"])
    assert body["properties"]["file"]["type"] == "string" and body["properties"]["file"]["format"] == "binary"
    assert "file" in body["required"]
    # The other encodings cannot carry a file: they describe the other elements.
    assert "file" not in _resolve(spec, upload["application/json"]["schema"]["$ref"])["properties"]
    # Element names as the form's GET answer gives them, with its token when it checks one.
    reset = spec["paths"]["/api/reset-password"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert "reset_password_form[password][first]" in _resolve(spec, reset["$ref"])["properties"]
    module = spec["paths"]["/api/module/edit/{module_id}"]["put"]["requestBody"]["content"]["application/json"]
    assert "_token" in _resolve(spec, module["schema"]["$ref"])["required"]


def test_find_answers_may_hold_no_item(spec):
    for path in ("/api/brand/find/{module_id}", "/api/deliverable/find/{module_id}"):
        item = spec["paths"][path]["get"]["responses"]["200"]["content"]["application/json"]["schema"]
        assert {"nullable": True, "enum": [None]} in item["properties"]["item"]["anyOf"], path


def test_every_status_an_operation_answers_is_listed(spec):
    for path, ops in spec["paths"].items():
        for method, op in ops.items():
            codes = set(op["responses"])
            assert {"400", "503"} <= codes, (path, method)
            if "security" in op:
                assert "401" in codes, (path, method)
            if "{" in path:
                assert "404" in codes, (path, method)
            if "requestBody" in op:
                assert {"413", "422"} <= codes, (path, method)
            if method in ("post", "put", "patch", "delete"):
                assert "409" in codes, (path, method)
    responses = lambda p, m: set(spec["paths"][p][m]["responses"])  # noqa: E731
    assert {"403", "423"} <= responses("/api/module/edit/{module_id}", "put")
    assert {"403", "423"} <= responses("/api/vault/delete/{module_id}/{file_id}", "delete")
    assert {"401", "429"} <= responses("/json/login", "post")
    assert "429" in responses("/json/forgot-password", "post")
    assert "410" in responses("/api/invitation/view", "get")
    assert "403" not in responses("/api/module/view/{module_id}", "get")


def test_a_method_not_allowed_says_which_are(client, spec):
    r = client.open("/api/module/view/1", method="DELETE")
    assert r.status_code == 405 and r.get_json() == {"error": "Method not allowed"}
    allowed = {m.strip() for m in r.headers["Allow"].split(",")}
    assert {m.upper() for m in spec["paths"]["/api/module/view/{module_id}"]} <= allowed
    r = client.open("/json/login", method="GET")
    assert r.status_code == 405 and "POST" in r.headers["Allow"]
