"""A vault file's text and thumbnail

Revision ID: 0023
Revises: 0022
Create Date: 2026-12-05 10:00:00

Issue 47: each vault file gets the text read from it (searched), where its pages start, the state of that reading
and why it failed, and its thumbnail's stored name; all NULL for existing files, which the worker's sweep and
`flask extract-files` read. The search documents of files now carry the text (body) and the file's type (label):
they are written again here (the triggers themselves are made again after every upgrade: migrations/env.py).
"""
from alembic import op
import sqlalchemy as sa


revision = '0023'
down_revision = '0022'
branch_labels = None
depends_on = None

# The file types of the search filter, by extension (as models/search.py FILE_TYPES when this was written).
_TYPES = {
    "pdf": ("pdf",),
    "document": ("doc", "docx", "odt", "rtf", "pages"),
    "spreadsheet": ("xls", "xlsx", "xlsm", "ods", "csv", "tsv", "numbers"),
    "presentation": ("ppt", "pptx", "odp", "key"),
    "image": ("png", "jpg", "jpeg", "gif", "webp", "bmp", "tif", "tiff", "svg", "heic", "avif"),
    "text": ("txt", "md", "markdown", "rst", "html", "htm", "json", "xml", "yaml", "yml", "log"),
}


def upgrade():
    with op.batch_alter_table('vault_file', schema=None) as batch_op:
        batch_op.add_column(sa.Column('text_state', sa.String(length=10), nullable=True))
        batch_op.add_column(sa.Column('text_error', sa.String(length=20), nullable=True))
        batch_op.add_column(sa.Column('text', sa.Text(), nullable=True))
        batch_op.add_column(sa.Column('text_pages', sa.Text(), nullable=True))
        batch_op.add_column(sa.Column('thumb', sa.String(length=80), nullable=True))
        batch_op.create_index(batch_op.f('ix_vault_file_text_state'), ['text_state'], unique=False)
    whens = " ".join(f"WHEN lower(f.filename) LIKE '%.{ext}' THEN '{kind}'" for kind, exts in _TYPES.items()
                     for ext in exts)
    op.execute(f"UPDATE search_doc SET label = (SELECT CASE {whens} ELSE 'other' END FROM vault_file f "
               f"WHERE f.id = search_doc.item_id) WHERE kind = 'file'")


def downgrade():
    from api.models.search import install
    op.execute("UPDATE search_doc SET label = NULL WHERE kind = 'file'")
    if op.get_bind().dialect.name == "postgresql":  # its trigger names the text column (SQLite's go with the rebuild)
        op.execute('DROP TRIGGER IF EXISTS search_sync ON vault_file')
    with op.batch_alter_table('vault_file', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_vault_file_text_state'))
        batch_op.drop_column('thumb')
        batch_op.drop_column('text_pages')
        batch_op.drop_column('text')
        batch_op.drop_column('text_error')
        batch_op.drop_column('text_state')
    install(op.get_bind())  # the triggers as they were without the text
