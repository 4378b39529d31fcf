"""An Idempotency-Key replay of a delivery answers the stored delivery only to the same caller with
the same request (issue 18): the same staff restaurant, or an anonymous diner sending the very same
body. Anyone else is refused and never sees the name, phone and address it holds. The key is
optional (the spec's client sends none): without one nothing is replayed and each call is placed."""
from types import SimpleNamespace

from tests.helpers import A, B, MENU_A, MENU_B, outbox


def body(name="Ana Pérez", restaurant=A, phone="1144556677"):
    return {
        "fk_resto": restaurant, "fk_menu": MENU_A if restaurant == A else MENU_B, "type_delivery": 1,
        "contact_info": {"name": name, "phone": phone}, "address": "Av. Corrientes 1234",
        "ordenes": [{"fk_dish": 1 if restaurant == A else 3, "quantity": 2}],
    }


def key(value="same-key-0001", **headers):
    return {"Idempotency-Key": value, **headers}


def refused(answer) -> None:
    assert answer.status_code == 422, answer.text
    assert answer.json()["code"] == "idempotency_key_reused"
    assert "Pérez" not in answer.text and "1144556677" not in answer.text and "Corrientes" not in answer.text


async def test_the_same_diner_sending_the_same_order_again_gets_the_stored_answer(client, people, app):
    first = await client.post("/api/delivery/", json=body(), headers=key())
    again = await client.post("/api/delivery/", json=body(), headers=key())
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json() == first.json()
    assert len(await outbox(app, "ordering.order.placed")) == 1


async def test_the_same_key_with_another_body_is_refused(client, people, app):
    await client.post("/api/delivery/", json=body(), headers=key())
    refused(await client.post("/api/delivery/", json=body(name="Otro"), headers=key()))
    # the same body for another restaurant is another body too
    refused(await client.post("/api/delivery/", json=body(restaurant=B), headers=key()))
    assert len(await outbox(app, "ordering.order.placed")) == 1


async def test_a_staff_replay_answers_the_same_restaurant_only(client, people, app):
    first = await client.post("/api/delivery/", json=body(), headers=key(**people.owner_a))
    assert first.status_code == 201, first.text
    again = await client.post("/api/delivery/", json=body(), headers=key(**people.operator_a))
    assert again.status_code == 200 and again.json() == first.json()
    # another restaurant's staff, ordering for their own restaurant with the key
    refused(await client.post("/api/delivery/", json=body(restaurant=B), headers=key(**people.owner_b)))
    # an anonymous caller repeating the staff's very request
    refused(await client.post("/api/delivery/", json=body(), headers=key()))
    assert len(await outbox(app, "ordering.order.placed")) == 1


async def test_staff_never_receive_a_diners_stored_answer_through_the_key(client, people, app):
    assert (await client.post("/api/delivery/", json=body(), headers=key())).status_code == 201
    refused(await client.post("/api/delivery/", json=body(), headers=key(**people.owner_a)))
    refused(await client.post("/api/delivery/", json=body(restaurant=B), headers=key(**people.owner_b)))
    # another restaurant's staff cannot even name A
    assert (await client.post("/api/delivery/", json=body(), headers=key(**people.owner_b))).status_code == 404


async def test_a_key_out_of_bounds_is_a_400_for_staff_and_diners(client, people):
    for bad in ("k" * 101, "k" * 7):
        for headers in (key(bad), key(bad, **people.owner_a)):
            answer = await client.post("/api/delivery/", json=body(), headers=headers)
            assert answer.status_code == 400 and answer.json()["code"] == "idempotency_key_required", answer.text
    answer = await client.post("/api/delivery/", json=body(), headers=key("k" * 100, **people.owner_a))
    assert answer.status_code == 201


async def test_without_a_key_a_diners_order_is_placed_and_replays_nothing(client, people, app):
    first = await client.post("/api/delivery/", json=body())
    assert first.status_code == 201, first.text
    # the same body again is another order: there is no key to name the first
    again = await client.post("/api/delivery/", json=body())
    assert again.status_code == 201 and again.json()["id"] != first.json()["id"]
    # staff without a key, as before
    assert (await client.post("/api/delivery/", json=body(), headers=people.owner_a)).status_code == 201
    assert len(await outbox(app, "ordering.order.placed")) == 3


async def test_orders_without_a_key_count_each_toward_the_per_address_limit(client, people, app, monkeypatch):
    monkeypatch.setattr("ordering.order.policy.time", SimpleNamespace(time=lambda: 1_900_000_000 // 60 * 60 + 20))
    app.state.settings.delivery_orders_per_address_per_minute = 2
    codes = [(await client.post("/api/delivery/", json=body(), headers={"X-Forwarded-For": "7.7.7.7"})).status_code
             for _ in range(3)]
    assert codes == [201, 201, 429]
    assert len(await outbox(app, "ordering.order.placed")) == 2
