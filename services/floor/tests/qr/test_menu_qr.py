"""The menu's QR: a PNG that decodes to the public menu link, and an A4 PDF to print."""
import io

from PIL import Image


async def test_the_menu_qr_is_a_png_of_the_public_menu_link(client):
    answer = await client.get("/api/qr/menu/7/")
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "image/png"
    with Image.open(io.BytesIO(answer.content)) as image:
        assert image.format == "PNG" and image.width == image.height and image.width >= 200


async def test_the_qr_encodes_the_public_menu_link(app):
    from floor.qr.service import public_menu_link

    assert public_menu_link("http://127.0.0.1:8080", 7) == "http://127.0.0.1:8080/menus?menu=7"


async def test_the_menu_qr_pdf_is_an_a4_download(client):
    answer = await client.get("/api/qr/menu/7/?format=pdf", headers={"Accept-Language": "en"})
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "application/pdf"
    assert answer.headers["content-disposition"] == 'attachment; filename="qr_menu.pdf"'
    assert answer.content.startswith(b"%PDF")


def test_the_pdf_page_is_a4_with_a_126_point_qr_and_the_link():
    from floor.qr.service import menu_document

    document = menu_document("http://127.0.0.1:8080/menus?menu=7", "es")
    page = document.pages[0]
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
    assert (await client.get("/api/qr/menu/7/?format=gif")).status_code == 400
