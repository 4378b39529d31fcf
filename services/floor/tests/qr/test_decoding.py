"""The codes as a phone's camera reads them: decoded by a real decoder (zxing-cpp), never by
trusting the generator. The served PNG and SVG, and every code on every page of each sheet
layout, give exactly their place's URL."""
import io
import re

import pytest
import zxingcpp
from PIL import Image
from weasyprint import HTML

from floor.qr.sheets import sheets_html
from kit.testing.pdf import pdf_pages
from tests.helpers import A, create, item

pytestmark = pytest.mark.usefixtures("floor_world")


def decoded(image: Image.Image) -> list[str]:
    return [code.text for code in zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)]


def _places(count: int) -> tuple[tuple[str, str], ...]:
    return tuple((f"M{i}", f"http://127.0.0.1:8080/menus?p=token{i:04d}") for i in range(1, count + 1))


async def test_the_served_png_decodes_to_the_places_url(client, people):
    m1, m2 = await create(client, people.owner_a, item("M1"), item("M2", x=3))
    for place in (m1, m2):
        png = await client.get(place["qr_code"])
        assert decoded(Image.open(io.BytesIO(png.content))) == [place["qr"]]


@pytest.mark.parametrize(("layout", "count", "per_page"), [
    ("3x3", 10, [9, 1]), ("4x4", 16, [16]), ("5x5", 26, [25, 1]), ("4-instrucciones", 5, [4, 1]),
    ("uno", 1, [1]), ("uno-instrucciones", 1, [1]),
])
def test_every_code_on_every_page_of_each_layout_reads_back(layout, count, per_page):
    places = _places(count)
    pdf = HTML(string=sheets_html(places, layout, "es", "La Esquina")).write_pdf()
    pages = [decoded(page) for page in pdf_pages(pdf, dpi=200)]
    assert [len(codes) for codes in pages] == per_page  # a 5x5 page holds 25 readable codes
    assert sorted(url for codes in pages for url in codes) == sorted(url for _, url in places)


async def test_a_downloaded_sheet_holds_exactly_the_restaurants_codes(client, people):
    made = await create(client, people.owner_a, *(item(f"M{i}", x=(i % 8) * 3, y=i // 8) for i in range(1, 6)))
    sheet = await client.get(f"/api/qr/sit/?fk_resto={A}&layout=4x4", headers=people.operator_a)
    read = [url for page in pdf_pages(sheet.content, dpi=200) for url in decoded(page)]
    assert sorted(read) == sorted(place["qr"] for place in made)
    assert all(re.fullmatch(r"http://127\.0\.0\.1:8080/menus\?p=[\w-]{20,}", url) for url in read)


async def test_the_served_menu_qr_pdf_is_one_page_that_decodes_to_the_public_menu_link(client):
    from floor.qr.service import public_menu_link
    from tests.helpers import MENU_A

    pdf = await client.get(f"/api/qr/menu/{MENU_A}/?format=pdf")
    pages = [decoded(page) for page in pdf_pages(pdf.content)]
    assert pages == [[public_menu_link("http://127.0.0.1:8080", MENU_A)]]
