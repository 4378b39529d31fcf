"""What the ticket and the report read: an order the caller may see, and lines as `documents.Line`."""
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from kit.membership import restaurant_visible
from kit.tokens import Principal
from ordering.order.models import Order, OrderLine
from ordering.order.statuses import INACTIVE
from ordering.ticket.documents import Line

LINE_COLUMNS = tuple(getattr(OrderLine, name) for name in Line._fields)


async def readable_order(session: AsyncSession, principal: Principal, order_id: int) -> Order | None:
    return await session.scalar(select(Order).where(Order.id == order_id, restaurant_visible(Order.restaurant_id, principal)))


def of_order(order_id: int) -> tuple:
    """The lines of one order (where-clauses for `lines`)."""
    return (OrderLine.order_id == order_id,)


def active(restaurant_id: int) -> tuple:
    """The restaurant's active lines on the tabs (anything but rejected or paid)."""
    return (OrderLine.restaurant_id == restaurant_id, OrderLine.closed_at.is_(None), OrderLine.status.not_in(INACTIVE))


async def lines(session: AsyncSession, where: tuple, most: int) -> list[Line]:
    """The lines `where` selects, by place and id: at most `most` + 1 (one more says there are too many)."""
    rows = (await session.execute(
        select(*LINE_COLUMNS).where(*where).order_by(OrderLine.place_id, OrderLine.id).limit(most + 1)
    )).all()
    return [Line(*row) for row in rows]


async def count(session: AsyncSession, where: tuple) -> int:
    return await session.scalar(select(func.count()).select_from(OrderLine).where(*where))
