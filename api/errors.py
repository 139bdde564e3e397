"""The ApiError family and the JSON error handlers: every error leaves as {error, errors?}."""
import logging

from flask import jsonify
from werkzeug.exceptions import HTTPException

log = logging.getLogger(__name__)


class ApiError(Exception):
    status = 400
    message = "Bad request"

    def __init__(self, message=None, errors=None, status=None):
        super().__init__(message or self.message)
        self.message = message or self.message
        self.errors = errors
        if status:
            self.status = status

    def body(self):
        body = {"error": self.message}
        if self.errors is not None:
            body["errors"] = self.errors
        return body


class BadRequest(ApiError):
    status = 400


class Unauthorized(ApiError):
    status = 401
    message = "Authentication required"


class Forbidden(ApiError):
    status = 403
    message = "You do not have the right to do this"


class NotFound(ApiError):
    status = 404
    message = "Not found"


class Conflict(ApiError):
    status = 409
    message = "Conflict"


class Invalid(ApiError):
    """A form that did not validate: errors is {element name: [messages]}."""
    status = 422
    message = "The form has errors"


class Locked(ApiError):
    status = 423
    message = "Locked"


def error_response(status, message, errors=None):
    body = {"error": message}
    if errors is not None:
        body["errors"] = errors
    return jsonify(body), status


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
            404: "Not found",
            405: "Method not allowed",
            413: "The upload is too large (limit %d MB)" % (app.config["MAX_CONTENT_LENGTH"] // (1024 * 1024)),
            429: "Too many attempts, please wait and try again",
        }
        message = messages.get(e.code) or e.description or e.name
        resp = error_response(e.code, message)
        if e.code == 429 and getattr(e, "retry_after", None):
            resp[0].headers["Retry-After"] = str(e.retry_after)
        return resp

    @app.errorhandler(Exception)
    def _unexpected(e):
        db.session.rollback()
        log.exception("Unhandled error")
        return error_response(500, "Internal server error")
