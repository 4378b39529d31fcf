"""Tenancy for every endpoint: B's owner, B's operator and an operator of no restaurant find nothing
of A's (as if it did not exist), A's operator reaches only the balance (cash, no current account), clients reach
nothing, the admin's calls are the admin's alone, and nobody anonymous gets in."""
import pytest

from tests.helpers import A, deliver, ledger, line, payment

# (name, method, url, json, who of A's staff may call it)
CALLS = [
    ("the balance", "POST", "/api/obtener-balance/resto-balance/", {"fk_resto": A}, "staff"),
    ("the statistics", "GET", f"/api/obtener-balance/resto-statistics/?pk={A}", None, "owner"),
    ("the fee table", "GET", "/api/obtener-balance/resto-fee/", None, "admin"),
    ("read the fee", "GET", f"/api/comision-resto/{A}/", None, "admin"),
    ("set the fee", "PUT", f"/api/comision-resto/{A}/", {"application_fee": "9.00"}, "admin"),
    ("collect a commission", "POST", f"/api/control-fee/paga-comision/?resto={A}", {"credit": "1.00"}, "admin"),
]
IDS = [c[0] for c in CALLS]


@pytest.fixture
async def sales(app, people):
    await deliver(app, payment(line(price="1000.00")), payment(line(price="1000.00"), method="debit"))


async def call(client, headers, spec):
    _, method, url, body, _ = spec
    return await client.request(method, url, headers=headers, json=body)


@pytest.mark.parametrize("spec", CALLS, ids=IDS)
async def test_another_restaurants_owner_a_stranger_a_client_and_nobody_cannot_reach_a(app, client, people, sales, spec):
    before = await ledger(app)
    admin_only = spec[4] == "admin"
    for who in (people.owner_b, people.operator_b, people.stranger):
        answer = await call(client, who, spec)
        if admin_only or (spec[4] == "owner" and who is not people.owner_b):
            assert answer.status_code == 403, (spec[0], answer.text)  # refused for what they are, before any restaurant
        else:
            assert (answer.status_code, answer.json()) == (404, {"detail": "No encontrado."}), (spec[0], answer.text)
    assert (await call(client, people.client, spec)).status_code == 403
    assert (await call(client, {}, spec)).status_code == 401
    assert await ledger(app) == before
    assert (await client.get(f"/api/comision-resto/{A}/", headers=people.admin)).json()["application_fee"] == "0.50"


@pytest.mark.parametrize("spec", CALLS, ids=IDS)
async def test_as_owner_operator_and_admin(client, people, sales, spec):
    allowed = {"staff": {"owner", "operator", "admin"}, "owner": {"owner", "admin"}, "admin": {"admin"}}[spec[4]]
    for name, who in (("owner", people.owner_a), ("operator", people.operator_a), ("admin", people.admin)):
        answer = await call(client, who, spec)
        assert (answer.status_code == 200) == (name in allowed), (spec[0], name, answer.status_code, answer.text)
        if name not in allowed:
            assert answer.status_code == 403


async def test_an_operator_never_sees_the_current_account(client, people, sales):
    answer = await client.post("/api/obtener-balance/resto-balance/", json={"fk_resto": A}, headers=people.operator_a)
    assert answer.json() == {"importe_total": "1000.00", "importe_resto": "5.00", "ingreso_restaurante": "995.00"}
    answer = await client.post("/api/obtener-balance/resto-balance/", json={"fk_resto": A}, headers=people.owner_a)
    assert answer.json()["cta_cte_resto"] == "10.00"
