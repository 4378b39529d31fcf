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
from sqlalchemy.ext.asyncio import AsyncSession

from contracts.billing import CheckoutApproved, CheckoutClosed, CheckoutLines, CheckoutOpened, CheckoutRejected
from contracts.ordering import CheckoutRefused
from ordering.order.models import OrderLine
from ordering.order.transitions import payable
from ordering.order.work import LineWork, LineWorks
from ordering.payment.repository import SqlPayments
from ordering.payment.service import Payments, settle

STATE = {CheckoutOpened: "open", CheckoutRejected: "rejected", CheckoutClosed: "closed", CheckoutApproved: "approved"}
PAY_STATUS = {"open": "pending", "rejected": "rejected", "closed": None}


async def on_checkout(session: AsyncSession, event: CheckoutLines, *, lines: LineWorks) -> None:
    """The one handler of billing's checkout events."""
    async with lines.begin(session) as work:
        await checkout_changed(work, SqlPayments(session), event)


async def checkout_changed(work: LineWork, payments: Payments, event: CheckoutLines) -> None:
    """Apply the checkout's newest state to its lines of its restaurant, locked as every change of
    lines locks them (their places, their orders, then the lines in id order)."""
    state = STATE[type(event)]
    if not await payments.newest_checkout(event.checkout_id, event.restaurant_id, state, event.occurred_at):
        return
    found = await work.store.lines_of_restaurant(event.restaurant_id, event.line_ids)
    lines = await work.lock_lines(event.restaurant_id, found)
    if isinstance(event, CheckoutApproved):
        await _pay(work, payments, event, lines)
    else:
        await _mark(work, event, lines, PAY_STATUS[state])


async def _mark(work: LineWork, event: CheckoutLines, lines: list[OrderLine], pay_status: str | None) -> None:
    """Hold the payable lines for the checkout with `pay_status`, or (None) free those it holds."""
    if pay_status is None:
        changing = [line for line in lines if line.checkout_id == event.checkout_id and line.held_online]
    else:
        changing = [line for line in lines if payable(line.status, line.pay_status) and line.pay_status != pay_status]
    if changing:
        await work.mark_online(changing, event.checkout_id, pay_status)


async def _pay(work: LineWork, payments: Payments, event: CheckoutApproved, lines: list[OrderLine]) -> None:
    """Pay the approved checkout's lines as one online payment, or refuse it (nothing paid)."""
    if len(lines) != len(set(event.line_ids)):
        work.record(CheckoutRefused(
            checkout_id=event.checkout_id, restaurant_id=event.restaurant_id, reason="line_missing",
            line_ids=sorted(set(event.line_ids) - {line.id for line in lines}),
        ))
        return
    if unpayable := [line.id for line in lines if not payable(line.status, line.pay_status)]:
        work.record(CheckoutRefused(
            checkout_id=event.checkout_id, restaurant_id=event.restaurant_id, reason="line_final", line_ids=unpayable,
        ))
        return
    place_ids = {line.place_id for line in lines if line.delivery_id is None}
    deliveries = sorted({line.delivery_id for line in lines if line.delivery_id is not None})
    await settle(
        work, payments, event.restaurant_id, next(iter(place_ids), None) if len(place_ids) == 1 else None, deliveries,
        lines, "online", event.paid_at, "", checkout_id=event.checkout_id,
        provider_payment_id=",".join(event.provider_payment_ids)[:200] or None,
    )
