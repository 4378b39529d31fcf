"""the application fee is billing's: identity keeps a copy for the admin's rows

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-25 13:00:00

Billing owns each restaurant's application fee (`PUT comision-resto/{id}/`) and announces it as
`billing.fee.changed`; identity shows it in the admin's restaurant rows. `application_fee_at` is
the announced change's time, so an older announcement arriving late never overwrites a newer one.
"""
from alembic import op
import sqlalchemy as sa


revision = '0006'
down_revision = '0005'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column('restaurant', sa.Column('application_fee_at', sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    op.drop_column('restaurant', 'application_fee_at')
