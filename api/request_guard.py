"""Input no handler should have to think about is refused before routing reaches it, with a 400 that says why:
JSON nested deeper than any form needs (or deep enough to exhaust the parser's recursion), and text holding a
NUL character or a lone UTF-16 surrogate, which no column can store (PostgreSQL refuses both) and no page needs.
Query strings, path segments, form fields and JSON bodies are all checked here, once."""
import re

from flask import current_app, request
from flask_jwt_extended import verify_jwt_in_request

from .errors import BadRequest
from .i18n import N_, _

MAX_JSON_DEPTH = 32
BAD_TEXT = N_("Contains a character that is not allowed (a NUL or a lone surrogate)")


def loads_guarded(loads, s, **kwargs):
    """Parse a JSON body with `loads`, refusing what is nested deeper than MAX_JSON_DEPTH."""
    try:
        data = loads(s, **kwargs)
    except RecursionError:
        raise ValueError("The JSON body is nested too deeply")
    if _depth(data) > MAX_JSON_DEPTH:
        raise ValueError("The JSON body is nested too deeply")
    return data


def _depth(value):
    depth, level = 0, [value]
    while level:
        depth += 1
        nxt = []
        for v in level:
            if isinstance(v, dict):
                nxt.extend(v.values())
            elif isinstance(v, list):
                nxt.extend(v)
        level = [v for v in nxt if isinstance(v, (dict, list))]
        if depth > MAX_JSON_DEPTH:
            break
    return depth


_BAD = re.compile("[\x00\ud800-\udfff]")


def _bad(text):
    return isinstance(text, str) and _BAD.search(text) is not None


def _strings(value, name):
    """(element name, string) pairs of a JSON value, keys included."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield name or k, k
            yield from _strings(v, f"{name}[{k}]" if name else k)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v, name)
    elif isinstance(value, str):
        yield name or "body", value


def _authenticate_first():
    """A protected view answers 401 to a request without a valid token, whatever else is wrong with it: who asks
    is settled before what they sent is judged."""
    view = current_app.view_functions.get(request.endpoint) if request.endpoint else None
    if view is not None and not getattr(view, "_doc", {"public": True}).get("public"):
        verify_jwt_in_request()


def _check_request():
    pairs = [(k, v) for k, vs in request.args.lists() for v in [k, *vs]]
    pairs += [(k, v) for k, v in (request.view_args or {}).items()]
    if request.is_json:
        data = request.get_json(silent=True)
        if data is None and request.content_length:
            _authenticate_first()
            raise BadRequest(_("Malformed JSON body (or nested more than %(depth)d levels deep)", depth=MAX_JSON_DEPTH))
        pairs += list(_strings(data, ""))
    elif request.mimetype in ("multipart/form-data", "application/x-www-form-urlencoded"):
        pairs += [(k, v) for k, vs in request.form.lists() for v in [k, *vs]]
    bad = sorted({name for name, text in pairs if _bad(text)})
    if bad:
        _authenticate_first()
        raise BadRequest(N_("The request has text that cannot be stored"), errors={n: [BAD_TEXT] for n in bad})


def init_app(app):
    app.before_request(_check_request)
