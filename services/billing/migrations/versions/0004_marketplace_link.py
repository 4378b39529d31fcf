"""the marketplace link: sellers' accounts (tokens encrypted), each restaurant's link, authorization attempts

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-25 14:30:00
"""
from alembic import op
import sqlalchemy as sa


revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('mp_account',
    sa.Column('user_id', sa.BigInteger(), autoincrement=False, nullable=False),
    sa.Column('access_token', sa.LargeBinary(), nullable=False),
    sa.Column('refresh_token', sa.LargeBinary(), nullable=False),
    sa.Column('expires_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('public_key', sa.String(length=200), nullable=False),
    sa.Column('live_mode', sa.Boolean(), nullable=False),
    sa.Column('refreshed_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.PrimaryKeyConstraint('user_id', name=op.f('pk_mp_account'))
    )
    op.create_index(op.f('ix_mp_account_expires_at'), 'mp_account', ['expires_at'], unique=False)
    op.create_table('mp_link',
    sa.Column('restaurant_id', sa.Integer(), autoincrement=False, nullable=False),
    sa.Column('account_id', sa.BigInteger(), nullable=False),
    sa.Column('linked_by', sa.Integer(), nullable=False),
    sa.Column('linked_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['account_id'], ['mp_account.user_id'], name=op.f('fk_mp_link_account_id_mp_account'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('restaurant_id', name=op.f('pk_mp_link'))
    )
    op.create_index(op.f('ix_mp_link_account_id'), 'mp_link', ['account_id'], unique=False)
    op.create_table('mp_link_attempt',
    sa.Column('state', sa.String(length=100), nullable=False),
    sa.Column('restaurant_id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('expires_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('used_at', sa.DateTime(timezone=True), nullable=True),
    sa.PrimaryKeyConstraint('state', name=op.f('pk_mp_link_attempt'))
    )
    op.create_index(op.f('ix_mp_link_attempt_expires_at'), 'mp_link_attempt', ['expires_at'], unique=False)


def downgrade() -> None:
    op.drop_index(op.f('ix_mp_link_attempt_expires_at'), table_name='mp_link_attempt')
    op.drop_table('mp_link_attempt')
    op.drop_index(op.f('ix_mp_link_account_id'), table_name='mp_link')
    op.drop_table('mp_link')
    op.drop_index(op.f('ix_mp_account_expires_at'), table_name='mp_account')
    op.drop_table('mp_account')
