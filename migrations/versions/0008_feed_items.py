"""Feed entries say what they changed: the item's id and the change itself

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-25 18:00:00

feed_entry gets `item_id` (the thing changed) and `data` (JSON: its name, the fields that changed with their
values before and after, ...), so the feed reads as sentences with human labels and links to the item. Entries
recorded before keep their description.
"""
from alembic import op
import sqlalchemy as sa


revision = '0008'
down_revision = '0007'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('feed_entry', schema=None) as batch_op:
        batch_op.add_column(sa.Column('item_id', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('data', sa.Text(), nullable=True))


def downgrade():
    with op.batch_alter_table('feed_entry', schema=None) as batch_op:
        batch_op.drop_column('data')
        batch_op.drop_column('item_id')
