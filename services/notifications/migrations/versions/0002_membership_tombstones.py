"""membership keeps the newest applied event per row (tombstones for removals)

Revision ID: 0002
Revises: 0001
"""
from alembic import op
import sqlalchemy as sa

revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column('restaurant_member', sa.Column('active', sa.Boolean(), server_default=sa.true(), nullable=False))
    op.add_column(
        'restaurant_member',
        sa.Column('changed_at', sa.DateTime(timezone=True), server_default=sa.text("'epoch'::timestamptz"), nullable=False),
    )


def downgrade() -> None:
    op.execute("DELETE FROM restaurant_member WHERE NOT active")
    op.drop_column('restaurant_member', 'changed_at')
    op.drop_column('restaurant_member', 'active')
