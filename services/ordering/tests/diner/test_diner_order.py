"""A diner orders from the table's QR straight onto the board; one shared tab per table (issue 13)."""
import asyncio
import time
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from contracts import floor
from contracts.restaurant import TIME_ZONE
from kit import localtime
from tests.helpers import A, deliver, dish, order, outbox, place, profile

URL = "/api/ordenes/lugar/token-11/"


def body(name="Ana", *lines):
    return {"diner_name": name, "ordenes": [{"fk_dish": d, "quantity": q} for d, q in (lines or [(1, 2)])]}


async def send(client, key="tap-0001", payload=None, url=URL, lang="es"):
    return await client.post(url, json=payload or body(), headers={"Idempotency-Key": key, "Accept-Language": lang})


async def test_a_diner_order_lands_on_the_board_as_new_lines_of_that_table(client, people, app):
    answer = await send(client, payload=body("Ana", (1, 2), (2, 1)))
    assert answer.status_code == 201, answer.text
    assert answer.json()["total"] == "450.50"
    assert [(l["dish_name"], l["price"], l["quantity"], l["status"], l["diner_name"]) for l in answer.json()["lines"]] == [
        ("Empanada", "100.00", 2, "1", "Ana"), ("Milanesa", "250.50", 1, "1", "Ana"),
    ]
    board = (await client.get("/api/ordenes/?croquis=1&fk_sit__fk_resto=10&paginate=0", headers=people.owner_a)).json()
    assert {(l["fk_sit"], l["status"], l["diner_name"]) for l in board} == {(11, "1", "Ana")}
    [placed] = await outbox(app, "ordering.order.placed")
    assert (placed["source"], placed["place_id"], placed["placed_by"], placed["lines"][0]["diner_name"]) == ("diner", 11, "Ana", "Ana")


async def test_a_double_tap_places_one_order(client, people, app):
    first, again = await send(client), await send(client)
    assert (first.status_code, again.status_code) == (201, 200) and first.json() == again.json()
    racing = await asyncio.gather(*(send(client, key="tap-race-1") for _ in range(5)))
    assert sorted(a.status_code for a in racing) == [200, 200, 200, 200, 201]
    assert len({a.json()["order"] for a in racing}) == 1
    assert len(await outbox(app, "ordering.order.placed")) == 2
    assert (await send(client, key="short")).json()["code"] == "idempotency_key_required"


async def test_several_phones_share_the_tables_tab_with_who_ordered_and_the_total(client, people, app):
    await send(client, "phone-ana-1", body("Ana", (1, 2)))
    await send(client, "phone-luis-1", body("Luis", (2, 1)))
    await order(client, people.owner_a, (12, 1, 5))  # another table: not on this tab
    tab = (await client.get(URL)).json()
    assert (tab["fk_sit"], tab["i_name"], tab["fk_resto"], tab["total"]) == (11, "M11", A, "450.50")
    assert [(l["diner_name"], l["dish_name"], l["quantity"]) for l in tab["lines"]] == [("Ana", "Empanada", 2), ("Luis", "Milanesa", 1)]
    # a rejected line stays on the tab but leaves the total
    luis = tab["lines"][1]["id"]
    await client.put(f"/api/ordenes/{luis}/", json={"status": "3"}, headers=people.owner_a)
    assert (await client.get(URL)).json()["total"] == "200.00"


async def test_an_unknown_or_replaced_token_is_refused(client, people, app):
    for url in ("/api/ordenes/lugar/nada/", "/api/ordenes/lugar/token-999/"):
        answer = await send(client, url=url, lang="en")
        assert answer.status_code == 404 and answer.json() == {"detail": "This QR code is not valid or was replaced. Ask the staff for a new one.", "code": "place_token_invalid"}
        assert (await client.get(url)).status_code == 404
    await deliver(app, floor.PlaceChanged(**place(11, token="nuevo").model_dump(exclude={"event_id", "occurred_at"})))
    assert (await send(client)).status_code == 404
    assert (await send(client, url="/api/ordenes/lugar/nuevo/")).status_code == 201


async def test_a_token_sees_only_its_own_table(client, people):
    await send(client, "tap-a-0001")
    await send(client, "tap-b-0001", body("Bea", (3, 1)), url="/api/ordenes/lugar/token-21/")
    assert [l["diner_name"] for l in (await client.get("/api/ordenes/lugar/token-21/")).json()["lines"]] == ["Bea"]
    # a dish of another restaurant cannot be ordered through this table's token
    answer = await send(client, "tap-x-0001", body("Ana", (3, 1)))
    assert answer.status_code == 400 and answer.json() == {"fk_dish": ["Plato no encontrado."]}


async def test_refused_when_the_restaurant_stopped_orders_or_is_closed(client, people, app):
    await deliver(app, profile(A, stop_orders=True))
    answer = await send(client, lang="en")
    assert answer.status_code == 400 and answer.json() == {"detail": "The restaurant is not taking orders right now.", "code": "orders_stopped"}
    now = datetime.now(ZoneInfo(TIME_ZONE))
    opens, closes = (now + timedelta(hours=2)).strftime("%H:%M"), (now + timedelta(hours=3)).strftime("%H:%M")
    await deliver(app, profile(A, horario_apertura=opens, horario_cierre=closes))
    answer = await send(client)
    assert answer.status_code == 400 and answer.json() == {"detail": f"El restaurante está cerrado: atiende de {opens} a {closes}.", "code": "restaurant_closed"}
    opens = (now - timedelta(hours=1)).strftime("%H:%M")
    await deliver(app, profile(A, horario_apertura=opens, horario_cierre=closes))
    assert (await send(client)).status_code == 201


