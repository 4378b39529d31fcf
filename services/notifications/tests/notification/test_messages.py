"""What the tablets hear for each event of ordering and floor: the spec's message (fk_resto, fk_sit,
order_type, description, type, from_admin, msg) with its id, time, the event's facts and what it
changed (`changed`: the resource a screen shows it in, the place, the lines and their versions)."""
from decimal import Decimal

from contracts.catalog import DishChanged
from contracts.floor import WaiterCalled
from contracts.ordering import LineFacts, LinesRemoved, LinesStatusChanged, LineStatusChange
from kit.auth import OWNER
from tests.helpers import A, OWNER_A, deliver, next_frame, order, place, staff_socket


def line(line_id, dish, quantity=1, status="1", price="100.00", **fields) -> LineFacts:
    return LineFacts(line_id=line_id, dish_id=line_id + 1000, dish_name=dish, price=Decimal(price), quantity=quantity, status=status, **fields)


def change(line_id, dish, to, quantity=1, before="1", version=None) -> LineStatusChange:
    after = line(line_id, dish, quantity, status=to, version=version) if version else None
    return LineStatusChange(line_id=line_id, dish_name=dish, quantity=quantity, from_status=before, to_status=to, line=after)


def changed(resource="tab", place_id=1, lines=(), version=1, delivery=None) -> dict:
    return {
        "resource": resource, "fk_resto": A, "fk_sit": place_id, "fk_delivery": delivery, "fk_menu": None,
        "lines": [{"id": i, "status": s, "version": v} for i, s, v in lines], "version": version,
    }


def heard(frame: dict) -> tuple:
    return frame["type"], frame["order_type"], frame["fk_sit"], frame["description"], frame["from_admin"], frame["msg"]


async def test_a_new_order_at_a_table_is_announced_with_its_lines(app, people, ws_url):
    ws, _ = await staff_socket(ws_url, people.token(OWNER_A, OWNER))
    placed = order(lines=[line(100, "Empanada", 2, price="1500.00", extra_commentary="sin sal", version=1), line(101, "Flan", version=1)])
    await deliver(app, placed)
    assert await next_frame(ws) == {
        "id": 1,
        "type": "new_order",
        "fk_resto": A,
        "fk_sit": 1,
        "order_type": "other",
        "description": "M1",
        "from_admin": True,
        "origin": None,  # placed by no staff screen (kit.origin)
        "msg": "Nuevo pedido en M1: 2 × Empanada, 1 × Flan",
        "created_at": placed.occurred_at.isoformat().replace("+00:00", "Z"),
        "data": {
            "order_id": 50,
            "kind": "table",
            "source": "staff",
            "placed_by": "",
            "fk_delivery": None,
            "lines": [
                {"id": 100, "fk_dish": 1100, "name": "Empanada", "price": "1500.00", "quantity": 2, "status": "1", "extra_commentary": "sin sal", "diner_name": "", "version": 1},
                {"id": 101, "fk_dish": 1101, "name": "Flan", "price": "100.00", "quantity": 1, "status": "1", "extra_commentary": "", "diner_name": "", "version": 1},
            ],
        },
        "changed": changed(lines=[(100, "1", 1), (101, "1", 1)]),
    }


async def test_a_delivery_orders_status_change_is_a_delivery_message(app, people, ws_url):
    ws, _ = await staff_socket(ws_url, people.token(OWNER_A, OWNER))
    await deliver(app, LinesStatusChanged(restaurant_id=A, delivery_id=291, delivery_number="482913", changes=[change(9, "Pizza", "7", before="2")]))
    frame = await next_frame(ws)
    assert heard(frame) == ("order_status", "default_delivery", None, "#482913", True, "#482913: 1 × Pizza pasó a En camino")
    assert frame["data"]["fk_delivery"] == 291
    # an event from before they carried the number (or a delivery without one): its id
    await deliver(app, LinesStatusChanged(restaurant_id=A, delivery_id=292, changes=[change(10, "Flan", "7", before="2")]))
    assert (await next_frame(ws))["description"] == "#292"


async def test_removed_lines_name_the_place_known_from_floor(app, people, ws_url):
    await deliver(app, place(place_id=7, name="M7"))
    ws, _ = await staff_socket(ws_url, people.token(OWNER_A, OWNER))
    await deliver(app, LinesRemoved(restaurant_id=A, place_id=7, line_ids=[100]))
    assert heard(await next_frame(ws)) == ("order_removed", "other", 7, "M7", True, "M7: se eliminó un pedido")
    await deliver(app, LinesRemoved(restaurant_id=A, place_id=7, line_ids=[101, 102]))
    frame = await next_frame(ws)
    assert (frame["msg"], frame["data"]) == ("M7: se eliminaron 2 pedidos", {"fk_delivery": None, "ids": [101, 102]})
    assert frame["changed"] == changed(place_id=7, lines=[(101, None, None), (102, None, None)], version=2)  # off the tab


async def test_menu_changes_are_for_diners_not_for_the_tablets(app, people, ws_url):
    ws, _ = await staff_socket(ws_url, people.token(OWNER_A, OWNER))
    await deliver(app, DishChanged(dish_id=1, restaurant_id=A, menu_id=30, category_id=2, name="Flan", price=Decimal("10"), disable=True))
    await deliver(app, WaiterCalled(restaurant_id=A, place_id=1, place_name="M1"))
    frame = await next_frame(ws)
    assert (frame["id"], frame["type"]) == (2, "waiter_call")
