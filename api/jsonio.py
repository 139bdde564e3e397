"""JSON in and out. Responses are encoded by orjson straight from the presenters' plain dicts: naive datetimes
are UTC and leave with '+00:00', dates as 'YYYY-MM-DD'. Request bodies are parsed by the standard library (its
errors name what is wrong), no deeper than the request guard allows."""
import decimal

import orjson
from flask.json.provider import DefaultJSONProvider

from .request_guard import loads_guarded

OPTIONS = orjson.OPT_NAIVE_UTC | orjson.OPT_NON_STR_KEYS


def _default(value):
    if isinstance(value, decimal.Decimal):
        return float(value)
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    raise TypeError(f"{type(value).__name__} is not JSON serialisable")


def dumpb(obj):
    return orjson.dumps(obj, default=_default, option=OPTIONS)


class JSONProvider(DefaultJSONProvider):
    def _encode(self, obj):
        try:
            return dumpb(obj)
        except TypeError:
            # Text orjson refuses (a lone surrogate echoed in an error's field name): the standard library
            # escapes it. Presenters never hand such text; only refusals of bad input do.
            return super().dumps(obj).encode()

    def dumps(self, obj, **kwargs):
        return self._encode(obj).decode()

    def loads(self, s, **kwargs):
        return loads_guarded(super().loads, s, **kwargs)

    def response(self, *args, **kwargs):
        return self._app.response_class(self._encode(self._prepare_response_obj(args, kwargs)),
                                        mimetype=self.mimetype)


def init_app(app):
    app.json_provider_class = JSONProvider
    app.json = JSONProvider(app)
