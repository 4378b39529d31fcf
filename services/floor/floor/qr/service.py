"""QR codes for the public menu: a PNG to show, and an A4 PDF to print (qr_menu.pdf)."""
import io
from html import escape

import segno
from sqlalchemy.ext.asyncio import AsyncSession

from floor.messages import MENU_QR_CAPTION, MENU_QR_TITLE
from floor.qr import repository
from floor.qr.errors import MenuNotFound
from kit.pdf import Cache, document

QR_POINTS = 126  # the printed QR's side on the A4 page (spec part 1 §9)
# Anyone may ask for a menu's PDF: one page, the same for everyone, so each menu and language is
# rendered once (about 10 KB each; 64 menus' worth are kept).
MENU_PDFS = Cache(max_bytes=640 * 1024)


def public_menu_link(base_url: str, menu_id: int) -> str:
    return f"{base_url}/menus?menu={menu_id}"


async def ensure_menu(session: AsyncSession, menu_id: int) -> None:
    """A code is drawn only for a menu that exists: 404 before any work otherwise."""
    if await repository.menu(session, menu_id) is None:
        raise MenuNotFound()


def qr_png(link: str, scale: int = 8) -> bytes:
    buffer = io.BytesIO()
    segno.make(link, error="m").save(buffer, kind="png", scale=scale, border=2)
    return buffer.getvalue()


def qr_svg(link: str) -> str:
    buffer = io.BytesIO()
    segno.make(link, error="m").save(buffer, kind="svg", xmldecl=False, svgns=True, border=2)
    return buffer.getvalue().decode()


@document
def menu_html(link: str, lang: str) -> str:
    """The menu's code on one A4 page, with a title and the link (built in the render process)."""
    return f"""<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><style>
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
