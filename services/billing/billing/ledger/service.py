"""Writing the ledger. Every row goes through `append`, which adds it to the daily totals in the
same transaction; sales (with their lines and commission) come from ordering's payment events
through `record_payments`, collections from `commission.service`, reversals from `reverse`.

`record_payments` is the one path for payments, one event (the handler) or thousands (a rebuild,
the benchmark): multi-row inserts, and only the payments it newly wrote go on to the commission
and the statistics, so an event seen twice counts once on every path, with or without the
consumer's processed-event row. The handler also announces each new payment's commission, split
over its lines (`billing.commission.accrued`): ordering shows each line's share.

An online payment of billing's checkout (`checkout_id`) is charged what the marketplace actually
retained on the checkout's payments (the provider's `application_fee`, kept by `checkout/`), not
a fee computed again, as `fee_retained` (never owed); the checkout's tips are a `tip` row beside
the sale (the restaurant's money, not a sale: no fee, not in the sales figures).
"""
from collections.abc import Sequence
from datetime import UTC, datetime
from decimal import Decimal

from sqlalchemy import Row

from billing.ledger.rules import (
    COMMISSION_ACCRUED, FEE_RETAINED, ONLINE, REFUND, REVERSAL, SALE, TIP, Charge, charge, daily_totals, money, split,
)
from billing.statistics.rules import SoldLines, sums
from billing.store import Store
from contracts.billing import CommissionAccrued, CommissionLine
from contracts.ordering import PaymentRecorded
from kit import localtime


class RestaurantNotKnownYet(Exception):
    """A payment of a restaurant whose creation billing has not learned: its free month is unknown.
    The consumer retries (the creation is on its way), then dead-letters the payment."""


class PaymentAmountMismatch(Exception):
    """A payment whose amount is not the sum of its lines: recorded, it would make the balance and
    the statistics disagree, so it is refused (dead-lettered) instead."""


class AlreadyReversed(Exception):
    """A row is reversed at most once, and a reversal is not reversed (write the row again instead)."""


def entry(kind: str, restaurant_id: int, amount: Decimal, occurred_at: datetime, **columns) -> dict:
    """A ledger row's values (rows of one multi-row insert must name the same columns)."""
    return {
        "kind": kind, "counts_as": columns.pop("counts_as", kind), "restaurant_id": restaurant_id,
        "amount": money(amount), "occurred_at": occurred_at, "day": localtime.day_of(occurred_at), **columns,
    }


async def append(store: Store, rows: Sequence[dict]) -> list[Row]:
    """Write ledger rows, skipping any a unique key already holds (an event or payment written
    before, a collection's Idempotency-Key); answers the written ones (`id`, `event_id`,
    `owed_after`) after adding them to the daily totals."""
    if not rows:
        return []
    written = await store.ledger.insert(rows)
    await store.ledger.add_to_totals(daily_totals(written))
    return written


async def record_payments(store: Store, payments: Sequence[PaymentRecorded]) -> list[CommissionAccrued]:
    """Write each payment's sale, lines and commission, and count its lines in the statistics;
    answers what each new payment owes the platform, for ordering (the handler announces it; a
    rebuild or the benchmark count it). A payment written before answers nothing."""
    if not payments:
        return []
    for payment in payments:
        if money(payment.amount) != sum((money(line.amount) for line in payment.lines), money(0)):
            raise PaymentAmountMismatch(f"payment {payment.payment_id}: {payment.amount} is not the sum of its lines")
    restaurant_ids = {payment.restaurant_id for payment in payments}
    opened = await store.projections.openings(restaurant_ids)
    if missing := restaurant_ids - opened.keys():
        raise RestaurantNotKnownYet(f"restaurants {sorted(missing)} not created yet as far as billing knows")
    histories = await store.fees.histories(restaurant_ids)
    online = await store.checkouts.retained({p.checkout_id for p in payments if p.method == ONLINE and p.checkout_id})
    kept = await store.checkouts.tips_and_fees(online)

    written = await append(store, [
        entry(SALE, payment.restaurant_id, payment.amount, payment.paid_at, method=payment.method,
              payment_id=payment.payment_id, place_id=payment.place_id, delivery_id=payment.delivery_id,
              line_count=len(payment.lines), event_id=payment.event_id, recorded_by=payment.paid_by[:150])
        for payment in payments
    ])
    sale_ids = {row.event_id: row.id for row in written}
    # one payment per written sale (the same event twice in a batch was written once)
    new = list({payment.event_id: payment for payment in payments if payment.event_id in sale_ids}.values())
    if not new:
        return []

    await store.ledger.add_sale_lines([_line(sale_ids[payment.event_id], line) for payment in new for line in payment.lines])
    commissions, owed = [], []
    for payment in new:
        checkout = online.get(payment.checkout_id) if payment.method == ONLINE else None
        tip = money(0)
        if checkout is not None and checkout.restaurant_id == payment.restaurant_id:
            tip, retained = (money(value) for value in kept.get(checkout.id, (0, 0)))
            shares = online_fee(checkout.fee_percent, money(checkout.fee), retained)
        else:
            share = charge(money(payment.amount), payment.method, payment.paid_at, opened[payment.restaurant_id],
                           histories.get(payment.restaurant_id, ()))
            shares = [share] if share is not None else []
        for share in shares:
            commissions.append(entry(
                share.kind, payment.restaurant_id, share.amount, payment.paid_at, method=payment.method,
                sale_id=sale_ids[payment.event_id], fee_percent=share.percent, event_id=payment.event_id,
            ))
        if tip > 0:
            commissions.append(entry(
                TIP, payment.restaurant_id, tip, payment.paid_at, method=payment.method,
                sale_id=sale_ids[payment.event_id], fee_percent=None, event_id=payment.event_id,
            ))
        owed.append(_commission_owed(payment, shares))
    await append(store, commissions)
    await store.statistics.add(sums(SoldLines(payment.restaurant_id, payment.paid_at, payment.method, payment.lines)
                                    for payment in new))
    return owed


