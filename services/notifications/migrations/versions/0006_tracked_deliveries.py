"""diners' deliveries with a tracking link: the token's hash and when the order closed (issue 20)

Revision ID: 0006
Revises: 0005
"""
from alembic import op
import sqlalchemy as sa

revision = '0006'
down_revision = '0005'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('tracked_delivery',
    sa.Column('delivery_id', sa.Integer(), autoincrement=False, nullable=False),
    sa.Column('restaurant_id', sa.Integer(), nullable=False),
    sa.Column('token_hash', sa.String(length=64), nullable=False),
    sa.Column('closed_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('changed_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('delivery_id', name=op.f('pk_tracked_delivery'))
    )
    op.create_index(op.f('ix_tracked_delivery_token_hash'), 'tracked_delivery', ['token_hash'], unique=False)


def downgrade() -> None:
    op.drop_index(op.f('ix_tracked_delivery_token_hash'), table_name='tracked_delivery')
    op.drop_table('tracked_delivery')
