"""Grouped notifications

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-01 12:00:00

Quiet notifications (issue 40): several changes of one module within a few minutes make one notification for
each watcher. `notification.changes` counts the changes a notification stands for (1 for every row before this
revision) and `notification.actors` holds their people's ids, the latest first, so it can say 'Ana and 2 others
made 4 changes'. The kinds one may switch off live in the existing `notification_preference` rows.
"""
from alembic import op
import sqlalchemy as sa


revision = '0014'
down_revision = '0013'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('notification', schema=None) as batch_op:
        batch_op.add_column(sa.Column('changes', sa.Integer(), server_default='1', nullable=False))
        batch_op.add_column(sa.Column('actors', sa.String(length=400), nullable=True))


def downgrade():
    with op.batch_alter_table('notification', schema=None) as batch_op:
        batch_op.drop_column('actors')
        batch_op.drop_column('changes')
