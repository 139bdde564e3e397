"""/api/openapi.json: built from the url map and each endpoint's `doc()` with apispec's marshmallow plugin,
so every route is described and a new one cannot be forgotten."""
import re

from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin
from flask import Blueprint, current_app

from ..schemas import ErrorSchema

bp = Blueprint("openapi", __name__, url_prefix="/api")
_CONVERTER = re.compile(r"<(?:(\w+):)?(\w+)>")


def _path(rule):
    return _CONVERTER.sub(lambda m: "{" + m.group(2) + "}", rule.rule)


def _params(rule):
    out = []
    for conv, name in _CONVERTER.findall(rule.rule):
        out.append({"name": name, "in": "path", "required": True,
                    "schema": {"type": "integer"} if conv == "int" else {"type": "string"}})
    return out


def build_spec(app):
    spec = APISpec(title="Portal API", version="1.0.0", openapi_version="3.0.3", plugins=[MarshmallowPlugin()],
                   info={"description": "Collaborative hierarchical project-management portal"})
    spec.components.security_scheme("bearer", {"type": "http", "scheme": "bearer", "bearerFormat": "JWT"})
    spec.components.schema("Error", schema=ErrorSchema)
    paths = {}
    for rule in sorted(app.url_map.iter_rules(), key=lambda r: r.rule):
        if not (rule.rule.startswith("/api/") or rule.rule.startswith("/json/")):
            continue
        view = app.view_functions[rule.endpoint]
        meta = getattr(view, "_doc", {"summary": rule.endpoint, "public": False, "status": 200, "query": {}})
        ops = paths.setdefault(_path(rule), {})
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            op = {"summary": meta["summary"], "operationId": f"{rule.endpoint}.{method.lower()}",
                  "tags": [rule.endpoint.split(".")[0]],
                  "parameters": _params(rule) + [{"name": k, "in": "query", "required": False,
                                                  "description": v, "schema": {"type": "string"}}
                                                 for k, v in meta.get("query", {}).items()],
                  "responses": {}}
            ok = {"description": "OK"}
            if meta.get("response"):
                ok["content"] = {"application/json": {"schema": meta["response"]}}
            elif meta.get("binary"):
                ok["content"] = {meta["binary"]: {"schema": {"type": "string", "format": "binary"}}}
            op["responses"][str(meta.get("status", 200))] = ok
            for code in ("400", "404", "422") if method != "GET" else ("404",):
                op["responses"][code] = {"description": "Error",
                                         "content": {"application/json": {"schema": "Error"}}}
            if not meta.get("public"):
                op["security"] = [{"bearer": []}]
                op["responses"]["401"] = {"description": "Not signed in",
                                          "content": {"application/json": {"schema": "Error"}}}
            if method in ("POST", "PUT", "PATCH") and (meta.get("form") or meta.get("json")):
                schema = meta.get("form") or meta.get("json")
                ctype = ["application/json"] if meta.get("json") else [
                    "multipart/form-data", "application/x-www-form-urlencoded", "application/json"]
                op["requestBody"] = {"content": {c: {"schema": schema} for c in ctype}}
            ops[method.lower()] = op
    for path, ops in paths.items():
        spec.path(path=path, operations=ops)
    return spec.to_dict()


@bp.get("/openapi.json")
def openapi():
    if "openapi" not in current_app.extensions:
        current_app.extensions["openapi"] = build_spec(current_app)
    return current_app.extensions["openapi"]


openapi._doc = {"summary": "This OpenAPI description", "public": True, "status": 200, "query": {}}


def blueprints():
    return [bp]
