"""The kitchen's command ticket for one order (85 mm wide) and the active-orders report (A4),
both HTML laid out by WeasyPrint into PDF (spec part 2 §2, §5, §9)."""
import asyncio
from collections import defaultdict
from datetime import datetime
from decimal import Decimal
from html import escape
from zoneinfo import ZoneInfo

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession
from weasyprint import HTML

from kit.i18n import Lang
from kit.membership import ensure_restaurant_access, restaurant_visible
from kit.tokens import Principal
from ordering import messages
from ordering.order import repository
from ordering.order.models import Order, OrderLine
from ordering.order.transitions import INACTIVE, REJECTED
from ordering.ticket.errors import NoActiveOrders, OrderNotFound

TICKET_WIDTH_MM = 85


def money(amount: Decimal, lang: Lang) -> str:
    # ARS in Spanish, USD in English (spec part 2 §1); 2 decimals.
    return f"$ {amount:,.2f}".replace(",", "X").replace(".", ",").replace("X", ".") if lang == "es" else f"US$ {amount:,.2f}"


def when(moment: datetime, timezone: str, lang: Lang) -> str:
    local = moment.astimezone(ZoneInfo(timezone))
    return local.strftime("%d/%m/%Y %H:%M" if lang == "es" else "%m/%d/%Y %H:%M")


def _subtotal(line: OrderLine) -> Decimal:
    return Decimal("0.00") if line.status == REJECTED else line.price * line.quantity


def ticket_html(
    restaurant: str, place: str, order: Order, lines: list[OrderLine], lang: Lang, timezone: str
) -> str:
    t = lambda text: escape(text.render(lang))
    rows = "".join(
        f"<tr><td class='q'>{line.quantity}</td><td>{escape(line.dish_name)}"
        + (f"<div class='c'>{escape(line.extra_commentary)}</div>" if line.extra_commentary else "")
        + (f"<div class='c'>{t(messages.ORDERED_BY)}: {escape(line.diner_name)}</div>" if line.diner_name else "")
        + f"</td><td class='a'>{money(_subtotal(line), lang)}</td></tr>"
        for line in lines
    )
    total = sum((_subtotal(line) for line in lines), Decimal("0.00"))
    height = 70 + 12 * len(lines) + 6 * sum(bool(l.extra_commentary) + bool(l.diner_name) for l in lines)
    return f"""<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><style>
      @page {{ size: {TICKET_WIDTH_MM}mm {height}mm; margin: 4mm; }}
      body {{ font-family: 'DejaVu Sans Mono', monospace; font-size: 9pt; width: {TICKET_WIDTH_MM - 8}mm; }}
      h1 {{ font-size: 12pt; text-align: center; margin: 0 0 2mm; }}
      p {{ margin: 0 0 1mm; }} table {{ width: 100%; border-collapse: collapse; margin-top: 2mm; }}
      td {{ vertical-align: top; padding: 1mm 0; border-top: 1px dashed #000; }}
      .q {{ width: 8mm; }} .a {{ text-align: right; white-space: nowrap; }} .c {{ font-size: 8pt; }}
      .t {{ text-align: right; font-weight: bold; margin-top: 2mm; }}
    </style></head><body>
      <h1>{escape(restaurant)}</h1>
      <p>{t(messages.TICKET_TITLE)} #{order.id}</p>
      <p>{t(messages.PLACE)}: {escape(place)}</p>
      <p>{when(order.created_at, timezone, lang)}</p>
      <table>{rows}</table>
      <p class="t">{t(messages.TOTAL)}: {money(total, lang)}</p>
    </body></html>"""


def report_html(restaurant: str, lines: list[OrderLine], places: dict[int, str], lang: Lang, timezone: str, now: datetime) -> str:
    t = lambda text: escape(text.render(lang))
    by_place: dict[int | None, list[OrderLine]] = defaultdict(list)
    for line in lines:
        by_place[line.place_id].append(line)
    sections = []
    for place_id, held in sorted(by_place.items(), key=lambda item: places.get(item[0], "")):
        rows = "".join(
            f"<tr><td>{escape(l.dish_name)}</td><td>{l.quantity}</td><td>{t(messages.STATUS_NAMES[l.status])}</td>"
            f"<td>{when(l.created_at, timezone, lang)}</td><td class='a'>{money(_subtotal(l), lang)}</td></tr>"
            for l in held
        )
        subtotal = sum((_subtotal(l) for l in held), Decimal("0.00"))
        sections.append(
            f"<h2>{t(messages.PLACE)} {escape(places.get(place_id, ''))}</h2><table><tr><th>{t(messages.DISH)}</th>"
            f"<th>{t(messages.QUANTITY)}</th><th>{t(messages.STATUS)}</th><th></th><th class='a'>{t(messages.AMOUNT)}</th></tr>"
            f"{rows}<tr><td colspan='4'><b>{t(messages.TOTAL)}</b></td><td class='a'><b>{money(subtotal, lang)}</b></td></tr></table>"
        )
    return f"""<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><style>
      @page {{ size: A4; margin: 1.5cm; }}
      body {{ font-family: 'DejaVu Sans', sans-serif; font-size: 10pt; }}
      h1 {{ font-size: 16pt; }} h2 {{ font-size: 12pt; margin-top: 6mm; }}
      table {{ width: 100%; border-collapse: collapse; }} td, th {{ border-bottom: 1px solid #ccc; padding: 1mm; text-align: left; }}
      .a {{ text-align: right; }}
    </style></head><body>
      <h1>{t(messages.REPORT_TITLE)} · {escape(restaurant)}</h1>
      <p>{when(now, timezone, lang)}</p>
      {''.join(sections)}
    </body></html>"""


def render(html: str):
    return HTML(string=html).render()


async def pdf(html: str) -> bytes:
    return await asyncio.to_thread(lambda: render(html).write_pdf())  # layout is CPU work


async def ticket(session: AsyncSession, principal: Principal, order_id: int, lang: Lang, timezone: str) -> str:
    order = await session.scalar(select(Order).where(Order.id == order_id, restaurant_visible(Order.restaurant_id, principal)))
    if order is None:
        raise OrderNotFound()
    lines = await repository.lines_of_order(session, order.id)
    restaurant = await repository.restaurant_settings(session, order.restaurant_id)
    places = await repository.place_names(session, [order.place_id])
    return ticket_html(restaurant.nombre_local if restaurant else "", places.get(order.place_id, ""), order, lines, lang, timezone)


async def report(session: AsyncSession, principal: Principal, restaurant_id: int, lang: Lang, timezone: str, now: datetime) -> str:
    await ensure_restaurant_access(session, principal, restaurant_id)
    lines = list(await session.scalars(
        select(OrderLine)
        .where(OrderLine.restaurant_id == restaurant_id, OrderLine.closed_at.is_(None), OrderLine.status.not_in(INACTIVE))
        .order_by(OrderLine.place_id, OrderLine.id)
    ))
    if not lines:
        raise NoActiveOrders()
    restaurant = await repository.restaurant_settings(session, restaurant_id)
    places = await repository.place_names(session, [line.place_id for line in lines])
    return report_html(restaurant.nombre_local if restaurant else "", lines, places, lang, timezone, now)
