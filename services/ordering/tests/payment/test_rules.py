"""Paid only through a payment, and cash orders are never rejected (issue 21: 'Staff can no longer
move a line to 6 through the order update calls'; spec part 2 §4 'Transitions')."""
from tests.helpers import A, delivered, deliver, outbox, pay


async def test_staff_cannot_mark_a_line_paid_through_the_update_calls(client, people, app):
    delivered_line, accepted_line = await delivered(client, people.owner_a, (11, 1, 1), (11, 2, 1))
    for lang, detail in (("es", "Una orden pasa a pagada solo al registrar su pago."),
                         ("en", "An order becomes paid only by recording its payment.")):
        answer = await client.put(f"/api/ordenes/{delivered_line['id']}/", json={"status": "6"},
                                  headers={**people.owner_a, "Accept-Language": lang})
        assert (answer.status_code, answer.json()) == (400, {"detail": detail, "code": "paid_only_by_payment"})
    answer = await client.post("/api/ordenes/update-all/", json={"pk_resto": A, "lines": [
        {"pk": delivered_line["id"], "status": "6"}, {"pk": accepted_line["id"], "status": "6"}]}, headers=people.operator_a)
    assert (answer.status_code, answer.json()["code"]) == (400, "paid_only_by_payment")
    answer = await client.post("/api/ordenes/update-all/", json={"pk_resto": A, "delivery": True, "lines": [
        {"pk": delivered_line["id"], "status": "6"}]}, headers=people.operator_a)
    assert answer.status_code == 200 and [line["status"] for line in answer.json()] == ["4"]  # the delivery screen's 6 moves nothing
    listed = (await client.get(f"/api/ordenes/?fk_sit__fk_resto={A}&paginate=0", headers=people.owner_a)).json()
    assert {line["status"] for line in listed} == {"4"}
    assert await outbox(app, "ordering.payment.recorded") == []


async def test_billings_commission_reaches_each_paid_lines_account_pay(client, people, app):
    from decimal import Decimal

    from contracts.billing import CommissionAccrued, CommissionLine

    first, second = await delivered(client, people.owner_a, (11, 1, 1), (11, 2, 1))
    paid = await pay(client, people.owner_a, first["id"], second["id"], type_pay="Credito")
    await deliver(app, CommissionAccrued(
        payment_id=paid["payment_id"], restaurant_id=A, percent=Decimal("0.50"), amount=Decimal("1.75"),
        lines=[CommissionLine(line_id=first["id"], amount=Decimal("0.50")), CommissionLine(line_id=second["id"], amount=Decimal("1.25"))],
    ))
    listed = (await client.get(f"/api/ordenes/?fk_sit__fk_resto={A}&paginate=0", headers=people.owner_a)).json()
    shares = {line["id"]: line["account_pay"]["transaction_details"]["comission"] for line in listed}
    assert shares == {first["id"]: "0.50", second["id"]: "1.25"}
    assert {line["version"] for line in listed} == {line["version"] for line in paid["lines"]}  # not a change of the line
