"""Search: each document's title words on their own (PostgreSQL), so the matches with the words in their title
are ranked first

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-27 00:50:00

PostgreSQL ranks a search's matches with ts_rank, which reads each document's tsvector (TOASTed for a long text),
so it ranks a bounded number of them (services/search.py, RANKED). They were the newest matches: a common word
left an older document titled by it unranked, below newer ones that merely mention it. `title_tsv` holds the
title's words alone (small, inline), so every match is told apart by it cheaply and title matches come first. The
`search_doc_tsv` trigger fills it from now on (api/models/search.py; migrations/env.py installs the triggers again
after this upgrade); existing documents get it here, by the expression that trigger uses, copied as it was when
written. On SQLite the column stays NULL: bm25 ranks every match.
"""
from alembic import op
import sqlalchemy as sa
from sqlalchemy.dialects import postgresql


revision = '0011'
down_revision = '0010'
branch_labels = None
depends_on = None


def upgrade():
    op.add_column('search_doc', sa.Column('title_tsv', sa.Text().with_variant(postgresql.TSVECTOR(), 'postgresql'),
                                          nullable=True))
    if op.get_bind().dialect.name == "postgresql":
        # Kept in the row, though the table sends its long values to TOAST early (toast_tuple_target): every match
        # of a search reads it.
        op.execute("ALTER TABLE search_doc ALTER COLUMN title_tsv SET STORAGE MAIN")
        op.execute("UPDATE search_doc SET title_tsv = "
                   "to_tsvector('portal_search', regexp_replace(title, '[[:punct:]]+', ' ', 'g'))")


def downgrade():
    from api.models.search import install
    # Not a batch rebuild on SQLite: the search triggers name search_doc and refuse its drop (SQLite 3.35+ drops a
    # column in place).
    op.execute("ALTER TABLE search_doc DROP COLUMN title_tsv")
    install(op.get_bind())  # the trigger as it was without the column
