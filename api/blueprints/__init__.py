"""One package per endpoint group of spec §7 (routes.py, schemas.py); `doc()` feeds the OpenAPI description."""


def doc(summary, response=None, form=None, json=None, status=200, public=False, query=None, binary=None):
    """Describe an endpoint for /api/openapi.json: response schema, form or JSON body, auth."""
    def deco(fn):
        fn._doc = {"summary": summary, "response": response, "form": form, "json": json, "status": status,
                   "public": public, "query": query or {}, "binary": binary}
        return fn
    return deco


def paging_query(sorts, **filters):
    """The `doc(query=...)` of a paged list: page, perPage, sort, q and the list's filters."""
    return {"page": "the page, from 1 (default 1)", "perPage": "rows per page, 1-500 (default 50)",
            "sort": f"one of {', '.join(sorts)}; '-' first for descending", "q": "text to look for", **filters}


def conditional(tag, build):
    """Answer 304 with no body when the client already holds `tag` (If-None-Match, weak or strong: nginx's gzip
    weakens tags), else 200 with build()'s body; either way with the tag, private and revalidated every time."""
    from flask import current_app, request
    from ..i18n import get_locale
    tag = f"{tag}.{get_locale()}"  # the same data said in another language is another answer
    if request.if_none_match.contains_weak(tag):
        resp = current_app.response_class(status=304)
    else:
        resp = current_app.json.response(build())
    resp.set_etag(tag)
    resp.headers["Cache-Control"] = "private, no-cache"
    resp.vary.add("Accept-Language")
    return resp


GROUPS = ("accounts", "account", "article", "brand", "custom_field_values", "deliverable", "discussion", "feed", "health",
          "membership", "invitation", "meta", "module", "openapi", "profile", "vault", "reference",
          "custom_field_definitions", "report", "clone", "search", "watch", "notification", "webhook", "live",
          "relation", "baseline", "work", "calendar_feed", "saved_view", "timesheet", "effort", "time",
          "imports")


def register_blueprints(app):
    """One package per endpoint group: its routes.py (the blueprints) and schemas.py (what its answers are)."""
    from importlib import import_module
    for group in GROUPS:
        for bp in import_module(f"{__name__}.{group}.routes").blueprints():
            app.register_blueprint(bp)
