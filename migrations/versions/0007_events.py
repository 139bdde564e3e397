"""Events: the outbox and what it fans out to

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-25 16:08:28

event (the outbox, written beside each feed entry) and event_cursor (where the dispatcher is); watch,
comment_mention, notification, notification_preference and mail_state; webhook, webhook_delivery and
webhook_attempt; live_subscriber (the streams nchan let in). New tables only: nothing existing changes, and the
dispatcher starts after the last event (there are none before this revision).
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0007'
down_revision = '0006'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('event_cursor',
    sa.Column('name', sa.String(length=40), nullable=False),
    sa.Column('last_txid', sa.BigInteger(), nullable=False),
    sa.Column('last_id', sa.Integer(), nullable=False),
    sa.Column('updated', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('name', name=op.f('pk_event_cursor'))
    )
    # The dispatcher's cursor exists from the start: two dispatchers never race to create it.
    op.execute("INSERT INTO event_cursor (name, last_txid, last_id, updated) VALUES ('main', 0, 0, CURRENT_TIMESTAMP)")
    op.create_table('event',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('created', sa.DateTime(), nullable=False),
    sa.Column('actor_id', sa.Integer(), nullable=True),
    sa.Column('module_id', sa.Integer(), nullable=False),
    sa.Column('portal_id', sa.Integer(), nullable=True),
    sa.Column('path', sa.String(length=500), nullable=False),
    sa.Column('category', sa.String(length=40), nullable=False),
    sa.Column('operation', sa.String(length=20), nullable=False),
    sa.Column('item_id', sa.Integer(), nullable=True),
    sa.Column('description', sa.String(length=500), nullable=False),
    sa.Column('data', sa.Text(), nullable=False),
    sa.Column('txid', sa.BigInteger(), nullable=True),
    sa.ForeignKeyConstraint(['actor_id'], ['user.id'], name=op.f('fk_event_actor_id_user'), ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_event')),
    sqlite_autoincrement=True
    )
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.create_index('ix_event_txid_id', ['txid', 'id'], unique=False)

    op.create_table('live_subscriber',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('channel', sa.String(length=40), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('expires', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['user.id'], name=op.f('fk_live_subscriber_user_id_user'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_live_subscriber')),
    sqlite_autoincrement=True
    )
    with op.batch_alter_table('live_subscriber', schema=None) as batch_op:
        batch_op.create_index('ix_live_subscriber_channel', ['channel', 'expires'], unique=False)

    op.create_table('mail_state',
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('brand', sa.String(length=40), nullable=True),
    sa.Column('digest_sent', sa.DateTime(), nullable=True),
    sa.ForeignKeyConstraint(['user_id'], ['user.id'], name=op.f('fk_mail_state_user_id_user'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('user_id', name=op.f('pk_mail_state'))
    )
    op.create_table('notification',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('event_id', sa.Integer(), nullable=True),
    sa.Column('kind', sa.String(length=20), nullable=False),
    sa.Column('actor_id', sa.Integer(), nullable=True),
    sa.Column('module_id', sa.Integer(), nullable=True),
    sa.Column('portal_id', sa.Integer(), nullable=True),
    sa.Column('category', sa.String(length=40), nullable=False),
    sa.Column('item_id', sa.Integer(), nullable=True),
    sa.Column('text', sa.String(length=500), nullable=False),
    sa.Column('created', sa.DateTime(), nullable=False),
    sa.Column('read', sa.DateTime(), nullable=True),
    sa.Column('mail', sa.String(length=10), nullable=False),
    sa.ForeignKeyConstraint(['actor_id'], ['user.id'], name=op.f('fk_notification_actor_id_user'), ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['user_id'], ['user.id'], name=op.f('fk_notification_user_id_user'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_notification')),
    sa.UniqueConstraint('user_id', 'event_id', name='uq_notification_user_event'),
    sqlite_autoincrement=True
    )
    with op.batch_alter_table('notification', schema=None) as batch_op:
        batch_op.create_index('ix_notification_mail', ['mail', 'user_id'], unique=False)
        batch_op.create_index('ix_notification_user_read_id', ['user_id', 'read', 'id'], unique=False)

    op.create_table('notification_preference',
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=20), nullable=False),
    sa.Column('mode', sa.String(length=10), nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['user.id'], name=op.f('fk_notification_preference_user_id_user'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('user_id', 'kind', name=op.f('pk_notification_preference'))
    )
    op.create_table('watch',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('module_id', sa.Integer(), nullable=False),
    sa.Column('portal_id', sa.Integer(), nullable=True),
    sa.Column('state', sa.String(length=12), nullable=False),
    sa.Column('reason', sa.String(length=20), nullable=False),
    sa.Column('updated', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['module_id'], ['module.id'], name=op.f('fk_watch_module_id_module'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['user_id'], ['user.id'], name=op.f('fk_watch_user_id_user'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_watch')),
    sa.UniqueConstraint('user_id', 'module_id', name='uq_watch_user_module'),
    sqlite_autoincrement=True
    )
    with op.batch_alter_table('watch', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_watch_module_id'), ['module_id'], unique=False)
        batch_op.create_index('ix_watch_portal_updated', ['portal_id', 'updated'], unique=False)
        batch_op.create_index(batch_op.f('ix_watch_user_id'), ['user_id'], unique=False)

    op.create_table('webhook',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('module_id', sa.Integer(), nullable=False),
    sa.Column('url', sa.String(length=2000), nullable=False),
    sa.Column('secret', sa.String(length=120), nullable=False),
    sa.Column('kinds', sa.String(length=1000), nullable=False),
    sa.Column('active', sa.Boolean(), nullable=False),
    sa.Column('failures', sa.Integer(), nullable=False),
    sa.Column('disabled_reason', sa.String(length=300), nullable=True),
    sa.Column('created', sa.DateTime(), nullable=False),
    sa.Column('created_by_id', sa.Integer(), nullable=True),
    sa.Column('version', sa.Integer(), server_default='1', nullable=False),
    sa.ForeignKeyConstraint(['created_by_id'], ['user.id'], name=op.f('fk_webhook_created_by_id_user'), ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['module_id'], ['module.id'], name=op.f('fk_webhook_module_id_module'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_webhook')),
    sqlite_autoincrement=True
    )
    with op.batch_alter_table('webhook', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_webhook_module_id'), ['module_id'], unique=False)

    op.create_table('comment_mention',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('comment_id', sa.Integer(), nullable=False),
    sa.Column('module_id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['comment_id'], ['comment.id'], name=op.f('fk_comment_mention_comment_id_comment'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['module_id'], ['module.id'], name=op.f('fk_comment_mention_module_id_module'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['user_id'], ['user.id'], name=op.f('fk_comment_mention_user_id_user'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_comment_mention')),
    sa.UniqueConstraint('comment_id', 'user_id', name='uq_comment_mention'),
    sqlite_autoincrement=True
    )
    with op.batch_alter_table('comment_mention', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_comment_mention_comment_id'), ['comment_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_comment_mention_module_id'), ['module_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_comment_mention_user_id'), ['user_id'], unique=False)

    op.create_table('webhook_delivery',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('webhook_id', sa.Integer(), nullable=False),
    sa.Column('event_id', sa.Integer(), nullable=True),
    sa.Column('msg_id', sa.String(length=60), nullable=False),
    sa.Column('kind', sa.String(length=70), nullable=False),
    sa.Column('payload', sa.Text(), nullable=False),
    sa.Column('status', sa.String(length=12), nullable=False),
    sa.Column('attempts', sa.Integer(), nullable=False),
    sa.Column('next_attempt', sa.DateTime(), nullable=True),
    sa.Column('first_attempt', sa.DateTime(), nullable=True),
    sa.Column('last_status', sa.Integer(), nullable=True),
    sa.Column('last_ms', sa.Integer(), nullable=True),
    sa.Column('last_error', sa.String(length=300), nullable=True),
    sa.Column('created', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['webhook_id'], ['webhook.id'], name=op.f('fk_webhook_delivery_webhook_id_webhook'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_webhook_delivery')),
    sqlite_autoincrement=True
    )
    with op.batch_alter_table('webhook_delivery', schema=None) as batch_op:
        batch_op.create_index('ix_webhook_delivery_due', ['status', 'next_attempt'], unique=False)
        batch_op.create_index(batch_op.f('ix_webhook_delivery_webhook_id'), ['webhook_id'], unique=False)

    op.create_table('webhook_attempt',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('delivery_id', sa.Integer(), nullable=False),
    sa.Column('at', sa.DateTime(), nullable=False),
    sa.Column('status', sa.Integer(), nullable=True),
    sa.Column('ms', sa.Integer(), nullable=False),
    sa.Column('error', sa.String(length=300), nullable=True),
    sa.Column('manual', sa.Boolean(), nullable=False),
    sa.ForeignKeyConstraint(['delivery_id'], ['webhook_delivery.id'], name=op.f('fk_webhook_attempt_delivery_id_webhook_delivery'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_webhook_attempt')),
    sqlite_autoincrement=True
    )
    with op.batch_alter_table('webhook_attempt', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_webhook_attempt_delivery_id'), ['delivery_id'], unique=False)



def downgrade():
    with op.batch_alter_table('webhook_attempt', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_webhook_attempt_delivery_id'))

    op.drop_table('webhook_attempt')
    with op.batch_alter_table('webhook_delivery', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_webhook_delivery_webhook_id'))
        batch_op.drop_index('ix_webhook_delivery_due')

    op.drop_table('webhook_delivery')
    with op.batch_alter_table('comment_mention', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_comment_mention_user_id'))
        batch_op.drop_index(batch_op.f('ix_comment_mention_module_id'))
        batch_op.drop_index(batch_op.f('ix_comment_mention_comment_id'))

    op.drop_table('comment_mention')
    with op.batch_alter_table('webhook', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_webhook_module_id'))

    op.drop_table('webhook')
    with op.batch_alter_table('watch', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_watch_user_id'))
        batch_op.drop_index('ix_watch_portal_updated')
        batch_op.drop_index(batch_op.f('ix_watch_module_id'))

    op.drop_table('watch')
    op.drop_table('notification_preference')
    with op.batch_alter_table('notification', schema=None) as batch_op:
        batch_op.drop_index('ix_notification_user_read_id')
        batch_op.drop_index('ix_notification_mail')

    op.drop_table('notification')
    op.drop_table('mail_state')
    with op.batch_alter_table('live_subscriber', schema=None) as batch_op:
        batch_op.drop_index('ix_live_subscriber_channel')

    op.drop_table('live_subscriber')
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.drop_index('ix_event_txid_id')

    op.drop_table('event')
    op.drop_table('event_cursor')
