"""A person's language

Revision ID: 0019
Revises: 0018
Create Date: 2026-11-29 15:00:00

Issue 43, point 5: the language chosen in the profile (or on the login page) is kept on the account, so that it
applies on every device and mails to the person are written in it. Null: never chosen (the browser's, else the
brand's default). One nullable column: nothing existing changes.
"""
from alembic import op
import sqlalchemy as sa


revision = '0019'
down_revision = '0018'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('user', schema=None) as batch_op:
        batch_op.add_column(sa.Column('language', sa.String(length=5), nullable=True))


def downgrade():
    with op.batch_alter_table('user', schema=None) as batch_op:
        batch_op.drop_column('language')
