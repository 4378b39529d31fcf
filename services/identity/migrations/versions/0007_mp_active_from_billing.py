"""the marketplace link is billing's: identity keeps mp_active as its copy

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-25 14:00:00

Billing owns each restaurant's link to its marketplace account and announces it as
`billing.marketplace.linked` / `billing.marketplace.unlinked`; identity keeps `mp_active` from
them. `mp_active_at` is the announcement's time, so an older one arriving late never overwrites a
newer one.
"""
from alembic import op
import sqlalchemy as sa


revision = '0007'
down_revision = '0006'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column('restaurant', sa.Column('mp_active_at', sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    op.drop_column('restaurant', 'mp_active_at')
