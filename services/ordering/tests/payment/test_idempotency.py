"""A payment call may take an Idempotency-Key (our tablets always send one): a retry from a flaky
tablet answers the same and records one payment; the same key with another request is refused
(issue 21). The spec's call sends none (`pk_order` and `type_pay` only) and is paid as it comes:
the line's lock still pays it once, and a second call answers 208."""
import asyncio

from sqlalchemy import text

from tests.helpers import delivered, outbox, pay


async def payment_count(app) -> int:
    async with app.state.session_factory() as session:
        return await session.scalar(text("SELECT count(*) FROM payment"))


def pay_one_as_the_spec(client, headers, line_id: int):
    """The spec's client: `pk_order` and `type_pay`, no Idempotency-Key."""
    return client.post(f"/api/pagar-orden/{line_id}/recibir-pago/", json={"pk_order": line_id, "type_pay": "Efectivo"},
                       headers=headers)


async def test_a_key_sent_out_of_bounds_is_refused(client, people, app):
    [line] = await delivered(client, people.owner_a, (11, 1, 1))
    url = f"/api/pagar-orden/{line['id']}/recibir-pago/"
    for key in ("", "short", "k" * 7, "k" * 101):
        answer = await client.post(url, json={"type_pay": "Efectivo"}, headers={**people.owner_a, "Idempotency-Key": key})
        assert answer.status_code == 400 and answer.json() == {
            "detail": "El encabezado Idempotency-Key no es válido: debe tener de 8 a 100 caracteres.",
            "code": "idempotency_key_required"}, answer.text
    answer = await client.post("/api/pagar-orden/recibir-varios-pagos/", json={"payment_orders": [line["id"]], "type_pay": 1},
                               headers={**people.owner_a, "Idempotency-Key": "short", "Accept-Language": "en"})
    assert answer.status_code == 400 and answer.json() == {
        "detail": "The Idempotency-Key header is invalid: it must have 8 to 100 characters.", "code": "idempotency_key_required"}
    assert await payment_count(app) == 0


async def test_the_specs_call_without_a_key_pays_the_line_and_a_second_one_answers_208(client, people, app):
    [line] = await delivered(client, people.owner_a, (11, 1, 2))
    answer = await pay_one_as_the_spec(client, people.operator_a, line["id"])
    assert answer.status_code == 200, answer.text
    paid = answer.json()
    assert (paid["detail"], paid["method"], paid["amount"], paid["orders_sit_count"]) == ("Pago registrado.", "cash", "200.00", 0)
    assert [(l["id"], l["status"], l["status_pay"]) for l in paid["lines"]] == [(line["id"], "6", "paid")]
    again = await pay_one_as_the_spec(client, people.operator_a, line["id"])
    assert again.status_code == 208 and again.json() == {
        "detail": "La orden ya está pagada: no se puede cobrar.", "code": "line_final", "lines": [{"id": line["id"], "status": "6"}]}
    assert await payment_count(app) == 1
    assert len(await outbox(app, "ordering.payment.recorded")) == 1


async def test_two_calls_without_a_key_racing_for_one_line_record_one_payment(client, people, app):
    [line] = await delivered(client, people.owner_a, (11, 1, 1))
    answers = await asyncio.gather(*(pay_one_as_the_spec(client, people.owner_a, line["id"]) for _ in range(2)))
    assert sorted(a.status_code for a in answers) == [200, 208]
    assert await payment_count(app) == 1


async def test_paying_several_lines_without_a_key_works_and_is_charged_once(client, people, app):
    first, second = await delivered(client, people.owner_a, (11, 1, 1), (11, 2, 1))
    url, body = "/api/pagar-orden/recibir-varios-pagos/", {"payment_orders": [first["id"], second["id"]], "type_pay": "Debito"}
    answer = await client.post(url, json=body, headers=people.owner_a)
    assert answer.status_code == 200, answer.text
    assert (answer.json()["method"], answer.json()["amount"], answer.json()["orders_sit_count"]) == ("debit", "350.50", 0)
    again = await client.post(url, json=body, headers=people.owner_a)
    assert again.status_code == 208 and again.json()["code"] == "line_final"
    assert await payment_count(app) == 1
    assert len(await outbox(app, "ordering.tab.closed")) == 1


async def test_a_call_without_a_key_never_answers_a_keyed_payment(client, people, app):
    """No key is no replay: the keyed payment of the line stays the only one, and the call is told it is paid."""
    [line] = await delivered(client, people.owner_a, (11, 1, 1))
    await pay(client, people.owner_a, line["id"], key="tablet-first-0001")
    assert (await pay_one_as_the_spec(client, people.owner_a, line["id"])).status_code == 208
    assert await payment_count(app) == 1


async def test_the_same_key_twice_answers_the_same_and_records_one_payment_and_one_event(client, people, app):
    first, second = await delivered(client, people.owner_a, (11, 1, 1), (11, 2, 1))
    once = await pay(client, people.owner_a, first["id"], second["id"], key="tablet-retry-0001")
    again = await pay(client, people.operator_a, second["id"], first["id"], key="tablet-retry-0001")  # same lines, any order
    assert again == once
    assert await payment_count(app) == 1
    assert len(await outbox(app, "ordering.payment.recorded")) == 1
    assert len(await outbox(app, "ordering.tab.closed")) == 1


async def test_the_same_key_with_another_request_is_refused(client, people, app):
    first, second = await delivered(client, people.owner_a, (11, 1, 1), (11, 2, 1))
    await pay(client, people.owner_a, first["id"], key="tablet-key-00001")
    for lines, type_pay in (([second["id"]], "Efectivo"), ([first["id"]], "Debito"), ([first["id"], second["id"]], "Efectivo")):
        answer = await pay(client, people.owner_a, *lines, type_pay=type_pay, key="tablet-key-00001", expect=422)
        assert answer == {"detail": "Esta clave Idempotency-Key ya se usó para otro pago. Envíe el pago con una clave nueva.",
                          "code": "idempotency_key_reused"}
    english = await pay(client, {**people.owner_a, "Accept-Language": "en"}, second["id"], key="tablet-key-00001", expect=422)
    assert english["detail"] == "This Idempotency-Key was already used for another payment. Send the payment with a new key."
    assert await payment_count(app) == 1


async def test_another_restaurants_staff_never_get_a_payment_by_its_key(client, people, app):
    [line] = await delivered(client, people.owner_a, (11, 1, 1))
    await pay(client, people.owner_a, line["id"], key="shared-key-0001")
    [theirs] = await delivered(client, people.owner_b, (21, 3, 1), restaurant=20)
    answer = await pay(client, people.owner_b, theirs["id"], key="shared-key-0001", expect=422)
    assert answer["code"] == "idempotency_key_reused"
    answer = await pay(client, people.owner_b, line["id"], key="shared-key-0001", expect=422)  # not even the same request
    assert answer["code"] == "idempotency_key_reused" and "lines" not in answer


async def test_a_retry_racing_the_first_request_records_one_payment(client, people, app):
    """The twin waits at the locks the first holds, then finds its payment."""
    for attempt in range(3):
        first, second = await delivered(client, people.owner_a, (11, 1, 1), (11, 2, 1))
        key = f"racing-twins-{attempt:04d}"
        answers = await asyncio.gather(*(
            pay(client, people.owner_a, first["id"], second["id"], key=key) for _ in range(2)
        ))
        assert answers[0] == answers[1], attempt
    assert await payment_count(app) == 3
    assert len(await outbox(app, "ordering.payment.recorded")) == 3
