"""Commissions for the admin (spec part 2 §2 'Admin screens', §5, §7): the fee table, and
collecting what a restaurant owes.

A collection is a ledger row. It may take at most what the restaurant owes at that moment, so
collections of one restaurant take turns (a transaction-scoped advisory lock); commissions accruing
meanwhile only raise the debt. An Idempotency-Key names one collection: a retry with the same
request answers what the first answered and records nothing; the same key with another request
(restaurant or amount) is refused.
"""
import hashlib
from datetime import UTC, datetime
from decimal import Decimal

from billing.commission.errors import (
    CreditDecimals, CreditNotPositive, CreditOverDebt, CreditRequired, IdempotencyKeyInvalid, IdempotencyKeyReused,
)
from billing.commission.schemas import FeeRow
from billing.filters import period
from billing.ledger.models import LedgerEntry
from billing.ledger.rules import CENT, COMMISSION_COLLECTED, money
from billing.ledger.service import append, entry
from billing.store import Store
from kit.pagination import Paging
from kit.tokens import Principal


async def fee_table(
    store: Store, listing: Paging, date_start: str | None, date_end: str | None, search: str | None, ordering: str | None,
) -> tuple[int, list[FeeRow]]:
    count, rows = await store.commissions.fee_table(period(date_start, date_end, ("date_start", "date_end")), search, ordering,
                                                    listing)
    return count, [
        FeeRow(**{**row._mapping, "fk_user": {"username": row.username}, **{name: money(row._mapping[name]) for name in (
            "importe_total", "importe_resto", "saldo_pagado", "cta_cte_resto")}})
        for row in rows
    ]


def check_key(key: str | None) -> None:
    if key is not None and not 8 <= len(key) <= 100:
        raise IdempotencyKeyInvalid()


def request_hash(restaurant_id: int, credit: Decimal | None) -> str:
    return hashlib.sha256(f"{restaurant_id}:{credit if credit is None else credit.normalize()}".encode()).hexdigest()


def check_credit(credit: Decimal | None, owed: Decimal) -> Decimal:
    if credit is None:
        raise CreditRequired()
    if credit <= 0:
        raise CreditNotPositive()
    if credit > owed:
        raise CreditOverDebt(owed)
    if credit != credit.quantize(CENT):  # safe: at most the debt, so few digits
        raise CreditDecimals()
    return credit


def _replay(earlier: LedgerEntry, fingerprint: str) -> Decimal:
    """The answer of the key's collection, to the same request only."""
    if earlier.request_hash != fingerprint:
        raise IdempotencyKeyReused()
    return earlier.owed_after


async def collect(store: Store, principal: Principal, restaurant_id: int, credit: Decimal | None, key: str | None) -> Decimal:
    """Record what the admin collected; answers what the restaurant still owes."""
    check_key(key)
    await store.projections.ensure_known(restaurant_id)
    await store.commissions.take_turn(restaurant_id)
    fingerprint = request_hash(restaurant_id, credit)
    if key is not None and (earlier := await store.ledger.collection(key)) is not None:
        return _replay(earlier, fingerprint)
    owed = await store.ledger.owed_by(restaurant_id)
    amount = check_credit(credit, owed)
    written = await append(store, [entry(
        COMMISSION_COLLECTED, restaurant_id, amount, datetime.now(UTC), recorded_by=principal.username[:150],
        idempotency_key=key, request_hash=fingerprint, owed_after=owed - amount,
    )])
    if not written:  # the same key, for another restaurant, committed meanwhile
        return _replay(await store.ledger.collection(key), fingerprint)
    return written[0].owed_after
