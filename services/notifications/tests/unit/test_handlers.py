"""Which events make which notifications (notification/handlers.py, place/service.py), with the
projections in memory and `record` taking the drafts: the place named from floor's projection when
the event does not name it, a line moved to another table announced at both, a payment's moves as
the payment's message, a delivery's status move saying nothing more, a new sitting only once, and a
place's phones told when its token was replaced, its menu changed or it was removed, by the newest
event only. And recording (notification/service.py): ids and seqs per restaurant, published only
once the transaction commits."""
from datetime import timedelta
from decimal import Decimal

import pytest

from contracts.catalog import DishChanged, DishDeleted, PricesChanged
from contracts.floor import PlaceChanged, PlaceCreated, PlaceRemoved, WaiterCalled
from contracts.identity import RestaurantDeleted
from contracts.ordering import (
    DeliveryChanged, LineEdit, LineFacts, LinesChanged, LinesRemoved, LinesStatusChanged, LineStatusChange, OrderPlaced,
    PaymentNote, TabClosed,
)
from kit.i18n import Text
from kit.origin import ORIGIN
from notifications.events import EVENT_HANDLERS
from notifications.notification import handlers, service as recording
from notifications.notification.message import Draft
from notifications.place import service as place_service
from tests.unit.fakes import NOW, Session

A, B = 1, 2


@pytest.fixture
def recorded(monkeypatch) -> list[Draft]:
    """What the handlers record (notification.service.record, in memory)."""
    drafts: list[Draft] = []

    async def record(session, made, origins=None):
        drafts.extend(made)
        return []

    monkeypatch.setattr(handlers, "record", record)
    monkeypatch.setattr(place_service, "record", record)
    return drafts


def seen(drafts: list[Draft]) -> list[tuple]:
    return [(d.type, d.place_id, d.description, d.msg.es) for d in drafts]


def facts(place_id, quantity=2) -> LineFacts:
    return LineFacts(line_id=100, dish_id=7, dish_name="Empanada", unit_price=Decimal("1500"), quantity=quantity, status="1", place_id=place_id)


# ---------------------------------------------------------------------------------- naming the place
async def test_a_place_the_event_does_not_name_is_named_from_floors_projection(places, recorded):
    places.put(7, A, "M7")
    await handlers.on_lines_removed(Session(), LinesRemoved(restaurant_id=A, place_id=7, line_ids=[100]))
    await handlers.on_waiter_called(Session(), WaiterCalled(restaurant_id=A, place_id=7, place_name="Mesa 7"))  # the event's name first
    await handlers.on_lines_removed(Session(), LinesRemoved(restaurant_id=A, place_id=8, line_ids=[1]))  # a place floor never told of
    assert seen(recorded) == [
        ("order_removed", 7, "M7", "M7: se eliminó un pedido"),
        ("waiter_call", 7, "Mesa 7", "Mesa 7 llama al mozo"),
        ("order_removed", 8, "#8", "#8: se eliminó un pedido"),
    ]


async def test_a_delivery_order_is_named_by_its_number_else_its_id(places, recorded):
    placed = OrderPlaced(restaurant_id=A, order_id=50, placed_at=NOW, kind="delivery", delivery_id=291, delivery_number="482913",
                         lines=[facts(None)])
    await handlers.on_orders_placed(Session(), [placed])
    await handlers.on_orders_placed(Session(), [placed.model_copy(update={"delivery_number": None}),
                                                placed.model_copy(update={"delivery_number": None, "delivery_id": None})])
    assert [d.description for d in recorded] == ["#482913", "#291", "#50"]  # no delivery id at all: the order's


# ---------------------------------------------------------------------------------- what each event makes
async def test_a_line_moved_to_another_table_is_announced_where_it_is_and_where_it_was(places, recorded):
    places.put(1, A, "M1"), places.put(3, A, "M3")
    event = LinesChanged(restaurant_id=A, place_id=2, place_name="M2", edits=[
        LineEdit(fields=["place"], before=facts(1), line=facts(2)), LineEdit(fields=["place"], before=facts(3), line=facts(2)),
        LineEdit(fields=["quantity"], before=facts(2, 1), line=facts(2)),
    ])
    await handlers.on_lines_changed(Session(), event)
    assert seen(recorded) == [
        ("order_changed", 2, "M2", "M2: se modificaron 3 pedidos"),
        ("order_changed", 1, "M1", "M1: se modificó 2 × Empanada"),
        ("order_changed", 3, "M3", "M3: se modificó 2 × Empanada"),
    ]


async def test_an_edit_at_one_table_is_announced_there_only(places, recorded):
    await handlers.on_lines_changed(Session(), LinesChanged(restaurant_id=A, place_id=2, place_name="M2", edits=[
        LineEdit(fields=["quantity"], before=facts(2, 1), line=facts(2))]))
    assert [d.place_id for d in recorded] == [2]


