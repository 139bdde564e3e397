"""SQLite: ids are never reused (AUTOINCREMENT on every integer primary key)

Without AUTOINCREMENT, SQLite gives a new row max(id) + 1, so after the row with the highest id is
deleted its id goes to the next new row and an old link opens a different item. The models now carry
`sqlite_autoincrement=True` (api/models/base.py); this rebuilds the existing tables to match, keeping
every row with its id, the indexes, unique constraints and foreign keys. The rows are copied with their
ids, so sqlite_sequence starts at each table's current highest id. (An id deleted from the top of a
table BEFORE this upgrade left no trace and can still be given once more; from here on, never.)

migrations/env.py runs SQLite migrations with foreign keys off (dropping a table that others refer to
would otherwise cascade), in one transaction, and checks `PRAGMA foreign_key_check` before committing.

PostgreSQL: nothing to do (a sequence never goes back).

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-24 10:00:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0003'
down_revision = '0002'
branch_labels = None
depends_on = None

# Every table of revision 0002 with an integer surrogate key (revoked_token's key is the token's jti).
TABLES = [
    "user", "skeleton_rule", "module", "password_reset", "article", "brand", "clone_config", "comment",
    "custom_field", "deliverable", "feed_entry", "invitation", "membership", "reference", "report",
    "vault_file", "file_version", "metric", "picklist_option", "custom_value",
]


def _rebuild(autoincrement):
    if op.get_context().dialect.name != "sqlite":
        return
    bind = op.get_bind()
    if bind.exec_driver_sql("PRAGMA foreign_keys").scalar():
        # Rebuilding drops each table: with foreign keys on, dropping `module` would delete every row
        # that refers to it. migrations/env.py switches them off; refuse to run any other way.
        raise RuntimeError("SQLite foreign keys must be off while tables are rebuilt (run through migrations/env.py)")
    for name in TABLES:
        with op.batch_alter_table(name, recreate="always",
                                  table_kwargs={"sqlite_autoincrement": autoincrement}):
            pass


def upgrade():
    _rebuild(True)


def downgrade():
    _rebuild(False)
