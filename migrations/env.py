import logging
from logging.config import fileConfig

from flask import current_app

from alembic import context

# this is the Alembic Config object, which provides
# access to the values within the .ini file in use.
config = context.config

# Interpret the config file for Python logging. Loggers that exist already stay on: an upgrade run inside a
# process (the tests, `flask db upgrade` before other work) would otherwise silence the app's own loggers.
fileConfig(config.config_file_name, disable_existing_loggers=False)
logger = logging.getLogger('alembic.env')


def get_engine():
    return current_app.extensions['migrate'].db.engine


def get_engine_url():
    try:
        return get_engine().url.render_as_string(hide_password=False).replace(
            '%', '%%')
    except AttributeError:
        return str(get_engine().url).replace('%', '%%')


# add your model's MetaData object here
# for 'autogenerate' support
# from myapp import mymodel
# target_metadata = mymodel.Base.metadata
config.set_main_option('sqlalchemy.url', get_engine_url())
target_db = current_app.extensions['migrate'].db

# other values from the config, defined by the needs of env.py,
# can be acquired:
# my_important_option = config.get_main_option("my_important_option")
# ... etc.


def get_metadata():
    if hasattr(target_db, 'metadatas'):
        return target_db.metadatas[None]
    return target_db.metadata


def include_name(name, type_, parent_names):
    """The FTS5 table of search and its shadow tables are no models (api/models/search.py): not compared."""
    from api.models.search import unmodelled
    return not unmodelled(name, type_)


def reinstall_search_triggers(connection):
    """SQLite drops a table's triggers when a migration rebuilds it (batch mode): after every upgrade the search
    triggers are installed again (idempotent; api/models/search.py), so no migration can leave an item table
    without them."""
    import sqlalchemy as sa
    if sa.inspect(connection).has_table("search_doc"):
        from api.models.search import install
        install(connection)


def run_migrations_offline():
    """Run migrations in 'offline' mode.

    This configures the context with just a URL
    and not an Engine, though an Engine is acceptable
    here as well.  By skipping the Engine creation
    we don't even need a DBAPI to be available.

    Calls to context.execute() here emit the given string to the
    script output.

    """
    url = config.get_main_option("sqlalchemy.url")
    context.configure(
        url=url, target_metadata=get_metadata(), literal_binds=True, include_name=include_name
    )

    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online():
    """Run migrations in 'online' mode.

    In this scenario we need to create an Engine
    and associate a connection with the context.

    """

    # this callback is used to prevent an auto-migration from being generated
    # when there are no changes to the schema
    # reference: http://alembic.zzzcomputing.com/en/latest/cookbook.html
    def process_revision_directives(context, revision, directives):
        if getattr(config.cmd_opts, 'autogenerate', False):
            script = directives[0]
            if script.upgrade_ops.is_empty():
                directives[:] = []
                logger.info('No changes in schema detected.')

    conf_args = current_app.extensions['migrate'].configure_args
    if conf_args.get("process_revision_directives") is None:
        conf_args["process_revision_directives"] = process_revision_directives

    connectable = get_engine()

    with connectable.connect() as connection:
        if connection.dialect.name == "sqlite":
            run_sqlite_migrations(connection, conf_args)
            return
        context.configure(
            connection=connection,
            target_metadata=get_metadata(),
            include_name=include_name,
            **conf_args
        )

        with context.begin_transaction():
            context.run_migrations()
            reinstall_search_triggers(connection)


def _sqlite_foreign_keys(connection, on):
    """Switch SQLite's foreign key enforcement (the app's connect listener sets it ON for every connection).
    The pragma is a no-op inside a transaction, so it goes straight to the driver connection, which
    api/transactions.py keeps in autocommit mode (no BEGIN is pending here); the result is read back."""
    if connection.in_transaction():
        raise RuntimeError("SQLite foreign keys can only be switched outside a transaction")
    raw = connection.connection.driver_connection
    raw.execute("PRAGMA foreign_keys=%s" % ("ON" if on else "OFF"))
    if raw.execute("PRAGMA foreign_keys").fetchone()[0] != int(on):
        raise RuntimeError("could not switch SQLite foreign keys %s" % ("on" if on else "off"))


def run_sqlite_migrations(connection, conf_args):
    """SQLite changes most tables by rebuilding them (create a copy, copy the rows, drop, rename). With
    foreign keys enforced, dropping a table that others refer to deletes or nulls their rows (ON DELETE)
    or fails, so enforcement is off while migrations run. They run in ONE transaction (SQLite's DDL is
    transactional), and `PRAGMA foreign_key_check` must come back empty before it commits: a migration
    cannot leave a dangling reference behind, and a failure leaves the database as it was."""
    _sqlite_foreign_keys(connection, False)
    try:
        context.configure(
            connection=connection,
            target_metadata=get_metadata(),
            include_name=include_name,
            **{**conf_args, "transactional_ddl": True}
        )
        with context.begin_transaction():
            context.run_migrations()
            reinstall_search_triggers(connection)
            broken = connection.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
            if broken:
                raise RuntimeError(
                    "foreign key check failed after the migrations, nothing was committed: "
                    + "; ".join("%s row %s -> %s" % tuple(r)[:3] for r in broken[:20]))
    finally:
        if connection.in_transaction():
            connection.rollback()
        try:
            _sqlite_foreign_keys(connection, True)
        except Exception:
            # Never hand a connection without foreign keys back to the pool.
            connection.invalidate()
            raise


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
