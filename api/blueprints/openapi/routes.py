"""/api/openapi.json: built from the url map and each endpoint's `doc()` with apispec's marshmallow plugin,
so every route is described and a new one cannot be forgotten.

What the document promises, and tests hold it to (test_openapi.py validates it, test_fuzz.py fuzzes the app
against it):
- JSON-Schema types are real ones. A form field's widget (textarea, select, hidden, password, email, file)
  is no type: it is kept as the `x-widget` extension; a file field is `type: string, format: binary` and its
  form is sent as multipart only.
- A form's request body names its elements as the form's GET answer does (`name`, `form[field][sub]`), the
  flat names every encoding accepts, with the `_token` element when the form checks one.
- Every status an operation can answer is listed: 400 (text the request guard refuses, a malformed body) and
  503 (database unavailable) everywhere; 401 unless public; 404 with a path id; 413 and 422 with a body; 409
  on writes (a unique rule or a concurrent change); and per endpoint, in STATUSES below, 403/423 where rights
  and locks are checked, 410 for used invitations, 429 where requests are rate-limited.
"""
import re

from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin
from apispec.ext.marshmallow.openapi import OpenAPIConverter
from flask import Blueprint, current_app
from marshmallow import fields
from ...schemas import ErrorSchema


bp = Blueprint("openapi", __name__, url_prefix="/api")
_CONVERTER = re.compile(r"<(?:(\w+):)?(\w+)>")
SAFE = {"GET", "HEAD", "OPTIONS"}

