"""No lost update: a version on every item two people may edit at once

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-24 23:00:00

module, membership, deliverable, article, vault_file, reference, comment, custom_value and metric get
`version` (1 for what exists): SQLAlchemy's version_id_col raises it with every change, and edit forms send it
back, so an edit made from a stale form is refused (409) instead of overwriting someone else's change.
"""
from alembic import op
import sqlalchemy as sa


revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None

TABLES = ("module", "membership", "deliverable", "article", "vault_file", "reference", "comment", "custom_value",
          "metric")


def upgrade():
    for table in TABLES:
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.add_column(sa.Column('version', sa.Integer(), nullable=False, server_default='1'))


def downgrade():
    for table in TABLES:
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.drop_column('version')
