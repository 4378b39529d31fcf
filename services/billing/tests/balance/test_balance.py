"""The balance screen's four figures for a period and payment type (spec part 2 §2 'Balance
screen', §7): sales, the commission on them, the restaurant's income, and the commission owed
to date. An operator sees only what was charged in cash, never the current account."""
from datetime import UTC, date, datetime
from decimal import Decimal

import pytest

from kit import localtime
from tests.helpers import A, at, deliver, ledger_figures, line, money_text, payment

OCT_1, OCT_2, OCT_10 = date(2026, 10, 1), date(2026, 10, 2), date(2026, 10, 10)
URL = "/api/obtener-balance/resto-balance/"


@pytest.fixture
async def month(app, people):
    """A's October: cash 1,001.00 and debit 500.00 on the 1st (one at 23:30 local), credit 200.00
    on the 2nd, online 2,000.00 on the 10th; a sale of B's."""
    await deliver(
        app,
        payment(line(price="1001.00"), paid_at=at(OCT_1, 12)),
        payment(line("Milanesa", "Principales", "250.00", 2), method="debit", paid_at=at(OCT_1, 23, 30)),
        payment(line("Flan", "Postres", "100.00", 2), method="credit", paid_at=at(OCT_2)),
        payment(line(price="2000.00"), method="online", paid_at=at(OCT_10)),
        payment(line(price="999.00"), restaurant=20, paid_at=at(OCT_1)),
    )


async def ask(client, headers, **body):
    return await client.post(URL, json={"fk_resto": A, **body}, headers=headers)


def as_text(figures: dict) -> dict:
    return {name: money_text(value) for name, value in figures.items()}


async def test_the_owner_sees_sales_commission_income_and_what_is_owed(client, people, month):
    answer = await ask(client, people.owner_a, payment_type="all", start_date="2026-10-01", end_date="2026-10-31")
    assert answer.status_code == 200, answer.text
    # commission 5.01 + 2.50 + 1.00 owed at the counter, 10.00 retained online
    assert answer.json() == {
        "importe_total": "3701.00", "importe_resto": "18.51", "ingreso_restaurante": "3682.49", "cta_cte_resto": "8.51",
    }


async def test_the_day_is_the_one_of_the_platforms_time_zone_setting(app, client, people):
    """RESTAURANT_TIMEZONE (kit.localtime, every service's one setting) names the day, not a zone
    of billing's own: 02:30 UTC on the 2nd is still the 1st in Buenos Aires, already the 2nd in Madrid."""
    default = localtime.zone()
    localtime.configure("Europe/Madrid")
    try:
        await deliver(app, payment(line(price="70.00"), paid_at=datetime(2026, 10, 2, 2, 30, tzinfo=UTC)))
    finally:
        localtime.configure(default.key)
    answer = await ask(client, people.owner_a, start_date="2026-10-02", end_date="2026-10-02")
    assert answer.json()["importe_total"] == "70.00"
    answer = await ask(client, people.owner_a, start_date="2026-10-01", end_date="2026-10-01")
    assert answer.json()["code"] == "no_sales_in_range"


@pytest.mark.parametrize("payment_type, method", [
    ("Efectivo", "cash"), ("1", "cash"), (1, "cash"), ("Debito", "debit"), ("Débito", "debit"), ("2", "debit"),
    ("Credito", "credit"), (3, "credit"), ("MercadoPago", "online"), ("4", "online"), ("all", None), (None, None),
])
async def test_every_figure_is_the_ledgers_sum_for_the_same_filter(app, client, people, month, payment_type, method):
    body = {"start_date": "2026-10-01", "end_date": "2026-10-10"}
    if payment_type is not None:
        body["payment_type"] = payment_type
    answer = await ask(client, people.owner_a, **body)
    assert answer.json() == as_text(await ledger_figures(app, A, OCT_1, OCT_10, method)), payment_type


async def test_the_current_account_is_to_date_whatever_the_period(client, people, month):
    answer = await ask(client, people.owner_a, start_date="2026-10-10", end_date="2026-10-10")
    assert answer.json() == {"importe_total": "2000.00", "importe_resto": "10.00", "ingreso_restaurante": "1990.00", "cta_cte_resto": "8.51"}


async def test_nothing_in_the_period_answers_a_detail(client, people, month):
    answer = await ask(client, people.owner_a, start_date="2026-09-01", end_date="2026-09-30")
    assert answer.status_code == 200
    assert answer.json() == {"detail": "No hay ventas en el período seleccionado.", "code": "no_sales_in_range"}
    answer = await client.post(URL, json={"fk_resto": A, "start_date": "2026-11-01"}, headers={**people.owner_a, "Accept-Language": "en"})
    assert answer.json()["detail"] == "There are no sales in the selected period."
    # an operator's range with sales, but none in cash
    answer = await ask(client, people.operator_a, start_date="2026-10-02", end_date="2026-10-10")
    assert answer.json()["code"] == "no_sales_in_range"


@pytest.mark.parametrize("body, field, es, en", [
    ({"payment_type": "Cheque"}, "payment_type",
     "Medio de pago inválido: use all, Efectivo, Debito, Credito, MercadoPago o 1 a 4.",
     "Invalid payment type: use all, Efectivo, Debito, Credito, MercadoPago or 1 to 4."),
    ({"payment_type": 5}, "payment_type",
     "Medio de pago inválido: use all, Efectivo, Debito, Credito, MercadoPago o 1 a 4.",
     "Invalid payment type: use all, Efectivo, Debito, Credito, MercadoPago or 1 to 4."),
    ({"start_date": "01/10/2026"}, "start_date", "Fecha inválida: use el formato AAAA-MM-DD.", "Invalid date: use the YYYY-MM-DD format."),
    ({"end_date": "2026-02-30"}, "end_date", "Fecha inválida: use el formato AAAA-MM-DD.", "Invalid date: use the YYYY-MM-DD format."),
    ({"start_date": "2026-10-05", "end_date": "2026-10-01"}, "end_date",
     "La fecha final no puede ser anterior a la inicial.", "The end date cannot be before the start date."),
])
async def test_a_bad_filter_is_a_400_naming_its_field(client, people, body, field, es, en):
    answer = await ask(client, people.owner_a, **body)
    assert (answer.status_code, answer.json()) == (400, {field: [es]})
    answer = await ask(client, {**people.owner_a, "Accept-Language": "en"}, **body)
    assert answer.json() == {field: [en]}


async def test_the_restaurant_is_required_and_an_unknown_one_is_not_found(client, people):
    answer = await client.post(URL, json={}, headers=people.admin)
    assert (answer.status_code, answer.json()) == (400, {"fk_resto": ["Este campo es requerido."]})
    answer = await client.post(URL, json={"fk_resto": 999}, headers=people.admin)
    assert (answer.status_code, answer.json()) == (404, {"detail": "No encontrado."})


async def test_an_admin_sees_any_restaurants_balance(client, people, month):
    answer = await ask(client, people.admin, start_date="2026-10-01", end_date="2026-10-31")
    assert answer.json()["importe_total"] == "3701.00" and answer.json()["cta_cte_resto"] == "8.51"
    assert Decimal(answer.json()["importe_total"]) - Decimal(answer.json()["importe_resto"]) == Decimal(answer.json()["ingreso_restaurante"])
