"""The modules of one type below a module (tasks-all, the portal's task lists) from one index

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-26 02:00:00

`type = :t AND path LIKE '/1/4/%'` was a scan of the whole module table (the type alone and the path alone each
match a large part of it). On PostgreSQL the index also carries the id, parent and position, so choosing a page
of tasks reads the index only.
"""
from alembic import op


revision = '0010'
down_revision = '0009'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('module', schema=None) as batch_op:
        batch_op.create_index('ix_module_type_path', ['type', 'path'], unique=False,
                              postgresql_ops={'path': 'text_pattern_ops'},
                              postgresql_include=['id', 'parent_id', 'idx'])


def downgrade():
    with op.batch_alter_table('module', schema=None) as batch_op:
        batch_op.drop_index('ix_module_type_path')
