"""Paid only through a payment, and cash orders are never rejected (issue 21: 'Staff can no longer
move a line to 6 through the order update calls'; spec part 2 §4 'Transitions')."""
from tests.helpers import A, delivered, deliver, order, outbox, pay, set_status


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


async def test_a_new_line_marked_paid_is_still_an_illegal_transition(client, people):
    [line] = await order(client, people.owner_a, (11, 1, 1))
    answer = await client.put(f"/api/ordenes/{line['id']}/", json={"status": "6"}, headers=people.owner_a)
    assert answer.json()["code"] == "illegal_transition"


async def test_a_line_paid_in_cash_cannot_be_rejected(client, people):
    cash, card = await delivered(client, people.owner_a, (11, 1, 1), (11, 2, 1))
    [other] = await order(client, people.owner_a, (11, 1, 1))  # keeps the table open
    await pay(client, people.owner_a, cash["id"], type_pay="Efectivo")
    await pay(client, people.owner_a, card["id"], type_pay="Debito")
    for lang, detail in (("es", "Una orden pagada en efectivo no se puede rechazar."), ("en", "An order paid in cash cannot be rejected.")):
        answer = await client.put(f"/api/ordenes/{cash['id']}/", json={"status": "3"}, headers={**people.owner_a, "Accept-Language": lang})
        assert (answer.status_code, answer.json()) == (400, {"detail": detail, "code": "cash_not_rejectable"})
    answer = await client.put(f"/api/ordenes/{card['id']}/", json={"status": "3"}, headers=people.owner_a)
    assert answer.json()["code"] == "illegal_transition"  # paid another way: final all the same
    answer = await client.post("/api/ordenes/update-all/", json={"pk_resto": A, "lines": [{"pk": cash["id"], "status": "3"}]},
                               headers=people.owner_a)
    assert answer.json()["code"] == "cash_not_rejectable"
    listed = (await client.get(f"/api/ordenes/?fk_sit__fk_resto={A}&paginate=0", headers=people.owner_a)).json()
    assert {line["id"]: (line["status"], line["cash"]) for line in listed} == {
        cash["id"]: ("6", True), card["id"]: ("6", False), other["id"]: ("1", False)}


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


async def test_each_line_says_whether_the_counter_may_pay_it(client, people, app):
    """The pay buttons keep no copy of the rules (spec part 2 §4: payment is disabled for orders in
    1, 3, 6 or cash): accepted and delivered lines may be paid, nothing else."""
    new, accepted, rejected, delivered_line, cash, card = await order(client, people.owner_a, *[(11, 1, 1)] * 6)
    for line, status in ((accepted, "2"), (rejected, "3"), (delivered_line, "4"), (cash, "4"), (card, "4")):
        await set_status(app, line["id"], status)
    await pay(client, people.owner_a, cash["id"], type_pay="Efectivo")
    await pay(client, people.owner_a, card["id"], type_pay="Credito")
    listed = (await client.get(f"/api/ordenes/?fk_sit__fk_resto={A}&paginate=0", headers=people.owner_a)).json()
    assert {line["id"]: line["can_pay"] for line in listed} == {
        new["id"]: False, accepted["id"]: True, rejected["id"]: False, delivered_line["id"]: True, cash["id"]: False, card["id"]: False}
    table = (await client.get("/api/ordenes/mesas/11/", headers=people.owner_a)).json()
    assert sorted(line["id"] for line in table["lines"] if line["can_pay"]) == sorted([accepted["id"], delivered_line["id"]])
