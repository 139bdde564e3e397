"""The ApiError family and the JSON error handlers: every error leaves as {error, errors?}."""
import logging

from flask import jsonify
from sqlalchemy import exc as sa_exc
from sqlalchemy.exc import IntegrityError, InterfaceError, OperationalError
from sqlalchemy.orm.exc import StaleDataError
from werkzeug.exceptions import HTTPException

from .i18n import N_, translate

log = logging.getLogger(__name__)


class ApiError(Exception):
    status = 400
    message = N_("Bad request")

    def __init__(self, message=None, errors=None, status=None):
        super().__init__(message or self.message)
        self.message = message or self.message
        self.errors = errors
        if status:
            self.status = status

    def body(self):
        # Said in the request's language (api/i18n.py): messages are English msgids, translated as they leave.
        body = {"error": translate(self.message)}
        if self.errors is not None:
            body["errors"] = _translated(self.errors)
        return body


def _translated(errors):
    if isinstance(errors, dict):
        return {k: _translated(v) for k, v in errors.items()}
    if isinstance(errors, list):
        return [_translated(v) for v in errors]
    return translate(errors)


class BadRequest(ApiError):
    status = 400


class Unauthorized(ApiError):
    status = 401
    message = N_("Authentication required")


class Forbidden(ApiError):
    status = 403
    message = N_("You do not have the right to do this")


class NotFound(ApiError):
    status = 404
    message = N_("Not found")


class Conflict(ApiError):
    status = 409
    message = N_("Conflict")


class Stale(Conflict):
    """An edit sent with a version the item no longer has: someone else changed it since the form was read. The
    answer carries the item as it is now (`item`), so the client can show it and keep what was typed."""
    message = N_("This item was changed by someone else. Reload to see the changes.")

    def __init__(self, item=None):
        super().__init__()
        self.item = item

    def body(self):
        body = super().body()
        if self.item is not None:
            body["item"] = self.item
        return body


class Invalid(ApiError):
    """A form that did not validate: errors is {element name: [messages]}."""
    status = 422
    message = N_("The form has errors")


class Locked(ApiError):
    status = 423
    message = N_("Locked")


def error_response(status, message, errors=None):
    body = {"error": translate(message)}
    if errors is not None:
        body["errors"] = _translated(errors)
    return jsonify(body), status


# Unique rules and what a person is told when a concurrent request got there first.
CONFLICTS = {
    "uq_membership_module_user": N_("This person is already a member here"),
    "uq_custom_field_module_attribute": N_("A custom field with this attribute already exists here"),
    "ix_deliverable_module_id": N_("This module already has a status"),
}
CONFLICT_COLUMNS = {"membership.module_id, membership.user_id": "uq_membership_module_user",
                    "custom_field.module_id, custom_field.attribute": "uq_custom_field_module_attribute",
                    "deliverable.module_id": "ix_deliverable_module_id"}


def conflict_message(e):
    """The message for a unique violation: by constraint name (PostgreSQL) or by columns (SQLite)."""
    orig = getattr(e, "orig", None)
    name = getattr(getattr(orig, "diag", None), "constraint_name", None)
    if name is None:
        text = str(orig)
        name = next((n for cols, n in CONFLICT_COLUMNS.items() if cols in text), None)
    return CONFLICTS.get(name, N_("This conflicts with a change made at the same moment: please reload and try again"))


def _rollback():
    from .extensions import db
    try:
        db.session.rollback()
    except Exception:  # a connection lost with the database: the pool replaces it
        db.session.close()


def register_error_handlers(app):
    from .extensions import db

    @app.errorhandler(ApiError)
    def _api_error(e):
        db.session.rollback()
        return jsonify(e.body()), e.status

    @app.errorhandler(HTTPException)
    def _http_error(e):
        db.session.rollback()
        messages = {
            404: N_("Not found"),
            405: N_("Method not allowed"),
            413: N_("The upload is too large (limit %(mb)d MB)"),
            429: N_("Too many attempts, please wait and try again"),
        }
        message = messages.get(e.code) or e.description or e.name
        if e.code == 413:  # said, then filled in
            message = translate(message) % {"mb": app.config["MAX_CONTENT_LENGTH"] // (1024 * 1024)}
        resp = error_response(e.code, message)
        if e.code == 429 and getattr(e, "retry_after", None):
            resp[0].headers["Retry-After"] = str(e.retry_after)
        if e.code == 405 and getattr(e, "valid_methods", None):
            resp[0].headers["Allow"] = ", ".join(e.valid_methods)  # RFC 9110: a 405 says what is allowed
        return resp

    @app.errorhandler(StaleDataError)
    def _stale(e):
        # Two edits of one item reached the database together: the version column let only the first through.
        _rollback()
        return error_response(409, Stale.message)

    @app.errorhandler(IntegrityError)
    def _integrity(e):
        # A unique rule broken by a concurrent request that passed the same check a moment earlier.
        _rollback()
        return error_response(409, conflict_message(e))

    @app.errorhandler(OperationalError)
    @app.errorhandler(InterfaceError)
    @app.errorhandler(sa_exc.TimeoutError)
    def _database_unavailable(e):
        # The database is down, restarting or too busy: say so, and let the pool reconnect on the next request.
        _rollback()
        log.warning("Database unavailable: %s", e.__class__.__name__)
        resp = error_response(503, N_("The service is briefly unavailable, please try again in a moment"))
        resp[0].headers["Retry-After"] = "5"
        return resp

    @app.errorhandler(Exception)
    def _unexpected(e):
        db.session.rollback()
        log.exception("Unhandled error")
        return error_response(500, N_("Internal server error"))
