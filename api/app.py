"""create_app(): configuration, extensions, blueprints, error handlers, CLI."""
import os

from flask import Flask
from werkzeug.middleware.proxy_fix import ProxyFix
from werkzeug.routing import IntegerConverter

from .config import Config
from . import i18n
from .errors import register_error_handlers
from .extensions import cors, db, jwt, limiter, migrate
from . import transactions  # SQLite BEGIN IMMEDIATE for writes; sessions closed safely


class IdConverter(IntegerConverter):
    """`<int:...>` ids stay within the database's integer range: a huge id is a 404, not a 500.
    It matches as -1, an id no row has: refusing it in the converter would make werkzeug answer 405
    whenever a rule of another method has the same path (e.g. POST /api/module/edit/<huge>)."""
    def to_python(self, value):
        n = super().to_python(value)
        return n if n <= 2**31 - 1 else -1


def create_app(config=None, **overrides):
    app = Flask(__name__, instance_path=os.environ.get("INSTANCE_DIR") or Config.INSTANCE_DIR,
                instance_relative_config=False)
    app.url_map.converters["int"] = IdConverter
    app.url_map.strict_slashes = False
    from . import jsonio, request_guard
    jsonio.init_app(app)  # orjson out (presenters' field order kept), guarded parsing in
    request_guard.init_app(app)
    app.config.from_object(config or Config)
    app.config.update(overrides)
    os.makedirs(app.instance_path, exist_ok=True)
    from . import secret_key
    secret_key.configure(app)
    from .method_override import MethodOverride
    app.wsgi_app = MethodOverride(app.wsgi_app)
    if app.config.get("TRUSTED_PROXIES"):
        n = app.config["TRUSTED_PROXIES"]
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=n, x_proto=n, x_host=n, x_port=n, x_prefix=n)

    db.init_app(app)
    transactions.init_app(app)
    migrate.init_app(app, db, directory=os.path.join(os.path.dirname(os.path.dirname(__file__)), "migrations"),
                     compare_type=True, render_as_batch=True)
    jwt.init_app(app)
    i18n.init_app(app)
    # Bound switched on so its hooks exist on every app; a disabled app is exempted per request
    # (extensions._limits_off_for_this_app). Binding it off would switch it off for every app.
    enabled = app.config["RATELIMIT_ENABLED"]
    app.config["RATELIMIT_ENABLED"] = True
    limiter.init_app(app)
    app.config["RATELIMIT_ENABLED"] = enabled
    if app.config["CORS_ORIGINS"]:
        # ETag: a client on another origin revalidates module pages too (conditional GET).
        cors.init_app(app, origins=app.config["CORS_ORIGINS"], supports_credentials=True, expose_headers=["ETag"])

    from . import tasks
    tasks.huey.immediate = app.config["HUEY_IMMEDIATE"]  # tests: tasks run where they are queued
    from . import auth  # noqa: F401  (JWT loaders)
    from .blueprints import register_blueprints
    register_blueprints(app)
    register_error_handlers(app)
    from .cli import register_cli
    register_cli(app)
    from .services import backup
    backup.settle_interrupted(app)  # a restore killed midway: finished or undone before anything reads the site
    return app
