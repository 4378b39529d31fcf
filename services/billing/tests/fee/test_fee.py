"""The admin sets each restaurant's application fee (spec part 2 §2 'Admin screens', §5): required,
0 to 100, two decimals; it applies to the sales paid from then on, and is announced."""
from datetime import datetime
from decimal import Decimal

import pytest
from sqlalchemy import select

from kit.outbox import OutboxMessage
from tests.helpers import A, B

URL = "/api/comision-resto/{}/"


async def fee_events(app) -> list[dict]:
    async with app.state.session_factory() as session:
        return list(await session.scalars(select(OutboxMessage.payload).where(OutboxMessage.event_type == "billing.fee.changed")))


async def test_a_restaurant_pays_the_full_plans_half_percent_until_the_admin_sets_another(client, people):
    answer = await client.get(URL.format(A), headers=people.admin)
    assert (answer.status_code, answer.json()) == (200, {"id": A, "application_fee": "0.50", "effective_at": None})


async def test_the_admin_sets_a_fee_and_it_is_announced(app, client, people):
    answer = await client.put(URL.format(A), json={"application_fee": 1.25}, headers=people.admin)
    assert answer.status_code == 200, answer.text
    assert answer.json()["application_fee"] == "1.25" and answer.json()["effective_at"]
    assert (await client.get(URL.format(A), headers=people.admin)).json() == answer.json()
    assert (await client.get(URL.format(B), headers=people.admin)).json()["application_fee"] == "0.50"
    [event] = await fee_events(app)
    assert (event["restaurant_id"], event["application_fee"]) == (A, "1.25")
    assert datetime.fromisoformat(event["effective_at"]) == datetime.fromisoformat(answer.json()["effective_at"])


async def test_setting_the_fee_it_already_has_changes_nothing(app, client, people):
    for value in ("0.50", "2", "2.00"):
        assert (await client.put(URL.format(A), json={"application_fee": value}, headers=people.admin)).status_code == 200
    assert [event["application_fee"] for event in await fee_events(app)] == ["2.00"]


@pytest.mark.parametrize("value", ["0", 0, "100", 100, "99.99", "0.01"])
async def test_the_fee_may_be_anything_from_0_to_100_with_two_decimals(client, people, value):
    answer = await client.put(URL.format(A), json={"application_fee": value}, headers=people.admin)
    assert answer.status_code == 200 and Decimal(answer.json()["application_fee"]) == Decimal(str(value))


@pytest.mark.parametrize("body, es, en", [
    ({}, "La comisión es requerida.", "The fee is required."),
    ({"application_fee": None}, "La comisión es requerida.", "The fee is required."),
    ({"application_fee": "-0.01"}, "La comisión debe estar entre 0 y 100.", "The fee must be between 0 and 100."),
    ({"application_fee": 100.01}, "La comisión debe estar entre 0 y 100.", "The fee must be between 0 and 100."),
    ({"application_fee": "1e30"}, "La comisión debe estar entre 0 y 100.", "The fee must be between 0 and 100."),
    ({"application_fee": "1.234"}, "La comisión admite a lo sumo 2 decimales.", "The fee allows at most 2 decimal places."),
    ({"application_fee": "abc"}, "Se requiere un número válido.", "A valid number is required."),
])
async def test_a_bad_fee_is_refused_with_its_message(app, client, people, body, es, en):
    answer = await client.put(URL.format(A), json=body, headers=people.admin)
    assert (answer.status_code, answer.json()) == (400, {"application_fee": [es]})
    answer = await client.put(URL.format(A), json=body, headers={**people.admin, "Accept-Language": "en"})
    assert answer.json() == {"application_fee": [en]}
    assert await fee_events(app) == []


async def test_an_unknown_restaurant_has_no_fee(client, people):
    for method, kwargs in (("GET", {}), ("PUT", {"json": {"application_fee": "1"}})):
        answer = await client.request(method, URL.format(999), headers=people.admin, **kwargs)
        assert (answer.status_code, answer.json()) == (404, {"detail": "No encontrado."})


async def test_only_an_admin_sets_or_reads_the_fee(client, people):
    for who in (people.owner_a, people.operator_a, people.client):
        assert (await client.put(URL.format(A), json={"application_fee": "9"}, headers=who)).status_code == 403
        assert (await client.get(URL.format(A), headers=who)).status_code == 403
    assert (await client.get(URL.format(A), headers=people.admin)).json()["application_fee"] == "0.50"
