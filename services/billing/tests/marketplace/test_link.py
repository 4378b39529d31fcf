"""Linking a restaurant to its owner's marketplace account: the authorization page with a state
unique per attempt that carries the restaurant, the code exchanged once, the tokens stored
encrypted, and every refusal with its code (spec part 2 §2 'Payment-provider screens', §8)."""
from datetime import UTC, datetime, timedelta
from urllib.parse import parse_qs, urlsplit

import pytest

from simulators.mercadopago import CLIENT_ID, seller_id
from tests.helpers import A, B
from tests.marketplace.steps import (
    C, announced, at_provider, authorize, link, links, rows, second_restaurant_of_a, start, tokens,
)

SELLER = seller_id("vendedor@example.com")


async def test_the_owner_is_sent_to_the_providers_authorization_with_a_state_per_attempt_that_carries_the_restaurant(
        app, client, people, simulator):
    first, second = await start(client, people.owner_a), await start(client, people.owner_a)
    query = {k: v[0] for k, v in parse_qs(urlsplit(first["url"]).query).items()}
    assert first["url"].startswith(f"{simulator.base_url}/authorization?")
    assert query == {"client_id": CLIENT_ID, "response_type": "code", "platform_id": "mp", "state": first["state"],
                     "redirect_uri": f"{app.state.settings.public_base_url}/restaurante/autorizacion/"}
    assert first["state"].startswith(f"{A}.") and second["state"].startswith(f"{A}.")
    assert first["state"] != second["state"] and len(first["state"]) > 40
    expires = datetime.fromisoformat(first["expires_at"])
    assert timedelta(minutes=9) < expires - datetime.now(UTC) <= timedelta(minutes=10)


async def test_linking_stores_the_account_says_so_and_announces_it(app, client, people, simulator):
    answer = await link(client, people.owner_a)
    assert answer.status_code == 200, answer.text
    assert answer.json()["fk_resto"] == A and answer.json()["mp_active"] is True
    assert await links(app) == [(A, SELLER, 1)]
    assert await announced(app) == [("billing.marketplace.linked", A)]
    state = await client.post("/api/restaurant-atributes/obtener-estado-mp/", json={"fk_resto": A}, headers=people.owner_a)
    assert state.json() == answer.json()
    other = await client.post("/api/restaurant-atributes/obtener-estado-mp/", json={"fk_resto": B}, headers=people.owner_b)
    assert other.json() == {"fk_resto": B, "mp_active": False, "linked_at": None}


async def test_the_tokens_are_never_stored_in_clear(app, client, people, simulator):
    await link(client, people.owner_a)
    [(access, refresh, expires_at)] = await rows(app, "SELECT access_token, refresh_token, expires_at FROM mp_account")
    for stored in (access, refresh):
        assert b"APP_USR" not in stored and b"TG-" not in stored and str(SELLER).encode() not in stored
    clear_access, clear_refresh = await tokens(app, SELLER)
    assert clear_access.startswith("APP_USR-") and clear_refresh.startswith("TG-")
    assert clear_access.encode() not in access and clear_refresh.encode() not in refresh
    me = await simulator.get("/users/me", headers={"Authorization": f"Bearer {clear_access}"})
    assert me.json()["id"] == SELLER  # what was sealed is the provider's working token
    assert timedelta(days=179) < expires_at - datetime.now(UTC) <= timedelta(days=180)


async def test_a_token_sealed_for_one_account_does_not_open_as_another(app, client, people, simulator):
    from billing.marketplace.cipher import TokenUnreadable, token_context

    await link(client, people.owner_a)
    [(access,)] = await rows(app, "SELECT access_token FROM mp_account")
    cipher = app.state.marketplace.accounts.cipher
    for context in (token_context(SELLER + 1, "access"), token_context(SELLER, "refresh")):
        with pytest.raises(TokenUnreadable):
            cipher.decrypt(access, context)


@pytest.mark.parametrize("missing", ["fk_resto", "code", "state"])
async def test_a_missing_field_is_field_required_naming_it(client, people, simulator, missing):
    body = {"fk_resto": A, "code": "TG-x", "state": f"{A}.x"}
    del body[missing]
    answer = await client.post("/api/autorizacion/", json=body, headers=people.owner_a)
    assert answer.status_code == 400
    assert answer.json() == {"detail": f"El campo {missing} es requerido.", "code": "field_required"}
    english = await client.post("/api/autorizacion/", json=body, headers={**people.owner_a, "Accept-Language": "en"})
    assert english.json()["detail"] == f"The {missing} field is required."


async def test_a_state_of_another_restaurant_or_owner_used_unknown_or_expired_is_refused(app, client, people, simulator):
    await second_restaurant_of_a(app)
    back = await at_provider((await start(client, people.owner_a, A))["url"])
    refused = await authorize(client, people.owner_a, C, back)  # A's state brought for C
    assert (refused.status_code, refused.json()["code"]) == (400, "state_invalid")
    b_back = await at_provider((await start(client, people.owner_b, B))["url"])
    refused = await authorize(client, people.owner_b, B, {**b_back, "state": back["state"]})  # A's owner's state
    assert refused.json()["code"] == "state_invalid"
    refused = await authorize(client, people.owner_a, A, {**back, "state": f"{A}.made-up"})
    assert refused.json()["code"] == "state_invalid"
    assert (await authorize(client, people.owner_a, A, back)).status_code == 200
    again = await authorize(client, people.owner_a, A, back)  # the same state a second time
    assert again.json() == {"detail": "Esta autorización no corresponde a este restaurante o ya venció. "
                                      "Vuelva a vincular la cuenta desde el principio.", "code": "state_invalid"}
    late = await at_provider((await start(client, people.owner_a, C))["url"])
    async with app.state.session_factory() as session, session.begin():
        from sqlalchemy import text
        await session.execute(text("UPDATE mp_link_attempt SET expires_at = now() - interval '1 second'"))
    assert (await authorize(client, people.owner_a, C, late)).json()["code"] == "state_invalid"
    assert await links(app) == [(A, SELLER, 1)]


