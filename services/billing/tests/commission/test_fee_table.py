"""The admin's fee table (spec part 2 §2 'Admin screens', §3 'Restaurant fee row', §7): every
restaurant with its sales, commission and collections in the period and what it owes now, paged 20
at a time, searchable and sortable."""
from datetime import date

import pytest

from contracts import identity
from tests.helpers import A, B, OWNER_B, at, created, deliver, ledger_figures, line, money_text, payment

URL = "/api/obtener-balance/resto-fee/"
OCT_1, OCT_20 = date(2026, 10, 1), date(2026, 10, 20)


@pytest.fixture
async def month(app, client, people):
    await deliver(
        app,
        payment(line(price="1000.00", quantity=2), line("Flan", price="100.00"), paid_at=at(OCT_1)),
        payment(line(price="3000.00"), method="online", paid_at=at(OCT_20)),
        payment(line(price="400.00"), restaurant=B, method="debit", paid_at=at(OCT_1)),
    )
    answer = await client.post("/api/control-fee/paga-comision/", params={"resto": A}, json={"credit": "4.00"}, headers=people.admin)
    assert answer.status_code == 200, answer.text


async def table(client, people, **params):
    answer = await client.get(URL, params=params, headers=people.admin)
    assert answer.status_code == 200, answer.text
    return answer.json()


async def test_each_restaurant_with_its_figures(client, people, month):
    found = await table(client, people)
    assert found["count"] == 2
    assert found["results"] == [
        {"id_resto": A, "nombre_local": "La Esquina", "fk_user": {"username": "dueno.a@example.com"}, "total_orders": 3,
         "application_fee": "0.50", "importe_total": "5100.00", "importe_resto": "25.50", "saldo_pagado": "4.00",
         "cta_cte_resto": "6.50"},
        {"id_resto": B, "nombre_local": "Pampa", "fk_user": {"username": "dueno.b@example.com"}, "total_orders": 1,
         "application_fee": "0.50", "importe_total": "400.00", "importe_resto": "2.00", "saldo_pagado": "0.00",
         "cta_cte_resto": "2.00"},
    ]


async def test_the_periods_figures_are_the_ledgers_sums_and_the_debt_is_to_date(app, client, people, month):
    found = await table(client, people, date_start="2026-10-01", date_end="2026-10-19")
    row = next(r for r in found["results"] if r["id_resto"] == A)
    figures = await ledger_figures(app, A, OCT_1, date(2026, 10, 19))
    assert (row["importe_total"], row["importe_resto"]) == (money_text(figures["importe_total"]), money_text(figures["importe_resto"]))
    assert (row["importe_total"], row["importe_resto"], row["total_orders"]) == ("2100.00", "10.50", 2)
    assert row["saldo_pagado"] == "0.00"  # collected today, outside the period
    assert row["cta_cte_resto"] == money_text(figures["cta_cte_resto"]) == "6.50"


async def test_the_fee_shown_is_the_one_in_force_now(client, people, month):
    await client.put(f"/api/comision-resto/{B}/", json={"application_fee": "3"}, headers=people.admin)
    found = await table(client, people, search="Pampa")
    assert [(r["id_resto"], r["application_fee"]) for r in found["results"]] == [(B, "3.00")]


async def test_search_finds_the_local_name_or_the_owners_username(client, people, month):
    assert [r["id_resto"] for r in (await table(client, people, search="esquina"))["results"]] == [A]
    assert [r["id_resto"] for r in (await table(client, people, search="dueno.b"))["results"]] == [B]
    assert (await table(client, people, search="%"))["count"] == 0


@pytest.mark.parametrize("ordering, expected", [
    ("-importe_total", [A, B]), ("importe_total", [B, A]), ("nombre_local", [A, B]), ("-nombre_local", [B, A]),
    ("cta_cte_resto", [B, A]), ("-total_orders", [A, B]), ("username", [A, B]), ("-id_resto", [B, A]), ("nonsense", [A, B]),
])
async def test_the_table_is_sorted_by_any_of_its_columns(client, people, month, ordering, expected):
    assert [r["id_resto"] for r in (await table(client, people, ordering=ordering))["results"]] == expected


async def test_twenty_rows_a_page_and_every_row_without_paging(app, client, people):
    await deliver(app, *(created(A).model_copy(update={"restaurant_id": 100 + n, "nombre_local": f"Local {n:02}"}) for n in range(23)))
    first = await table(client, people)
    assert (len(first["results"]), first["count"]) == (20, 25)
    assert len((await table(client, people, page=2))["results"]) == 5
    assert len((await table(client, people, size=10))["results"]) == 10
    every = await table(client, people, paginate=0)
    assert isinstance(every, list) and len(every) == 25


async def test_a_deleted_restaurant_stays_while_it_owes(app, client, people, month):
    await deliver(app, identity.RestaurantDeleted(restaurant_id=B, owner_id=OWNER_B))
    assert {r["id_resto"] for r in (await table(client, people))["results"]} == {A, B}
    await client.post("/api/control-fee/paga-comision/", params={"resto": B}, json={"credit": "2.00"}, headers=people.admin)
    assert {r["id_resto"] for r in (await table(client, people))["results"]} == {A}


async def test_a_bad_date_is_a_400_naming_its_field(client, people):
    answer = await client.get(URL, params={"date_start": "2026-10-10", "date_end": "2026-10-01"}, headers=people.admin)
    assert (answer.status_code, answer.json()) == (400, {"date_end": ["La fecha final no puede ser anterior a la inicial."]})
    answer = await client.get(URL, params={"date_start": "10-10-2026"}, headers=people.admin)
    assert (answer.status_code, answer.json()) == (400, {"date_start": ["Fecha inválida: use el formato AAAA-MM-DD."]})


async def test_only_an_admin_sees_the_table(client, people):
    for who in (people.owner_a, people.operator_a, people.client):
        assert (await client.get(URL, headers=who)).status_code == 403