RIGHTS = (403, 423)  # a right the user lacks; a lock on the module (or on the file or reference)
STATUSES = {
    "accounts.login": (401, 403, 429),  # 403: password sign-in turned off for the brand
    # issue 18: the second factor, single sign-on, and the account pages (403: an API token cannot manage them)
    "accounts.login_mfa": (401, 429), "accounts.login_mfa_enrol": (401, 409, 429),
    "accounts.sso_start": (404, 429), "accounts.sso_callback": (401, 403, 404, 429),
    "accounts.sso_link": (401, 429), "account.change_password": (403, 429),
    **{f"account.{e}": (403,) for e in ("sessions_", "end_session", "end_other_sessions",
                                         "tokens", "create_token", "revoke_token", "mfa_status", "security_log")},
    "account.mfa_enrol": (403, 409, 429), "account.mfa_confirm": (403, 409, 429),
    "account.mfa_disable": (403, 409, 429), "account.mfa_recovery_codes": (403, 409, 429),
    "accounts.forgot_password": (429,),
    "reset_password.reset_password": (429,),
    "article.add": RIGHTS, "article.edit": RIGHTS, "article.delete": RIGHTS,
    "brand.save_logo": RIGHTS,
    "clone.clone": RIGHTS,  # the right to create under the chosen parent
    "clone.clone_form": RIGHTS,  # no edit right, a lock, or nowhere the user may put a copy
    "clone_config.add_form": RIGHTS, "clone_config.add": RIGHTS, "clone_config.edit_form": RIGHTS,
    "clone_config.edit": RIGHTS, "clone_config.manage_forms": RIGHTS, "clone_config.manage": RIGHTS,
    "clone_config.delete": RIGHTS,
    "comment.add": RIGHTS, "comment.reply": RIGHTS,  # attaching files needs the module's upload right
    "comment.edit_form": (403,), "comment.edit": (403,), "comment.delete": RIGHTS,
    "custom_field_def.add_form": RIGHTS, "custom_field_def.add": RIGHTS, "custom_field_def.edit_form": RIGHTS,
    "custom_field_def.edit": RIGHTS, "custom_field_def.delete": RIGHTS,
    "custom_field.value_add_form": RIGHTS, "custom_field.value_add": RIGHTS, "custom_field.value_edit_form": RIGHTS,
    "custom_field.value_edit": RIGHTS, "custom_field.value_delete": RIGHTS,
    "deliverable.add_form": RIGHTS, "deliverable.add": RIGHTS,
    "invitation.invite_form": (403,), "invitation.invite": (403,), "invitation.list_": (403,),
    "invitation.resend": (403,), "invitation.revoke": (403,),
    # An invitation token that is not genuine is a 404; a used or expired one a 410.
    "invitation.view": (404, 410), "invitation.accept": (404, 410), "invitation.accept_signed_in": (403, 404, 410),
    "membership.add_form": (403,), "membership.add": (403,), "membership.edit_form": (403,),
    "membership.edit": (403,), "membership.delete": (403,),
    "module.add_form": RIGHTS, "module.add": RIGHTS, "module.add_templates": RIGHTS, "module.edit_form": RIGHTS,
    "module.edit": RIGHTS,
    "module.delete": RIGHTS, "module.lock": RIGHTS, "module.unlock": (403,), "module.reindex": RIGHTS,
    "reference.add_form": RIGHTS, "reference.add": RIGHTS, "reference.edit_form_ref": RIGHTS,
    "reference.edit_ref": RIGHTS, "reference.delete_ref": RIGHTS, "reference.lock_ref": RIGHTS,
    "reference.unlock_ref": RIGHTS,
    # A relation: the rights (and locks) of both ends.
    "relation.add_form": RIGHTS, "relation.add": RIGHTS, "relation.edit_form": RIGHTS,
    "relation.edit": RIGHTS, "relation.delete": RIGHTS, "relation.preview": RIGHTS,
    "planning.settings_form": RIGHTS, "planning.settings": RIGHTS, "baseline.list_": RIGHTS, "baseline.add_form": RIGHTS,
    "baseline.add": RIGHTS, "baseline.slips": RIGHTS, "baseline.delete": RIGHTS, "recurrence.recurrence_form": RIGHTS,
    "recurrence.recurrence_save": RIGHTS, "recurrence.recurrence_stop": RIGHTS, "planning.mspdi_export": RIGHTS,
    "report.save_layout_form": RIGHTS, "report.save_layout": RIGHTS, "report.metric_add_form": RIGHTS,
    "report.metric_add": RIGHTS, "report.metric_edit_form": RIGHTS, "report.metric_edit": RIGHTS,
    "report.metric_delete": RIGHTS,
    "vault.upload": RIGHTS, "vault.edit_form": RIGHTS, "vault.edit": RIGHTS, "vault.delete": RIGHTS,
    "vault.lock_file": RIGHTS, "vault.unlock_file": RIGHTS, "vault.extract": RIGHTS + (409,),
    "search.search": (404,),  # the module of `module=` is not one the user sees
    "calendar.items": (404,),  # issue 44: the module of `module=` is not one the user sees
    # A portal's webhooks are its admins'; nchan's question is answered 403 without a valid ticket; an unsubscribe
    # token that is not genuine is a 404.
    "webhook.list_": (403,), "webhook.add_form": (403,), "webhook.add": (403,), "webhook.edit_form": (403,),
    "webhook.edit": (403,), "webhook.delete": (403,), "webhook.deliveries": (403,), "webhook.redeliver": (403,),
    "live.authorize": (403,), "notification.unsubscribe_view": (404,), "notification.unsubscribe": (404,),
    "live.user_ticket": (403,),  # a portal-bound API token (permissions.UNBOUND_ONLY)
    # issue 44: calendar feeds are the session's (403: an API token), a feed's address is guessed at most so often;
    # a shared saved view is changed by its owner or the portal's admins, and shared by those admins only.
    **{f"calendar_feed.{e}": (403,) for e in ("list_", "add_form", "add", "delete")},
    "calendar_feed.ical": (404, 429),
    "saved_view.add": (403,), "saved_view.edit_form": (403,), "saved_view.edit": (403,), "saved_view.delete": (403,),
    # issue 45: a project's effort plan is its editors' (a lock blocks it); its report its viewers' (422: a period in
    # project months of a project without a start date)
    "effort.plan": RIGHTS, "effort.plan_save": RIGHTS, "effort.plan_import": RIGHTS, "effort.report": (403, 422),
    # issue 45: time is logged where one may (403), changed by its person or a portal admin, never in an approved
    # month (423); the timer stops or discards only a running one (404), saving its time like an entry; a portal's
    # effort settings are its admins'.
    "time.add_form": (403,), "time.add": RIGHTS, "time.edit_form": RIGHTS, "time.edit": RIGHTS,
    "time.delete": RIGHTS, "time.timer_start": RIGHTS, "time.timer_stop": (403, 404, 423),
    "time.timer_discard": (404,), "time.settings_form": (403,), "time.settings": (403,),
    # issue 45: timesheets. One's own cells where one may log time, anyone's for a portal admin (403), never in an
    # approved month (423); a month is submitted by its person or a portal admin (403) and decided by the portal's
    # admins and supervisors, never by its person (403).
    "timesheet.cell": RIGHTS, "timesheet.submit": (403,), "timesheet.approve": (403,), "timesheet.return_": (403,),
    # issue 46: a portal's imports and its archive are its admins' (403 on a project, or for its other members); a
    # portal archive is imported under the platform root by its superusers (403 elsewhere). A job is its portal's
    # admins' (anyone else: 404, as for a job that is not there).
    **{f"imports.{e}": (403,) for e in ("list_", "redmine_probe", "redmine", "spreadsheet_columns", "spreadsheet",
                                         "mspdi", "archive_export", "archive_import")},
}
# deliverable.* edit and add-date variants are registered in loops: they all check rights and locks.
_RIGHTS_PREFIXES = ("deliverable.edit", "deliverable.add")
# Bodies of views that read the request without a form class.
_UPLOAD = {"brand.save_logo": "logo", "avatar.avatar_edit": "avatar"}
_TOKEN_BODY = {"invitation.accept_signed_in"}
# Query parameters read as ids (forms.query_id): a whole number from 1, or blank for none; anything else is a 400.
# The others are free text (feed's `limit` falls back to 100 when it is no number).
_ID_QUERY = {("clone.clone_form", "template"), ("feed.list_", "before"), ("search.search", "module"),
             ("search.search", "portal"), ("search.search", "author"), ("calendar.items", "module"),
             ("board.lanes", "field"), ("timesheet.week", "user"), ("timesheet.months", "user")}
