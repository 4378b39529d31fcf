"""End to end through billing's handler: a table's counter payment as ordering announces it
(ordering.payment.recorded: its lines' full facts, the amount their sum, the tab closed) becomes the
sale and its commission in the ledger, the balance, the statistics and the admin's fee table, and
its commission is announced back split over the lines."""
from datetime import date
from decimal import Decimal

from contracts.ordering import PaidLine, PaymentRecorded
from tests.helpers import A, at, deliver, rows
from tests.ledger.test_commission_announced import announced

NOV_3 = date(2026, 11, 3)


def paid_at_the_counter() -> PaymentRecorded:
    """Table M11 of A pays 2 x Empanada (1,500.00) and a Flan (4,200.00) in cash, as ordering sends it."""
    return PaymentRecorded(
        payment_id=41, restaurant_id=A, place_id=11, place_name="M11", method="cash", amount=Decimal("7200.00"),
        paid_at=at(NOV_3, 21, 40), paid_by="mozo@example.com", tab_closed=True,
        lines=[
            PaidLine(line_id=501, order_id=77, dish_id=1, dish_name="Empanada de carne", category_name="Entradas",
                     unit_price=Decimal("1500.00"), quantity=2, amount=Decimal("3000.00"), version=3),
            PaidLine(line_id=502, order_id=77, dish_id=8, dish_name="Flan casero", category_name="Postres",
                     unit_price=Decimal("4200.00"), quantity=1, amount=Decimal("4200.00"), version=3),
        ],
    )


async def test_a_counter_payment_shows_as_a_sale_with_its_commission_everywhere(app, client, people):
    await deliver(app, paid_at_the_counter())
    assert await rows(app, "SELECT kind, amount, method, payment_id, line_count FROM ledger_entry ORDER BY id") == [
        ("sale", Decimal("7200.00"), "cash", 41, 2), ("commission_accrued", Decimal("36.00"), "cash", None, 0),
    ]
    balance = await client.post("/api/obtener-balance/resto-balance/", headers=people.owner_a, json={
        "fk_resto": A, "payment_type": "Efectivo", "start_date": "2026-11-03", "end_date": "2026-11-03"})
    assert balance.json() == {"importe_total": "7200.00", "importe_resto": "36.00", "ingreso_restaurante": "7164.00",
                              "cta_cte_resto": "36.00"}
    statistics = await client.get("/api/obtener-balance/resto-statistics/", headers=people.owner_a, params={
        "pk": A, "start_date": "2026-11-01", "end_date": "2026-11-30", "payment_type": "all", "paginate": 0})
    assert statistics.json() == {"count": 2, "total_amount": "7200.00", "results": [
        {"group_menu": "Entradas", "dish_name": "Empanada de carne", "quantity": 2, "amount": "3000.00"},
        {"group_menu": "Postres", "dish_name": "Flan casero", "quantity": 1, "amount": "4200.00"},
    ]}
    fees = await client.get("/api/obtener-balance/resto-fee/", headers=people.admin, params={
        "date_start": "2026-11-01", "date_end": "2026-11-30", "paginate": 0})
    [row] = [r for r in fees.json() if r["id_resto"] == A]
    assert (row["total_orders"], row["importe_total"], row["importe_resto"], row["cta_cte_resto"]) == (2, "7200.00", "36.00", "36.00")
    [event] = await announced(app)
    assert (event["payment_id"], event["amount"], event["lines"]) == (
        41, "36.00", [{"line_id": 501, "amount": "15.00"}, {"line_id": 502, "amount": "21.00"}])
