"""a message keeps the staff screen that caused it, so that screen shows no toast for it

Revision ID: 0007
Revises: 0006
"""
from alembic import op
import sqlalchemy as sa

revision = '0007'
down_revision = '0006'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column('notification', sa.Column('origin', sa.String(length=64), nullable=True))


def downgrade() -> None:
    op.drop_column('notification', 'origin')
