"""What the command ticket and the active-orders report print (spec part 2 §2, §5, §9): read here,
laid out by `documents` in kit.pdf's render process once the request's connection is back."""
from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession

from kit.i18n import Lang
from kit.membership import ensure_restaurant_access
from kit.pdf import Document
from kit.tokens import Principal
from ordering.projections import repository as projections
from ordering.ticket import documents, repository
from ordering.ticket.documents import Line
from ordering.ticket.errors import NoActiveOrders, OrderNotFound, ReportTooLong, TicketTooLong

# The report lists every active line of a restaurant. A busy evening is about 60 tables with 10
# lines each; past this many the report is refused (`report_too_long`) instead of laid out: the
# largest allowed takes a few seconds to render (services/ordering/README.md, "PDFs").
REPORT_MAX_LINES = 1_000
# A ticket prints one order, and an order holds at most `max_lines_per_order` (30) lines; this
# only bounds the render should that setting ever grow.
TICKET_MAX_LINES = 100


async def _lines(session: AsyncSession, where: tuple, most: int, too_long: type[ReportTooLong | TicketTooLong]) -> tuple[Line, ...]:
    """The lines `where` selects, by place and id; `too_long` past `most` (counted only then)."""
    lines = await repository.lines(session, where, most)
    if len(lines) > most:
        raise too_long(await repository.count(session, where), most)
    return tuple(lines)


async def ticket(session: AsyncSession, principal: Principal, order_id: int, lang: Lang, timezone: str) -> tuple[int, Document]:
    """The order's restaurant, and its ticket to render."""
    order = await repository.readable_order(session, principal, order_id)
    if order is None:
        raise OrderNotFound()
    lines = await _lines(session, repository.of_order(order.id), TICKET_MAX_LINES, TicketTooLong)
    restaurant = await projections.restaurant_settings(session, order.restaurant_id)
    places = await projections.place_names(session, [order.place_id])
    return order.restaurant_id, Document(documents.ticket_html, (
        restaurant.nombre_local if restaurant else "", places.get(order.place_id, ""), order.id, order.created_at,
        lines, lang, timezone,
    ))


async def report(session: AsyncSession, principal: Principal, restaurant_id: int, lang: Lang, timezone: str, now: datetime) -> Document:
    await ensure_restaurant_access(session, principal, restaurant_id)
    lines = await _lines(session, repository.active(restaurant_id), REPORT_MAX_LINES, ReportTooLong)
    if not lines:
        raise NoActiveOrders()
    restaurant = await projections.restaurant_settings(session, restaurant_id)
    places = await projections.place_names(session, [line.place_id for line in lines])
    return Document(documents.report_html, (restaurant.nombre_local if restaurant else "", lines, places, lang, timezone, now))
