"""revoked tokens (logout) kept in PostgreSQL

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-25 11:00:00

A logout was kept only in Redis, so a Redis restart brought the token back to life. Each revoked
token id is now a row, kept until the token's own expiry (purged after it); Redis holds a copy
that identity writes back whenever Redis has lost it (identity/auth/service.py).
"""
from alembic import op
import sqlalchemy as sa


revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'revoked_token',
        sa.Column('token_id', sa.String(length=64), nullable=False),
        sa.Column('user_id', sa.Integer(), nullable=False),
        sa.Column('expires_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['user_id'], ['user.id'], name=op.f('fk_revoked_token_user_id_user'), ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('token_id', name=op.f('pk_revoked_token')),
    )
    op.create_index(op.f('ix_revoked_token_user_id'), 'revoked_token', ['user_id'], unique=False)
    op.create_index(op.f('ix_revoked_token_expires_at'), 'revoked_token', ['expires_at'], unique=False)


def downgrade() -> None:
    op.drop_index(op.f('ix_revoked_token_expires_at'), table_name='revoked_token')
    op.drop_index(op.f('ix_revoked_token_user_id'), table_name='revoked_token')
    op.drop_table('revoked_token')
