"""What a conditional GET compares: feed entries know their portal, users when they last changed

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-24 21:00:00

feed_entry.portal_id (the entry's module's portal: the second id of its path, or the root's own id) with an index
(portal_id, id), so the last change in a portal is one index lookup; user.updated, so a renamed member or a new
avatar changes the pages that show them.
"""
from alembic import op
import sqlalchemy as sa


revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('feed_entry', schema=None) as batch_op:
        batch_op.add_column(sa.Column('portal_id', sa.Integer(), nullable=True))
        batch_op.create_index('ix_feed_entry_portal_id_id', ['portal_id', 'id'], unique=False)
    with op.batch_alter_table('user', schema=None) as batch_op:
        batch_op.add_column(sa.Column('updated', sa.DateTime(), nullable=True))
        batch_op.create_index(batch_op.f('ix_user_updated'), ['updated'], unique=False)

    conn = op.get_bind()
    conn.execute(sa.text('UPDATE "user" SET updated = created'))
    by_portal = {}
    for module_id, path in conn.execute(sa.text("SELECT id, path FROM module")):
        ids = [p for p in path.strip("/").split("/") if p]
        if ids:
            by_portal.setdefault(int(ids[1] if len(ids) > 1 else ids[0]), []).append(module_id)
    for portal_id, module_ids in by_portal.items():
        for i in range(0, len(module_ids), 500):
            conn.execute(sa.text("UPDATE feed_entry SET portal_id = :p WHERE module_id IN (%s)"
                                 % ",".join(str(int(m)) for m in module_ids[i:i + 500])), {"p": portal_id})


def downgrade():
    with op.batch_alter_table('user', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_user_updated'))
        batch_op.drop_column('updated')
    with op.batch_alter_table('feed_entry', schema=None) as batch_op:
        batch_op.drop_index('ix_feed_entry_portal_id_id')
        batch_op.drop_column('portal_id')
