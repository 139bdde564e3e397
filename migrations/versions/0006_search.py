"""Search across the tree: the search document of every item, its indexes and the triggers that keep it

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-25 12:00:00

`search_doc` holds one row per searchable item (module, article, file, reference, comment, text or picklist
value), written by triggers on the items' tables in the transaction of each write (api/models/search.py). On
PostgreSQL it carries a tsvector with a GIN index (the `unaccent` extension and the `portal_search` text search
configuration are created here); on SQLite the FTS5 table `search_fts` indexes it. Existing items are indexed
once here (backfill).

The triggers are installed from api/models/search.py, as migrations/env.py installs them again after every
upgrade: a later migration that changes them needs no copy of them, one that changes the table does.
"""
from alembic import op
import sqlalchemy as sa
from sqlalchemy.dialects import postgresql


revision = '0006'
down_revision = '0005'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('search_doc',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=16), nullable=False),
    sa.Column('item_id', sa.Integer(), nullable=False),
    sa.Column('module_id', sa.Integer(), nullable=False),
    sa.Column('path', sa.String(length=500), nullable=False),
    sa.Column('title', sa.Text(), nullable=False),
    sa.Column('body', sa.Text(), nullable=False),
    sa.Column('extra', sa.Text(), nullable=False),
    sa.Column('label', sa.String(length=120), nullable=True),
    sa.Column('author_id', sa.Integer(), nullable=True),
    sa.Column('created', sa.DateTime(), nullable=False),
    sa.Column('tsv', sa.Text().with_variant(postgresql.TSVECTOR(), 'postgresql'), nullable=True),
    sa.ForeignKeyConstraint(['author_id'], ['user.id'], name=op.f('fk_search_doc_author_id_user'), ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['module_id'], ['module.id'], name=op.f('fk_search_doc_module_id_module'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_search_doc')),
    sa.UniqueConstraint('kind', 'item_id', name='uq_search_doc_kind_item'),
    sqlite_autoincrement=True
    )
    with op.batch_alter_table('search_doc', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_search_doc_module_id'), ['module_id'], unique=False)
        batch_op.create_index('ix_search_doc_tsv', ['tsv'], unique=False, postgresql_using='gin')

    from api.models.search import backfill, install
    conn = op.get_bind()
    install(conn)
    backfill(conn)


def downgrade():
    from api.models.search import uninstall
    uninstall(op.get_bind())  # the triggers (they name search_doc), the FTS table, the functions
    with op.batch_alter_table('search_doc', schema=None) as batch_op:
        batch_op.drop_index('ix_search_doc_tsv', postgresql_using='gin')
        batch_op.drop_index(batch_op.f('ix_search_doc_module_id'))

    op.drop_table('search_doc')
