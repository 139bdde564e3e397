"""Accounts a security officer signs off: sessions, API tokens, two-factor sign-in, security log, single sign-on

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-25 19:00:00

Every sign-in is a `user_session` row and a token is good only while its row is there and not ended, so the session
table replaces `revoked_token` (tokens issued before this revision are refused: everyone signs in again).
`api_token` holds personal API tokens (hashed), `recovery_code` the hashed two-factor recovery codes,
`security_event` each user's security log and `oidc_login` the single sign-ons in flight. The user gets the
TOTP columns.
"""
from alembic import op
import sqlalchemy as sa


revision = '0009'
down_revision = '0008'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('user', schema=None) as batch_op:
        batch_op.add_column(sa.Column('mfa_secret', sa.String(length=64), nullable=True))
        batch_op.add_column(sa.Column('mfa_pending_secret', sa.String(length=64), nullable=True))
        batch_op.add_column(sa.Column('mfa_last_step', sa.BigInteger(), nullable=True))
        batch_op.add_column(sa.Column('mfa_enabled', sa.DateTime(), nullable=True))

    op.create_table('user_session',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('jti', sa.String(length=64), nullable=False),
    sa.Column('method', sa.String(length=20), nullable=False),
    sa.Column('device', sa.String(length=120), nullable=True),
    sa.Column('address', sa.String(length=64), nullable=True),
    sa.Column('created', sa.DateTime(), nullable=False),
    sa.Column('last_seen', sa.DateTime(), nullable=False),
    sa.Column('expires', sa.DateTime(), nullable=False),
    sa.Column('ended', sa.DateTime(), nullable=True),
    sa.ForeignKeyConstraint(['user_id'], ['user.id'], name=op.f('fk_user_session_user_id_user'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_user_session')),
    sa.UniqueConstraint('jti', name=op.f('uq_user_session_jti')),
    sqlite_autoincrement=True
    )
    with op.batch_alter_table('user_session', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_user_session_user_id'), ['user_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_user_session_expires'), ['expires'], unique=False)

    op.create_table('api_token',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=100), nullable=False),
    sa.Column('jti_hash', sa.String(length=64), nullable=False),
    sa.Column('read_only', sa.Boolean(), nullable=False),
    sa.Column('portal_id', sa.Integer(), nullable=True),
    sa.Column('created', sa.DateTime(), nullable=False),
    sa.Column('expires', sa.DateTime(), nullable=False),
    sa.Column('last_used', sa.DateTime(), nullable=True),
    sa.Column('last_address', sa.String(length=64), nullable=True),
    sa.Column('revoked', sa.DateTime(), nullable=True),
    sa.ForeignKeyConstraint(['portal_id'], ['module.id'], name=op.f('fk_api_token_portal_id_module'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['user_id'], ['user.id'], name=op.f('fk_api_token_user_id_user'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_api_token')),
    sa.UniqueConstraint('jti_hash', name=op.f('uq_api_token_jti_hash')),
    sqlite_autoincrement=True
    )
    with op.batch_alter_table('api_token', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_api_token_user_id'), ['user_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_api_token_portal_id'), ['portal_id'], unique=False)

    op.create_table('recovery_code',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('code_hash', sa.String(length=64), nullable=False),
    sa.Column('used', sa.DateTime(), nullable=True),
    sa.ForeignKeyConstraint(['user_id'], ['user.id'], name=op.f('fk_recovery_code_user_id_user'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_recovery_code')),
    sqlite_autoincrement=True
    )
    with op.batch_alter_table('recovery_code', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_recovery_code_user_id'), ['user_id'], unique=False)

    op.create_table('security_event',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('created', sa.DateTime(), nullable=False),
    sa.Column('kind', sa.String(length=40), nullable=False),
    sa.Column('address', sa.String(length=64), nullable=True),
    sa.Column('device', sa.String(length=120), nullable=True),
    sa.Column('detail', sa.String(length=300), nullable=True),
    sa.ForeignKeyConstraint(['user_id'], ['user.id'], name=op.f('fk_security_event_user_id_user'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_security_event')),
    sqlite_autoincrement=True
    )
    with op.batch_alter_table('security_event', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_security_event_user_id'), ['user_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_security_event_created'), ['created'], unique=False)

    op.create_table('oidc_login',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('state_hash', sa.String(length=64), nullable=False),
    sa.Column('nonce', sa.String(length=64), nullable=False),
    sa.Column('verifier', sa.String(length=128), nullable=False),
    sa.Column('brand', sa.String(length=40), nullable=False),
    sa.Column('created', sa.DateTime(), nullable=False),
    sa.Column('used', sa.DateTime(), nullable=True),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_oidc_login')),
    sa.UniqueConstraint('state_hash', name=op.f('uq_oidc_login_state_hash')),
    sqlite_autoincrement=True
    )

    with op.batch_alter_table('revoked_token', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_revoked_token_expires'))
    op.drop_table('revoked_token')


def downgrade():
    op.create_table('revoked_token',
    sa.Column('jti', sa.String(length=64), nullable=False),
    sa.Column('expires', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('jti', name=op.f('pk_revoked_token'))
    )
    with op.batch_alter_table('revoked_token', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_revoked_token_expires'), ['expires'], unique=False)
    op.drop_table('oidc_login')
    with op.batch_alter_table('security_event', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_security_event_created'))
        batch_op.drop_index(batch_op.f('ix_security_event_user_id'))
    op.drop_table('security_event')
    with op.batch_alter_table('recovery_code', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_recovery_code_user_id'))
    op.drop_table('recovery_code')
    with op.batch_alter_table('api_token', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_api_token_portal_id'))
        batch_op.drop_index(batch_op.f('ix_api_token_user_id'))
    op.drop_table('api_token')
    with op.batch_alter_table('user_session', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_user_session_expires'))
        batch_op.drop_index(batch_op.f('ix_user_session_user_id'))
    op.drop_table('user_session')
    with op.batch_alter_table('user', schema=None) as batch_op:
        batch_op.drop_column('mfa_enabled')
        batch_op.drop_column('mfa_last_step')
        batch_op.drop_column('mfa_pending_secret')
        batch_op.drop_column('mfa_secret')
