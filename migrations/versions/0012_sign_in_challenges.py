"""Sign-in challenges kept on the server, and single sign-on identities

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-28 12:00:00

A two-factor challenge was a token signed with SECRET_KEY: whoever knew the key could make one for any user and
stage. `sign_in_challenge` holds each one made after a password (or identity provider) check, hashed, for one
user and stage, used once. `oidc_identity` links an account to a provider's issuer and subject, so an e-mail
claim alone no longer names an existing password account.
"""
from alembic import op
import sqlalchemy as sa


revision = '0012'
down_revision = '0011'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('sign_in_challenge',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('token_hash', sa.String(length=64), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('stage', sa.String(length=10), nullable=False),
    sa.Column('method', sa.String(length=10), nullable=False),
    sa.Column('issuer', sa.String(length=300), nullable=True),
    sa.Column('subject', sa.String(length=255), nullable=True),
    sa.Column('attempts', sa.Integer(), nullable=False),
    sa.Column('created', sa.DateTime(), nullable=False),
    sa.Column('expires', sa.DateTime(), nullable=False),
    sa.Column('used', sa.DateTime(), nullable=True),
    sa.ForeignKeyConstraint(['user_id'], ['user.id'], name=op.f('fk_sign_in_challenge_user_id_user'),
                            ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_sign_in_challenge')),
    sa.UniqueConstraint('token_hash', name=op.f('uq_sign_in_challenge_token_hash')),
    sqlite_autoincrement=True
    )
    with op.batch_alter_table('sign_in_challenge', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_sign_in_challenge_user_id'), ['user_id'], unique=False)

    op.create_table('oidc_identity',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('issuer', sa.String(length=300), nullable=False),
    sa.Column('subject', sa.String(length=255), nullable=False),
    sa.Column('created', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['user.id'], name=op.f('fk_oidc_identity_user_id_user'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_oidc_identity')),
    sa.UniqueConstraint('issuer', 'subject', name=op.f('uq_oidc_identity_issuer')),
    sqlite_autoincrement=True
    )
    with op.batch_alter_table('oidc_identity', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_oidc_identity_user_id'), ['user_id'], unique=False)


def downgrade():
    op.drop_table('oidc_identity')
    op.drop_table('sign_in_challenge')
