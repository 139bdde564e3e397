"""Search: the words of the index (PostgreSQL), for typo tolerance

Revision ID: 0016
Revises: 0015
Create Date: 2026-11-29 03:40:00

When nothing matches a query as typed, its words are read as the nearest words the index holds
(services/typos.py). SQLite reads them from its FTS5 index (the fts5vocab table install() makes); PostgreSQL from
`search_word`, which the search trigger keeps from now on (api/models/search.py; migrations/env.py installs the
triggers again after this upgrade, with pg_trgm and the words' trigram index where the extension can be
installed). Existing documents' words are written here. The table exists on SQLite too (the models are the same
on both), empty.
"""
from alembic import op
import sqlalchemy as sa


revision = '0016'
down_revision = '0015'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('search_word', sa.Column('word', sa.Text(), nullable=False),
                    sa.PrimaryKeyConstraint('word', name=op.f('pk_search_word')))
    if op.get_bind().dialect.name == "postgresql":
        op.execute("INSERT INTO search_word (word) SELECT word FROM ts_stat('SELECT tsv FROM search_doc') "
                   "ON CONFLICT DO NOTHING")


def downgrade():
    from api.models.search import install
    op.execute("DROP INDEX IF EXISTS ix_search_word_trgm")
    op.drop_table('search_word')
    install(op.get_bind())  # the trigger without the words (on SQLite: the vocabulary table stays with FTS5)
