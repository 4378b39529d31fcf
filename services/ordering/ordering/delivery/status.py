"""A delivery's stored status: the spec's delivery_status, the lowest line status ignoring rejected
(3) ones (only rejected lines: 3; no lines: none), and when it closed (every line final: rejected
or paid, or none left).

It is derived from the lines but stored on `delivery_order`, so a restaurant's list of thousands
of deliveries filters and pages by it in SQL (index restaurant, status, id). Every change of a
delivery's lines (placing, a status move of one line, update-all, a bulk button, removing a line)
runs `keep_status` in the same transaction, after the lines are written: order's line changes call
it through `order.service.DeliveryLinks` (`ordering.main` plugs it in), so order never imports
delivery. A status that moved is announced (`ordering.delivery.changed`).
"""
from collections.abc import Iterable

from sqlalchemy import case, func, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm.attributes import set_committed_value

from kit.outbox import add_event
from ordering.delivery.facts import changed
from ordering.delivery.models import Delivery
from ordering.order.models import OrderLine
from ordering.order.statuses import PAID, REJECTED

FINAL = (REJECTED, PAID)  # nothing follows them: a delivery whose lines are all final is closed


def lowest_status():
    """SQL: the status of the delivery row being updated, from its lines (one digit, so the
    smallest string is the lowest status)."""
    return (
        select(func.coalesce(func.min(OrderLine.status).filter(OrderLine.status != REJECTED), func.min(OrderLine.status)))
        .where(OrderLine.delivery_id == Delivery.id)
        .scalar_subquery()
    )


def closed_since():
    """SQL: when the delivery being updated closed: kept if it already had, now if its lines are
    all final (or gone), else none (a line moved back, or was added)."""
    status = lowest_status()
    return case((or_(status.is_(None), status.in_(FINAL)), func.coalesce(Delivery.closed_at, func.now())), else_=None)


async def keep_status(session: AsyncSession, delivery_ids: Iterable[int | None]) -> None:
    """Write the status of these deliveries from their lines as this transaction sees them, and
    announce each one that moved."""
    ids = sorted({i for i in delivery_ids if i is not None})
    if not ids:
        return
    await session.flush()
    # Locked first, in a statement of its own: the UPDATE below then starts after any other
    # transaction changing these deliveries' lines has committed, and reads their lines with a
    # snapshot that includes them (an UPDATE that waits for a row lock re-reads the row, but its
    # subquery would still see the lines as they were when it started).
    locked = await session.scalars(
        select(Delivery).where(Delivery.id.in_(ids)).order_by(Delivery.id).with_for_update()
        .execution_options(populate_existing=True)
    )
    before = {delivery.id: (delivery, delivery.status) for delivery in locked}
    written = await session.execute(
        update(Delivery).where(Delivery.id.in_(ids)).values(status=lowest_status(), closed_at=closed_since())
        .returning(Delivery.id, Delivery.status, Delivery.closed_at)
        .execution_options(synchronize_session=False)
    )
    for delivery_id, status, closed_at in sorted(written.tuples()):
        delivery, was = before[delivery_id]
        set_committed_value(delivery, "status", status)  # as written: nothing left to flush
        set_committed_value(delivery, "closed_at", closed_at)
        if status != was:
            add_event(session, changed(delivery, ["status"]))
