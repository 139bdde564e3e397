"""Server-described forms.

A form is a marshmallow schema declared once: `describe()` turns it into the
`{method, action, elements}` the webapp renders, and `parse()` validates a submission of it
(JSON or form fields, `_method` override, `_token` check), raising 422 with errors keyed by
element name. Element metadata lives in each field's `metadata` (label, type, help, placeholder,
options).
"""
import datetime as dt

from flask import current_app, request
from itsdangerous import BadSignature, SignatureExpired, URLSafeTimedSerializer
from marshmallow import EXCLUDE, Schema, ValidationError, fields, validate

from ..errors import BadRequest, Invalid

MAX_INT = 2**31 - 1


class Form(Schema):
    """Base of every form. `form_name` prefixes element names (`name[field]`)."""
    form_name = None
    token_required = True

    class Meta:
        unknown = EXCLUDE


def Id(**kw):
    return fields.Integer(strict=False, validate=validate.Range(min=1, max=MAX_INT), **kw)


def Flag(label, **kw):
    """A 1/0 flag, shown as a Yes/No select."""
    return fields.Boolean(truthy={"1", "true", "on", "yes", 1, True}, falsy={"0", "false", "off", "no", "", 0, False},
                          load_default=False,
                          metadata={"label": label, "type": "select", "options": [("1", "Yes"), ("0", "No")]}, **kw)


def _element_type(field):
    t = field.metadata.get("type")
    if t:
        return t
    if isinstance(field, fields.Nested):
        return "compound"
    if isinstance(field, fields.Email):
        return "email"
    if isinstance(field, fields.Date):
        return "date"
    if isinstance(field, fields.Boolean):
        return "select"
    return "text"


def _fmt(value):
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, (dt.date, dt.datetime)):
        return value.isoformat()
    return "" if value is None else value


def _describe_fields(schema, prefix, values, options):
    out = []
    for name, field in schema.fields.items():
        if field.dump_only:
            continue
        key = field.data_key or name
        full = f"{prefix}[{key}]" if prefix else key
        meta = field.metadata
        el = {
            "name": full,
            "label": meta.get("label", key),
            "type": _element_type(field),
            "value": _fmt(values.get(key)) if not isinstance(field, fields.Nested) else "",
            "required": bool(field.required),
            "disabled": bool(meta.get("disabled", False)),
            "help": meta.get("help", ""),
            "placeholder": meta.get("placeholder", ""),
            "options": [],
        }
        if isinstance(field, fields.Nested):
            el["elements"] = _describe_fields(field.schema, full, values.get(key) or {}, options)
        opts = options.get(key, meta.get("options"))
        if opts is not None:
            current = _fmt(values.get(key))
            el["options"] = [{"value": str(v), "label": lbl, "selected": str(v) == str(current)} for v, lbl in opts]
        out.append(el)
    return out


def serializer():
    return URLSafeTimedSerializer(current_app.config["SECRET_KEY"], salt="form-token")


def make_token(user_id, action):
    return serializer().dumps({"u": user_id, "a": action})


def check_token(token, user_id, action):
    if not isinstance(token, str):
        token = ""  # a number or list in a JSON body is no token (and must not reach itsdangerous)
    try:
        data = serializer().loads(token, max_age=current_app.config["FORM_TOKEN_SECONDS"])
    except SignatureExpired:
        return "The form has expired, please reload it"
    except BadSignature:
        return "The form token is invalid, please reload the form"
    if data.get("u") != user_id or data.get("a") != action:
        return "The form token does not belong to this form"
    return None


def describe(form, action, method="POST", values=None, options=None, user=None):
    """The GET answer of a form: {method, action, elements}."""
    schema = form() if isinstance(form, type) else form
    elements = _describe_fields(schema, schema.form_name, values or {}, options or {})
    if schema.token_required and user is not None:
        elements.append({"name": "_token", "label": "", "type": "hidden", "value": make_token(user.id, action),
                         "required": True, "disabled": False, "help": "", "placeholder": "", "options": []})
    return {"method": method, "action": action, "elements": elements}


def request_data():
    """The submitted fields as a flat dict: JSON body, or form fields plus files."""
    if request.is_json:
        data = request.get_json(silent=True)
        if data is None and request.content_length:
            raise BadRequest("Malformed JSON body")
        if data is None:
            data = {}
        if not isinstance(data, dict):
            raise BadRequest("The JSON body must be an object")
        return dict(data)
    data = {k: v for k, v in request.form.items()}
    for k in request.files:
        data[k] = request.files[k]
    return data


def _unflatten(data, prefix, schema):
    """Pick `prefix[field][sub]` keys (or plain/nested JSON keys) into a nested dict."""
    if prefix and prefix in data and isinstance(data[prefix], dict):
        return data[prefix]
    out = {}
    for name, field in schema.fields.items():
        key = field.data_key or name
        full = f"{prefix}[{key}]" if prefix else key
        if isinstance(field, fields.Nested):
            nested = data.get(full) if isinstance(data.get(full), dict) else None
            out[key] = nested if nested is not None else _unflatten(data, full, field.schema)
        elif full in data:
            out[key] = data[full]
    return out


def _clean(schema, raw, errors, missing, path=""):
    """Strip strings; blank is missing; required-missing gets '{label} is required'."""
    out = {}
    for name, field in schema.fields.items():
        key = field.data_key or name
        label = field.metadata.get("label", key)
        value = raw.get(key)
        if isinstance(value, str):
            value = value.strip() if not field.metadata.get("raw") else value
            if value == "":
                value = None
        if isinstance(field, fields.Nested):
            value = _clean(field.schema, value if isinstance(value, dict) else {}, errors, missing, path + key + ".")
        if value is None:
            if field.required:
                errors.setdefault(path + key, []).append(field.metadata.get("required_message", f"{label} is required"))
                missing.append(path + key)
            elif field.allow_none and key in raw:
                out[key] = None
            continue
        out[key] = value
    return out


def _element_name(schema, dotted):
    parts = dotted.split(".")
    name = schema.form_name
    for p in parts:
        name = f"{name}[{p}]" if name else p
    return name


def _flatten_errors(messages, prefix=""):
    out = {}
    for k, v in messages.items():
        if isinstance(v, dict):
            out.update(_flatten_errors(v, f"{prefix}{k}."))
        else:
            out[f"{prefix}{k}"] = [str(m) for m in (v if isinstance(v, list) else [v])]
    return out


def parse(form, action=None, user=None, options=None, data=None):
    """Validate a submission of `form`: returns the loaded dict, or raises 422 with per-element errors."""
    schema = form() if isinstance(form, type) else form
    data = request_data() if data is None else data
    errors = {}
    if schema.token_required and user is not None and action is not None:
        problem = check_token(data.get("_token"), user.id, action)
        if problem:
            errors["_token"] = [problem]
    raw = _unflatten(data, schema.form_name, schema)
    missing = []
    cleaned = _clean(schema, raw, errors, missing)
    # Select choices given at run time (members, statuses) are checked here.
    for key, opts in (options or {}).items():
        if key in cleaned and cleaned[key] is not None and str(cleaned[key]) not in {str(v) for v, _ in opts}:
            errors.setdefault(key, []).append("Please choose one of the options")
    loaded = {}
    try:
        loaded = schema.load(cleaned, partial=tuple(missing))
    except ValidationError as e:
        for k, msgs in _flatten_errors(e.messages).items():
            errors.setdefault(k, []).extend(m for m in msgs if m not in errors.get(k, []))
    if errors:
        errors = {_element_name(schema, k): v for k, v in errors.items()}
        raise Invalid("The form has errors", errors=errors)
    return loaded
