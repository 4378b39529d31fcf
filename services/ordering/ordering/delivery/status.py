"""A delivery's stored status: the spec's delivery_status, the lowest line status ignoring rejected
(3) ones (only rejected lines: 3; no lines: none).

It is derived from the lines but stored on `delivery_order`, so a restaurant's list of thousands
of deliveries filters and pages by it in SQL (index restaurant, status, id). Every change of a
delivery's lines (placing, a status move of one line, update-all, a bulk button, removing a line)
calls `keep_status` in the same transaction, after the lines are written.
"""
from collections.abc import Iterable

from sqlalchemy import func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from ordering.delivery.models import Delivery
from ordering.order.models import OrderLine
from ordering.order.transitions import REJECTED


def lowest_status():
    """SQL: the status of the delivery row being updated, from its lines (one digit, so the
    smallest string is the lowest status)."""
    return (
        select(func.coalesce(func.min(OrderLine.status).filter(OrderLine.status != REJECTED), func.min(OrderLine.status)))
        .where(OrderLine.delivery_id == Delivery.id)
        .scalar_subquery()
    )


async def keep_status(session: AsyncSession, delivery_ids: Iterable[int | None]) -> None:
    """Write the status of these deliveries from their lines as this transaction sees them."""
    ids = sorted({i for i in delivery_ids if i is not None})
    if not ids:
        return
    await session.flush()
    # Locked first, in a statement of its own: the UPDATE below then starts after any other
    # transaction changing these deliveries' lines has committed, and reads their lines with a
    # snapshot that includes them (an UPDATE that waits for a row lock re-reads the row, but its
    # subquery would still see the lines as they were when it started).
    await session.execute(select(Delivery.id).where(Delivery.id.in_(ids)).order_by(Delivery.id).with_for_update())
    await session.execute(
        update(Delivery).where(Delivery.id.in_(ids)).values(status=lowest_status())
        .execution_options(synchronize_session=False)
    )
