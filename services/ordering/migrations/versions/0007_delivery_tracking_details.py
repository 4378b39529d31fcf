"""deliveries: the detail text, a delivery point, when they closed, a diner's tracking token (its
hash, and the token sealed with the order's Idempotency-Key), and the keys themselves stored as
their SHA-256 (issue 20)

Existing deliveries have no tracking token (only orders placed from now on get one); those whose
lines are all final already count as closed now. A stored key becomes its hash: a replay of it
still finds its delivery (the lookup hashes the key it is given). Downgrading keeps the hashes
(the keys themselves are gone).

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-25 13:00:00
"""
from alembic import op
import sqlalchemy as sa


revision = '0007'
down_revision = '0006'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column('delivery_order', sa.Column('details', sa.String(length=200), server_default='', nullable=False))
    op.add_column('delivery_order', sa.Column('place_id', sa.Integer(), nullable=True))
    op.add_column('delivery_order', sa.Column('closed_at', sa.DateTime(timezone=True), nullable=True))
    op.add_column('delivery_order', sa.Column('tracking_hash', sa.String(length=64), nullable=True))
    op.add_column('delivery_order', sa.Column('tracking_sealed', sa.String(length=64), nullable=True))
    op.create_index('uq_delivery_order_tracking_hash', 'delivery_order', ['tracking_hash'], unique=True,
                    postgresql_where=sa.text('tracking_hash IS NOT NULL'))
    # closed: every line final (rejected, paid) or none left (delivery/status.py)
    op.execute("UPDATE delivery_order SET closed_at = now() WHERE status IS NULL OR status IN ('3', '6')")
    op.execute("""
        UPDATE delivery_order SET idempotency_key = encode(sha256(convert_to(idempotency_key, 'UTF8')), 'hex')
        WHERE idempotency_key IS NOT NULL
    """)


def downgrade() -> None:
    op.drop_index('uq_delivery_order_tracking_hash', table_name='delivery_order')
    op.drop_column('delivery_order', 'tracking_sealed')
    op.drop_column('delivery_order', 'tracking_hash')
    op.drop_column('delivery_order', 'closed_at')
    op.drop_column('delivery_order', 'place_id')
    op.drop_column('delivery_order', 'details')
