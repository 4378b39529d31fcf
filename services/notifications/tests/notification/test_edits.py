"""Edits reach the other screens (issue 20): a line's dish, quantity, comment or place changed on
one tablet shows on the others and on the table's phones (`order_changed`; a line moved to another
table is announced at both), and a delivery order's contact details, address or detail text
changed on one tablet shows on the other delivery screens (`delivery_changed`). A delivery's status
moving says nothing more: its lines' `order_status` already did."""
from datetime import UTC, datetime
from decimal import Decimal

import pytest

from contracts.ordering import DeliveryChanged, LineEdit, LineFacts, LinesChanged
from kit.auth import OWNER
from tests.helpers import A, OWNER_A, deliver, next_frame, place, staff_socket, table_socket


@pytest.fixture
async def floor(app):
    await deliver(app, place(1, name="M1", token="token-m1"), place(2, name="M2", token="token-m2"))


def facts(place_id: int | None, quantity: int = 2, delivery_id: int | None = None, **over) -> LineFacts:
    return LineFacts(
        line_id=100, dish_id=7, dish_name="Empanada", unit_price=Decimal("1500.00"), quantity=quantity, status="1",
        extra_commentary="sin sal", place_id=place_id, delivery_id=delivery_id, version=3, **over,
    )


def edit(before_place: int | None, place_id: int | None, fields: list, quantity=2, delivery_id=None, delivery_number=None) -> LinesChanged:
    return LinesChanged(
        restaurant_id=A, place_id=place_id, place_name=f"M{place_id}" if place_id else "", delivery_id=delivery_id,
        delivery_number=delivery_number,
        edits=[LineEdit(fields=fields, before=facts(before_place, 1, delivery_id), line=facts(place_id, quantity, delivery_id))],
    )


async def test_an_edited_line_shows_on_the_tablets_and_the_tables_phones(app, people, floor, ws_url):
    tablet, _ = await staff_socket(ws_url, people.token(OWNER_A, OWNER), fk_resto=A)
    phone, _ = await table_socket(ws_url, "token-m1")
    await deliver(app, edit(1, 1, ["quantity", "comment"], quantity=3))
    for ws in (tablet, phone):
        frame = await next_frame(ws)
        assert (frame["type"], frame["fk_sit"], frame["msg"]) == ("order_changed", 1, "M1: se modificó 3 × Empanada")
        assert frame["data"] == {"fk_delivery": None, "lines": [{
            "id": 100, "fields": ["quantity", "comment"], "name": "Empanada", "price": "1500.00", "quantity": 3, "status": "1",
            "extra_commentary": "sin sal", "version": 3}]}
        assert frame["changed"]["resource"] == "tab" and frame["changed"]["lines"] == [{"id": 100, "status": "1", "version": 3}]


async def test_a_line_moved_to_another_table_is_announced_at_both(app, people, floor, ws_url):
    tablet, _ = await staff_socket(ws_url, people.token(OWNER_A, OWNER), fk_resto=A)
    left, _ = await table_socket(ws_url, "token-m1")
    joined, _ = await table_socket(ws_url, "token-m2")
    await deliver(app, edit(1, 2, ["place"]))
    assert [(f["type"], f["fk_sit"]) for f in (await next_frame(tablet), await next_frame(tablet))] == [("order_changed", 2), ("order_changed", 1)]
    assert (await next_frame(joined))["fk_sit"] == 2
    assert (await next_frame(left))["fk_sit"] == 1


async def test_a_delivery_orders_edits_reach_the_delivery_screens_and_its_status_moves_say_nothing_more(app, people, ws_url):
    tablet, _ = await staff_socket(ws_url, people.token(OWNER_A, OWNER), fk_resto=A)
    status_only = DeliveryChanged(restaurant_id=A, delivery_id=9, number="654321", status="2", fields=["status"])
    edited = DeliveryChanged(restaurant_id=A, delivery_id=9, number="654321", status="2", fields=["contact", "address"],
                             occurred_at=datetime.now(UTC))
    await deliver(app, status_only, edited, edit(None, None, ["quantity"], delivery_id=9, delivery_number="654321"))
    # two frames, in whichever order their queues were handled: the status-only change made none
    frames = {frame["type"]: frame for frame in [await next_frame(tablet), await next_frame(tablet)]}
    frame, line = frames["delivery_changed"], frames["order_changed"]
    # named by its number, as the delivery screens show it, not by its id
    assert (frame["fk_sit"], frame["order_type"], frame["description"], frame["msg"]) == (
        None, "default_delivery", "#654321", "Se actualizó el pedido #654321")
    assert line["description"] == "#654321"
    assert frame["data"] == {"fk_delivery": 9, "number": "654321", "fields": ["contact", "address"], "status": "2"}
    assert (frame["changed"]["resource"], frame["changed"]["fk_delivery"]) == ("delivery", 9)
    assert (line["changed"]["resource"], line["data"]["fk_delivery"]) == ("delivery", 9)
