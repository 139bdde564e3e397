from flask import Blueprint, request
from flask_jwt_extended import current_user, jwt_required

from ...errors import BadRequest
from ...forms import choice, paging, query_date, query_id
from ...i18n import N_, _
from ...models.search import FILE_TYPES, KINDS
from ...presenting import page_meta
from ...services import modules
from ...services import search as searching
from .. import doc
from .schemas import SearchPageSchema

bp = Blueprint("search", __name__, url_prefix="/api")

QUERY = {
    "q": {"description": "what to look for: words (the last one may be a beginning), \"a phrase\", -word to leave "
                         "out, or between alternatives", "required": True,
          "schema": {"type": "string", "minLength": 1, "maxLength": searching.MAX_QUERY}},
    "kind": f"only these kinds, comma-separated: {', '.join(KINDS)}",
    "fileType": f"only files of these types, comma-separated: {', '.join(FILE_TYPES)}",
    "module": "only in this module's subtree (its id)",
    "portal": "only in this portal (its id)",
    "author": "only items written by this person (a user id)",
    "from": "written on or after (YYYY-MM-DD)",
    "to": "written on or before (YYYY-MM-DD)",
    "page": "the page, from 1 (default 1)",
    "perPage": "hits per page, 1-500 (default 50)",
    "sort": "rank (best first, the default) or created; '-' first for descending",
    "perKind": f"instead of a page, the best hits of each kind, this many of each (1-{searching.MAX_PER_KIND})",
}
FILTERS = {"kind": choice(*KINDS), "fileType": choice(*FILE_TYPES), "from": query_date, "to": query_date,
           "perKind": searching.per_kind}


def _query():
    """The text to look for: 400 when missing, blank or longer than MAX_QUERY characters."""
    raw = request.args.get("q")
    if raw is None or not raw.strip():
        raise BadRequest(N_("Nothing to search for"), errors={"q": [N_("Type a word to search for")]})
    if len(raw) > searching.MAX_QUERY:
        raise BadRequest(N_("The search is too long"),
                         errors={"q": [_("At most %(max)s characters", max=searching.MAX_QUERY)]})
    return raw.strip()


@bp.get("/search")
@jwt_required()
@doc("Search the items the user may see: module names and descriptions, articles, files, references, comments "
     "and text or picklist values, ranked, with highlighted snippets and facet counts (by kind, portal and "
     "author, each under the other filters)", response=SearchPageSchema, query=QUERY)
def search():
    q = _query()
    page, values = paging(searching.SORTS, "rank", **FILTERS)
    ids = {name: query_id(name) for name in ("module", "portal", "author")}
    scope = modules.visible_module(current_user, ids["module"]) if ids["module"] else None
    f = searching.Filters(kinds=values["kind"], scope=scope, portal=ids["portal"], author=ids["author"],
                          since=values["from"], until=values["to"], file_types=values["fileType"])
    found = searching.search(current_user, q, f, page, per_kind=values["perKind"])
    meta = {**page_meta(page.page, page.per_page, found.total), "totalIsApproximate": found.approximate}
    if found.corrected is not None:
        meta["correctedQuery"] = found.corrected
    return {"list": found.hits, "meta": meta, "facets": found.facets}


def blueprints():
    return [bp]
