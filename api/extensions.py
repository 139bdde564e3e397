"""Extensions are created here and bound to the app in create_app()."""
from flask import current_app, request
from flask_cors import CORS
from flask_jwt_extended import JWTManager
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import MetaData

# Named constraints keep Alembic migrations identical on SQLite and PostgreSQL.
naming = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}
db = SQLAlchemy(metadata=MetaData(naming_convention=naming))
migrate = Migrate()
jwt = JWTManager()
cors = CORS()
limiter = Limiter(key_func=get_remote_address, default_limits=[])


@limiter.request_filter
def _limits_off_for_this_app():
    """The limiter is one object for every app in the process (create_app always binds it switched
    on); each app's own RATELIMIT_ENABLED decides, request by request."""
    return not current_app.config.get("RATELIMIT_ENABLED", True)


def client_address():
    return request.remote_addr or "unknown"


def read_rows(statement, params=None):
    """Run a statement of columns (never ORM entities) on the session's connection: the same transaction as
    `db.session.execute`, without the ORM's work around each call, for the reads every page runs. Pending changes
    are flushed first, as the session's autoflush would."""
    session = db.session()
    if session.autoflush:
        session.flush()
    return session.connection().execute(statement, params or {})
