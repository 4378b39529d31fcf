"""Payments at the counter (spec part 2 §4 'Transitions', 'Payment', 'Table display status', §5, §8).

A payment moves its lines from accepted (2) or delivered (4) to paid (6) and is written with them,
in one transaction, through the unit of work every change of lines uses (`order.work.LineWork.pay`,
under its locks: the place, the orders, then the lines in id order). So two tablets paying one
line, or a payment racing a rejection, have one winner: the loser waits at the lock, reads the line
again, and finds it final (208 here; 409 `changed_meanwhile` for the rejection). A payment that
leaves its table no open line resets it (the tab closes, floor clears the call and unblocks it); a delivery order whose lines all became final closes (`delivery.status`).

A payment call may carry an Idempotency-Key (our screens always send one): a repeated request (the
same lines and method, from the same restaurant's staff) answers what the first did and records
nothing; the key with another request is refused. A twin racing the first waits at the same locks
and then finds its payment. The spec's client sends no key: its call is paid as it comes, and the
lines' locks still pay a line once (a second call finds it final: 208).
"""
import hashlib
import json
import unicodedata
from collections.abc import Sequence
from datetime import datetime
from decimal import Decimal
from typing import Protocol

from sqlalchemy.ext.asyncio import AsyncSession

from contracts.billing import CommissionAccrued
from contracts.ordering import PaymentRecorded
from kit.tokens import Principal
from ordering import messages, money
from ordering.order.answers import public
from ordering.order.errors import LineNotFound, OnlinePaymentPending
from ordering.order.facts import paid_line
from ordering.order.models import OrderLine
from ordering.order.policy import check_key
from ordering.order.statuses import NEW, PAID, REJECTED
from ordering.order.work import LineWork
from ordering.payment import repository
from ordering.payment.errors import (
    LineFinal, NewNotPayable, OnlineNotAtCounter, PayMethodInvalid, PaymentKeyReused, PaymentSpansPlaces,
)
from ordering.payment.models import Payment
from ordering.payment.schemas import DeliveryCount, PaymentPublic


class Payments(Protocol):
    """What paying reads and writes of payments, for one transaction: `payment.repository.SqlPayments`
    in the service, an in-memory fake in tests/unit."""

    async def by_key(self, key_hash: str) -> Payment | None: ...
    async def lines_of(self, principal: Principal, payment_id: int) -> list[OrderLine]: ...
    async def record(self, values: dict) -> int | None: ...
    def count(self, method: str, amount: Decimal) -> None: ...
    async def newest_checkout(self, checkout_id: int, restaurant_id: int, state: str, occurred_at: datetime) -> bool: ...


# type_pay as the screens send it (spec part 2 §4 'Payment', §5, §9): the names, or the numeric
# types 1 to 4. 4 (the marketplace) is paid through billing's checkout, never at the counter.
COUNTER_METHODS = {
    "efectivo": "cash", "debito": "debit", "credito": "credit",
    "1": "cash", "2": "debit", "3": "credit",
}
ONLINE = {"4", "mercadopago", "mercado pago", "online"}


def counter_method(type_pay: int | str) -> str:
    """'cash', 'debit' or 'credit' from the screen's `type_pay`."""
    text = unicodedata.normalize("NFKD", str(type_pay)).encode("ascii", "ignore").decode().strip().casefold()
    if text in ONLINE:
        raise OnlineNotAtCounter()
    if text not in COUNTER_METHODS:
        raise PayMethodInvalid()
    return COUNTER_METHODS[text]


