"""counter payments: the payment table (issue 21), and each line's payment, method, 'status_pay'
and share of the commission billing announces

Lines marked paid before this (staff could move a line to 6 through the order update calls) keep
status 6 with no payment: nothing recorded their money, and none is made up now. Their
`pay_status` becomes 'paid', so the board shows them as paid.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-25 14:00:00
"""
from alembic import op
import sqlalchemy as sa


revision = '0008'
down_revision = '0007'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'payment',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('restaurant_id', sa.Integer(), nullable=False),
        sa.Column('place_id', sa.Integer(), nullable=True),
        sa.Column('delivery_id', sa.Integer(), nullable=True),
        sa.Column('method', sa.String(length=10), nullable=False),
        sa.Column('amount', sa.Numeric(precision=12, scale=2), nullable=False),
        sa.Column('paid_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('paid_by', sa.String(length=150), nullable=False),
        sa.Column('idempotency_key', sa.String(length=64), nullable=True),
        sa.Column('request_hash', sa.String(length=64), nullable=True),
        sa.Column('open_left', sa.Integer(), nullable=False),
        sa.Column('commission_percent', sa.Numeric(precision=5, scale=2), nullable=True),
        sa.Column('commission', sa.Numeric(precision=12, scale=2), nullable=True),
        sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
        sa.CheckConstraint("method IN ('cash', 'debit', 'credit', 'online')", name=op.f('ck_payment_method')),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_payment')),
    )
    op.create_index('ix_payment_restaurant_id_paid_at', 'payment', ['restaurant_id', 'paid_at'], unique=False)
    op.create_index('uq_payment_idempotency_key', 'payment', ['idempotency_key'], unique=True,
                    postgresql_where=sa.text('idempotency_key IS NOT NULL'))
    op.add_column('order_line', sa.Column('payment_id', sa.Integer(), nullable=True))
    op.add_column('order_line', sa.Column('pay_status', sa.String(length=8), nullable=True))
    op.add_column('order_line', sa.Column('pay_method', sa.String(length=10), nullable=True))
    op.add_column('order_line', sa.Column('commission', sa.Numeric(precision=12, scale=2), nullable=True))
    op.create_index(op.f('ix_order_line_payment_id'), 'order_line', ['payment_id'], unique=False)
    op.create_foreign_key(op.f('fk_order_line_payment_id_payment'), 'order_line', 'payment', ['payment_id'], ['id'])
    op.execute("UPDATE order_line SET pay_status = 'paid' WHERE status = '6'")


def downgrade() -> None:
    op.drop_constraint(op.f('fk_order_line_payment_id_payment'), 'order_line', type_='foreignkey')
    op.drop_index(op.f('ix_order_line_payment_id'), table_name='order_line')
    op.drop_column('order_line', 'commission')
    op.drop_column('order_line', 'pay_method')
    op.drop_column('order_line', 'pay_status')
    op.drop_column('order_line', 'payment_id')
    op.drop_index('uq_payment_idempotency_key', table_name='payment')
    op.drop_index('ix_payment_restaurant_id_paid_at', table_name='payment')
    op.drop_table('payment')
