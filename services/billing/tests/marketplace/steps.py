"""The link's steps as the owner's browser takes them, and reads of billing's own rows."""
from urllib.parse import parse_qs, urlsplit

import httpx
from sqlalchemy import text

from contracts import identity
from kit.testing.world import A, OWNER_A, deliver

C = 30  # a second restaurant of A's owner


async def second_restaurant_of_a(app) -> None:
    await deliver(app, identity.RestaurantCreated(restaurant_id=C, owner_id=OWNER_A, nombre_local="La Esquina 2"))


async def start(client, headers, restaurant: int = A) -> dict:
    answer = await client.get(f"/api/autorizacion/url/?fk_resto={restaurant}", headers=headers)
    assert answer.status_code == 200, answer.text
    return answer.json()


async def at_provider(url: str, email: str = "vendedor@example.com", decision: str = "authorize") -> dict[str, str]:
    """The owner on the provider's authorization page: what it sends back to /restaurante/autorizacion/."""
    async with httpx.AsyncClient(timeout=10) as http:
        answer = await http.post(url, data={"email": email, "decision": decision})
    assert answer.status_code == 302, answer.text
    return {k: v[0] for k, v in parse_qs(urlsplit(answer.headers["location"]).query).items()}


async def authorize(client, headers, restaurant: int, back: dict[str, str], **extra) -> httpx.Response:
    return await client.post("/api/autorizacion/", json={"code": back.get("code"), "state": back.get("state"),
                                                          "fk_resto": restaurant, **extra}, headers=headers)


async def link(client, headers, restaurant: int = A, email: str = "vendedor@example.com") -> httpx.Response:
    back = await at_provider((await start(client, headers, restaurant))["url"], email)
    return await authorize(client, headers, restaurant, back)


async def rows(app, sql: str, **params) -> list:
    async with app.state.session_factory() as session:
        return list((await session.execute(text(sql), params)).all())


async def links(app) -> list[tuple[int, int, int]]:
    """(restaurant, account, linked by) of every link."""
    return [tuple(r) for r in await rows(app, "SELECT restaurant_id, account_id, linked_by FROM mp_link ORDER BY restaurant_id")]


async def announced(app) -> list[tuple[str, int]]:
    return [(r[0], r[1]["restaurant_id"]) for r in await rows(
        app, "SELECT event_type, payload FROM outbox_message WHERE event_type LIKE 'billing.marketplace.%' ORDER BY created_at")]


async def tokens(app, account_id: int) -> tuple[str, str]:
    """The account's tokens as billing would use them (decrypted)."""
    from billing.marketplace.cipher import token_context

    [(access, refresh)] = await rows(app, "SELECT access_token, refresh_token FROM mp_account WHERE user_id = :id", id=account_id)
    cipher = app.state.marketplace.accounts.cipher
    return cipher.decrypt(access, token_context(account_id, "access")), cipher.decrypt(refresh, token_context(account_id, "refresh"))