def key_hash(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def request_hash(line_ids: list[int], method: str) -> str:
    """What a repeated request must repeat: the lines (in any order) and the method."""
    return hashlib.sha256(json.dumps({"lines": sorted(line_ids), "method": method}).encode()).hexdigest()


async def pay(
    work: LineWork, payments: Payments, principal: Principal, line_ids: list[int], type_pay: int | str,
    idempotency_key: str | None, now: datetime,
) -> PaymentPublic:
    """Pay these lines at the counter in one payment at `now` (the server's clock, or the local demo's)."""
    method = counter_method(type_pay)
    check_key(idempotency_key)
    ids = sorted(set(line_ids))
    key = key_hash(idempotency_key) if idempotency_key is not None else None
    fingerprint = request_hash(ids, method) if key is not None else None
    if key is not None and (existing := await payments.by_key(key)) is not None:
        return await _replay(work, payments, principal, existing, fingerprint)

    found = await work.store.readable_lines(principal, ids)
    if len(found) != len(ids):
        raise LineNotFound()  # another restaurant's line looks missing
    restaurant_id, place_id, delivery_ids = _where(found)
    lines = await work.lock_lines(restaurant_id, found)
    if len(lines) != len(ids):
        raise LineNotFound()  # removed meanwhile
    if final := [(line.id, line.status) for line in lines if line.status in (PAID, REJECTED)]:
        # A twin request with this key committed while this one waited at the locks: its answer.
        if key is not None and (existing := await payments.by_key(key)) is not None:
            return await _replay(work, payments, principal, existing, fingerprint)
        raise LineFinal(final)
    if any(line.status == NEW for line in lines):
        raise NewNotPayable()

    if held := [line.id for line in lines if line.held_online]:
        raise OnlinePaymentPending(held)
    paid = await settle(work, payments, restaurant_id, place_id, delivery_ids, lines, method, now, principal.username[:150],
                        idempotency_key=key, request_hash=fingerprint)
    if paid is None:  # the key named another request, committed meanwhile at other lines
        raise PaymentKeyReused()
    payment_id, open_left = paid
    names = await work.store.place_names([place_id])
    return PaymentPublic(
        detail=messages.PAYMENT_RECORDED.render(), payment_id=payment_id, method=method, amount=money.paid_amount(lines),
        paid_at=now, orders_sit_count=open_left if place_id is not None else None,
        data=None if place_id is not None else DeliveryCount(orders_delivery_count=open_left),
        lines=[public(line, names.get(line.place_id, "")) for line in lines],
    )


async def settle(
    work: LineWork, payments: Payments, restaurant_id: int, place_id: int | None, delivery_ids: list[int],
    lines: Sequence[OrderLine], method: str, now: datetime, paid_by: str, *, idempotency_key: str | None = None,
    request_hash: str | None = None, checkout_id: int | None = None, provider_payment_id: str | None = None,
) -> tuple[int, int] | None:
    """Pay locked, payable lines in one payment, at the counter or online: the one path both take.
    Answers (payment id, lines left open at the place or the delivery orders), or None when the
    payment's key or checkout was recorded already (nothing is changed then).

    The lines' moves are staged in the session and written at the commit, each table's statement
    once: busy tablets pay all evening."""
    amount = money.paid_amount(lines)
    open_left = await work.open_left(place_id, delivery_ids, paying=lines)
    payment_id = await payments.record(dict(
        restaurant_id=restaurant_id, place_id=place_id, delivery_id=_one(delivery_ids), method=method, amount=amount,
        paid_at=now, paid_by=paid_by, idempotency_key=idempotency_key, request_hash=request_hash, open_left=open_left,
        checkout_id=checkout_id,
    ))
    if payment_id is None:
        return None
    announced_at = work.pay(lines, payment_id, method)
    work.record(PaymentRecorded(
        payment_id=payment_id, restaurant_id=restaurant_id, place_id=place_id,
        place_name=(await work.store.place_names([place_id])).get(place_id, ""), delivery_id=_one(delivery_ids),
        method=method, amount=amount, paid_at=now, paid_by=paid_by, checkout_id=checkout_id,
        provider_payment_id=provider_payment_id, lines=[paid_line(line) for line in lines],
        tab_closed=place_id is not None and open_left == 0, occurred_at=announced_at,
    ))
    payments.count(method, amount)  # `resto_payments_total{method}`, once this commits
    return payment_id, open_left


def _where(lines: list[OrderLine]) -> tuple[int, int | None, list[int]]:
    """(restaurant, the table, the delivery orders) a payment's lines are at: one restaurant, and
    either one table's lines or delivery orders' lines."""
    restaurants = {line.restaurant_id for line in lines}
    places = {line.place_id for line in lines if line.delivery_id is None}
    deliveries = sorted({line.delivery_id for line in lines if line.delivery_id is not None})
    if len(restaurants) > 1 or len(places) > 1 or (places and deliveries) or None in places:
        raise PaymentSpansPlaces()
    return restaurants.pop(), next(iter(places), None), deliveries


def _one(ids: list[int]) -> int | None:
    return ids[0] if len(ids) == 1 else None


async def _replay(work: LineWork, payments: Payments, principal: Principal, payment: Payment, fingerprint: str) -> PaymentPublic:
    """The first answer to a repeated request: only the same request, from staff of its restaurant."""
    lines = await payments.lines_of(principal, payment.id)
    if not lines or payment.request_hash != fingerprint:
        raise PaymentKeyReused()
    at_table = payment.place_id is not None
    names = await work.store.place_names([line.place_id for line in lines])
    return PaymentPublic(
        detail=messages.PAYMENT_RECORDED.render(), payment_id=payment.id, method=payment.method, amount=payment.amount,
        paid_at=payment.paid_at, orders_sit_count=payment.open_left if at_table else None,
        data=None if at_table else DeliveryCount(orders_delivery_count=payment.open_left),
        lines=[public(line, names.get(line.place_id, "")) for line in lines],
    )


# --- billing's commission (billing.commission.accrued) ---------------------------------------

async def on_commission_accrued(session: AsyncSession, event: CommissionAccrued) -> None:
    """Each paid line keeps its share of the payment's commission (its `account_pay`): billing
    computes it (the fee rules are billing's). Not a change of the line: no version moves."""
    await repository.keep_commission(
        session, event.restaurant_id, event.payment_id, event.percent, event.amount,
        [(line.line_id, line.amount) for line in event.lines],
    )
