"""Printable QR sheets (spec part 2 §9): grids of 3x3, 4x4, 5x5, 4 per page with instructions, one place."""
import pytest
from weasyprint import HTML

from floor.qr.sheets import sheets_html
from tests.helpers import A, create, item

pytestmark = pytest.mark.usefixtures("floor_world")


def _texts(page) -> str:
    def walk(box):
        yield box
        for child in getattr(box, "children", []):
            yield from walk(child)

    return " ".join(getattr(box, "text", "") for box in walk(page._page_box))


def document(places, layout, lang, restaurant):
    return HTML(string=sheets_html(places, layout, lang, restaurant)).render()


def _places(count: int) -> tuple[tuple[str, str], ...]:
    return tuple((f"M{i}", f"http://127.0.0.1:8080/menus?p=token{i:04d}") for i in range(1, count + 1))


@pytest.mark.parametrize(("layout", "count", "pages"), [("3x3", 10, 2), ("4x4", 16, 1), ("5x5", 26, 2), ("4-instrucciones", 5, 2), ("uno", 1, 1)])
def test_each_layout_puts_its_number_of_codes_on_an_a4_page_with_the_names(layout, count, pages):
    laid_out = document(_places(count), layout, "es", "La Esquina")
    assert len(laid_out.pages) == pages
    points = 72 / 96
    assert (round(laid_out.pages[0].width * points), round(laid_out.pages[0].height * points)) == (595, 842)
    text = " ".join(_texts(page) for page in laid_out.pages)
    assert all(f"M{i}" in text.split() for i in range(1, count + 1))


def test_the_instructions_are_in_the_requested_language_with_the_restaurant():
    spanish = _texts(document(_places(1), "uno-instrucciones", "es", "La Esquina").pages[0])
    english = _texts(document(_places(1), "uno-instrucciones", "en", "La Esquina").pages[0])
    assert "Escaneá el código" in spanish and "La Esquina" in spanish
    assert "Scan the code" in english and "call the waiter" in english.lower()


async def test_staff_download_all_some_tables_or_chairs(client, people):
    await create(client, people.owner_a, item("M1"), item("M2", x=3), item("S1", kind="silla", x=6))
    everything = await client.get(f"/api/qr/sit/?fk_resto={A}&layout=4x4", headers=people.operator_a)
    assert everything.status_code == 200 and everything.content.startswith(b"%PDF")
    assert everything.headers["content-disposition"] == 'attachment; filename="qr_menu.pdf"'
    chairs = await client.get(f"/api/qr/sit/?fk_resto={A}&sit_type=silla&layout=uno", headers=people.owner_a)
    assert chairs.status_code == 200 and chairs.headers["content-disposition"] == 'attachment; filename="qr_menu.pdf"'
    listed = (await client.get(f"/api/sit/?fk_resto={A}", headers=people.owner_a)).json()
    some = await client.get(f"/api/qr/sit/?fk_resto={A}&ids={listed[0]['id']},{listed[1]['id']}&layout=4-instrucciones", headers=people.owner_a)
    assert some.status_code == 200
    assert (await client.get(f"/api/qr/sit/?fk_resto={A}&sit_type=delivery", headers=people.owner_a)).status_code == 404
    assert (await client.get(f"/api/qr/sit/?fk_resto={A}&layout=7x7", headers=people.owner_a)).status_code == 400
    assert (await client.get(f"/api/qr/sit/?fk_resto={A}&ids=1;drop", headers=people.owner_a)).status_code == 400


async def test_the_same_sheet_is_rendered_once(client, people, monkeypatch):
    from floor.qr.sheets import SHEETS
    from kit.testing.pdf import record_renders

    await create(client, people.owner_a, item("M1"), item("M2", x=3))
    renders = record_renders(monkeypatch)
    SHEETS.clear()
    first, again = [await client.get(f"/api/qr/sit/?fk_resto={A}&layout=3x3", headers=people.owner_a) for _ in range(2)]
    assert first.status_code == again.status_code == 200 and first.content == again.content
    assert len(renders) == 1


async def test_a_sheet_past_its_codes_or_pages_is_refused_before_anything_is_drawn(client, people, monkeypatch):
    import kit.pdf
    from floor.qr.sheets import MAX_PAGES, MAX_PLACES

    renders = []
    monkeypatch.setattr(kit.pdf, "run_render", lambda *args: renders.append(args))
    too_many = ",".join(str(i) for i in range(1, MAX_PLACES + 2))
    answer = await client.get(f"/api/qr/sit/?fk_resto={A}&layout=5x5&ids={too_many}", headers={**people.owner_a, "Accept-Language": "en"})
    assert answer.status_code == 400
    assert answer.json() == {"detail": f"At most {MAX_PLACES} codes can be printed at once; {MAX_PLACES + 1} were chosen.",
                             "code": "qr_too_many_places"}
    one_per_page = ",".join(str(i) for i in range(1, MAX_PAGES + 2))
    answer = await client.get(f"/api/qr/sit/?fk_resto={A}&layout=uno&ids={one_per_page}", headers=people.owner_a)
    assert answer.status_code == 400
    assert answer.json() == {
        "detail": f"Las hojas tendrían {MAX_PAGES + 1} páginas y el máximo es {MAX_PAGES}. "
                  "Elegí menos lugares o un diseño con más códigos por página.",
        "code": "qr_too_many_pages",
    }
    assert renders == []


async def test_a_restaurant_with_more_places_than_a_sheet_holds_is_asked_to_choose_some(client, people, app, monkeypatch):
    import kit.pdf
    from floor.place.models import Place
    from floor.qr.sheets import MAX_PLACES

    renders = []
    monkeypatch.setattr(kit.pdf, "run_render", lambda *args: renders.append(args))
    async with app.state.session_factory() as session, session.begin():
        session.add_all(Place(restaurant_id=A, name=f"M{i}", kind="mesa", menu_id=100, token=f"token-{i:04d}", x=0, y=i)
                        for i in range(1, MAX_PLACES + 2))
    everything = await client.get(f"/api/qr/sit/?fk_resto={A}&layout=5x5", headers=people.owner_a)
    assert everything.status_code == 400 and everything.json()["code"] == "qr_too_many_places"
    assert renders == []
