"""Diners' orders from the menu link are limited per restaurant and per address, per clock minute
(issue 18): past either limit, 429 with Retry-After, and an order refused by one limit uses up
nothing of the other."""
from itertools import count
from types import SimpleNamespace

import pytest

from tests.helpers import A, B, MENU_A, MENU_B, outbox

KEYS = count(1)
A_MINUTE = 1_900_000_000 // 60 * 60 + 20  # 20 s into a clock minute


@pytest.fixture(autouse=True)
def one_minute(monkeypatch):
    """Every order of a test falls in the same clock minute."""
    monkeypatch.setattr("ordering.order.policy.time", SimpleNamespace(time=lambda: A_MINUTE))


def body(restaurant=A):
    return {
        "fk_resto": restaurant, "fk_menu": MENU_A if restaurant == A else MENU_B, "type_delivery": 2,
        "contact_info": {"name": "Ana"}, "ordenes": [{"fk_dish": 1 if restaurant == A else 3, "quantity": 1}],
    }


async def order(client, address: str, restaurant=A):
    # the gateway appends the peer it saw to X-Forwarded-For (an earlier entry may be forged)
    return await client.post("/api/delivery/", json=body(restaurant), headers={
        "Idempotency-Key": f"limit-key-{next(KEYS):04d}", "X-Forwarded-For": f"6.6.6.6, {address}",
    })


def limits(app, per_address: int, per_restaurant: int) -> None:
    app.state.settings.delivery_orders_per_address_per_minute = per_address
    app.state.settings.delivery_orders_per_restaurant_per_minute = per_restaurant


async def test_one_address_is_limited_across_restaurants(client, people, app):
    limits(app, per_address=2, per_restaurant=100)
    assert [(await order(client, "1.1.1.1", r)).status_code for r in (A, B)] == [201, 201]
    answer = await order(client, "1.1.1.1")
    assert answer.status_code == 429 and answer.json()["code"] == "too_many_orders"
    assert answer.headers["Retry-After"] == "40"
    assert answer.json()["detail"] == "Demasiados pedidos desde esta conexión. Intente de nuevo en 40 segundos."
    assert len(await outbox(app, "ordering.order.placed")) == 2
    # another address is not limited by this one
    assert (await order(client, "2.2.2.2")).status_code == 201


async def test_one_restaurant_is_limited_across_addresses(client, people, app):
    limits(app, per_address=100, per_restaurant=3)
    assert [(await order(client, f"1.1.1.{i}")).status_code for i in range(3)] == [201] * 3
    answer = await order(client, "1.1.1.9")
    assert answer.status_code == 429 and answer.json()["code"] == "restaurant_too_many_orders"
    assert answer.headers["Retry-After"] == "40"
    assert (await client.get(f"/api/delivery/?fk_resto={A}", headers=people.owner_a)).json()["count"] == 3
    # another restaurant is not limited by this one
    assert (await order(client, "1.1.1.9", B)).status_code == 201


async def test_an_order_refused_by_its_address_uses_up_nothing_of_the_restaurant(client, people, app):
    limits(app, per_address=2, per_restaurant=3)
    assert [(await order(client, "1.1.1.1")).status_code for _ in range(4)] == [201, 201, 429, 429]
    assert (await order(client, "2.2.2.2")).status_code == 201
    assert (await order(client, "3.3.3.3")).json()["code"] == "restaurant_too_many_orders"

