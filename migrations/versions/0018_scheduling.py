"""Scheduling, milestones, portal calendars, baselines and recurring tasks

Revision ID: 0018
Revises: 0017
Create Date: 2026-11-29 11:30:00

Issue 42, points 2 and 4: a deliverable is scheduled manually (the default) or automatically, and may be a
milestone; a portal's planning settings hold its holidays (working days are Monday to Friday without them) and
whether dates are shown as project months too. Point 5: a baseline is a named snapshot of a subtree's dates, one
row per dated module. Point 6: a recurrence rule on the newest occurrence of a repeating task. Two columns with
defaults and new tables: nothing existing changes.
"""
from alembic import op
import sqlalchemy as sa


revision = '0018'
down_revision = '0017'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('deliverable', schema=None) as batch_op:
        batch_op.add_column(sa.Column('auto_scheduled', sa.Boolean(), server_default=sa.false(), nullable=False))
        batch_op.add_column(sa.Column('milestone', sa.Boolean(), server_default=sa.false(), nullable=False))
    op.create_table('portal_planning',
    sa.Column('portal_id', sa.Integer(), nullable=False),
    sa.Column('holidays', sa.Text(), server_default='', nullable=False),
    sa.Column('project_months', sa.Boolean(), server_default=sa.false(), nullable=False),
    sa.Column('version', sa.Integer(), server_default='1', nullable=False),
    sa.ForeignKeyConstraint(['portal_id'], ['module.id'], name=op.f('fk_portal_planning_portal_id_module'),
                            ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('portal_id', name=op.f('pk_portal_planning')),
    )


    op.create_table('baseline',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('module_id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=120), nullable=False),
    sa.Column('created', sa.DateTime(), nullable=False),
    sa.Column('created_by_id', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['created_by_id'], ['user.id'], name=op.f('fk_baseline_created_by_id_user'),
                            ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['module_id'], ['module.id'], name=op.f('fk_baseline_module_id_module'),
                            ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_baseline')),
    sqlite_autoincrement=True
    )
    with op.batch_alter_table('baseline', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_baseline_module_id'), ['module_id'], unique=False)
    op.create_table('baseline_date',
    sa.Column('baseline_id', sa.Integer(), nullable=False),
    sa.Column('module_id', sa.Integer(), nullable=False),
    sa.Column('start_date', sa.Date(), nullable=True),
    sa.Column('deadline', sa.Date(), nullable=True),
    sa.ForeignKeyConstraint(['baseline_id'], ['baseline.id'], name=op.f('fk_baseline_date_baseline_id_baseline'),
                            ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['module_id'], ['module.id'], name=op.f('fk_baseline_date_module_id_module'),
                            ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('baseline_id', 'module_id', name=op.f('pk_baseline_date'))
    )
    with op.batch_alter_table('baseline_date', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_baseline_date_module_id'), ['module_id'], unique=False)


    op.create_table('recurrence',
    sa.Column('module_id', sa.Integer(), nullable=False),
    sa.Column('unit', sa.String(length=8), nullable=False),
    sa.Column('every', sa.Integer(), nullable=False),
    sa.Column('day', sa.Integer(), nullable=False),
    sa.Column('created_by_id', sa.Integer(), nullable=True),
    sa.Column('version', sa.Integer(), server_default='1', nullable=False),
    sa.ForeignKeyConstraint(['created_by_id'], ['user.id'], name=op.f('fk_recurrence_created_by_id_user'),
                            ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['module_id'], ['module.id'], name=op.f('fk_recurrence_module_id_module'),
                            ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('module_id', name=op.f('pk_recurrence'))
    )


def downgrade():
    op.drop_table('recurrence')
    op.drop_table('baseline_date')
    op.drop_table('baseline')
    op.drop_table('portal_planning')
    with op.batch_alter_table('deliverable', schema=None) as batch_op:
        batch_op.drop_column('milestone')
        batch_op.drop_column('auto_scheduled')
