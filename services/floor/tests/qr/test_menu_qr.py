"""The menu's QR: a PNG that decodes to the public menu link, and an A4 PDF to print; only for a menu
that exists (anyone may ask, so a made-up or deleted menu costs nothing but a lookup)."""
import io

import pytest
from PIL import Image
from weasyprint import HTML

import kit.pdf
from contracts import catalog
from floor.qr.service import MENU_PDFS
from kit.testing.pdf import pdf_text, record_renders
from tests.helpers import A, MENU_A, MENU_A2, deliver

pytestmark = pytest.mark.usefixtures("floor_world")


async def test_the_menu_qr_is_a_png_of_the_public_menu_link(client):
    answer = await client.get(f"/api/qr/menu/{MENU_A}/")
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "image/png"
    with Image.open(io.BytesIO(answer.content)) as image:
        assert image.format == "PNG" and image.width == image.height and image.width >= 200


async def test_the_menu_qr_pdf_is_a_one_page_a4_download(client):
    answer = await client.get(f"/api/qr/menu/{MENU_A}/?format=pdf", headers={"Accept-Language": "en"})
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "application/pdf"
    assert answer.headers["content-disposition"] == 'attachment; filename="qr_menu.pdf"'
    assert answer.headers["cache-control"] == "public, max-age=86400"
    assert answer.headers["vary"] == "Accept-Language"  # the Spanish page is another copy
    assert answer.content.startswith(b"%PDF") and pdf_text(answer.content).count("\f") == 1  # one page
    assert "Scan to see the menu" in pdf_text(answer.content)


def test_the_pdf_page_is_a4_with_a_126_point_qr_and_the_link():
    from floor.qr.service import menu_html

    document = HTML(string=menu_html("http://127.0.0.1:8080/menus?menu=7", "es")).render()
    [page] = document.pages
    points = 72 / 96  # weasyprint measures in CSS pixels
    assert (round(page.width * points), round(page.height * points)) == (595, 842)  # A4
    boxes = [box for box in _descendants(page._page_box) if str(getattr(box, "element_tag", "")).endswith("svg")]
    assert boxes and round(boxes[0].width * points) == 126
    text = "".join(getattr(box, "text", "") for box in _descendants(page._page_box))
    assert "Escaneá para ver el menú" in text and "menus?menu=7" in text


def _descendants(box):
    yield box
    for child in getattr(box, "children", []):
        yield from _descendants(child)


async def test_a_bad_menu_id_or_format_is_refused(client):
    assert (await client.get("/api/qr/menu/0/")).status_code == 400
    assert (await client.get(f"/api/qr/menu/{MENU_A}/?format=gif")).status_code == 400


async def test_a_menu_that_does_not_exist_or_was_deleted_has_no_code_and_nothing_is_rendered(client, app, monkeypatch):
    renders = []
    monkeypatch.setattr(kit.pdf, "run_render", lambda *args: renders.append(args))
    await deliver(app, catalog.MenuDeleted(menu_id=MENU_A2, restaurant_id=A))
    for menu in (999, MENU_A2):
        for format in ("png", "pdf"):
            answer = await client.get(f"/api/qr/menu/{menu}/?format={format}", headers={"Accept-Language": "en"})
            assert answer.status_code == 404
            assert answer.json() == {"detail": "We could not find that menu."}
    assert renders == []


async def test_a_menus_pdf_is_rendered_once_for_everyone_who_asks(client, monkeypatch):
    renders = record_renders(monkeypatch)
    MENU_PDFS.clear()
    answers = [await client.get(f"/api/qr/menu/{MENU_A}/?format=pdf") for _ in range(3)]
    assert [answer.status_code for answer in answers] == [200] * 3 and len(renders) == 1
