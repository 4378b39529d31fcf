"""The codes' rules without rendering a page: the links they encode, and how many codes and pages a
sheet may hold (floor/qr/sheets.py), checked before anything is drawn."""
import io

import pytest
from PIL import Image

from floor.place.service import diner_link
from floor.qr.errors import TooManyCodes, TooManyPages
from floor.qr.service import public_menu_link, qr_png, qr_svg
from floor.qr.sheets import GRIDS, MAX_PAGES, MAX_PLACES, check_size
from tests.unit.helpers import answer_of


def test_the_codes_encode_the_public_menu_and_the_diners_links():
    assert public_menu_link("http://127.0.0.1:8080", 7) == "http://127.0.0.1:8080/menus?menu=7"
    assert diner_link("https://resto.example", "abc-DEF_123") == "https://resto.example/menus?p=abc-DEF_123"


def test_a_code_is_a_square_png_or_an_svg():
    png = qr_png("http://127.0.0.1:8080/menus?menu=7")
    with Image.open(io.BytesIO(png)) as image:
        assert image.format == "PNG" and image.width == image.height >= 200
    assert png == qr_png("http://127.0.0.1:8080/menus?menu=7") != qr_png("http://127.0.0.1:8080/menus?menu=8")
    assert qr_svg("http://127.0.0.1:8080/menus?menu=7").startswith("<svg")


@pytest.mark.parametrize(("layout", "per_page"), [("3x3", 9), ("4x4", 16), ("5x5", 25), ("4-instrucciones", 4), ("uno", 1), ("uno-instrucciones", 1)])
def test_each_layout_holds_its_number_of_codes_a_page(layout, per_page):
    columns, rows, _ = GRIDS[layout]
    assert columns * rows == per_page


@pytest.mark.parametrize(("count", "layout"), [
    (1, "uno"), (60, "uno"), (60, "uno-instrucciones"), (240, "4-instrucciones"), (300, "3x3"), (300, "5x5"),
])
def test_a_sheet_within_its_caps_may_be_drawn(count, layout):
    assert check_size(count, layout) is None


@pytest.mark.parametrize(("count", "layout", "pages"), [(61, "uno", 61), (61, "uno-instrucciones", 61), (241, "4-instrucciones", 61), (300, "4-instrucciones", 75)])
def test_a_sheet_past_its_pages_is_refused(count, layout, pages):
    with pytest.raises(TooManyPages) as refused:
        check_size(count, layout)
    assert answer_of(refused.value) == {
        "detail": f"Las hojas tendrían {pages} páginas y el máximo es 60. Elegí menos lugares o un diseño con más códigos por página.",
        "code": "qr_too_many_pages",
    }


@pytest.mark.parametrize("layout", list(GRIDS))
def test_a_sheet_past_its_codes_is_refused_whatever_the_layout(layout):
    with pytest.raises(TooManyCodes) as refused:
        check_size(MAX_PLACES + 1, layout)
    assert answer_of(refused.value, "en") == {"detail": "At most 300 codes can be printed at once; 301 were chosen.", "code": "qr_too_many_places"}
    assert (MAX_PLACES, MAX_PAGES) == (300, 60)
