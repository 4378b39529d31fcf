"""token generation on the account

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-22 19:05:00

The generation was kept only in Redis, with an expiry, and restarted at 0 after it; PostgreSQL now
holds it and Redis a copy. Tokens from now on carry a generation of at least 1, so a token whose
copy is missing in Redis can be refused instead of revived (kit.auth.RevocationStore). Identity's
start-up carries over any larger generation still in Redis.
"""
from alembic import op
import sqlalchemy as sa


revision = '0003'
down_revision = '0002'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column('user', sa.Column('token_generation', sa.Integer(), server_default='1', nullable=False))


def downgrade() -> None:
    op.drop_column('user', 'token_generation')
