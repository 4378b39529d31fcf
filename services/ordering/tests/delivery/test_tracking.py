"""A diner's tracking link (issue 20, beyond the spec): an order from the menu link answers an
unguessable token whose page reads that order only (its lines, total and status, in the diner's
language), until a day after the order closed; the token itself is stored nowhere."""
import asyncio
import time
from datetime import timedelta

from sqlalchemy import func, select, update

from contracts.ordering import tracking_hash
from ordering.delivery.models import Delivery
from tests.helpers import A, MENU_A, outbox


def body(type_delivery=1, name="Ana Pérez", lines=((1, 2), (2, 1))):
    return {
        "fk_resto": A, "fk_menu": MENU_A, "type_delivery": type_delivery,
        "contact_info": {"name": name, "phone": "1144556677"}, "address": "Av. Corrientes 1234",
        "ordenes": [{"fk_dish": d, "quantity": q, "extra_commentary": "sin sal"} for d, q in lines], "fk_delivery": "654321",
    }


async def diner_order(client, key="track-0001", **extra) -> dict:
    answer = await client.post("/api/delivery/", json=body(**extra), headers={"Idempotency-Key": key})
    assert answer.status_code == 201, answer.text
    return answer.json()


def track(client, token, **headers):
    return client.get(f"/api/delivery/seguimiento/{token}/", headers=headers)


async def test_the_token_reads_its_order_only(client, people):
    ana = await diner_order(client)
    luis = await diner_order(client, key="track-0002", name="Luis Gómez", lines=((2, 1),))
    assert len(ana["tracking_token"]) >= 43 and ana["tracking_token"] != luis["tracking_token"]
    answer = await track(client, ana["tracking_token"])
    assert answer.status_code == 200, answer.text
    page = answer.json()
    assert (page["fk_delivery"], page["restaurant"], page["status"], page["stage"], page["stage_text"], page["total"]) == (
        "654321", "Resto 10", "1", "received", "Recibido", "450.50")
    assert [(l["dish_name"], l["quantity"], l["price"], l["amount"], l["status"], l["extra_commentary"]) for l in page["lines"]] == [
        ("Empanada", 2, "100.00", "200.00", "1", "sin sal"), ("Milanesa", 1, "250.50", "250.50", "1", "sin sal")]
    assert (page["closed_at"], page["expires_at"]) == (None, None)
    # who ordered and where never reach the page
    assert "Ana" not in answer.text and "1144556677" not in answer.text and "Corrientes" not in answer.text
    assert [l["dish_name"] for l in (await track(client, luis["tracking_token"])).json()["lines"]] == ["Milanesa"]
    # staff's phone orders have no link
    assert (await client.post("/api/delivery/", json=body(), headers=people.owner_a)).json()["tracking_token"] is None


async def test_any_other_token_is_a_404_that_says_nothing_more(client, people):
    order = await diner_order(client)
    unknown = await track(client, "x" * 43)
    assert (unknown.status_code, unknown.json()["code"]) == (404, "tracking_not_found")
    for other in (order["tracking_token"][:-1], order["tracking_token"] + "A", "y" * 101, tracking_hash(order["tracking_token"])):
        answer = await track(client, other)
        assert (answer.status_code, answer.json()) == (404, unknown.json()), other


async def test_a_replay_of_the_key_gives_the_same_token_and_nothing_stores_it(client, people, app):
    taps = await asyncio.gather(*(client.post("/api/delivery/", json=body(), headers={"Idempotency-Key": "track-race-1"}) for _ in range(3)))
    assert sorted(t.status_code for t in taps) == [200, 200, 201]
    [token] = {t.json()["tracking_token"] for t in taps}
    assert (await track(client, token)).status_code == 200
    async with app.state.session_factory() as session:
        stored = (await session.execute(select(Delivery.__table__))).mappings().one()
    assert token not in str(dict(stored)) and "track-race-1" not in str(dict(stored))
    assert stored["tracking_hash"] == tracking_hash(token)
    [announced] = await outbox(app, "ordering.delivery.changed")
    assert announced["tracking_hash"] == tracking_hash(token) and token not in str(await outbox(app))


async def test_the_stage_follows_the_order_in_the_diners_language(client, people):
    delivery = await diner_order(client, lines=((1, 1),))
    pickup = await diner_order(client, key="track-0002", type_delivery=2, lines=((1, 1),))
    for order, stages in ((delivery, ("preparing", "on_the_way")), (pickup, ("preparing", "delivered"))):
        [line] = order["ordenes"]
        for status, stage in zip(("2", "4"), stages):
            assert (await client.put(f"/api/ordenes/{line['id']}/", json={"status": status}, headers=people.operator_a)).status_code == 200
            assert (await track(client, order["tracking_token"])).json()["stage"] == stage
    assert (await track(client, delivery["tracking_token"], **{"Accept-Language": "en"})).json()["stage_text"] == "On the way"
    assert (await track(client, pickup["tracking_token"], **{"Accept-Language": "en-US"})).json()["stage_text"] == "Delivered"


async def test_the_link_stops_working_a_day_after_the_order_closed(client, people, app):
    order = await diner_order(client)
    for line in order["ordenes"]:
        await client.put(f"/api/ordenes/{line['id']}/", json={"status": "3"}, headers=people.operator_a)
    page = (await track(client, order["tracking_token"])).json()
    assert (page["stage"], page["total"]) == ("rejected", "0.00") and page["closed_at"] is not None

    async def closed_hours_ago(hours: float) -> None:
        async with app.state.session_factory() as session, session.begin():
            await session.execute(update(Delivery).where(Delivery.id == order["id"]).values(closed_at=func.now() - timedelta(hours=hours)))

    await closed_hours_ago(23.9)
    assert (await track(client, order["tracking_token"])).status_code == 200
    await closed_hours_ago(24.01)
    expired = await track(client, order["tracking_token"])
    assert (expired.status_code, expired.json()) == (404, (await track(client, "z" * 43)).json())


async def test_reads_are_limited_per_address(client, people, app):
    order = await diner_order(client)
    app.state.settings.tracking_reads_per_address_per_minute = 3
    for attempt in range(2):  # once more if a clock minute turned meanwhile (the limit is per minute)
        minute = int(time.time()) // 60
        address = f"203.0.113.{attempt + 1}"
        answers = [await track(client, token, **{"X-Forwarded-For": address})
                   for token in (order["tracking_token"], "x" * 43, order["tracking_token"], order["tracking_token"])]
        if int(time.time()) // 60 == minute:
            break
    assert [a.status_code for a in answers] == [200, 404, 200, 429]
    assert answers[-1].json()["code"] == "too_many_requests" and 0 < int(answers[-1].headers["Retry-After"]) <= 60
    assert (await track(client, order["tracking_token"], **{"X-Forwarded-For": "203.0.113.9"})).status_code == 200
