"""Import jobs and the import map

Revision ID: 0022
Revises: 0021
Create Date: 2026-12-02 10:00:00

Issue 46: `import_job` is one import (Redmine, spreadsheet, MS Project, portal archive) running on the worker, with
its progress and report; `import_map` says what each source item became in a portal, so a repeated import updates
what an earlier one made. New tables only: nothing existing changes.
"""
from alembic import op
import sqlalchemy as sa


revision = '0022'
down_revision = '0021'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('import_job',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('module_id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=True),
    sa.Column('kind', sa.String(length=20), nullable=False),
    sa.Column('title', sa.String(length=200), nullable=False),
    sa.Column('state', sa.String(length=10), nullable=False),
    sa.Column('phase', sa.String(length=10), nullable=False),
    sa.Column('done', sa.Integer(), nullable=False),
    sa.Column('total', sa.Integer(), nullable=False),
    sa.Column('dry_run', sa.Boolean(), nullable=False),
    sa.Column('cancel', sa.Boolean(), nullable=False),
    sa.Column('options', sa.Text(), nullable=False),
    sa.Column('upload', sa.String(length=80), nullable=True),
    sa.Column('report', sa.Text(), nullable=True),
    sa.Column('created', sa.DateTime(), nullable=False),
    sa.Column('finished', sa.DateTime(), nullable=True),
    sa.ForeignKeyConstraint(['module_id'], ['module.id'], name=op.f('fk_import_job_module_id_module'),
                            ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['user_id'], ['user.id'], name=op.f('fk_import_job_user_id_user'), ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_import_job')),
    sqlite_autoincrement=True
    )
    with op.batch_alter_table('import_job', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_import_job_module_id'), ['module_id'], unique=False)

    op.create_table('import_map',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('portal_id', sa.Integer(), nullable=False),
    sa.Column('source', sa.String(length=300), nullable=False),
    sa.Column('key', sa.String(length=300), nullable=False),
    sa.Column('target', sa.String(length=20), nullable=False),
    sa.Column('target_id', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['portal_id'], ['module.id'], name=op.f('fk_import_map_portal_id_module'),
                            ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_import_map')),
    sa.UniqueConstraint('portal_id', 'source', 'key', name='uq_import_map_key'),
    sqlite_autoincrement=True
    )


def downgrade():
    op.drop_table('import_map')
    op.drop_table('import_job')