ID_TEXT = {"anyOf": [{"type": "integer", "minimum": 1, "maximum": 2**31 - 1}, {"type": "string", "maxLength": 0}]}
# Downloads are sent with the type they were stored with.
_BINARY = {"vault.download": "*/*", "vault.download_version": "*/*", "brand.logo": "image/*",
           "vault.thumbnail": "image/*", "vault.preview_file": "*/*"}
# Answers whose item is null when the module has none.
_NULLABLE_ITEM = {"brand.find", "deliverable.find"}

DESCRIPTIONS = {
    400: "The request was refused before it reached the form: text that cannot be stored (a NUL character or a "
         "lone surrogate) in the address or body, a malformed or too deeply nested JSON body, or a request that "
         "does not make sense here",
    401: "Not signed in, or the token is invalid, expired or revoked",
    403: "The signed-in user lacks the right this needs",
    404: "Not found, or not visible to the signed-in user",
    409: "Conflicts with the current state (a unique rule, the last admin, a concurrent change)",
    410: "The invitation has been used or has expired",
    413: "The body or an uploaded file is too large",
    422: "The form has errors: `errors` maps element names to messages",
    423: "Locked: the module (or the file or reference) must be unlocked first",
    429: "Too many requests: wait as long as Retry-After says",
    503: "The database is briefly unavailable: retry after Retry-After seconds",
}

# Text a form reads as a whole number, as a number, or as blank (surrounding spaces are trimmed).
INTEGER_TEXT = r"^\s*[+-]?[0-9]+\s*$"
NUMBER_TEXT = r"^\s*[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?\s*$"
BLANK = r"^\s*$"
STRING_RULES = {"format", "pattern", "minLength", "enum"}

