"""The status a deliverable had before it was done

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-30 12:00:00

One meaning of done (issue 40, a departure from spec §4): ticking a module's checklist box sets its deliverable's
status to COMPLETED and unticking returns it to the status it had. `deliverable.status_before_done` remembers that
status while the deliverable is done (COMPLETED or VERIFIED_COMPLETE); it is empty otherwise, and for the
deliverables done before this revision (unticking one of those leaves it with no status).
"""
from alembic import op
import sqlalchemy as sa


revision = '0013'
down_revision = '0012'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('deliverable', schema=None) as batch_op:
        batch_op.add_column(sa.Column('status_before_done', sa.String(length=30), nullable=True))


def downgrade():
    with op.batch_alter_table('deliverable', schema=None) as batch_op:
        batch_op.drop_column('status_before_done')