async def test_a_payments_moves_are_the_payments_message_and_other_moves_a_status_change(places, recorded):
    move = LineStatusChange(line_id=100, dish_name="Empanada", quantity=2, from_status="4", to_status="6")
    event = LinesStatusChanged(restaurant_id=A, place_id=1, place_name="M1", changes=[move])
    await handlers.on_lines_status_changed(Session(), event.model_copy(update={"payment": PaymentNote(payment_id=1, method="cash", amount=Decimal("3000"))}))
    await handlers.on_lines_status_changed(Session(), event)
    assert seen(recorded) == [
        ("payment_recorded", 1, "M1", "M1: se cobraron $ 3.000,00 (efectivo)"),
        ("order_status", 1, "M1", "M1: 2 × Empanada pasó a Pagado"),
    ]


@pytest.mark.parametrize("fields, made", [(["status"], []), (["status", "contact"], ["delivery_changed"]), (["details"], ["delivery_changed"])])
async def test_a_delivery_orders_status_moving_says_nothing_more_than_its_lines_did(recorded, fields, made):
    await handlers.on_delivery_changed(Session(), DeliveryChanged(restaurant_id=A, delivery_id=9, number="654321", fields=fields))
    assert [d.type for d in recorded] == made
    assert [d.description for d in recorded] == ["#654321"] * len(made)


async def test_a_new_sitting_is_announced_to_the_places_phones_only_when_it_moved(places, recorded):
    places.put(1, A, "M1")
    await handlers.on_tab_closed(Session(), TabClosed(restaurant_id=A, place_id=1, occurred_at=NOW))
    await handlers.on_tab_closed(Session(), TabClosed(restaurant_id=A, place_id=1, occurred_at=NOW - timedelta(minutes=1)))  # older, late
    await handlers.on_tab_closed(Session(), TabClosed(restaurant_id=A, place_id=1, occurred_at=NOW))  # again
    assert [(d.type, d.for_staff, d.created_at) for d in recorded] == [("tab_closed", False, NOW)]
    assert places.sittings[1] == NOW


@pytest.mark.parametrize("event, data", [
    (DishChanged(dish_id=7, restaurant_id=A, menu_id=30, category_id=2, name="Flan", price=Decimal("10"), disable=True),
     {"fk_menu": 30, "fk_dish": 7, "disable": True}),
    (DishDeleted(dish_id=8, restaurant_id=A, menu_id=30), {"fk_menu": 30, "fk_dish": 8, "deleted": True}),
    (PricesChanged(restaurant_id=A, menu_id=31, prices=[]), {"fk_menu": 31}),
], ids=["dish changed", "dish deleted", "prices changed"])
async def test_a_menus_changes_tell_the_phones_reading_it(recorded, event, data):
    handler = {DishChanged: handlers.on_dish_changed, DishDeleted: handlers.on_dish_deleted, PricesChanged: handlers.on_prices_changed}[type(event)]
    await handler(Session(), event)
    (draft,) = recorded
    assert (draft.type, draft.menu_id, draft.place_id, draft.for_staff, draft.data) == ("menu_changed", data["fk_menu"], None, False, data)


def test_notifications_listens_to_the_events_it_has_rules_for():
    assert {t: [h.__name__ for h in (hs if isinstance(hs, list) else [hs])] for t, hs in EVENT_HANDLERS.items() if t.split(".")[0] != "identity"} == {
        "ordering.order.placed": ["on_orders_placed"],
        "ordering.line.status_changed": ["on_lines_status_changed"],
        "ordering.line.changed": ["on_lines_changed"],
        "ordering.line.removed": ["on_lines_removed"],
        "ordering.table.freed": ["on_table_freed"],
        "ordering.tab.closed": ["on_tab_closed"],
        "ordering.delivery.changed": ["on_delivery_changed", "on_delivery_changed"],  # the tracked deliveries', then the message's
        "floor.waiter.called": ["on_waiter_called"],
        "floor.waiter.cleared": ["on_waiter_cleared"],
        "floor.place.created": ["on_place_created"],
        "floor.place.changed": ["on_place_changed"],
        "floor.place.removed": ["on_place_removed"],
        "catalog.dish.changed": ["on_dish_changed"],
        "catalog.dish.deleted": ["on_dish_deleted"],
        "catalog.prices.changed": ["on_prices_changed"],
    }
    assert RestaurantDeleted.type in EVENT_HANDLERS


