"""The command ticket (85 mm) and the active-orders report (spec part 2 §5, §9), read back from the laid-out PDF."""
from datetime import UTC, datetime

from weasyprint import HTML

from contracts.restaurant import TIME_ZONE as TZ
from ordering.ticket.documents import Line, report_html, ticket_html
from tests.helpers import A, deliver, order, profile, set_status


def page_text(document) -> str:
    def walk(box):
        yield box
        for child in getattr(box, "children", []):
            yield from walk(child)
    return " ".join(getattr(box, "text", "") for page in document.pages for box in walk(page._page_box) if getattr(box, "text", ""))


def render(html: str):
    return HTML(string=html).render()


def sample():
    now = datetime(2026, 11, 22, 21, 30, tzinfo=UTC)
    lines = (
        Line(dish_name="Empanada", price=1250, quantity=2, status="1", extra_commentary="sin sal", diner_name="Ana", place_id=11, created_at=now),
        Line(dish_name="Milanesa", price=250, quantity=1, status="3", extra_commentary="", diner_name="", place_id=11, created_at=now),
    )
    return 42, lines, now


def test_the_ticket_is_85_mm_wide_and_reads_back_with_lines_comments_and_total():
    order, lines, now = sample()
    document = render(ticket_html("La Esquina", "M11", order, now, lines, "es", TZ))
    assert round(document.pages[0].width * 25.4 / 96) == 85
    text = page_text(document)
    for expected in ("La Esquina", "Comanda #42", "Lugar: M11", "22/11/2026 18:30", "Empanada", "sin sal", "Pidió: Ana", "$ 2.500,00", "Total: $ 2.500,00"):
        assert expected in text, expected
    assert "Milanesa (rechazada) $ 0,00" in text  # the kitchen must not make it
    english = page_text(render(ticket_html("La Esquina", "M11", order, now, lines, "en", TZ)))
    assert "Order ticket #42" in english and "11/22/2026" in english and "Total: US$ 2,500.00" in english


def test_the_report_reads_back_by_place_with_statuses():
    _, lines, now = sample()
    text = page_text(render(report_html("La Esquina", lines[:1], {11: "M11"}, "es", TZ, now)))
    for expected in ("Órdenes activas", "La Esquina", "Lugar M11", "Empanada", "nueva", "$ 2.500,00"):
        assert expected in text, expected


def test_the_reports_places_come_in_number_order_and_delivery_last():
    _, (line, _), now = sample()
    lines = tuple(line._replace(place_id=place) for place in (10, None, 2, 21, 3))
    text = page_text(render(report_html("La Esquina", lines, {10: "M10", 2: "M2", 21: "M21", 3: "M3"}, "en", TZ, now)))
    headings = [text.index(h) for h in ("Place M2", "Place M3", "Place M10", "Place M21", "Delivery and take-away")]
    assert headings == sorted(headings)


async def test_the_ticket_of_an_order_as_pdf_and_html(client, people, app):
    await deliver(app, profile(A, nombre_local="La Esquina"))
    lines = await order(client, people.operator_a, (11, 1, 2, "sin sal"), (11, 2, 1))
    answer = await client.get(f"/api/tickets/orden/{lines[0]['order']}/", headers=people.operator_a)
    assert answer.status_code == 200 and answer.headers["content-type"] == "application/pdf" and answer.content.startswith(b"%PDF")
    html = (await client.get(f"/api/tickets/orden/{lines[0]['order']}/?format=html", headers={**people.operator_a, "Accept-Language": "en"})).text
    assert "La Esquina" in html and "Empanada" in html and "Milanesa" in html and "US$ 450.50" in html and "85mm" in html
    assert (await client.get(f"/api/tickets/orden/{lines[0]['order']}/", headers=people.owner_b)).status_code == 404
    assert (await client.get("/api/tickets/orden/999/", headers=people.owner_a)).status_code == 404


async def test_the_report_is_a_dated_pdf_and_refused_without_active_orders(client, people, app):
    for lang, text in (("es", "No hay órdenes activas para descargar."), ("en", "There are no active orders to download.")):
        answer = await client.get("/api/tickets/reporte/?fk_resto=10", headers={**people.owner_a, "Accept-Language": lang})
        assert answer.status_code == 400 and answer.json() == {"detail": text, "code": "no_active_orders"}
    [line] = await order(client, people.owner_a, (11, 1, 1))
    answer = await client.get("/api/tickets/reporte/?fk_resto=10", headers=people.operator_a)
    assert answer.status_code == 200 and answer.content.startswith(b"%PDF")
    assert answer.headers["content-disposition"].startswith('attachment; filename="resto_orders_report_20')
    assert (await client.get("/api/tickets/reporte/?fk_resto=10", headers=people.owner_b)).status_code == 404
    await set_status(app, line["id"], "3")  # rejected is not active
    assert (await client.get("/api/tickets/reporte/?fk_resto=10", headers=people.owner_a)).status_code == 400
