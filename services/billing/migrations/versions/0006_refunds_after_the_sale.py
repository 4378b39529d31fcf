"""a payment given back at the provider after its sale was recorded: the ledger's 'refund' kind
(its rows count as the sale, the tip and the commission they give back), and what of each payment
the ledger has booked as refunded

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01 21:30:00
"""
from alembic import op
import sqlalchemy as sa


revision = '0006'
down_revision = '0005'
branch_labels = None
depends_on = None

KINDS_BEFORE = "'sale', 'commission_accrued', 'fee_retained', 'commission_collected', 'tip', 'reversal'"
KINDS_NOW = "'sale', 'commission_accrued', 'fee_retained', 'commission_collected', 'tip', 'refund', 'reversal'"
CORRECTIONS_BEFORE = "(kind = 'reversal') = (reverses_id IS NOT NULL) AND (kind = 'reversal' OR counts_as = kind)"
CORRECTIONS_NOW = ("(kind = 'reversal') = (reverses_id IS NOT NULL) AND (kind IN ('reversal', 'refund') OR counts_as = kind) "
                   "AND counts_as <> 'refund'")


def kind_check(kinds: str) -> str:
    return f"kind IN ({kinds}) AND counts_as IN ({kinds}) AND counts_as <> 'reversal'"


def upgrade() -> None:
    op.drop_constraint(op.f('ck_ledger_entry_kind'), 'ledger_entry', type_='check')
    op.create_check_constraint(op.f('ck_ledger_entry_kind'), 'ledger_entry', kind_check(KINDS_NOW))
    op.drop_constraint(op.f('ck_ledger_entry_reversal'), 'ledger_entry', type_='check')
    op.create_check_constraint(op.f('ck_ledger_entry_reversal'), 'ledger_entry', CORRECTIONS_NOW)
    op.add_column('checkout_payment', sa.Column('refunded', sa.Numeric(precision=12, scale=2), server_default='0',
                                                nullable=False))


def downgrade() -> None:
    op.drop_column('checkout_payment', 'refunded')
    op.execute("DELETE FROM ledger_entry WHERE kind = 'refund'")
    op.drop_constraint(op.f('ck_ledger_entry_reversal'), 'ledger_entry', type_='check')
    op.create_check_constraint(op.f('ck_ledger_entry_reversal'), 'ledger_entry', CORRECTIONS_BEFORE)
    op.drop_constraint(op.f('ck_ledger_entry_kind'), 'ledger_entry', type_='check')
    op.create_check_constraint(op.f('ck_ledger_entry_kind'), 'ledger_entry', kind_check(KINDS_BEFORE))