HEALTH = {"type": "object", "properties": {
    "status": {"type": "string", "enum": ["ok", "error"]}, "database": {"type": "string"},
    "migration": {"type": "string", "nullable": True}, "head": {"type": "string", "nullable": True},
    "error": {"type": "string"}}}


class _Converter(OpenAPIConverter):
    """A form field's metadata `type` is its widget, no JSON-Schema type: it becomes `x-widget` (the type stays
    the one of the field's class); a file widget is a binary string."""

    def metadata2properties(self, field, **kwargs):
        ret = super().metadata2properties(field, **kwargs)
        widget = field.metadata.get("type")
        if widget is not None:
            ret.pop("type", None)
            ret["x-widget"] = widget
            if widget == "file":
                ret.update(type="string", format="binary")
        return ret


class _Plugin(MarshmallowPlugin):
    Converter = _Converter


def _path(rule):
    return _CONVERTER.sub(lambda m: "{" + m.group(2) + "}", rule.rule)


def _params(rule):
    out = []
    for conv, name in _CONVERTER.findall(rule.rule):
        out.append({"name": name, "in": "path", "required": True,
                    "schema": {"type": "integer"} if conv == "int" else {"type": "string"}})
    return out


def _query_param(endpoint, name, spec):
    """A query parameter: `spec` is its description (optional free text, or an id: _ID_QUERY), or a dict with its
    description, schema and whether it is required."""
    if isinstance(spec, dict):
        return {"name": name, "in": "query", "required": spec.get("required", False),
                "description": spec["description"], "schema": spec["schema"]}
    return {"name": name, "in": "query", "required": False, "description": spec,
            "schema": ID_TEXT if (endpoint, name) in _ID_QUERY else {"type": "string"}}


def _error(code):
    return {"description": DESCRIPTIONS[code], "content": {"application/json": {"schema": "Error"}}}


class _Forms:
    """Request bodies of forms as components, with the element names a form's GET answer gives."""

    def __init__(self, spec, converter):
        self.spec, self.converter, self.names = spec, converter, {}

    def ref(self, form):
        form = form if isinstance(form, type) else type(form)
        if form not in self.names:
            name = form.__name__
            while name in self.names.values():
                name += "_"
            self.names[form] = name
            self.spec.components.schema(name, component=self.body(form))
        return {"$ref": f"#/components/schemas/{self.names[form]}"}

    def body(self, form):
        schema = form()
        props, required = {}, []

        def walk(s, prefix, parent_required):
            for name, field in s.fields.items():
                if field.dump_only:
                    continue
                key = field.data_key or name
                full = f"{prefix}[{key}]" if prefix else key
                if isinstance(field, fields.Nested):
                    walk(field.schema, full, parent_required and field.required)
                    continue
                is_required = field.required and parent_required
                props[full] = self.property(field, is_required)
                if is_required:
                    required.append(full)

        walk(schema, schema.form_name, True)
        if schema.token_required:
            props["_token"] = {"type": "string", "x-widget": "hidden",
                               "description": "the value of the form's `_token` element (its GET answer)"}
            required.append("_token")
        out = {"type": "object", "properties": props}
        if required:
            out["required"] = required
        if form.__doc__:
            out["description"] = form.__doc__.strip().splitlines()[0]
        return out

    def property(self, field, required):
        """The field's schema, with what the form reads besides its canonical value: a form field is text, so
        a number or a flag may come as its text in JSON too; blank text, and null, mean "not given" (which
        is fine for an optional element and "is required" for a required one)."""
        prop = self.converter.field2property(field)
        if required and prop.get("type") == "string" and prop.get("format") != "binary":
            prop["minLength"] = max(prop.get("minLength", 0), 1)
            if not field.metadata.get("raw"):  # surrounding spaces are trimmed
                prop.setdefault("pattern", r"\S")
        alternatives = [prop]
        if isinstance(field, fields.Boolean) and field.truthy:
            # The values the flag reads as yes or no, whatever their JSON type ("1"/"0" from a select).
            values = field.truthy | field.falsy
            texts = sorted(v for v in values if isinstance(v, str) and (v or not required))
            numbers = sorted({int(v) for v in values if isinstance(v, int)})
            prop.pop("type", None)
            prop["enum"] = [False, True, *numbers, *texts] + ([] if required else [None])
        elif isinstance(field, fields.Integer) and not field.strict:
            alternatives.append({"type": "string", "pattern": INTEGER_TEXT})
        elif isinstance(field, fields.Number):
            alternatives.append({"type": "string", "pattern": NUMBER_TEXT})
        if not required and "" not in prop.get("enum", ()) and not (
                prop.get("type") == "string" and not set(prop) & STRING_RULES):
            alternatives.append({"type": "string", "pattern": BLANK})
        if len(alternatives) > 1:
            shared = {k: prop.pop(k) for k in ("x-widget", "description", "default") if k in prop}
            prop = {"anyOf": alternatives, **shared}
        if not required:
            prop["nullable"] = True
        return prop

    def without_files(self, form):
        """The form's body without its file elements, for the encodings that cannot carry a file."""
        name = self.names[form] + "WithoutFile"
        if name not in self.spec.components.schemas:
            body = dict(self.spec.components.schemas[self.names[form]])
            files = {k for k, p in body["properties"].items() if self.is_file(p)}
            body["properties"] = {k: p for k, p in body["properties"].items() if k not in files}
            required = [k for k in body.pop("required", ()) if k not in files]
            if required:
                body["required"] = required
            self.spec.components.schema(name, component=body)
        return {"$ref": f"#/components/schemas/{name}"}

    @staticmethod
    def is_file(prop):
        """A file element, required (a binary string) or optional (wrapped in anyOf with a blank)."""
        return prop.get("x-widget") == "file" or prop.get("format") == "binary"

    @classmethod
    def has_file(cls, body):
        return any(cls.is_file(p) for p in body["properties"].values())


