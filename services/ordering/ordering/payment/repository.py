"""Payment queries. The lines they read are order lines: the caller's restaurants only, where a
caller asks (another restaurant's line is not found)."""
from collections.abc import Iterable

from sqlalchemy import bindparam, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from kit.tokens import Principal
from ordering.order.models import OrderLine
from ordering.order.repository import readable
from ordering.order.statuses import OPEN
from ordering.payment.models import Payment


async def by_key(session: AsyncSession, key_hash: str) -> Payment | None:
    return await session.scalar(select(Payment).where(Payment.idempotency_key == key_hash))


async def readable_lines(session: AsyncSession, principal: Principal, line_ids: Iterable[int]) -> list[OrderLine]:
    return list(await session.scalars(readable(principal).where(OrderLine.id.in_(list(line_ids))).order_by(OrderLine.id)))


async def readable_lines_of(session: AsyncSession, principal: Principal, payment_id: int) -> list[OrderLine]:
    """The lines a payment paid, if the caller may see them (none otherwise)."""
    return list(await session.scalars(readable(principal).where(OrderLine.payment_id == payment_id).order_by(OrderLine.id)))


async def open_at_place(session: AsyncSession, place_id: int) -> int:
    """The lines on the place's tab still open (new, accepted, delivered)."""
    return await session.scalar(select(func.count()).where(
        OrderLine.place_id == place_id, OrderLine.closed_at.is_(None), OrderLine.status.in_(OPEN),
    ))


async def open_of_deliveries(session: AsyncSession, delivery_ids: Iterable[int]) -> int:
    """The lines of these delivery orders still open (new, accepted, delivered)."""
    return await session.scalar(select(func.count()).where(
        OrderLine.delivery_id.in_(list(delivery_ids)), OrderLine.status.in_(OPEN),
    ))


async def keep_commission(session: AsyncSession, restaurant_id: int, payment_id: int, percent, amount,
                          shares: list[tuple[int, object]]) -> None:
    """Billing's commission on a payment, and each line's share (only the payment's own lines)."""
    await session.execute(
        update(Payment).where(Payment.id == payment_id, Payment.restaurant_id == restaurant_id)
        .values(commission=amount, commission_percent=percent)
    )
    if shares:
        table = OrderLine.__table__
        await session.execute(
            table.update()
            .where(table.c.id == bindparam("line"), table.c.payment_id == payment_id)
            .values(commission=bindparam("share")),
            [{"line": line_id, "share": share} for line_id, share in sorted(shares)],
        )
