"""Anonymous checkout calls are throttled per address, per table token and per charge (issue 38),
and a result page asked the same thing again is answered from what billing knows, not with a new
provider call: no diner can spend a restaurant's provider rate limit."""
import asyncio
import time

import pytest

from tests.checkout.steps import PAY, T11, T12, key, payment_reads, rows

STATE = "/api/pagar-orden/mercadopago/estado/"


@pytest.fixture
async def limited(world, monkeypatch):
    """Small limits, and a minute window with room left (a fixed window restarts on the minute)."""
    settings = world.app.state.settings
    for name, value in {"anonymous_per_address_per_minute": 8, "anonymous_per_table_per_minute": 3,
                        "anonymous_per_charge_per_minute": 3}.items():
        monkeypatch.setattr(settings, name, value)
    if time.time() % 60 > 45:
        await asyncio.sleep(61 - time.time() % 60)
    return world


async def reference(world, charge: dict) -> str:
    [(found,)] = await rows(world.app, "SELECT reference FROM checkout_charge WHERE id = :id", id=charge["charge"])
    return found


async def test_a_charges_state_is_answered_a_few_times_a_minute_then_429(limited):
    world = limited
    await world.delivered(11)
    charge = await world.pay()
    ref = await reference(world, charge)
    for _ in range(3):
        assert (await world.client.get(f"{STATE}?ref={ref}")).status_code == 200
    refused = await world.client.get(f"{STATE}?ref={ref}")
    assert refused.status_code == 429 and refused.json()["code"] == "too_many_requests"
    assert refused.json()["detail"].startswith("Demasiados pedidos de pago seguidos.")
    assert 0 < int(refused.headers["Retry-After"]) <= 60
    english = await world.client.get(f"{STATE}?ref={ref}", headers={"Accept-Language": "en"})
    assert english.json()["detail"].startswith("Too many payment requests in a row.")


async def test_a_tables_checkouts_are_throttled_per_token_not_for_the_next_table(limited):
    world = limited
    for _ in range(3):
        assert (await world.client.get(f"{PAY}?t={T11}")).status_code == 200
    assert (await world.client.get(f"{PAY}?t={T11}")).status_code == 429
    assert (await world.client.post(PAY, json={"t": T11, "mode": "tab"}, headers=key())).status_code == 429
    assert (await world.client.get(f"{PAY}?t={T12}")).status_code == 200


async def test_one_address_is_throttled_and_another_is_not(limited):
    world = limited
    tokens = [f"token-{n}" for n in range(8)]  # unknown tokens: each table's own limit never fills
    for token in tokens:
        answer = await world.client.get(f"{PAY}?t={token}", headers={"X-Forwarded-For": "203.0.113.7"})
        assert answer.status_code == 404
    refused = await world.client.get(f"{PAY}?t=token-9", headers={"X-Forwarded-For": "203.0.113.7"})
    assert refused.status_code == 429
    # only the right-most address is the gateway's: a forged one before it changes nothing
    forged = await world.client.get(f"{PAY}?t=token-9", headers={"X-Forwarded-For": "198.51.100.1, 203.0.113.7"})
    assert forged.status_code == 429
    assert (await world.client.get(f"{PAY}?t=token-9", headers={"X-Forwarded-For": "203.0.113.8"})).status_code == 404


async def test_a_result_page_asked_again_spends_no_new_provider_call(world):
    await world.delivered(11)
    charge = await world.pay()
    ref = await reference(world, charge)
    payment_id = await world.at_provider(charge["init_point"], "pending")  # still pending at the provider
    with payment_reads(world.app) as asked:
        for _ in range(3):
            seen = await world.client.get(f"{STATE}?ref={ref}&payment_id={payment_id}")
            assert seen.json()["state"] == "pending"
    assert asked == [str(payment_id)]
