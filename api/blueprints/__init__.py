"""One blueprint per endpoint group of spec §7; `doc()` feeds the OpenAPI description."""


def doc(summary, response=None, form=None, json=None, status=200, public=False, query=None, binary=None):
    """Describe an endpoint for /api/openapi.json: response schema, form or JSON body, auth."""
    def deco(fn):
        fn._doc = {"summary": summary, "response": response, "form": form, "json": json, "status": status,
                   "public": public, "query": query or {}, "binary": binary}
        return fn
    return deco


def register_blueprints(app):
    from . import (accounts, article, brand, custom_field, deliverable, discussion, feed, health, membership, meta,
                   module, openapi, profile, vault)
    from . import clone
    from . import custom_field_def, report
    for mod in (accounts, article, brand, custom_field, deliverable, discussion, feed, health, membership, meta,
                module, openapi, profile, vault, custom_field_def, report, clone):
        for bp in mod.blueprints():
            app.register_blueprint(bp)