async def test_a_code_the_provider_refuses_is_code_rejected(app, client, people, simulator):
    started = await start(client, people.owner_a)
    back = await at_provider(started["url"])
    answer = await authorize(client, people.owner_a, A, {**back, "code": "TG-not-a-code"})
    assert (answer.status_code, answer.json()["code"]) == (400, "code_rejected")
    assert await links(app) == [] and await rows(app, "SELECT * FROM mp_account") == []
    assert (await authorize(client, people.owner_a, A, back)).status_code == 200  # the state was not used up


async def test_a_provider_timeout_leaves_nothing_half_done(app, client, people, simulator):
    back = await at_provider((await start(client, people.owner_a))["url"])
    await simulator.post("/_control/failures", json={"endpoint": "oauth", "kind": "timeout", "seconds": 2})
    answer = await authorize(client, people.owner_a, A, back)
    assert answer.status_code == 502
    assert answer.json() == {"detail": "No se pudo conectar con MercadoPago. Intente de nuevo en unos minutos.",
                             "code": "provider_unreachable"}
    assert await links(app) == [] and await announced(app) == []
    assert await rows(app, "SELECT * FROM mp_account") == []
    assert await rows(app, "SELECT used_at FROM mp_link_attempt") == [(None,)]
    assert (await authorize(client, people.owner_a, A, back)).status_code == 200  # the same code and state, once it answers


@pytest.mark.parametrize("status", [500, 503, 429])
async def test_a_provider_answering_5xx_or_too_many_is_unreachable(app, client, people, simulator, status):
    back = await at_provider((await start(client, people.owner_a))["url"])
    await simulator.post("/_control/failures", json={"endpoint": "oauth", "kind": "server_error", "status": status})
    answer = await authorize(client, people.owner_a, A, back)
    assert (answer.status_code, answer.json()["code"]) == (502, "provider_unreachable")
    assert await links(app) == []


async def test_an_account_already_linked_by_another_user_is_refused(app, client, people, simulator):
    assert (await link(client, people.owner_a, A, "compartida@example.com")).status_code == 200
    sealed = await rows(app, "SELECT access_token, refresh_token FROM mp_account")
    answer = await link(client, people.owner_b, B, "compartida@example.com")
    assert answer.status_code == 409
    assert answer.json() == {"detail": "Esta cuenta de MercadoPago ya fue vinculada por otro usuario.",
                             "code": "account_linked_elsewhere"}
    assert await links(app) == [(A, seller_id("compartida@example.com"), 1)]
    assert await rows(app, "SELECT access_token, refresh_token FROM mp_account") == sealed  # A's tokens untouched
    assert await announced(app) == [("billing.marketplace.linked", A)]


async def test_the_provider_answering_for_an_account_linked_elsewhere_is_refused(app, client, people, simulator):
    await link(client, people.owner_a, A, "primera@example.com")
    await simulator.post("/_control/failures", json={"endpoint": "oauth", "kind": "already_linked"})
    answer = await link(client, people.owner_b, B, "otra@example.com")
    assert answer.json()["code"] == "account_linked_elsewhere"


async def test_one_account_may_link_several_restaurants_of_its_owner(app, client, people, simulator):
    await second_restaurant_of_a(app)
    assert (await link(client, people.owner_a, A)).status_code == 200
    assert (await link(client, people.owner_a, C)).status_code == 200
    assert await links(app) == [(A, SELLER, 1), (C, SELLER, 1)]
    assert len(await rows(app, "SELECT user_id FROM mp_account")) == 1


async def test_a_restaurant_has_one_account(app, client, people, simulator):
    await link(client, people.owner_a, A)
    answer = await client.get(f"/api/autorizacion/url/?fk_resto={A}", headers=people.owner_a)
    assert (answer.status_code, answer.json()["code"]) == (409, "restaurant_already_linked")
    assert await links(app) == [(A, SELLER, 1)]


async def test_a_deleted_restaurant_frees_its_account(app, client, people, simulator):
    from contracts import identity
    from kit.testing.world import OWNER_A, deliver

    await link(client, people.owner_a, A, "compartida@example.com")
    await deliver(app, identity.RestaurantDeleted(restaurant_id=A, owner_id=OWNER_A))
    assert await links(app) == [] and await rows(app, "SELECT * FROM mp_account") == []
    assert (await link(client, people.owner_b, B, "compartida@example.com")).status_code == 200


@pytest.mark.parametrize("marketplace_env", [{"MERCADOPAGO_CLIENT_ID": ""}, {"MERCADOPAGO_TOKEN_KEY": ""}])
async def test_without_credentials_or_a_token_key_the_link_is_not_available(client, people, simulator, marketplace_env):
    answer = await client.get(f"/api/autorizacion/url/?fk_resto={A}", headers=people.owner_a)
    assert (answer.status_code, answer.json()["code"]) == (503, "marketplace_not_configured")
    answer = await client.post("/api/autorizacion/", json={"fk_resto": A, "code": "TG-1", "state": f"{A}.x"},
                               headers=people.owner_a)
    assert answer.json()["code"] == "marketplace_not_configured"
