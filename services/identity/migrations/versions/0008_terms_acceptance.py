"""the terms of use an account accepted on registering, and when

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-01 21:00:00

A registration that says the terms were accepted (`acepta_terminos: true`) records the moment and
the version of the terms (issue 38). Both stay empty for accounts made before, and for those made
without the field (the spec's requests, social sign-in, operators, seeded accounts).
"""
from alembic import op
import sqlalchemy as sa


revision = '0008'
down_revision = '0007'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column('user', sa.Column('terms_accepted_at', sa.DateTime(timezone=True), nullable=True))
    op.add_column('user', sa.Column('terms_version', sa.String(length=20), nullable=True))


def downgrade() -> None:
    op.drop_column('user', 'terms_version')
    op.drop_column('user', 'terms_accepted_at')
