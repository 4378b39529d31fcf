"""Online payments (issue 22; ARCHITECTURE.md 'Money'): billing runs the marketplace's checkout,
ordering keeps owning the lines' status. From billing's events (`contracts.billing.Checkout*`):

- `opened`, `rejected`: the checkout's lines still payable are held by it (`checkout_id`) and show
  'pending payment' or 'payment rejected'; while held, they are not paid at the counter, rejected
  or removed (`OnlinePaymentPending`: staff cancel the online payment first);
- `closed` (cancelled, expired, refunded): the lines it holds are free again;
- `approved`: its lines are paid as one online payment, through the counter's own path
  (`service.settle`, under the same locks), or, when one was paid, rejected or removed meanwhile,
  nothing is paid and billing is told to give the money back (`ordering.checkout.refused`).

The events come through separate queues, in any order and more than once: ordering's copy of the
checkout (`OnlineCheckout`) takes an event only when it is newer than the last one applied and the
checkout has not ended, so a late `opened` never holds the lines of a checkout already closed.
Every change of a line's `pay_status` moves its version and is announced (`ordering.line.changed`,
field 'payment'), so the board and the table's phones show it live.
"""
from collections import defaultdict
from datetime import UTC, datetime

from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from contracts.billing import CheckoutApproved, CheckoutClosed, CheckoutLines, CheckoutOpened, CheckoutRejected
from contracts.ordering import CheckoutRefused, LineEdit, LinesChanged
from kit.outbox import add_event
from ordering.order import repository as orders
from ordering.order.facts import facts_of
from ordering.order.models import OrderLine
from ordering.order.service import delivery_numbers, lock_holders
from ordering.order.statuses import ACCEPTED, DELIVERED
from ordering.payment.models import OnlineCheckout
from ordering.payment.service import settle
from ordering.projections import repository as projections

STATE = {CheckoutOpened: "open", CheckoutRejected: "rejected", CheckoutClosed: "closed", CheckoutApproved: "approved"}
ENDED = ("closed", "approved")
PAY_STATUS = {"open": "pending", "rejected": "rejected", "closed": None}


async def on_checkout(session: AsyncSession, event: CheckoutLines) -> None:
    """The one handler of billing's checkout events."""
    state = STATE[type(event)]
    if not await _newest(session, event, state):
        return
    lines = await _locked_lines(session, event)
    if isinstance(event, CheckoutApproved):
        await _pay(session, event, lines)
    else:
        await _mark(session, event, lines, PAY_STATUS[state])


async def _newest(session: AsyncSession, event: CheckoutLines, state: str) -> bool:
    """Record the checkout's new state unless an applied event is newer or the checkout ended; one
    statement, so two of its events handled at once are applied one after the other."""
    statement = insert(OnlineCheckout).values(
        checkout_id=event.checkout_id, restaurant_id=event.restaurant_id, state=state, occurred_at=event.occurred_at,
    )
    applied = await session.scalar(
        statement.on_conflict_do_update(
            index_elements=["checkout_id"],
            set_={"state": statement.excluded.state, "occurred_at": statement.excluded.occurred_at},
            where=OnlineCheckout.state.not_in(ENDED) & (OnlineCheckout.occurred_at <= statement.excluded.occurred_at),
        ).returning(OnlineCheckout.checkout_id)
    )
    return applied is not None


async def _locked_lines(session: AsyncSession, event: CheckoutLines) -> list[OrderLine]:
    """The checkout's lines of its restaurant, locked as every change of lines locks them: their
    places, their orders, then the lines in id order."""
    found = await orders.lines_of_restaurant(session, event.restaurant_id, event.line_ids)
    await lock_holders(session, {line.place_id for line in found}, {line.order_id for line in found})
    return await orders.lines_of_restaurant(session, event.restaurant_id, event.line_ids, lock=True)


async def _mark(session: AsyncSession, event: CheckoutLines, lines: list[OrderLine], pay_status: str | None) -> None:
    """Hold the payable lines for the checkout with `pay_status`, or (None) free those it holds."""
    if pay_status is None:
        changing = [line for line in lines if line.checkout_id == event.checkout_id and line.held_online]
    else:
        changing = [line for line in lines if line.status in (ACCEPTED, DELIVERED) and line.pay_status != pay_status]
    if not changing:
        return
    now = datetime.now(UTC)
    before = await facts_of(session, changing, now)
    for line in changing:
        line.pay_status = pay_status
        line.checkout_id = event.checkout_id if pay_status is not None else None
        line.version += 1
    after = await facts_of(session, changing, now)
    by_place: dict[tuple[int | None, int | None], list[OrderLine]] = defaultdict(list)
    for line in changing:
        by_place[line.place_id, line.delivery_id].append(line)
    names = await projections.place_names(session, [place_id for place_id, _ in by_place])
    numbers = await delivery_numbers(session, [delivery_id for _, delivery_id in by_place])
    for (place_id, delivery_id), theirs in by_place.items():
        add_event(session, LinesChanged(
            restaurant_id=event.restaurant_id, place_id=place_id, place_name=names.get(place_id, ""),
            delivery_id=delivery_id, delivery_number=numbers.get(delivery_id),
            edits=[LineEdit(fields=["payment"], before=before[line.id], line=after[line.id]) for line in theirs],
        ))


async def _pay(session: AsyncSession, event: CheckoutApproved, lines: list[OrderLine]) -> None:
    """Pay the approved checkout's lines as one online payment, or refuse it (nothing paid)."""
    if len(lines) != len(set(event.line_ids)):
        add_event(session, CheckoutRefused(
            checkout_id=event.checkout_id, restaurant_id=event.restaurant_id, reason="line_missing",
            line_ids=sorted(set(event.line_ids) - {line.id for line in lines}),
        ))
        return
    if unpayable := [line.id for line in lines if line.status not in (ACCEPTED, DELIVERED)]:
        add_event(session, CheckoutRefused(
            checkout_id=event.checkout_id, restaurant_id=event.restaurant_id, reason="line_final", line_ids=unpayable,
        ))
        return
    place_ids = {line.place_id for line in lines if line.delivery_id is None}
    deliveries = sorted({line.delivery_id for line in lines if line.delivery_id is not None})
    await settle(
        session, event.restaurant_id, next(iter(place_ids), None) if len(place_ids) == 1 else None, deliveries, lines,
        "online", event.paid_at, "", checkout_id=event.checkout_id,
        provider_payment_id=",".join(event.provider_payment_ids)[:200] or None,
    )
