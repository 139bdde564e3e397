"""Relations between modules

Revision ID: 0017
Revises: 0016
Create Date: 2026-11-29 09:00:00

Issue 42, point 1: a relation ties two modules of one portal: finish-to-start, start-to-start,
finish-to-finish or start-to-finish with a lag in working days, or 'blocks', or 'relates to'. One row per pair
(`low_id`, `high_id`: the pair's ids in order, unique), whichever way it points; it goes with either module
(ON DELETE CASCADE). A new table: nothing existing changes.
"""
from alembic import op
import sqlalchemy as sa


revision = '0017'
down_revision = '0016'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('relation',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('portal_id', sa.Integer(), nullable=False),
    sa.Column('from_id', sa.Integer(), nullable=False),
    sa.Column('to_id', sa.Integer(), nullable=False),
    sa.Column('low_id', sa.Integer(), nullable=False),
    sa.Column('high_id', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=8), nullable=False),
    sa.Column('lag', sa.Integer(), nullable=False),
    sa.Column('created', sa.DateTime(), nullable=False),
    sa.Column('created_by_id', sa.Integer(), nullable=True),
    sa.Column('version', sa.Integer(), server_default='1', nullable=False),
    sa.ForeignKeyConstraint(['created_by_id'], ['user.id'], name=op.f('fk_relation_created_by_id_user'),
                            ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['from_id'], ['module.id'], name=op.f('fk_relation_from_id_module'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['portal_id'], ['module.id'], name=op.f('fk_relation_portal_id_module'),
                            ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['to_id'], ['module.id'], name=op.f('fk_relation_to_id_module'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_relation')),
    sa.UniqueConstraint('low_id', 'high_id', name='uq_relation_pair'),
    sqlite_autoincrement=True
    )
    with op.batch_alter_table('relation', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_relation_from_id'), ['from_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_relation_portal_id'), ['portal_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_relation_to_id'), ['to_id'], unique=False)


def downgrade():
    with op.batch_alter_table('relation', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_relation_to_id'))
        batch_op.drop_index(batch_op.f('ix_relation_portal_id'))
        batch_op.drop_index(batch_op.f('ix_relation_from_id'))
    op.drop_table('relation')