def _value_forms():
    from ...forms.custom_field_values import VALUE_FORMS
    return list(VALUE_FORMS.values())


def _request_body(endpoint, meta, forms):
    """(content map, is_upload) for the operation's body, or None when it takes none."""
    if endpoint in _UPLOAD:
        name = _UPLOAD[endpoint]
        schema = {"type": "object", "required": [name], "properties": {
            name: {"type": "string", "format": "binary", "x-widget": "file",
                   "description": "the image (the field may also be named `file`)"}}}
        return {"multipart/form-data": {"schema": schema}}
    if endpoint in _TOKEN_BODY:
        schema = {"type": "object", "required": ["token"], "properties": {
            "token": {"type": "string", "description": "the token of the invitation link"}}}
        return {c: {"schema": schema} for c in ("application/json", "multipart/form-data",
                                                 "application/x-www-form-urlencoded")}
    form = meta.get("form") or meta.get("json")
    if not form:
        return None
    if endpoint.startswith("custom_field.value_"):  # the form depends on the field's type
        schema = {"anyOf": [forms.ref(f) for f in _value_forms()]}
        uploads = False
    else:
        schema = forms.ref(form)
        uploads = forms.has_file(forms.spec.components.schemas[forms.names[form]])
    if meta.get("json"):
        return {"application/json": {"schema": schema}}
    if uploads:
        # A file travels in multipart only; the other encodings carry the other elements.
        return {"multipart/form-data": {"schema": schema},
                **{c: {"schema": forms.without_files(form)}
                   for c in ("application/x-www-form-urlencoded", "application/json")}}
    return {c: {"schema": schema} for c in ("multipart/form-data", "application/x-www-form-urlencoded",
                                            "application/json")}


