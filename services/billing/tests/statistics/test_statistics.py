"""The statistics screen (spec part 2 §2 'Statistics screen', §7): per dish, what the restaurant sold
in a period and payment type, 10 rows a page, every row for the chart, and the total."""
from datetime import date

import pytest

from tests.helpers import A, B, at, deliver, ledger_statistics, line, money_text, payment

OCT_1, OCT_2, OCT_31 = date(2026, 10, 1), date(2026, 10, 2), date(2026, 10, 31)
URL = "/api/obtener-balance/resto-statistics/"


@pytest.fixture
async def month(app, people):
    await deliver(
        app,
        payment(line("Empanada", "Entradas", "100.00", 3), line("Flan", "Postres", "80.00", 1), paid_at=at(OCT_1)),
        payment(line("Empanada", "Entradas", "100.00", 2), method="debit", paid_at=at(OCT_1, 23, 30)),
        payment(line("Milanesa", "Principales", "250.50", 2), method="online", paid_at=at(OCT_2)),
        payment(line("Pizza", "Principales", "300.00", 9), restaurant=B, paid_at=at(OCT_1)),
    )


async def stats(client, headers, **params):
    answer = await client.get(URL, params={"pk": A, **params}, headers=headers)
    assert answer.status_code == 200, answer.text
    return answer.json()


def as_rows(found: list) -> list[dict]:
    return [{"group_menu": g, "dish_name": d, "quantity": q, "amount": money_text(a)} for g, d, q, a in found]


async def test_each_dish_sold_with_its_category_quantity_and_amount_most_sold_first(client, people, month):
    assert await stats(client, people.owner_a, start_date="2026-10-01", end_date="2026-10-31", payment_type="all") == {
        "results": [
            {"group_menu": "Entradas", "dish_name": "Empanada", "quantity": 5, "amount": "500.00"},
            {"group_menu": "Principales", "dish_name": "Milanesa", "quantity": 2, "amount": "501.00"},
            {"group_menu": "Postres", "dish_name": "Flan", "quantity": 1, "amount": "80.00"},
        ],
        "count": 3,
        "total_amount": "1081.00",
    }


@pytest.mark.parametrize("params, method, start, end", [
    ({}, None, None, None),
    ({"payment_type": "Efectivo"}, "cash", None, None),
    ({"payment_type": "2"}, "debit", None, None),
    ({"payment_type": "MercadoPago"}, "online", None, None),
    ({"payment_type": "Credito"}, "credit", None, None),
    ({"start_date": "2026-10-01", "end_date": "2026-10-01"}, None, OCT_1, OCT_1),  # 23:30 local is still the 1st
    ({"start_date": "2026-10-02"}, None, OCT_2, None),
    ({"end_date": "2026-10-01", "payment_type": "4"}, "online", None, OCT_1),
])
async def test_every_row_and_the_total_are_the_ledgers_sums_for_the_same_filter(app, client, people, month, params, method, start, end):
    expected = as_rows(await ledger_statistics(app, A, start, end, method))
    found = await stats(client, people.owner_a, **params)
    assert found["results"] == expected
    assert found["count"] == len(expected)
    assert found["total_amount"] == money_text(sum(a for *_, a in await ledger_statistics(app, A, start, end, method)) or 0)


async def test_ten_rows_a_page_and_every_row_for_the_chart(app, client, people):
    await deliver(app, *(payment(line(f"Plato {n:02}", "Carta", "10.00", 30 - n), paid_at=at(OCT_1)) for n in range(25)))
    first = await stats(client, people.owner_a)
    assert (len(first["results"]), first["count"], first["total_amount"]) == (10, 25, money_text(sum(10 * (30 - n) for n in range(25))))
    assert [row["dish_name"] for row in first["results"]] == [f"Plato {n:02}" for n in range(10)]
    third = await stats(client, people.owner_a, page=3)
    assert [row["dish_name"] for row in third["results"]] == [f"Plato {n:02}" for n in range(20, 25)]
    chart = await stats(client, people.owner_a, paginate=0)
    assert (len(chart["results"]), chart["count"], chart["total_amount"]) == (25, 25, first["total_amount"])
    assert len((await stats(client, people.owner_a, size=-1))["results"]) == 25
    assert len((await stats(client, people.owner_a, size=20))["results"]) == 20


async def test_a_period_without_sales_has_no_rows(client, people, month):
    assert await stats(client, people.owner_a, start_date="2026-09-01", end_date="2026-09-30") == {
        "results": [], "count": 0, "total_amount": "0.00"}


async def test_statistics_are_the_owners_and_the_admins_not_an_operators(client, people, month):
    assert (await stats(client, people.admin))["count"] == 3
    answer = await client.get(URL, params={"pk": A}, headers=people.operator_a)
    assert answer.status_code == 403
    answer = await client.get(URL, params={"pk": A}, headers=people.owner_b)
    assert (answer.status_code, answer.json()) == (404, {"detail": "No encontrado."})


async def test_a_bad_payment_type_or_date_is_a_400_naming_its_field(client, people):
    answer = await client.get(URL, params={"pk": A, "payment_type": "Cheque"}, headers={**people.owner_a, "Accept-Language": "en"})
    assert (answer.status_code, answer.json()) == (400, {"payment_type": ["Invalid payment type: use all, Efectivo, Debito, Credito, MercadoPago or 1 to 4."]})
    answer = await client.get(URL, params={"pk": A, "start_date": "ayer"}, headers=people.owner_a)
    assert (answer.status_code, answer.json()) == (400, {"start_date": ["Fecha inválida: use el formato AAAA-MM-DD."]})
