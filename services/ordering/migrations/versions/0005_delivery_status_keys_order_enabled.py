"""deliveries: stored status, platform-wide idempotency keys with the request's hash; restaurants'
whatsapp and takeaway (issue 18)

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-30 10:00:00
"""
from alembic import op
import sqlalchemy as sa


revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None

# A delivery's status from its lines: the lowest, ignoring rejected (3) ones (delivery/status.py).
LOWEST_STATUS = """
    SELECT COALESCE(MIN(l.status) FILTER (WHERE l.status <> '3'), MIN(l.status))
    FROM order_line l WHERE l.delivery_id = delivery_order.id
"""


def upgrade() -> None:
    # --- the stored delivery status, filled for every existing delivery
    op.add_column('delivery_order', sa.Column('status', sa.String(length=1), nullable=True))
    op.execute(f"UPDATE delivery_order SET status = ({LOWEST_STATUS})")
    op.drop_index('ix_delivery_order_restaurant_id', table_name='delivery_order')
    op.create_index('ix_delivery_order_restaurant_id_id', 'delivery_order', ['restaurant_id', 'id'], unique=False)
    op.create_index('ix_delivery_order_restaurant_id_status_id', 'delivery_order', ['restaurant_id', 'status', 'id'], unique=False)

    # --- an Idempotency-Key names one request platform-wide. Keys were unique per restaurant:
    # a key repeated across restaurants keeps its first use (a later one can no longer be replayed).
    op.add_column('delivery_order', sa.Column('request_hash', sa.String(length=64), nullable=True))
    op.execute("""
        UPDATE delivery_order SET idempotency_key = NULL WHERE id IN (
            SELECT id FROM (
                SELECT id, row_number() OVER (PARTITION BY idempotency_key ORDER BY id) AS nth
                FROM delivery_order WHERE idempotency_key IS NOT NULL
            ) repeated WHERE nth > 1
        )
    """)
    op.drop_constraint('uq_delivery_order_restaurant_id', 'delivery_order', type_='unique')
    op.create_index('uq_delivery_order_idempotency_key', 'delivery_order', ['idempotency_key'], unique=True,
                    postgresql_where=sa.text('idempotency_key IS NOT NULL'))
    # diner orders: the key's other places are looked up on every order (order/repository.py)
    op.create_index('ix_customer_order_idempotency_key', 'customer_order', ['idempotency_key'], unique=False,
                    postgresql_where=sa.text('idempotency_key IS NOT NULL'))

    # --- what the order-enabled rule needs of a restaurant
    op.add_column('restaurant_settings', sa.Column('whatsapp', sa.String(length=300), server_default='', nullable=False))
    op.add_column('restaurant_settings', sa.Column('takeaway', sa.Boolean(), server_default=sa.false(), nullable=False))
    op.alter_column('restaurant_settings', 'whatsapp', server_default=None)
    op.alter_column('restaurant_settings', 'takeaway', server_default=None)
    # The rows written before these columns existed say 'no WhatsApp, no take-away' (no anonymous
    # deliveries) until identity announces the profile again. Forgetting which profile events were
    # applied lets `make replay SERVICE=identity SINCE=... TYPE=identity.restaurant.updated` (and
    # `.created`) bring the values in; a deleted restaurant's tombstone keeps its time, so no
    # replayed event revives it.
    op.execute("UPDATE restaurant_settings SET updated_at = 'epoch' WHERE NOT deleted")
    op.execute("DELETE FROM processed_event WHERE event_type IN ('identity.restaurant.created', 'identity.restaurant.updated')")


def downgrade() -> None:
    op.drop_column('restaurant_settings', 'takeaway')
    op.drop_column('restaurant_settings', 'whatsapp')
    op.drop_index('ix_customer_order_idempotency_key', table_name='customer_order')
    op.drop_index('uq_delivery_order_idempotency_key', table_name='delivery_order')
    op.create_unique_constraint('uq_delivery_order_restaurant_id', 'delivery_order', ['restaurant_id', 'idempotency_key'])
    op.drop_column('delivery_order', 'request_hash')
    op.drop_index('ix_delivery_order_restaurant_id_status_id', table_name='delivery_order')
    op.drop_index('ix_delivery_order_restaurant_id_id', table_name='delivery_order')
    op.create_index('ix_delivery_order_restaurant_id', 'delivery_order', ['restaurant_id'], unique=False)
    op.drop_column('delivery_order', 'status')
