"""Server-described forms.

A form is a marshmallow schema declared once: `describe()` turns it into the
`{method, action, elements}` the webapp renders, and `parse()` validates a submission of it
(JSON or form fields, `_method` override, `_token` check), raising 422 with errors keyed by
element name. Element metadata lives in each field's `metadata` (label, type, help, placeholder,
options).
"""
import datetime as dt
import re
from dataclasses import dataclass
from typing import Optional

from flask import current_app, request
from itsdangerous import BadSignature, SignatureExpired, URLSafeTimedSerializer
from marshmallow import EXCLUDE, Schema, ValidationError, fields, validate

from ..errors import BadRequest, Invalid
from ..i18n import N_, _, translate
from . import messages  # noqa: F401 (marshmallow's own messages, for the catalogs)

MAX_INT = 2**31 - 1


class Form(Schema):
    """Base of every form. `form_name` prefixes element names (`name[field]`)."""
    form_name = None
    token_required = True

    class Meta:
        unknown = EXCLUDE


class WholeNumber(fields.Integer):
    """A whole number: an int, or the text of one (form fields are text). A fraction such as 2.5 or 2.6e-42 is
    refused, where marshmallow's non-strict Integer would truncate it."""

    def _validated(self, value):
        if isinstance(value, bool) or (isinstance(value, float) and not value.is_integer()):
            raise self.make_error("invalid")
        return super()._validated(value)


class Upload(fields.Raw):
    """A file element: an uploaded file (multipart), never text or JSON standing in for one."""

    def _deserialize(self, value, attr, data, **kwargs):
        from werkzeug.datastructures import FileStorage
        if not isinstance(value, FileStorage):
            raise ValidationError(N_("Please choose a file"))
        return value


# A date is written YYYY-MM-DD (what the OpenAPI document's `format: date` says): Python's date.fromisoformat,
# which marshmallow's Date reads with, also takes 20260102 and 2026-W01-5 (found by make fuzz).
_ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


class Date(fields.Date):
    """A date element: YYYY-MM-DD only."""

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, str) and not _ISO_DATE.fullmatch(value):
            raise self.make_error("invalid")
        return super()._deserialize(value, attr, data, **kwargs)


# marshmallow fills 'Longer than maximum length {max}.' with the number, a text the catalogs cannot look up: the
# lengths our forms allow are each said as a fixed text instead (the same English).
LONGER = {40: N_("Longer than maximum length 40."), 60: N_("Longer than maximum length 60."),
          80: N_("Longer than maximum length 80."), 120: N_("Longer than maximum length 120."),
          200: N_("Longer than maximum length 200."), 254: N_("Longer than maximum length 254."),
          500: N_("Longer than maximum length 500."), 1000: N_("Longer than maximum length 1000."),
          2000: N_("Longer than maximum length 2000."), 5000: N_("Longer than maximum length 5000."),
          20000: N_("Longer than maximum length 20000.")}


def MaxLength(n):
    """validate.Length(max=n), its message a fixed text (n must be one of LONGER's)."""
    return validate.Length(max=n, error=LONGER[n])


def Id(**kw):
    return WholeNumber(validate=validate.Range(
        min=1, max=MAX_INT, error=N_("Must be greater than or equal to 1 and less than or equal to 2147483647.")), **kw)


def Flag(label, **kw):
    """A 1/0 flag, shown as a Yes/No select."""
    return fields.Boolean(truthy={"1", "true", "on", "yes", 1, True}, falsy={"0", "false", "off", "no", "", 0, False},
                          load_default=False,
                          metadata={"label": label, "type": "select", "options": [("1", N_("Yes")), ("0", N_("No"))]},
                          **kw)


def Check(label, **kw):
    """A 1/0 flag shown as a checkbox."""
    return fields.Boolean(truthy={"1", "true", "on", "yes", 1, True}, falsy={"0", "false", "off", "no", "", 0, False},
                          load_default=False, metadata={"label": label, "type": "checkbox"}, **kw)


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
            "label": translate(meta.get("label", key)),
            "type": _element_type(field),
            "value": _fmt(values.get(key)) if not isinstance(field, fields.Nested) else "",
            "required": bool(field.required),
            "disabled": bool(meta.get("disabled", False)),
            "help": translate(meta.get("help", "")),
            "placeholder": translate(meta.get("placeholder", "")),
            "options": [],
        }
        if isinstance(field, fields.Nested):
            el["elements"] = _describe_fields(field.schema, full, values.get(key) or {}, options)
        # Declared options are the form's own words (translated); those given at run time are data (people,
        # modules, a field's choices: a project named 'Files' stays 'Files'), their builders translate their own.
        declared = key not in options
        opts = options.get(key, meta.get("options"))
        if opts is not None:
            current = _fmt(values.get(key))
            el["options"] = [{"value": str(v), "label": translate(lbl) if declared else lbl, "selected": str(v) == str(current)}
                             for v, lbl in opts]
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
        return N_("The form has expired, please reload it")
    except BadSignature:
        return N_("The form token is invalid, please reload the form")
    if data.get("u") != user_id or data.get("a") != action:
        return N_("The form token does not belong to this form")
    return None


VERSION = "_version"


