"""`_method` in a posted form turns the POST into PUT, PATCH or DELETE before routing (spec §7: form
writes are POSTs with a method-override field). Only small bodies are read for it; the header
X-HTTP-Method-Override works for any request."""
import io

from werkzeug.formparser import parse_form_data

ALLOWED = {"PUT", "PATCH", "DELETE"}
FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


class MethodOverride:
    def __init__(self, app, max_body=1024 * 1024):
        self.app = app
        self.max_body = max_body

    def __call__(self, environ, start_response):
        if environ.get("REQUEST_METHOD") == "POST":
            method = (environ.get("HTTP_X_HTTP_METHOD_OVERRIDE") or self._form_method(environ) or "").upper()
            if method in ALLOWED:
                environ["REQUEST_METHOD"] = method
        return self.app(environ, start_response)

    def _form_method(self, environ):
        if not environ.get("CONTENT_TYPE", "").startswith(FORM_TYPES):
            return None
        try:
            length = int(environ.get("CONTENT_LENGTH") or 0)
        except ValueError:
            return None
        if not 0 < length <= self.max_body:
            return None
        body = environ["wsgi.input"].read(length)
        environ["wsgi.input"] = io.BytesIO(body)
        copy = dict(environ, **{"wsgi.input": io.BytesIO(body)})
        try:
            _, form, _ = parse_form_data(copy)
        except Exception:  # noqa: BLE001 - a malformed body is the app's to refuse, not ours
            return None
        return form.get("_method")