def _statuses(endpoint, method, meta, rule, has_body, writes):
    codes = {400, 503}
    if not meta.get("public"):
        codes.add(401)
        if writes:
            codes.add(403)  # a read-only API token (permissions.token_request_error)
    if _CONVERTER.search(rule.rule):
        codes.add(404)
    if has_body:
        codes |= {413, 422}
    if writes:
        codes.add(409)
    codes.update(STATUSES.get(endpoint, ()))
    if endpoint.startswith(_RIGHTS_PREFIXES):
        codes.update(RIGHTS)
    return codes


def _schema_name(schema_cls):
    name = (schema_cls if isinstance(schema_cls, type) else type(schema_cls)).__name__
    name = name[:-6] if name.endswith("Schema") and len(name) > 6 else name
    # A response schema named like a form (ProfileFormSchema) gives way to the form's request body.
    return name + "Page" if name.endswith("Form") else name


def build_spec(app):
    plugin = _Plugin(schema_name_resolver=_schema_name)
    spec = APISpec(title="Portal API", version="1.0.0", openapi_version="3.0.3", plugins=[plugin],
                   info={"description": "Collaborative hierarchical project-management portal"})
    spec.components.security_scheme("bearer", {"type": "http", "scheme": "bearer", "bearerFormat": "JWT"})
    spec.components.schema("Error", schema=ErrorSchema)
    forms = _Forms(spec, plugin.converter)
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
                  "parameters": _params(rule) + [_query_param(rule.endpoint, k, v)
                                                 for k, v in meta.get("query", {}).items()],
                  "responses": {}}
            content = _request_body(rule.endpoint, meta, forms) if method in ("POST", "PUT", "PATCH") else None
            if content:
                op["requestBody"] = {"required": True, "content": content}
            writes = method not in SAFE or getattr(view, "_writes", False)
            ok = {"description": "OK"}
            if rule.endpoint in _NULLABLE_ITEM and meta.get("response"):
                item = meta["response"]._declared_fields["item"].nested
                ok["content"] = {"application/json": {"schema": {"type": "object", "properties": {
                    "item": {"nullable": True, "allOf": [item]}}}}}
            elif meta.get("response"):
                ok["content"] = {"application/json": {"schema": meta["response"]}}
            elif meta.get("binary"):
                media = _BINARY.get(rule.endpoint, meta["binary"])
                ok["content"] = {media: {"schema": {"type": "string", "format": "binary"}}}
            elif rule.endpoint == "health.health":
                ok["content"] = {"application/json": {"schema": HEALTH}}
            op["responses"][str(meta.get("status", 200))] = ok
            for code in sorted(_statuses(rule.endpoint, method, meta, rule, bool(content), writes)):
                op["responses"][str(code)] = _error(code)
            if rule.endpoint == "health.health":
                op["responses"]["503"] = {"description": "The database is unreachable or not migrated",
                                          "content": {"application/json": {"schema": HEALTH}}}
            if not meta.get("public"):
                op["security"] = [{"bearer": []}]
            ops[method.lower()] = op
    for path, ops in paths.items():
        spec.path(path=path, operations=ops)
    return _nullable_refs(spec.to_dict())


def _nullable_refs(node):
    """`{nullable: true, allOf: [X]}` (what apispec writes for a Nested that may be None) says 'X or null' only to
    some readers: OpenAPI 3.0 validators check the allOf branch, which is no null. Say it plainly: X, or null."""
    if isinstance(node, list):
        return [_nullable_refs(x) for x in node]
    if not isinstance(node, dict):
        return node
    node = {k: _nullable_refs(v) for k, v in node.items()}
    if node.get("nullable") and len(node.get("allOf", ())) == 1 and "type" not in node:
        rest = {k: v for k, v in node.items() if k not in ("nullable", "allOf")}
        return {**rest, "anyOf": [node["allOf"][0], {"nullable": True, "enum": [None]}]}
    return node


@bp.get("/openapi.json")
def openapi():
    if "openapi" not in current_app.extensions:
        current_app.extensions["openapi"] = build_spec(current_app)
    return current_app.extensions["openapi"]


openapi._doc = {"summary": "This OpenAPI description", "public": True, "status": 200, "query": {}}


def blueprints():
    return [bp]
