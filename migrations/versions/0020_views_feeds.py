"""Calendar feeds, saved views and the board's column limits

Revision ID: 0020
Revises: 0019
Create Date: 2026-12-01 10:00:00

Issue 44: `calendar_feed` holds a person's iCal subscriptions (the secret of each address kept only as its SHA-256,
revocable); `saved_view` a named state of a module's tasks, board, Gantt or calendar screen, its owner's or shared
with the module's readers; a portal's planning settings gain `board_limits`, the board's work-in-progress limit per
status as a JSON object ('' for none). New tables and a column with a default: nothing existing changes.
"""
from alembic import op
import sqlalchemy as sa


revision = '0020'
down_revision = '0019'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('portal_planning', schema=None) as batch_op:
        batch_op.add_column(sa.Column('board_limits', sa.Text(), server_default='', nullable=False))

    op.create_table('calendar_feed',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=100), nullable=False),
    sa.Column('scope', sa.String(length=10), nullable=False),
    sa.Column('portal_id', sa.Integer(), nullable=True),
    sa.Column('secret_hash', sa.String(length=64), nullable=False),
    sa.Column('created', sa.DateTime(), nullable=False),
    sa.Column('last_used', sa.DateTime(), nullable=True),
    sa.Column('revoked', sa.DateTime(), nullable=True),
    sa.ForeignKeyConstraint(['portal_id'], ['module.id'], name=op.f('fk_calendar_feed_portal_id_module'),
                            ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['user_id'], ['user.id'], name=op.f('fk_calendar_feed_user_id_user'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_calendar_feed')),
    sa.UniqueConstraint('secret_hash', name=op.f('uq_calendar_feed_secret_hash')),
    sqlite_autoincrement=True
    )
    with op.batch_alter_table('calendar_feed', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_calendar_feed_portal_id'), ['portal_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_calendar_feed_user_id'), ['user_id'], unique=False)

    op.create_table('saved_view',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('owner_id', sa.Integer(), nullable=False),
    sa.Column('module_id', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=10), nullable=False),
    sa.Column('name', sa.String(length=100), nullable=False),
    sa.Column('state', sa.Text(), nullable=False),
    sa.Column('shared', sa.Boolean(), server_default=sa.false(), nullable=False),
    sa.Column('created', sa.DateTime(), nullable=False),
    sa.Column('updated', sa.DateTime(), nullable=False),
    sa.Column('version', sa.Integer(), server_default='1', nullable=False),
    sa.ForeignKeyConstraint(['module_id'], ['module.id'], name=op.f('fk_saved_view_module_id_module'),
                            ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['owner_id'], ['user.id'], name=op.f('fk_saved_view_owner_id_user'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_saved_view')),
    sqlite_autoincrement=True
    )
    with op.batch_alter_table('saved_view', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_saved_view_module_id'), ['module_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_saved_view_owner_id'), ['owner_id'], unique=False)


def downgrade():
    op.drop_table('saved_view')
    op.drop_table('calendar_feed')
    with op.batch_alter_table('portal_planning', schema=None) as batch_op:
        batch_op.drop_column('board_limits')
