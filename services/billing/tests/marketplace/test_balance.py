"""`obtener-balance/{id}/`: the linked account's balance at the provider for the owner's cards; a
restaurant that is not linked is 'not found', which the screen shows as dashes and a warning."""
import pytest

from simulators.mercadopago import seller_id
from tests.helpers import A
from tests.marketplace.steps import C, link, second_restaurant_of_a

SELLER = seller_id("vendedor@example.com")


async def test_the_owner_sees_the_providers_available_to_liquidate_pending_review_and_total(client, people, simulator):
    await link(client, people.owner_a)
    await simulator.put(f"/_control/accounts/{SELLER}/balance",
                        json={"available": "1000", "unavailable": "250.5", "pending_to_review": "40"})
    answer = await client.get(f"/api/obtener-balance/{A}/", headers=people.owner_a)
    assert answer.status_code == 200, answer.text
    assert answer.json() == {"available_balance": "1000.00", "unavailable_balance": "250.50",
                             "pending_to_review": "40.00", "total_amount": "1250.50", "currency_id": "ARS"}


async def test_restaurants_sharing_an_account_show_its_one_balance(app, client, people, simulator):
    await second_restaurant_of_a(app)
    await link(client, people.owner_a, A)
    await link(client, people.owner_a, C)
    await simulator.put(f"/_control/accounts/{SELLER}/balance", json={"available": "10"})
    for restaurant in (A, C):
        assert (await client.get(f"/api/obtener-balance/{restaurant}/", headers=people.owner_a)).json()["available_balance"] == "10.00"


async def test_a_restaurant_that_is_not_linked_is_not_found(client, people, simulator):
    answer = await client.get(f"/api/obtener-balance/{A}/", headers=people.owner_a)
    assert (answer.status_code, answer.json()) == (404, {"detail": "No encontrado."})


async def test_a_restaurant_unlinked_because_the_provider_refuses_its_tokens_is_not_found(app, client, people, simulator):
    await link(client, people.owner_a)
    await simulator.put("/_control/settings", json={"webhook_url": None})
    await simulator.post("/_control/deauthorize", json={"user_id": SELLER})
    answer = await client.get(f"/api/obtener-balance/{A}/", headers=people.owner_a)
    assert (answer.status_code, answer.json()) == (404, {"detail": "No encontrado."})
    state = await client.post("/api/restaurant-atributes/obtener-estado-mp/", json={"fk_resto": A}, headers=people.owner_a)
    assert state.json()["mp_active"] is False


@pytest.mark.parametrize(("failure", "code"), [
    ({"kind": "server_error", "status": 502}, "provider_unreachable"),
    ({"kind": "timeout", "seconds": 2}, "provider_unreachable"),
    ({"kind": "forbidden"}, "balance_unavailable"),
])
async def test_a_provider_that_fails_or_refuses_the_balance_is_a_502_with_its_code(client, people, simulator, failure, code):
    await link(client, people.owner_a)
    await simulator.post("/_control/failures", json={"endpoint": "balance", **failure})
    answer = await client.get(f"/api/obtener-balance/{A}/", headers={**people.owner_a, "Accept-Language": "en"})
    assert (answer.status_code, answer.json()["code"]) == (502, code)
    assert (await client.get(f"/api/obtener-balance/{A}/", headers=people.owner_a)).status_code == 200


async def test_the_named_balance_paths_are_not_taken_for_a_restaurant_id(client, people, simulator):
    answer = await client.post("/api/obtener-balance/resto-balance/", json={"fk_resto": A}, headers=people.owner_a)
    assert answer.status_code == 200 and answer.json()["code"] == "no_sales_in_range"


async def test_tokens_that_do_not_open_with_the_key_answer_not_configured_and_change_nothing(app, client, people, simulator):
    from sqlalchemy import text

    from tests.marketplace.steps import links

    await link(client, people.owner_a)
    async with app.state.session_factory() as session, session.begin():  # one column's ciphertext in the other
        await session.execute(text("UPDATE mp_account SET access_token = refresh_token"))
    answer = await client.get(f"/api/obtener-balance/{A}/", headers=people.owner_a)
    assert (answer.status_code, answer.json()["code"]) == (503, "marketplace_not_configured")
    assert await links(app) == [(A, SELLER, 1)]
