"""The served ticket and report read back from the PDF bytes a printer gets (pdftotext)."""
from kit.testing.pdf import pdf_text
from tests.helpers import A, deliver, order, profile


def words(pdf: bytes) -> str:
    return " ".join(pdf_text(pdf).split())


async def test_the_served_ticket_reads_back_with_its_lines_comment_and_total(client, people, app):
    await deliver(app, profile(A, nombre_local="La Esquina"))
    lines = await order(client, people.operator_a, (11, 1, 2, "sin sal"), (11, 2, 1))
    text = words((await client.get(f"/api/tickets/orden/{lines[0]['order']}/", headers=people.operator_a)).content)
    for expected in ("La Esquina", f"Comanda #{lines[0]['order']}", "Empanada", "Milanesa", "sin sal", "Total: $ 450,50"):
        assert expected in text, (expected, text)


async def test_the_served_report_reads_back_with_each_active_line(client, people, app):
    await deliver(app, profile(A, nombre_local="La Esquina"))
    await order(client, people.owner_a, (11, 1, 1), (12, 2, 3))
    text = words((await client.get(f"/api/tickets/reporte/?fk_resto={A}", headers={**people.operator_a, "Accept-Language": "en"})).content)
    for expected in ("Active orders", "La Esquina", "Empanada", "Milanesa"):
        assert expected in text, (expected, text)
