"""Every payment call takes an Idempotency-Key: a retry from a flaky tablet answers the same and
records one payment; the same key with another request is refused (issue 21)."""
import asyncio

from sqlalchemy import text

from tests.helpers import delivered, outbox, pay


async def payment_count(app) -> int:
    async with app.state.session_factory() as session:
        return await session.scalar(text("SELECT count(*) FROM payment"))


async def test_a_payment_call_without_a_valid_key_is_refused(client, people, app):
    [line] = await delivered(client, people.owner_a, (11, 1, 1))
    url = f"/api/pagar-orden/{line['id']}/recibir-pago/"
    for headers in (people.owner_a, {**people.owner_a, "Idempotency-Key": "short"}, {**people.owner_a, "Idempotency-Key": "k" * 101}):
        answer = await client.post(url, json={"type_pay": "Efectivo"}, headers=headers)
        assert answer.status_code == 400 and answer.json()["code"] == "idempotency_key_required", answer.text
    answer = await client.post("/api/pagar-orden/recibir-varios-pagos/", json={"payment_orders": [line["id"]], "type_pay": 1},
                               headers=people.owner_a)
    assert answer.status_code == 400 and answer.json()["code"] == "idempotency_key_required"
    assert await payment_count(app) == 0


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
