"""Printable QR sheets of a restaurant's places (A4, laid out by kit.pdf): one place, or many in a grid.

Layouts (spec part 2 §9): grids of 3x3, 4x4 or 5x5 codes; 4 per page with the instructions; one
place alone, code only or with the instructions. The place's name is printed under each code.
Renders are cached by their content (bounded), so printing the same sheet again costs nothing.

A sheet holds at most MAX_PLACES codes and MAX_PAGES pages (`qr_too_many_places`,
`qr_too_many_pages`): the largest takes a few seconds to render (services/floor/README.md).
"""
import math
from html import escape
from typing import Literal

from floor import messages
from floor.qr.errors import TooManyCodes, TooManyPages
from floor.qr.service import qr_svg
from kit.pdf import Cache, document

Layout = Literal["3x3", "4x4", "5x5", "4-instrucciones", "uno", "uno-instrucciones"]
GRIDS: dict[str, tuple[int, int, bool]] = {  # columns, rows, with instructions
    "3x3": (3, 3, False),
    "4x4": (4, 4, False),
    "5x5": (5, 5, False),
    "4-instrucciones": (2, 2, True),
    "uno": (1, 1, False),
    "uno-instrucciones": (1, 1, True),
}
PAGE_WIDTH_PT, PAGE_HEIGHT_PT, MARGIN_PT = 595, 842, 28
# Every table and chair of a big floor (60 tables of 4) fits; a sheet of one code per page is
# for a few places, not for all of them.
MAX_PLACES = 300
MAX_PAGES = 60
SHEETS = Cache(max_bytes=16 * 2**20)  # the largest sheet is about 600 KB


def check_size(count: int, layout: Layout) -> None:
    """Refuse a sheet past its caps before anything is drawn."""
    if count > MAX_PLACES:
        raise TooManyCodes(count, MAX_PLACES)
    columns, rows, _ = GRIDS[layout]
    pages = math.ceil(count / (columns * rows))
    if pages > MAX_PAGES:
        raise TooManyPages(pages, MAX_PAGES)


def _cell(name: str, link: str, side: float, instructions: bool, lang: str, restaurant: str) -> str:
    steps = ""
    if instructions:
        steps = (
            f"<h2>{escape(messages.SHEET_TITLE.render(lang))}</h2>"
            + (f"<p class='resto'>{escape(restaurant)}</p>" if restaurant else "")
            + "".join(f"<p class='step'>{escape(step.render(lang))}</p>" for step in messages.SHEET_STEPS)
        )
    return (
        f"<td><div class='code' style='width:{side:.0f}pt;height:{side:.0f}pt'>{qr_svg(link)}</div>"
        f"<p class='name'>{escape(name)}</p>{steps}</td>"
    )


@document
def sheets_html(places: tuple[tuple[str, str], ...], layout: Layout, lang: str, restaurant: str) -> str:
    """The sheets; `places`: (name, diner link) in print order (built in the render process)."""
    columns, rows, instructions = GRIDS[layout]
    per_page = columns * rows
    cell_w = (PAGE_WIDTH_PT - 2 * MARGIN_PT) / columns
    cell_h = (PAGE_HEIGHT_PT - 2 * MARGIN_PT) / rows
    text_room = 170 if instructions else 22  # points under the code for its name (and the steps)
    side = max(40.0, min(cell_w * 0.8, cell_h - text_room))
    pages = []
    for start in range(0, len(places), per_page):
        chunk = places[start:start + per_page]
        cells = [_cell(name, link, side, instructions, lang, restaurant) for name, link in chunk]
        cells += ["<td></td>"] * (per_page - len(cells))
        body = "".join("<tr>" + "".join(cells[r * columns:(r + 1) * columns]) + "</tr>" for r in range(rows))
        pages.append(f"<table style='height:{PAGE_HEIGHT_PT - 2 * MARGIN_PT - 2:.0f}pt'>{body}</table>")
    return f"""<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><style>
      @page {{ size: A4; margin: {MARGIN_PT}pt; }}
      body {{ font-family: 'DejaVu Sans', sans-serif; margin: 0; }}
      table {{ width: 100%; border-collapse: collapse; table-layout: fixed; page-break-after: always; }}
      table:last-child {{ page-break-after: auto; }}
      td {{ text-align: center; vertical-align: middle; border: 0.5pt dashed #bbb; padding: 4pt; }}
      .code {{ margin: 0 auto; }}
      .code svg {{ width: 100%; height: 100%; }}
      .name {{ font-size: 14pt; font-weight: bold; margin: 2pt 0; }}
      h2 {{ font-size: 13pt; margin: 6pt 0 2pt; }}
      .resto {{ font-size: 10pt; color: #333; margin: 0 0 4pt; }}
      .step {{ font-size: 9pt; color: #222; margin: 2pt 6pt; text-align: left; }}
    </style></head><body>{''.join(pages)}</body></html>"""
