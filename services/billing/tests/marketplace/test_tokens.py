"""The sellers' tokens are renewed before they expire, each refresh token used once (replicas take
turns), renewed on use when the provider says one expired, and dropped, with the restaurants'
links, when the provider will not renew them."""
import asyncio
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import text

from simulators.mercadopago import CLIENT_ID, CLIENT_SECRET, seller_id
from tests.helpers import A
from tests.marketplace.steps import C, announced, link, links, rows, second_restaurant_of_a, tokens

SELLER = seller_id("vendedor@example.com")
MARGIN = timedelta(days=30)


async def expiring_in(app, delta: timedelta) -> None:
    async with app.state.session_factory() as session, session.begin():
        await session.execute(text("UPDATE mp_account SET expires_at = :at"), {"at": datetime.now(UTC) + delta})


async def refresh_round(app) -> int:
    marketplace = app.state.marketplace
    return await marketplace.accounts.refresh_due(app.state.background_session_factory, MARGIN)


async def provider_refresh(simulator, refresh_token: str):
    return await simulator.post("/oauth/token", data={"client_id": CLIENT_ID, "client_secret": CLIENT_SECRET,
                                                      "grant_type": "refresh_token", "refresh_token": refresh_token})


async def test_tokens_are_renewed_before_they_expire_and_the_old_refresh_token_is_dead(app, client, people, simulator):
    await link(client, people.owner_a)
    await expiring_in(app, timedelta(days=10))
    old_access, old_refresh = await tokens(app, SELLER)
    assert await refresh_round(app) == 1
    new_access, new_refresh = await tokens(app, SELLER)
    assert (new_access, new_refresh) != (old_access, old_refresh)
    [(expires_at,)] = await rows(app, "SELECT expires_at FROM mp_account")
    assert expires_at - datetime.now(UTC) > timedelta(days=179)
    assert (await provider_refresh(simulator, old_refresh)).json()["error"] == "invalid_grant"
    assert await refresh_round(app) == 0  # nothing is due any more
    assert await links(app) == [(A, SELLER, 1)]


async def test_a_token_far_from_its_expiry_is_left_alone(app, client, people, simulator):
    await link(client, people.owner_a)
    before = await tokens(app, SELLER)
    assert await refresh_round(app) == 0
    assert await tokens(app, SELLER) == before


async def test_two_replicas_renewing_at_once_use_the_refresh_token_once(app, client, people, simulator):
    await link(client, people.owner_a)
    await expiring_in(app, timedelta(days=1))
    await simulator.put("/_control/settings", json={"delay_ms": 200})  # both rounds overlap the provider's answer
    renewed = await asyncio.gather(refresh_round(app), refresh_round(app))
    assert sorted(renewed) == [0, 1]
    await simulator.put("/_control/settings", json={"delay_ms": 0})
    _, stored_refresh = await tokens(app, SELLER)
    assert (await provider_refresh(simulator, stored_refresh)).status_code == 200  # the stored one is the live one
    assert await links(app) == [(A, SELLER, 1)]


async def test_a_provider_that_is_down_keeps_the_tokens_for_the_next_round(app, client, people, simulator):
    await link(client, people.owner_a)
    await expiring_in(app, timedelta(days=2))
    before = await tokens(app, SELLER)
    await simulator.post("/_control/failures", json={"endpoint": "oauth", "kind": "server_error", "status": 503})
    assert await refresh_round(app) == 0
    assert await tokens(app, SELLER) == before and await links(app) == [(A, SELLER, 1)]
    assert await refresh_round(app) == 1


async def test_a_refresh_the_provider_refuses_unlinks_every_restaurant_of_the_account(app, client, people, simulator):
    await second_restaurant_of_a(app)
    await link(client, people.owner_a, A)
    await link(client, people.owner_a, C)
    await simulator.put("/_control/settings", json={"webhook_url": None})  # the notice is lost: the refresh finds out
    await simulator.post("/_control/deauthorize", json={"user_id": SELLER})
    await expiring_in(app, timedelta(days=3))
    assert await refresh_round(app) == 0
    assert await links(app) == [] and await rows(app, "SELECT * FROM mp_account") == []
    assert await announced(app) == [("billing.marketplace.linked", A), ("billing.marketplace.linked", C),
                                    ("billing.marketplace.unlinked", A), ("billing.marketplace.unlinked", C)]


async def test_a_token_the_provider_says_expired_is_renewed_and_the_call_made_again(app, client, people, simulator):
    await link(client, people.owner_a)
    before = await tokens(app, SELLER)
    await simulator.post("/_control/failures", json={"endpoint": "balance", "kind": "expired_token"})
    answer = await client.get(f"/api/obtener-balance/{A}/", headers=people.owner_a)
    assert answer.status_code == 200, answer.text
    assert (await tokens(app, SELLER))[0] != before[0]


async def test_a_token_about_to_expire_is_renewed_before_it_is_used(app, client, people, simulator):
    await link(client, people.owner_a)
    await expiring_in(app, timedelta(minutes=1))
    before = await tokens(app, SELLER)
    assert (await client.get(f"/api/obtener-balance/{A}/", headers=people.owner_a)).status_code == 200
    assert (await tokens(app, SELLER))[1] != before[1]
    assert (await provider_refresh(simulator, before[1])).json()["error"] == "invalid_grant"


@pytest.mark.parametrize("marketplace_env", [{"MERCADOPAGO_REFRESH_POLL_SECONDS": "0.1"}])
async def test_the_refresh_job_runs_on_its_own(app, client, people, simulator, marketplace_env):
    await link(client, people.owner_a)
    await expiring_in(app, timedelta(days=5))
    for _ in range(100):
        [(expires_at,)] = await rows(app, "SELECT expires_at FROM mp_account")
        if expires_at - datetime.now(UTC) > timedelta(days=179):
            break
        await asyncio.sleep(0.05)
    assert expires_at - datetime.now(UTC) > timedelta(days=179)
