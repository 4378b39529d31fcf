"""e-mail verified on the account

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-22 19:45:00

Social sign-in links a provider identity to an existing account by e-mail only when both the
provider and this account verified the address.
"""
from alembic import op
import sqlalchemy as sa


revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column('user', sa.Column('email_verified', sa.Boolean(), server_default='false', nullable=False))


def downgrade() -> None:
    op.drop_column('user', 'email_verified')
