"""The diner's table socket: anonymous, let in by the token of the place's QR code, it carries only
that place's messages (its lines placed, moving, removed; the table freed; the waiter on the way)
and 'menu changed' for the place's menu. An unknown or replaced token is refused."""
import asyncio
from decimal import Decimal

import pytest

from contracts.catalog import DishChanged, DishDeleted, PricesChanged
from contracts.floor import PlaceRemoved, WaiterCallCleared, WaiterCalled
from contracts.identity import RestaurantDeleted
from contracts.ordering import LinesRemoved, LinesStatusChanged, LineStatusChange, TableFreed
from notifications.live import service as live_service
from tests.helpers import A, B, TABLE, caught_up, closing, deliver, next_frame, open_socket, order, place, table_socket


@pytest.fixture
async def floor(app):
    """A's tables M1 and M2 read menu 30, its chair S5 menu 31; B's table M3 reads menu 40."""
    await deliver(
        app,
        place(1, name="M1", token="token-m1"),
        place(2, name="M2", token="token-m2"),
        place(5, name="S5", token="token-s5", menu_id=31),
        place(3, restaurant=B, name="M3", token="token-b3", menu_id=40),
    )


def dish_changed(menu_id=30, dish_id=7, restaurant=A, **fields) -> DishChanged:
    return DishChanged(dish_id=dish_id, restaurant_id=restaurant, menu_id=menu_id, category_id=2, name="Flan", price=Decimal("10"), **fields)


def status(place_id: int, to: str) -> LinesStatusChanged:
    change = LineStatusChange(line_id=100 + place_id, dish_name="Empanada", quantity=2, from_status="1", to_status=to)
    return LinesStatusChanged(restaurant_id=A, place_id=place_id, place_name=f"M{place_id}", changes=[change])


async def test_a_phone_is_let_in_by_its_places_token(app, floor, ws_url):
    ws, ready = await table_socket(ws_url, "token-m1")
    assert ready == {"type": "ready", "last_id": 0, "resync": False, "fk_resto": A, "fk_sit": 1, "fk_menu": 30}


async def test_an_unknown_token_is_refused(app, floor, ws_url):
    frames, code, reason = await closing(await open_socket(ws_url, TABLE, {"type": "auth", "place_token": "not-a-table"}))
    assert (code, reason) == (4404, "place_unknown")
    assert frames == [{"type": "error", "code": "place_unknown", "detail": "Código QR inválido o vencido."}]
    no_token = await open_socket(ws_url, TABLE, {"type": "auth", "token": "x"})
    assert (await closing(no_token))[1:] == (4400, "bad_auth_message")


async def test_a_tables_phone_follows_its_own_lines_and_nothing_of_other_tables(app, floor, ws_url):
    ws, _ = await table_socket(ws_url, "token-m1")
    steps = [
        (order(place_id=2, place_name="M2"), order(place_id=1, source="diner", placed_by="Ana"), "new_order"),
        (status(2, "2"), status(1, "2"), "order_status"),
        (LinesRemoved(restaurant_id=A, place_id=2, line_ids=[102]), LinesRemoved(restaurant_id=A, place_id=1, line_ids=[101]), "order_removed"),
        (WaiterCalled(restaurant_id=A, place_id=2, place_name="M2"), WaiterCalled(restaurant_id=A, place_id=1, place_name="M1"), "waiter_call"),
        (WaiterCallCleared(restaurant_id=A, place_id=2, place_name="M2"), WaiterCallCleared(restaurant_id=A, place_id=1, place_name="M1"), "waiter_call_cleared"),
        (TableFreed(restaurant_id=A, place_id=2, place_name="M2"), TableFreed(restaurant_id=A, place_id=1, place_name="M1"), "table_freed"),
        (order(kind="delivery", place_id=None, delivery_id=9), order(place_id=1), "new_order"),
    ]
    for other_table, this_table, expected in steps:
        await deliver(app, other_table)
        await deliver(app, this_table)
        frame = await next_frame(ws)
        assert (frame["type"], frame["fk_sit"]) == (expected, 1), frame  # the other table's came first, and never here
    placed = order(place_id=1, source="diner", placed_by="Ana")
    await deliver(app, placed)
    frame = await next_frame(ws)
    assert frame["data"]["placed_by"] == "Ana" and frame["data"]["lines"][0]["id"] == 100


def menu_facts(menu_id: int, **facts) -> dict:
    """A menu change's facts: the menu, and which dish and how when one dish changed."""
    return {"fk_menu": menu_id, "fk_dish": None, "disable": None, "deleted": None, **facts}


