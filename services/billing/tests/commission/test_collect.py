"""The admin collects what a restaurant owes (spec part 2 §5 'Commission payment', §7): more than 0,
at most the outstanding amount (rulesCommision.required / .min / .max); the answer is what is still
owed. A retried collection with its Idempotency-Key is recorded once."""
import asyncio
from decimal import Decimal

import pytest

from tests.helpers import A, B, deliver, ledger_figures, line, payment, rows

URL = "/api/control-fee/paga-comision/"


@pytest.fixture
async def debt(app, people):
    """A owes 15.00: 0.50 % of 3,000.00 paid at the counter (and nothing for an online sale)."""
    await deliver(app, payment(line(price="2000.00")), payment(line(price="1000.00"), method="credit"),
                  payment(line(price="4000.00"), method="online"))


async def collect(client, headers, credit, restaurant=A, key=None, lang="es"):
    headers = {**headers, "Accept-Language": lang, **({"Idempotency-Key": key} if key else {})}
    return await client.post(URL, params={"resto": restaurant}, json={} if credit is None else {"credit": credit}, headers=headers)


async def collections(app) -> list:
    return await rows(app, "SELECT restaurant_id, amount, owed_after, recorded_by FROM ledger_entry WHERE kind = 'commission_collected' ORDER BY id")


async def test_a_collection_lowers_the_debt_and_answers_what_remains(app, client, people, debt):
    answer = await collect(client, people.admin, "10.50")
    assert (answer.status_code, answer.json()) == (200, {"monto_deuda_total": "4.50"})
    assert (await ledger_figures(app, A))["cta_cte_resto"] == Decimal("4.50")
    answer = await collect(client, people.admin, 4.5)
    assert answer.json() == {"monto_deuda_total": "0.00"}
    assert await collections(app) == [
        (A, Decimal("10.50"), Decimal("4.50"), "user9@example.com"), (A, Decimal("4.50"), Decimal("0.00"), "user9@example.com"),
    ]


@pytest.mark.parametrize("credit, code, es, en", [
    (None, "credit_required", "El monto a cobrar es requerido.", "The amount to collect is required."),
    ("0", "credit_min", "El monto a cobrar debe ser mayor a 0.", "The amount to collect must be greater than 0."),
    (-5, "credit_min", "El monto a cobrar debe ser mayor a 0.", "The amount to collect must be greater than 0."),
    ("15.01", "credit_max", "El monto a cobrar no puede superar la deuda del restaurante ($ 15,00).",
     "The amount to collect cannot exceed the restaurant's debt ($15.00)."),
    ("1e30", "credit_max", "El monto a cobrar no puede superar la deuda del restaurante ($ 15,00).",
     "The amount to collect cannot exceed the restaurant's debt ($15.00)."),
    ("1.005", "credit_decimals", "El monto a cobrar admite a lo sumo 2 decimales.", "The amount to collect allows at most 2 decimal places."),
])
async def test_a_bad_amount_is_refused_with_the_dialogs_message_and_code(app, client, people, debt, credit, code, es, en):
    for lang, text in (("es", es), ("en", en)):
        answer = await collect(client, people.admin, credit, lang=lang)
        assert (answer.status_code, answer.json()) == (400, {"detail": text, "code": code})
    assert await collections(app) == []


async def test_nothing_can_be_collected_from_a_restaurant_that_owes_nothing(client, people, debt):
    answer = await collect(client, people.admin, "1.00", restaurant=B)
    assert answer.json()["code"] == "credit_max"
    assert "($ 0,00)" in answer.json()["detail"]


async def test_a_retry_with_the_same_key_answers_the_same_and_records_once(app, client, people, debt):
    first = await collect(client, people.admin, "15.00", key="cobro-0001")
    again = await collect(client, people.admin, "15.00", key="cobro-0001")
    assert first.status_code == again.status_code == 200
    assert first.json() == again.json() == {"monto_deuda_total": "0.00"}
    assert len(await collections(app)) == 1


async def test_the_same_key_with_another_request_is_refused(app, client, people, debt):
    assert (await collect(client, people.admin, "5.00", key="cobro-0002")).status_code == 200
    for credit, restaurant in (("6.00", A), ("5.00", B)):
        answer = await collect(client, people.admin, credit, restaurant=restaurant, key="cobro-0002")
        assert answer.status_code == 409 and answer.json()["code"] == "idempotency_key_reused", answer.text
    answer = await collect(client, people.admin, "6.00", key="cobro-0002", lang="en")
    assert answer.json()["detail"] == "This Idempotency-Key was already used for another collection. Send it with a new key."
    assert len(await collections(app)) == 1


async def test_a_key_of_the_wrong_length_is_refused(client, people, debt):
    for key in ("corta", "k" * 101):
        answer = await collect(client, people.admin, "1.00", key=key)
        assert (answer.status_code, answer.json()["code"]) == (400, "idempotency_key_invalid")


async def test_two_admins_collecting_the_whole_debt_at_once_collect_it_once(app, client, people, debt):
    answers = await asyncio.gather(*(collect(client, people.admin, "15.00") for _ in range(2)))
    assert sorted(answer.status_code for answer in answers) == [200, 400]
    assert {answer.json().get("code") for answer in answers} == {None, "credit_max"}
    assert [amount for _, amount, _, _ in await collections(app)] == [Decimal("15.00")]


async def test_an_unknown_restaurant_is_not_found(client, people):
    answer = await collect(client, people.admin, "1.00", restaurant=999)
    assert (answer.status_code, answer.json()) == (404, {"detail": "No encontrado."})