async def test_opening_hours_are_read_in_the_platforms_time_zone_setting(client, people, app):
    """RESTAURANT_TIMEZONE (kit.localtime, every service's one setting), not a zone of ordering's own:
    hours open around now in Tokyo are closed in Buenos Aires, twelve hours away."""
    tokyo_now = datetime.now(ZoneInfo("Asia/Tokyo"))
    opens, closes = (tokyo_now - timedelta(hours=1)).strftime("%H:%M"), (tokyo_now + timedelta(hours=1)).strftime("%H:%M")
    await deliver(app, profile(A, horario_apertura=opens, horario_cierre=closes))
    assert (await send(client, key="tap-zone-ba")).json()["code"] == "restaurant_closed"
    default = localtime.zone()
    localtime.configure("Asia/Tokyo")
    try:
        assert (await send(client, key="tap-zone-tokyo")).status_code == 201
    finally:
        localtime.configure(default.key)


async def test_refused_when_a_dish_was_disabled_meanwhile(client, people, app):
    await deliver(app, dish(2, name="Milanesa", disable=True))
    answer = await send(client, payload=body("Ana", (1, 1), (2, 1)))
    assert answer.status_code == 400 and answer.json() == {"detail": "El plato «Milanesa» no está disponible en este momento.", "code": "dish_unavailable"}
    assert (await client.get(URL)).json()["lines"] == []


async def test_limits_on_lines_quantities_name_and_orders_per_minute(client, people):
    answer = await send(client, payload=body("Ana", *[(1, 1)] * 31))
    assert answer.status_code == 400 and "ordenes" in answer.json()
    answer = await send(client, payload=body("Ana", (1, 51)))
    assert answer.status_code == 400 and "quantity" in answer.json()
    for blank in ("", "   "):
        answer = await send(client, payload=body(blank, (1, 1)))
        assert answer.status_code == 400 and answer.json() == {"diner_name": ["Debe ingresar el nombre de la persona"]}
    assert (await send(client, payload=body("x" * 31, (1, 1)))).status_code == 400
    if time.time() % 60 > 55:  # the window is a clock minute: start these six inside one
        await asyncio.sleep(61 - time.time() % 60)
    codes = [(await send(client, key=f"minute-tap-{i}")).status_code for i in range(6)]
    assert codes == [201] * 5 + [429]
    answer = await send(client, key="minute-tap-9", lang="en")
    assert answer.json()["code"] == "too_many_orders" and 1 <= int(answer.headers["Retry-After"]) <= 60
    # another table is not limited by this one
    assert (await send(client, key="other-table-1", url="/api/ordenes/lugar/token-12/")).status_code == 201


async def test_a_keys_stored_order_goes_back_only_to_its_own_table(client, people, app):
    first = await send(client, "shared-key-01", body("Ana", (1, 2)))
    assert first.status_code == 201
    assert (await send(client, "shared-key-01", body("Ana", (1, 2)))).json() == first.json()
    # the same key from another table's token is refused, and tells nothing of Ana's order
    for url in ("/api/ordenes/lugar/token-12/", "/api/ordenes/lugar/token-21/"):
        answer = await send(client, "shared-key-01", body("Luis", (1, 2) if url.endswith("12/") else (3, 1)), url=url, lang="en")
        assert answer.status_code == 422 and answer.json() == {
            "detail": "This Idempotency-Key was already used for another order. Send the order with a new key.",
            "code": "idempotency_key_reused",
        }
    assert len(await outbox(app, "ordering.order.placed")) == 1
    assert (await client.get("/api/ordenes/lugar/token-12/")).json()["lines"] == []


async def test_a_key_out_of_bounds_is_a_400(client, people):
    for key in ("k" * 101, "k" * 7, ""):
        answer = await send(client, key=key)
        assert answer.status_code == 400 and answer.json()["code"] == "idempotency_key_required", key
    assert (await send(client, key="k" * 100)).status_code == 201


async def test_an_order_sent_without_a_key_is_placed_as_the_spec_sends_it(client, people, app):
    """No key, nothing to replay: each call is an order of its own."""
    first = await client.post(URL, json=body("Ana", (1, 2)))
    assert first.status_code == 201, first.text
    assert [(l["dish_name"], l["quantity"], l["status"], l["diner_name"]) for l in first.json()["lines"]] == [("Empanada", 2, "1", "Ana")]
    second = await client.post(URL, json=body("Ana", (1, 2)))
    assert second.status_code == 201 and second.json()["order"] != first.json()["order"]
    assert len(await outbox(app, "ordering.order.placed")) == 2
    assert (await client.get(URL)).json()["total"] == "400.00"


async def test_orders_without_a_key_count_each_toward_the_tables_limit(client, people, app):
    app.state.settings.diner_orders_per_minute = 2
    if time.time() % 60 > 55:  # the window is a clock minute: start these three inside one
        await asyncio.sleep(61 - time.time() % 60)
    codes = [(await client.post(URL, json=body())).status_code for _ in range(3)]
    assert codes == [201, 201, 429]
    assert len(await outbox(app, "ordering.order.placed")) == 2
