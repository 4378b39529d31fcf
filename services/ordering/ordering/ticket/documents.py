"""The kitchen's command ticket (85 mm wide) and the active-orders report (A4) as HTML, built from
plain values in the render process (kit.pdf) once the request has given its connection back."""
import re
import textwrap
from collections import defaultdict
from datetime import datetime
from decimal import Decimal
from html import escape
from typing import NamedTuple
from zoneinfo import ZoneInfo

from kit.i18n import Lang
from kit.pdf import document
from ordering import messages, money
from ordering.order.statuses import REJECTED

TICKET_WIDTH_MM = 85


class Line(NamedTuple):
    """What a ticket or the report prints of one order line (the columns `service` reads)."""

    dish_name: str
    quantity: int
    price: Decimal
    status: str
    extra_commentary: str
    diner_name: str
    place_id: int | None
    created_at: datetime


def amount_text(amount: Decimal, lang: Lang) -> str:
    # ARS in Spanish, USD in English (spec part 2 §1); 2 decimals.
    return f"$ {amount:,.2f}".replace(",", "X").replace(".", ",").replace("X", ".") if lang == "es" else f"US$ {amount:,.2f}"


def when(moment: datetime, timezone: str, lang: Lang) -> str:
    local = moment.astimezone(ZoneInfo(timezone))
    return local.strftime("%d/%m/%Y %H:%M" if lang == "es" else "%m/%d/%Y %H:%M")


@document
def ticket_html(
    restaurant: str, place: str, order_id: int, placed_at: datetime, lines: tuple[Line, ...], lang: Lang, timezone: str
) -> str:
    t = lambda text: escape(text.render(lang))
    rows = "".join(
        f"<tr><td class='q'>{line.quantity}</td><td>{escape(line.dish_name)}"
        + (f"<div class='c'>{escape(line.extra_commentary)}</div>" if line.extra_commentary else "")
        + (f"<div class='c'>{t(messages.ORDERED_BY)}: {escape(line.diner_name)}</div>" if line.diner_name else "")
        # a rejected dish stays on the ticket, said so, at no charge: the kitchen must not make it
        + (f"<div class='c'>({t(messages.STATUS_NAMES[REJECTED])})</div>" if line.status == REJECTED else "")
        + f"</td><td class='a'>{amount_text(money.line_charge(line), lang)}</td></tr>"
        for line in lines
    )
    total = money.tab_total(lines)
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
      <p>{t(messages.TICKET_TITLE)} #{order_id}</p>
      <p>{t(messages.PLACE)}: {escape(place)}</p>
      <p>{when(placed_at, timezone, lang)}</p>
      <table>{rows}</table>
      <p class="t">{t(messages.TOTAL)}: {amount_text(total, lang)}</p>
    </body></html>"""


# The report's columns, in characters of DejaVu Sans Mono at 8.5 pt: 97 fit the A4 page's width.
# Monospaced lines in one block per place lay out ten times faster than a table's cells (a
# thousand long lines in about a second), which is what lets the report take a busy evening.
QTY, DISH, STATUS, WHEN, AMOUNT = 5, 42, 10, 16, 16


def _place_order(name: str | None) -> tuple:
    """Places as the floor names them, in number order (M2 before M10); delivery and take-away last."""
    if not name:
        return (1,)
    return (0, *((int(part), "") if part.isdigit() else (0, part) for part in re.split(r"(\d+)", name)))


def _row(qty: str, dish: str, status: str, moment: str, amount: str) -> str:
    """One line of the report; a long dish name continues on the next lines of its column."""
    names = textwrap.wrap(dish, DISH) or [""]
    first = f"{qty:>{QTY}}  {names[0]:<{DISH}}  {status:<{STATUS}}  {moment:<{WHEN}}  {amount:>{AMOUNT}}"
    return "\n".join([first.rstrip(), *(f"{'':{QTY}}  {more}" for more in names[1:])])


@document
def report_html(
    restaurant: str, lines: tuple[Line, ...], places: dict[int, str], lang: Lang, timezone: str, now: datetime
) -> str:
    t = lambda text: text.render(lang)
    by_place: dict[int | None, list[Line]] = defaultdict(list)
    for line in lines:
        by_place[line.place_id].append(line)
    head = _row(t(messages.QUANTITY), t(messages.DISH), t(messages.STATUS), "", t(messages.AMOUNT))
    sections = []
    for place_id, held in sorted(by_place.items(), key=lambda item: _place_order(places.get(item[0]))):
        rows = "\n".join(
            _row(str(l.quantity), l.dish_name, t(messages.STATUS_NAMES[l.status]), when(l.created_at, timezone, lang),
                 amount_text(money.line_charge(l), lang))
            for l in held
        )
        subtotal = amount_text(money.tab_total(held), lang)
        total = f"{t(messages.TOTAL)}{subtotal:>{QTY + DISH + STATUS + WHEN + AMOUNT + 8 - len(t(messages.TOTAL))}}"
        name = places.get(place_id)
        heading = f"{t(messages.PLACE)} {name}" if name else t(messages.DELIVERY_AND_TAKEAWAY)
        sections.append(
            f"<h2>{escape(heading)}</h2>"
            f"<pre><span class='h'>{escape(head)}</span>\n{escape(rows)}\n<b>{escape(total)}</b></pre>"
        )
    return f"""<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><style>
      @page {{ size: A4; margin: 1.5cm; }}
      body {{ font-family: 'DejaVu Sans Mono', monospace; font-size: 8.5pt; }}
      h1 {{ font-size: 14pt; margin: 0 0 2mm; }} h2 {{ font-size: 10.5pt; margin: 5mm 0 1mm; }}
      pre {{ font-family: inherit; margin: 0; line-height: 1.35; }}
      .h {{ color: #555; }}
    </style></head><body>
      <h1>{escape(t(messages.REPORT_TITLE))} · {escape(restaurant)}</h1>
      <p>{when(now, timezone, lang)}</p>
      {''.join(sections)}
    </body></html>"""