def describe(form, action, method="POST", values=None, options=None, user=None, version=None):
    """The GET answer of a form: {method, action, elements}. An edit form of a versioned item carries its version
    in a hidden `_version` element: sent back, it tells whether someone else changed the item meanwhile."""
    schema = form() if isinstance(form, type) else form
    elements = _describe_fields(schema, schema.form_name, values or {}, options or {})
    if version is not None:
        elements.append({"name": VERSION, "label": "", "type": "hidden", "value": version, "required": False,
                         "disabled": False, "help": "", "placeholder": "", "options": []})
    if schema.token_required and user is not None:
        elements.append({"name": "_token", "label": "", "type": "hidden", "value": make_token(user.id, action),
                         "required": True, "disabled": False, "help": "", "placeholder": "", "options": []})
    return {"method": method, "action": action, "elements": elements}


def query_id(name):
    """An optional id from the query string: None when absent, 400 unless a whole number the database can hold."""
    raw = request.args.get(name, "")
    if raw == "":
        return None
    if not (raw.isascii() and raw.isdigit()) or not 0 < int(raw) <= MAX_INT:
        raise BadRequest(_("%(name)s must be an id", name=name),
                         errors={name: [_("Must be a whole number from %(low)s to %(high)s", low=1, high=MAX_INT)]})
    return int(raw)


# --- lists: paging, sorting and filters from the query string (400 with per-parameter errors) -----------------

DEFAULT_PER_PAGE, MAX_PER_PAGE = 50, 500


@dataclass(frozen=True)
class Paging:
    page: int
    per_page: int
    sort: Optional[str]   # a key of the list's sorts, '-' first for descending
    q: str                # text to look for ('' for none)

    @property
    def offset(self):
        return (self.page - 1) * self.per_page

    @property
    def descending(self):
        return bool(self.sort) and self.sort.startswith("-")

    @property
    def key(self):
        return self.sort.lstrip("-") if self.sort else None


def _whole_arg(name, default, low, high, errors):
    raw = request.args.get(name, "").strip()
    if raw == "":
        return default
    if not (raw.isascii() and raw.isdigit()) or not low <= int(raw) <= high:
        errors[name] = [_("Must be a whole number from %(low)s to %(high)s", low=low, high=high)]
        return default
    return int(raw)


def paging(sorts=(), default_sort=None, **filters):
    """The list's page (`page` from 1, `perPage` 1-500, default 50), `sort` (one of `sorts`, '-' first for
    descending) and `q`, plus `filters`: name -> a parser of the query value (`choice(...)`, `query_date`) whose
    results are returned beside the paging as a dict. Raises 400 naming each bad parameter."""
    errors = {}
    page = _whole_arg("page", 1, 1, 1_000_000, errors)
    per_page = _whole_arg("perPage", DEFAULT_PER_PAGE, 1, MAX_PER_PAGE, errors)
    sort = request.args.get("sort", "").strip() or default_sort
    if sort and sort.lstrip("-") not in sorts:
        errors["sort"] = [_("Sort by one of: %(sorts)s ('-' first for descending)", sorts=", ".join(sorted(sorts)))]
        sort = default_sort
    q = request.args.get("q", "").strip()[:200]
    values = {}
    for name, parse_ in filters.items():
        raw = request.args.get(name, "").strip()
        if raw == "":
            values[name] = None
            continue
        try:
            values[name] = parse_(raw)
        except ValueError as e:
            errors[name] = [str(e)]
    if errors:
        raise BadRequest(N_("Bad list parameters"), errors=errors)
    return Paging(page, per_page, sort, q), values


def choice(*allowed):
    def parse_(raw):
        values = [v for v in raw.split(",") if v]
        bad = [v for v in values if v not in allowed]
        if bad or not values:
            raise ValueError(_("One or more of: %(values)s", values=", ".join(allowed)))
        return values
    return parse_


def flag(raw):
    if raw not in ("0", "1"):
        raise ValueError(N_("1 or 0"))
    return raw == "1"


def query_date(raw):
    try:
        if not _ISO_DATE.fullmatch(raw):
            raise ValueError(raw)
        return dt.date.fromisoformat(raw)
    except ValueError:
        raise ValueError(N_("A date as YYYY-MM-DD")) from None


def query_int(raw):
    if not (raw.isascii() and raw.isdigit()) or not 0 < int(raw) <= MAX_INT:
        raise ValueError(_("Must be a whole number from %(low)s to %(high)s", low=1, high=MAX_INT))
    return int(raw)


def request_data():
    """The submitted fields as a flat dict: JSON body, or form fields plus files."""
    if request.is_json:
        data = request.get_json(silent=True)
        if data is None and request.content_length:
            raise BadRequest(N_("Malformed JSON body"))
        if data is None:
            data = {}
        if not isinstance(data, dict):
            raise BadRequest(N_("The JSON body must be an object"))
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
                errors.setdefault(path + key, []).append(field.metadata.get("required_message")
                                                         or _("%(label)s is required", label=translate(label)))
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
            errors.setdefault(key, []).append(N_("Please choose one of the options"))
    loaded = {}
    try:
        loaded = schema.load(cleaned, partial=tuple(missing))
    except ValidationError as e:
        for k, msgs in _flatten_errors(e.messages).items():
            errors.setdefault(k, []).extend(m for m in msgs if m not in errors.get(k, []))
    sent = data.get(VERSION)
    if sent not in (None, ""):
        if isinstance(sent, bool) or not (isinstance(sent, int) or (isinstance(sent, str) and sent.strip().isdigit())):
            errors[VERSION] = [N_("Must be the version the form was read with")]
        else:
            loaded[VERSION] = int(sent)
    if errors:
        errors = {k if k == VERSION else _element_name(schema, k): v for k, v in errors.items()}
        raise Invalid(N_("The form has errors"), errors=errors)
    return loaded