async def test_an_open_menu_hears_that_its_dishes_changed(app, floor, ws_url):
    table, _ = await table_socket(ws_url, "token-m1")
    chair, _ = await table_socket(ws_url, "token-s5", lang="en")
    await deliver(app, dish_changed(menu_id=30, disable=True))
    frame = await next_frame(table)
    assert (frame["type"], frame["fk_sit"], frame["msg"], frame["data"]) == (
        "menu_changed", None, "El menú cambió.", menu_facts(30, fk_dish=7, disable=True)
    )
    assert (frame["changed"]["resource"], frame["changed"]["fk_menu"]) == ("menu", 30)  # the phone fetches its menu again
    await deliver(app, DishDeleted(dish_id=8, restaurant_id=A, menu_id=30))
    assert (await next_frame(table))["data"] == menu_facts(30, fk_dish=8, deleted=True)
    await deliver(app, PricesChanged(restaurant_id=A, menu_id=31, prices=[]))
    frame = await next_frame(chair)  # menu 30's changes never reached the chair reading menu 31
    assert (frame["msg"], frame["data"]) == ("The menu changed.", menu_facts(31))


async def test_a_replaced_token_closes_the_open_phones_and_lets_only_the_new_one_in(app, floor, ws_url):
    old, _ = await table_socket(ws_url, "token-m1")
    neighbour, _ = await table_socket(ws_url, "token-m2")
    await deliver(app, place(1, name="M1", token="token-m1-new", changed=True))
    frames, code, reason = await closing(old)
    assert (code, reason) == (4404, "place_closed")
    assert frames == [{"type": "error", "code": "place_closed", "detail": "Este código QR ya no es válido: escanee otra vez el código de la mesa."}]
    assert (await closing(await open_socket(ws_url, TABLE, {"type": "auth", "place_token": "token-m1"})))[1:] == (4404, "place_unknown")
    new, ready = await table_socket(ws_url, "token-m1-new")
    assert ready["fk_sit"] == 1
    await deliver(app, order(place_id=2, place_name="M2"))
    assert (await next_frame(neighbour))["fk_sit"] == 2  # the other table's phone stayed connected


async def test_a_removed_place_closes_its_phones(app, floor, ws_url):
    ws, _ = await table_socket(ws_url, "token-m2")
    await deliver(app, PlaceRemoved(place_id=2, restaurant_id=A))
    assert (await closing(ws))[1:] == (4404, "place_closed")
    assert (await closing(await open_socket(ws_url, TABLE, {"type": "auth", "place_token": "token-m2"})))[1:] == (4404, "place_unknown")


async def test_a_deleted_restaurant_closes_the_phones_at_its_tables(app, floor, ws_url):
    ours, _ = await table_socket(ws_url, "token-m1")
    theirs, _ = await table_socket(ws_url, "token-b3")
    await deliver(app, RestaurantDeleted(restaurant_id=A, owner_id=1))
    assert (await closing(ours))[1:] == (4404, "place_closed")
    await deliver(app, WaiterCalled(restaurant_id=B, place_id=3, place_name="M3"))
    assert (await next_frame(theirs))["type"] == "waiter_call"


async def test_a_place_given_another_menu_follows_that_menu(app, floor, ws_url, monkeypatch):
    ws, _ = await table_socket(ws_url, "token-m1")
    # The place check's read of the new menu comes late here: the place's message alone must do.
    checked = asyncio.Event()
    recheck = live_service.recheck_diners

    async def late_recheck(session, scopes):
        await checked.wait()
        return await recheck(session, scopes)

    monkeypatch.setattr(live_service, "recheck_diners", late_recheck)
    await deliver(app, place(1, name="M1", token="token-m1", menu_id=31, changed=True))
    frame = await next_frame(ws)
    assert (frame["type"], frame["fk_sit"], frame["data"]) == ("menu_changed", 1, menu_facts(31))
    await deliver(app, dish_changed(menu_id=30))
    await deliver(app, dish_changed(menu_id=31, dish_id=9))
    assert (await next_frame(ws))["data"]["fk_menu"] == 31
    checked.set()


async def test_a_phone_that_reconnects_catches_up_on_its_table_only(app, floor, ws_url):
    await deliver(app, order(place_id=1))
    await deliver(app, order(place_id=2, place_name="M2"), status(2, "2"))
    await deliver(app, status(1, "2"))
    await deliver(app, dish_changed(menu_id=31), dish_changed(menu_id=30))
    ws = await open_socket(ws_url, TABLE, {"type": "auth", "place_token": "token-m1", "last_id": 0})
    missed, ready = await caught_up(ws)
    assert [(m["type"], m["fk_sit"]) for m in missed] == [("new_order", 1), ("order_status", 1), ("menu_changed", None)]
    assert missed[-1]["data"]["fk_menu"] == 30
    assert ready["last_id"] == 6
