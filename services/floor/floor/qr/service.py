"""QR codes for the public menu: a PNG to show, and an A4 PDF to print (qr_menu.pdf)."""
import asyncio
import io
from functools import lru_cache
from html import escape

import segno
from weasyprint import HTML

from floor.messages import MENU_QR_CAPTION, MENU_QR_TITLE

QR_POINTS = 126  # the printed QR's side on the A4 page (spec part 1 §9)


def public_menu_link(base_url: str, menu_id: int) -> str:
    return f"{base_url}/menus?menu={menu_id}"


def qr_png(link: str, scale: int = 8) -> bytes:
    buffer = io.BytesIO()
    segno.make(link, error="m").save(buffer, kind="png", scale=scale, border=2)
    return buffer.getvalue()


def qr_svg(link: str) -> str:
    buffer = io.BytesIO()
    segno.make(link, error="m").save(buffer, kind="svg", xmldecl=False, svgns=True, border=2)
    return buffer.getvalue().decode()


def menu_document(link: str, lang: str):
    page = f"""<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><style>
      @page {{ size: A4; margin: 2cm; }}
      body {{ font-family: 'DejaVu Sans', sans-serif; text-align: center; }}
      h1 {{ font-size: 20pt; margin: 3cm 0 1cm; }}
      .qr svg {{ width: {QR_POINTS}pt; height: {QR_POINTS}pt; }}
      p {{ font-size: 11pt; color: #444; word-break: break-all; }}
    </style></head><body>
      <h1>{escape(MENU_QR_TITLE.render(lang))}</h1>
      <div class="qr">{qr_svg(link)}</div>
      <p>{escape(MENU_QR_CAPTION.render(lang))}</p><p>{escape(link)}</p>
    </body></html>"""
    return HTML(string=page).render()


# Anyone may ask for a menu's PDF: renders are cached by content and at most two run at once.
RENDERS = asyncio.Semaphore(2)


@lru_cache(maxsize=64)
def menu_pdf_bytes(link: str, lang: str) -> bytes:
    return menu_document(link, lang).write_pdf()


async def menu_pdf(link: str, lang: str) -> bytes:
    async with RENDERS:
        return await asyncio.to_thread(menu_pdf_bytes, link, lang)  # layout is CPU work
