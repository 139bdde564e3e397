"""Health: the database answers and its schema is at the migrations' head."""
from flask import Blueprint

from ...services import health as checks
from .. import doc

bp = Blueprint("health", __name__, url_prefix="/api")


@bp.get("/health")
@doc("Database reachable and migrations current", public=True)
def health():
    body, ok = checks.status()
    return body, 200 if ok else 503


def blueprints():
    return [bp]