# ---------------------------------------------------------------------------------- floor's places
@pytest.fixture
def upserts(monkeypatch, places) -> list[dict]:
    """kit.db.upsert_unless_older on the in-memory places: a row is written only by a newer event."""
    written: list[dict] = []

    async def upsert(session, model, key, values, stamp):
        written.append(values)
        before = places.rows.get(values["place_id"])
        if before is None or before.changed_at <= values["changed_at"]:
            places.put(values["place_id"], values["restaurant_id"], values["name"], values["menu_id"], values["token_hash"],
                       values["removed"], values["changed_at"])

    monkeypatch.setattr(place_service, "upsert_unless_older", upsert)
    return written


def placed_at(minutes: int, token="m1", menu_id=30, changed=True, name="M1"):
    kind = PlaceChanged if changed else PlaceCreated
    return kind(place_id=1, restaurant_id=A, name=name, kind="mesa", menu_id=menu_id, token_hash=token, occurred_at=NOW + timedelta(minutes=minutes))


@pytest.mark.parametrize("change, made", [
    (placed_at(1, token="m1-new"), [("place_closed", 1, "M1")]),  # a new QR: its phones must scan again
    (placed_at(1, menu_id=31), [("menu_changed", 1, "M1")]),  # another menu: its phones read it
    (placed_at(1, token="m1-new", menu_id=31), [("place_closed", 1, "M1")]),  # both: closed (the new QR reads the new menu)
    (placed_at(1, name="M9"), []),  # a name changes nothing for the phones
    (placed_at(-1, token="m1-old"), []),  # older than what the projection holds
], ids=["token replaced", "menu changed", "both", "renamed", "older"])
async def test_a_places_phones_are_told_of_its_newest_change_only(places, recorded, upserts, change, made):
    await place_service.on_place_created(Session(), placed_at(0, changed=False))
    await place_service.on_place_changed(Session(), change)
    assert [(d.type, d.place_id, d.description) for d in recorded] == made
    assert places.rows[1].token_hash == (change.token_hash if change.occurred_at >= NOW else "m1")


async def test_a_removed_place_stays_removed_and_a_late_change_says_nothing(places, recorded, upserts):
    await place_service.on_place_created(Session(), placed_at(0, changed=False))
    await place_service.on_place_removed(Session(), PlaceRemoved(place_id=1, restaurant_id=A, occurred_at=NOW + timedelta(minutes=2)))
    await place_service.on_place_changed(Session(), placed_at(1, token="m1-late"))
    await place_service.on_place_removed(Session(), PlaceRemoved(place_id=1, restaurant_id=A, occurred_at=NOW + timedelta(minutes=1)))
    assert [(d.type, d.place_id, d.description, d.for_staff) for d in recorded] == [("place_closed", 1, "M1", False)]
    assert (places.rows[1].removed, places.rows[1].token_hash) == (True, "")


# ---------------------------------------------------------------------------------- recording
def draft(restaurant: int, place_id: int = 1) -> Draft:
    return Draft(restaurant_id=restaurant, type="waiter_call", description=f"M{place_id}", msg=Text(es="x", en="x"), created_at=NOW, place_id=place_id)


async def test_recording_numbers_each_restaurants_messages_and_publishes_them_once_committed(stream):
    stream.add(recording.Message(**draft(B).__dict__))  # B has one message already: id 1, seq 1
    session = Session()
    token = ORIGIN.set("screen-1")
    try:
        messages = await recording.record(session, [draft(B, 2), draft(A, 1), draft(B, 3), draft(A, 4)])
    finally:
        ORIGIN.reset(token)
    # restaurants take their positions in id order (A before B): ids follow, seqs count each its own
    assert [(m.restaurant_id, m.place_id, m.id, m.seq, m.origin) for m in messages] == [
        (A, 1, 2, 1, "screen-1"), (A, 4, 3, 2, "screen-1"), (B, 2, 4, 2, "screen-1"), (B, 3, 5, 3, "screen-1")]
    assert [row.id for row in session.added] == [2, 3, 4, 5]
    assert session.published == []  # nothing leaves before the commit
    await session.commit()
    assert session.published == [messages]


async def test_a_batch_of_orders_is_recorded_together_each_message_naming_the_screen_that_placed_its_order(stream):
    session = Session()
    messages = await recording.record(session, [draft(A, 1), draft(B, 2), draft(A, 3)], origins=["tablet-1", None, "tablet-3"])
    assert [(m.restaurant_id, m.place_id, m.seq, m.origin) for m in messages] == [
        (A, 1, 1, "tablet-1"), (A, 3, 2, "tablet-3"), (B, 2, 1, None)]
    await session.commit()
    assert session.published == [messages]  # one publication for the whole batch


async def test_recording_nothing_publishes_nothing(stream):
    session = Session()
    assert await recording.record(session, []) == []
    await session.commit()
    assert (session.added, session.published) == ([], [])
