"""Effort: time entries, timers, timesheets, effort settings and plans

Revision ID: 0021
Revises: 0020
Create Date: 2026-12-02 10:00:00

Issue 45: `time_entry` (minutes a person spent on a module on a day, with the portal and the organisation of that
day), `time_activity` (a portal's list), `timer` (one running per person), `timesheet` (a person's month in a portal,
submitted, approved or returned), `effort_settings` (hours per person-month, reporting periods) and `effort_plan`
(planned person-months per module and organisation); a membership gains `organisation` and `supervisor`. New tables
and nullable or defaulted columns: nothing existing changes.
"""
from alembic import op
import sqlalchemy as sa


revision = '0021'
down_revision = '0020'
branch_labels = None
depends_on = None


def _module(nullable=False, index=True):
    return sa.Column('module_id', sa.Integer(), sa.ForeignKey('module.id', ondelete='CASCADE'), nullable=nullable,
                     index=index)


def upgrade():
    with op.batch_alter_table('membership', schema=None) as batch_op:
        batch_op.add_column(sa.Column('organisation', sa.String(length=200), nullable=True))
        batch_op.add_column(sa.Column('supervisor', sa.Boolean(), server_default=sa.false(), nullable=False))

    op.create_table('time_activity',
                    sa.Column('id', sa.Integer(), primary_key=True),
                    sa.Column('portal_id', sa.Integer(), sa.ForeignKey('module.id', ondelete='CASCADE'),
                              nullable=False, index=True),
                    sa.Column('name', sa.String(length=60), nullable=False),
                    sa.Column('idx', sa.Integer(), nullable=False),
                    sa.Column('active', sa.Boolean(), server_default=sa.true(), nullable=False),
                    sqlite_autoincrement=True)
    op.create_table('time_entry',
                    sa.Column('id', sa.Integer(), primary_key=True),
                    _module(),
                    sa.Column('portal_id', sa.Integer(), sa.ForeignKey('module.id', ondelete='CASCADE'),
                              nullable=False),
                    sa.Column('user_id', sa.Integer(), sa.ForeignKey('user.id', ondelete='CASCADE'), nullable=False),
                    sa.Column('day', sa.Date(), nullable=False),
                    sa.Column('minutes', sa.Integer(), nullable=False),
                    sa.Column('activity_id', sa.Integer(), sa.ForeignKey('time_activity.id', ondelete='SET NULL'),
                              nullable=True),
                    sa.Column('note', sa.Text(), nullable=False),
                    sa.Column('organisation', sa.String(length=200), nullable=False),
                    sa.Column('created', sa.DateTime(), nullable=False),
                    sa.Column('updated', sa.DateTime(), nullable=False),
                    sa.Column('version', sa.Integer(), server_default='1', nullable=False),
                    sqlite_autoincrement=True)
    op.create_index('ix_time_entry_user_day', 'time_entry', ['user_id', 'day'])
    op.create_index('ix_time_entry_portal_day', 'time_entry', ['portal_id', 'day'])
    op.create_index('ix_time_entry_module_minutes', 'time_entry', ['module_id', 'minutes'])
    op.create_table('timer',
                    sa.Column('user_id', sa.Integer(), sa.ForeignKey('user.id', ondelete='CASCADE'),
                              primary_key=True),
                    _module(),
                    sa.Column('started', sa.DateTime(), nullable=False),
                    sa.Column('note', sa.Text(), nullable=False))
    op.create_table('timesheet',
                    sa.Column('id', sa.Integer(), primary_key=True),
                    sa.Column('user_id', sa.Integer(), sa.ForeignKey('user.id', ondelete='CASCADE'), nullable=False,
                              index=True),
                    sa.Column('portal_id', sa.Integer(), sa.ForeignKey('module.id', ondelete='CASCADE'),
                              nullable=False, index=True),
                    sa.Column('month', sa.Date(), nullable=False),
                    sa.Column('state', sa.String(length=10), nullable=False),
                    sa.Column('comment', sa.Text(), nullable=False),
                    sa.Column('submitted', sa.DateTime(), nullable=False),
                    sa.Column('decided_by', sa.Integer(), sa.ForeignKey('user.id', ondelete='SET NULL'),
                              nullable=True),
                    sa.Column('decided', sa.DateTime(), nullable=True),
                    sa.UniqueConstraint('user_id', 'portal_id', 'month', name='uq_timesheet_month'),
                    sqlite_autoincrement=True)
    op.create_table('effort_settings',
                    sa.Column('portal_id', sa.Integer(), sa.ForeignKey('module.id', ondelete='CASCADE'),
                              primary_key=True),
                    sa.Column('hours_per_pm', sa.Numeric(7, 2), nullable=False),
                    sa.Column('periods', sa.Text(), server_default='', nullable=False),
                    sa.Column('version', sa.Integer(), server_default='1', nullable=False))
    op.create_table('effort_plan',
                    sa.Column('id', sa.Integer(), primary_key=True),
                    _module(),
                    sa.Column('organisation', sa.String(length=200), nullable=False),
                    sa.Column('person_months', sa.Numeric(8, 2), nullable=False),
                    sa.UniqueConstraint('module_id', 'organisation', name='uq_effort_plan'),
                    sqlite_autoincrement=True)


def downgrade():
    for table in ('effort_plan', 'effort_settings', 'timesheet', 'timer'):
        op.drop_table(table)
    op.drop_index('ix_time_entry_module_minutes', table_name='time_entry')
    op.drop_index('ix_time_entry_portal_day', table_name='time_entry')
    op.drop_index('ix_time_entry_user_day', table_name='time_entry')
    op.drop_table('time_entry')
    op.drop_table('time_activity')
    with op.batch_alter_table('membership', schema=None) as batch_op:
        batch_op.drop_column('supervisor')
        batch_op.drop_column('organisation')
