"""Comment attachments

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-02 12:00:00

A comment may carry files (issue 40, point 9). The files are ordinary vault files of the comment's module
(uploaded through the vault, shown in its Files tab); `comment_attachment` only records which comment carries
which file. Deleting either side drops the row (ON DELETE CASCADE). A new table: nothing existing changes.
"""
from alembic import op
import sqlalchemy as sa


revision = '0015'
down_revision = '0014'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('comment_attachment',
    sa.Column('comment_id', sa.Integer(), nullable=False),
    sa.Column('file_id', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['comment_id'], ['comment.id'], name=op.f('fk_comment_attachment_comment_id_comment'),
                            ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['file_id'], ['vault_file.id'], name=op.f('fk_comment_attachment_file_id_vault_file'),
                            ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('comment_id', 'file_id', name=op.f('pk_comment_attachment'))
    )
    with op.batch_alter_table('comment_attachment', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_comment_attachment_file_id'), ['file_id'], unique=False)


def downgrade():
    with op.batch_alter_table('comment_attachment', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_comment_attachment_file_id'))
    op.drop_table('comment_attachment')