def online_fee(percent: Decimal, asked: Decimal, retained: Decimal) -> list[Charge]:
    """An online sale's commission: what the marketplace retained at source, and what it did not
    retain of the fee the checkout asked (a payment made through another preference) as owed by
    the restaurant, so no sale escapes the fee and none pays it twice."""
    shares = [Charge(FEE_RETAINED, percent, retained)] if retained > 0 else []
    if asked > retained:
        shares.append(Charge(COMMISSION_ACCRUED, percent, asked - retained))
    return shares


def _commission_owed(payment: PaymentRecorded, shares: Sequence[Charge]) -> CommissionAccrued:
    """What the payment owes the platform (nothing in the free month: 0.00 at 0 %), split over its lines."""
    amount = sum((share.amount for share in shares), money(0))
    parts = split(amount, [money(line.amount) for line in payment.lines])
    return CommissionAccrued(
        payment_id=payment.payment_id, restaurant_id=payment.restaurant_id,
        percent=shares[0].percent if shares else money(0), amount=amount,
        # retained: the marketplace kept all of it at source (or there was none): nothing owed
        retained=payment.method == ONLINE and all(share.kind == FEE_RETAINED for share in shares),
        lines=[CommissionLine(line_id=line.line_id, amount=part) for line, part in zip(payment.lines, parts)],
    )


def _line(sale_id: int, line) -> dict:
    return {
        "sale_id": sale_id, "line_id": line.line_id, "order_id": line.order_id, "dish_id": line.dish_id,
        "dish_name": line.dish_name[:200], "category_name": line.category_name[:200],
        "unit_price": money(line.unit_price), "quantity": line.quantity, "amount": money(line.amount),
    }


async def reverse(store: Store, entry_id: int, note: str, by: str = "") -> int:
    """Cancel a row's effect on every sum with a row of the opposite amount, dated now (the past
    stays as it was reported); answers the reversal's id. The row itself is never changed."""
    row = await store.ledger.entry(entry_id)
    if row is None:
        raise LookupError(entry_id)
    if row.kind == REVERSAL:
        raise AlreadyReversed(entry_id)
    written = await append(store, [entry(
        REVERSAL, row.restaurant_id, -row.amount, datetime.now(UTC), counts_as=row.counts_as, method=row.method,
        line_count=-row.line_count, reverses_id=row.id, recorded_by=by[:150], note=note[:200],
    )])
    if not written:  # its reversal exists (`reverses_id` is unique)
        raise AlreadyReversed(entry_id)
    return written[0].id


async def refund(store: Store, restaurant_id: int, payment_id: int, before: dict[str, Decimal],
                 now: dict[str, Decimal], at: datetime) -> None:
    """Money given back at the provider after ordering's payment `payment_id` was a sale: what the
    refunds give back now (`now`, over their running total) less what was booked (`before`), as
    `refund` rows that count as the sale, the tip and the commission they give back."""
    sale_id = await store.ledger.sale_of(payment_id)
    await append(store, [
        entry(REFUND, restaurant_id, -(now[kind] - before.get(kind, money(0))), at, counts_as=kind, method=ONLINE,
              sale_id=sale_id, recorded_by="marketplace")
        for kind in (SALE, TIP, FEE_RETAINED, COMMISSION_ACCRUED) if now.get(kind, money(0)) != before.get(kind, money(0))
    ])
