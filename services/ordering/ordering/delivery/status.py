"""A delivery's stored status: the spec's delivery_status, the lowest line status ignoring rejected
(3) ones (only rejected lines: 3; no lines: none), which is a table's display status
(`transitions.display_status`), and when it closed (every line final: rejected or paid, or none
left).

It is derived from the lines but stored on `delivery_order`, so a restaurant's list of thousands
of deliveries filters and pages by it in SQL (index restaurant, status, id). Every change of a
delivery's lines (placing, a status move of one line, update-all, a bulk button, a payment,
removing a line) runs `keep_status` in the same transaction, after the lines are written: order's
unit of work calls it through `DeliveryLinks` (`ordering.main` hands it to `order.work.LineWorks`),
so order never imports delivery. A status that moved is announced (`ordering.delivery.changed`).
"""
from collections.abc import Iterable
from datetime import UTC, datetime

from sqlalchemy.ext.asyncio import AsyncSession

from kit.outbox import add_event
from ordering.delivery import repository
from ordering.delivery.facts import changed
from ordering.order.statuses import PAID, REJECTED
from ordering.order.transitions import display_status

FINAL = (REJECTED, PAID)  # nothing follows them: a delivery whose lines are all final is closed


def kept(statuses: Iterable[str], closed_at: datetime | None, now: datetime) -> tuple[str | None, datetime | None]:
    """A delivery's (status, closed_at) from its lines' statuses: closed when every line is final
    (or none is left), since it first closed (`closed_at`) or else `now`; open again (None) when a
    line moved back or was added."""
    status = display_status(list(statuses))
    return status, ((closed_at or now) if status is None or status in FINAL else None)


async def keep_status(session: AsyncSession, delivery_ids: Iterable[int | None]) -> None:
    """Write the status of these deliveries from their lines as this transaction sees them, and
    announce each one that moved."""
    ids = sorted({i for i in delivery_ids if i is not None})
    if not ids:
        return
    await session.flush()
    # Locked first, in a statement of its own: the lines are read after any other transaction
    # changing these deliveries' lines has committed, with a snapshot that includes them.
    deliveries = await repository.lock(session, ids)
    statuses = await repository.line_statuses(session, ids)
    now = datetime.now(UTC)
    for delivery in deliveries:
        status, closed_at = kept(statuses.get(delivery.id, []), delivery.closed_at, now)
        moved = status != delivery.status
        delivery.status, delivery.closed_at = status, closed_at
        if moved:
            add_event(session, changed(delivery, ["status"]))
    await session.flush()  # as written: a refresh of the delivery reads it so


class DeliveryLinks:
    """What order's unit of work needs of deliveries (`order.work.Deliveries`), for one session."""

    def __init__(self, session: AsyncSession):
        self.session = session

    async def keep_status(self, delivery_ids: list[int]) -> None:
        await keep_status(self.session, delivery_ids)

    async def numbers(self, delivery_ids: list[int]) -> dict[int, str]:
        return await repository.numbers(self.session, delivery_ids)
