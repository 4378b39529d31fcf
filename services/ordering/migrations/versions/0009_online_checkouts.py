"""online checkouts: billing's checkout holding a line (`order_line.checkout_id`), ordering's copy of
each checkout's state (`online_checkout`), and the checkout an online payment paid (issue 22)

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-27 15:00:00
"""
from alembic import op
import sqlalchemy as sa


revision = '0009'
down_revision = '0008'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'online_checkout',
        sa.Column('checkout_id', sa.Integer(), autoincrement=False, nullable=False),
        sa.Column('restaurant_id', sa.Integer(), nullable=False),
        sa.Column('state', sa.String(length=10), nullable=False),
        sa.Column('occurred_at', sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint('checkout_id', name=op.f('pk_online_checkout')),
    )
    op.add_column('order_line', sa.Column('checkout_id', sa.Integer(), nullable=True))
    op.create_index(op.f('ix_order_line_checkout_id'), 'order_line', ['checkout_id'], unique=False)
    op.add_column('payment', sa.Column('checkout_id', sa.Integer(), nullable=True))
    op.create_index('uq_payment_checkout_id', 'payment', ['checkout_id'], unique=True,
                    postgresql_where=sa.text('checkout_id IS NOT NULL'))


def downgrade() -> None:
    op.drop_index('uq_payment_checkout_id', table_name='payment', postgresql_where=sa.text('checkout_id IS NOT NULL'))
    op.drop_column('payment', 'checkout_id')
    op.drop_index(op.f('ix_order_line_checkout_id'), table_name='order_line')
    op.drop_column('order_line', 'checkout_id')
    op.drop_table('online_checkout')
