"""What each event says, and to whom (notification/drafts.py): the message's type, the spec's fields
(order_type, description, from_admin), its text in Spanish and English, the event's facts it keeps,
and whether the tablets, the place's phones or only the phones of a menu get it."""
from decimal import Decimal

import pytest

from contracts.floor import WaiterCallCleared, WaiterCalled
from contracts.ordering import (
    DeliveryChanged, LineEdit, LineFacts, LinesChanged, LinesRemoved, LinesStatusChanged, LineStatusChange, OrderPlaced,
    PaymentNote, TabClosed, TableFreed,
)
from notifications.notification import drafts
from tests.unit.fakes import NOW

A = 1


def line(line_id, dish, quantity=1, status="1", price="100.00", **fields) -> LineFacts:
    return LineFacts(line_id=line_id, dish_id=line_id + 1000, dish_name=dish, price=Decimal(price), quantity=quantity, status=status, **fields)


def placed(kind="table", source="staff", place_id=1, lines=None, **fields) -> OrderPlaced:
    return OrderPlaced(restaurant_id=A, order_id=50, placed_at=NOW, occurred_at=NOW, kind=kind, source=source, place_id=place_id,
                       lines=lines or [line(100, "Empanada", 2, price="1500.00")], **fields)


def change(line_id, dish, to, quantity=1, before="1", version=None) -> LineStatusChange:
    after = line(line_id, dish, quantity, status=to, version=version) if version else None
    return LineStatusChange(line_id=line_id, dish_name=dish, quantity=quantity, from_status=before, to_status=to, line=after)


def both(draft) -> tuple[str, str]:
    return draft.msg.es, draft.msg.en


def audience(draft) -> tuple:
    return draft.type, draft.order_type, draft.place_id, draft.description, draft.from_admin, draft.for_staff, draft.for_diners


# ---------------------------------------------------------------------------------- naming the place
@pytest.mark.parametrize("args, named", [
    (("M1", 1, None), "M1"),  # the place's name
    (("", 7, None), "#7"),  # a place floor never named (yet)
    (("", None, 291, "482913"), "#482913"),  # a delivery order, by the number its screens show
    (("", None, 292), "#292"),  # ... by its id, from events before they carried the number
    (("", None, None), ""),
])
def test_a_message_names_the_place_or_else_the_delivery_orders_number(args, named):
    assert drafts.label(*args) == named


@pytest.mark.parametrize("count, es, en", [
    (1, "1 × Dish1", "1 × Dish1"),
    (3, "1 × Dish1, 2 × Dish2, 3 × Dish3", "1 × Dish1, 2 × Dish2, 3 × Dish3"),
    (4, "1 × Dish1, 2 × Dish2, 3 × Dish3 y 1 más", "1 × Dish1, 2 × Dish2, 3 × Dish3 and 1 more"),
    (6, "1 × Dish1, 2 × Dish2, 3 × Dish3 y 3 más", "1 × Dish1, 2 × Dish2, 3 × Dish3 and 3 more"),
])
def test_a_new_order_names_three_lines_and_counts_the_rest(count, es, en):
    lines = [line(i, f"Dish{i}", quantity=i) for i in range(1, count + 1)]
    items = drafts.items(lines)
    assert (items.es, items.en) == (es, en)


# ---------------------------------------------------------------------------------- new orders
@pytest.mark.parametrize("kind, place_id, place, expected, es, en", [
    ("table", 1, "M1", ("new_order", "other", 1, "M1", True, True, True),
     "Nuevo pedido en M1: 2 × Empanada", "New order at M1: 2 × Empanada"),
    ("delivery", None, "#482913", ("new_delivery", "default_delivery", None, "#482913", True, True, False),
     "Nuevo pedido de delivery #482913: 2 × Empanada", "New delivery order #482913: 2 × Empanada"),
    ("takeaway", None, "#482913", ("new_delivery", "default_delivery", None, "#482913", True, True, False),
     "Nuevo pedido para llevar #482913: 2 × Empanada", "New takeaway order #482913: 2 × Empanada"),
], ids=["table", "delivery", "takeaway"])
def test_a_new_order_is_a_tables_or_a_delivery_and_only_a_places_reaches_its_phones(kind, place_id, place, expected, es, en):
    draft = drafts.order_placed(placed(kind=kind, place_id=place_id, delivery_id=None if place_id else 291), place)
    assert audience(draft) == expected
    assert both(draft) == (es, en)


def test_a_new_order_keeps_its_lines_facts_as_the_protocol_writes_them():
    lines = [line(100, "Empanada", 2, price="1500", extra_commentary="sin sal", diner_name="Ana", version=1), line(101, "Flan")]
    draft = drafts.order_placed(placed(source="diner", placed_by="Ana", lines=lines), "M1")
    assert draft.data == {
        "order_id": 50, "kind": "table", "source": "diner", "placed_by": "Ana", "fk_delivery": None,
        "lines": [
            {"id": 100, "fk_dish": 1100, "name": "Empanada", "price": "1500.00", "quantity": 2, "status": "1",
             "extra_commentary": "sin sal", "diner_name": "Ana", "version": 1},
            {"id": 101, "fk_dish": 1101, "name": "Flan", "price": "100.00", "quantity": 1, "status": "1",
             "extra_commentary": "", "diner_name": "", "version": None},
        ],
    }
    assert (draft.from_admin, draft.created_at, draft.restaurant_id) == (False, NOW, A)  # a diner placed it


@pytest.mark.parametrize("source, placed_by, shown", [("diner", "Ana", "Ana"), ("staff", "mozo@example.com", "")])
def test_only_a_diners_own_name_is_kept_a_staff_members_stays_off_the_phones(source, placed_by, shown):
    assert drafts.order_placed(placed(source=source, placed_by=placed_by), "M1").data["placed_by"] == shown


# ---------------------------------------------------------------------------------- lines moving
@pytest.mark.parametrize("changes, es, en", [
    ([change(100, "Empanada", "2", quantity=2)], "M1: 2 × Empanada pasó a Aceptado", "M1: 2 × Empanada is now Accepted"),
    ([change(100, "Empanada", "4", before="2"), change(101, "Flan", "4", before="2"), change(102, "Agua", "4", before="2")],
     "M1: 3 pedidos pasaron a Entregado", "M1: 3 orders are now Delivered"),
    ([change(100, "Empanada", "3"), change(101, "Flan", "3", before="2")], "M1: 2 pedidos pasaron a Rechazado", "M1: 2 orders are now Rejected"),
    ([change(100, "Empanada", "2"), change(101, "Flan", "4", before="2")], "M1: 2 pedidos cambiaron de estado", "M1: 2 orders changed status"),
    ([change(9, "Pizza", "7", before="2")], "M1: 1 × Pizza pasó a En camino", "M1: 1 × Pizza is now On the way"),
], ids=["one line", "bulk deliver", "bulk reject", "mixed", "on the way"])
def test_status_changes_say_which_lines_moved_where(changes, es, en):
    draft = drafts.lines_status_changed(LinesStatusChanged(restaurant_id=A, place_id=1, changes=changes), "M1")
    assert both(draft) == (es, en)
    assert audience(draft) == ("order_status", "other", 1, "M1", True, True, True)


@pytest.mark.parametrize("to, es, en", [
    ("1", "Nuevo", "New"), ("2", "Aceptado", "Accepted"), ("3", "Rechazado", "Rejected"), ("4", "Entregado", "Delivered"),
    ("5", "En cierre", "Closing"), ("6", "Pagado", "Paid"), ("7", "En camino", "On the way"),
])
def test_every_line_status_has_its_name_in_both_languages(to, es, en):
    draft = drafts.lines_status_changed(LinesStatusChanged(restaurant_id=A, place_id=1, changes=[change(1, "Flan", to)]), "M1")
    assert both(draft) == (f"M1: 1 × Flan pasó a {es}", f"M1: 1 × Flan is now {en}")


def test_a_status_change_keeps_each_lines_move_and_its_version_after_it():
    moves = [change(100, "Empanada", "2", quantity=2, version=5), change(101, "Flan", "2")]  # an event from before versions: None
    draft = drafts.lines_status_changed(LinesStatusChanged(restaurant_id=A, place_id=1, changes=moves), "M1")
    assert draft.data == {"fk_delivery": None, "changes": [
        {"id": 100, "name": "Empanada", "quantity": 2, "from_status": "1", "status": "2", "version": 5},
        {"id": 101, "name": "Flan", "quantity": 1, "from_status": "1", "status": "2", "version": None},
    ]}


def test_a_delivery_orders_lines_are_a_delivery_message_for_the_tablets_only():
    event = LinesStatusChanged(restaurant_id=A, delivery_id=291, delivery_number="482913", changes=[change(9, "Pizza", "7", before="2")])
    draft = drafts.lines_status_changed(event, "#482913")
    assert audience(draft) == ("order_status", "default_delivery", None, "#482913", True, True, False)
    assert draft.data["fk_delivery"] == 291


@pytest.mark.parametrize("ids, es, en", [
    ([100], "M7: se eliminó un pedido", "M7: an order was removed"),
    ([101, 102], "M7: se eliminaron 2 pedidos", "M7: 2 orders were removed"),
])
def test_removed_lines_are_counted(ids, es, en):
    draft = drafts.lines_removed(LinesRemoved(restaurant_id=A, place_id=7, line_ids=ids), "M7")
    assert both(draft) == (es, en)
    assert (draft.type, draft.place_id, draft.for_diners, draft.data) == ("order_removed", 7, True, {"fk_delivery": None, "ids": ids})


# ---------------------------------------------------------------------------------- edits
def facts(place_id, quantity=2, pay_status=None) -> LineFacts:
    return LineFacts(line_id=100, dish_id=7, dish_name="Empanada", unit_price=Decimal("1500"), quantity=quantity, status="1",
                     extra_commentary="sin sal", place_id=place_id, version=3, pay_status=pay_status)


def edited(*edits: tuple, place_id=1) -> LinesChanged:
    return LinesChanged(restaurant_id=A, place_id=place_id, place_name=f"M{place_id}", edits=[
        LineEdit(fields=fields, before=facts(before), line=facts(place_id, quantity, pay_status))
        for fields, before, quantity, pay_status in edits
    ])


@pytest.mark.parametrize("edits, es, en", [
    ([(["quantity", "comment"], 1, 3, None)], "M1: se modificó 3 × Empanada", "M1: 3 × Empanada was changed"),
    ([(["quantity"], 1, 3, None), (["dish"], 1, 2, None)], "M1: se modificaron 2 pedidos", "M1: 2 orders were changed"),
    ([(["payment"], 1, 2, "pending")], "M1: pago con MercadoPago en curso", "M1: MercadoPago payment under way"),
    ([(["payment"], 1, 2, "rejected")], "M1: MercadoPago rechazó el pago", "M1: MercadoPago rejected the payment"),
    ([(["payment"], 1, 2, None)], "M1: el pago con MercadoPago terminó sin cobrarse", "M1: the MercadoPago payment ended unpaid"),
    ([(["payment", "quantity"], 1, 2, "pending")], "M1: se modificó 2 × Empanada", "M1: 2 × Empanada was changed"),
], ids=["one edit", "two edits", "checkout pending", "checkout rejected", "checkout ended", "payment and an edit"])
def test_an_edit_says_what_changed_and_an_online_payments_news_in_its_own_words(edits, es, en):
    draft = drafts.lines_changed(edited(*edits), "M1", 1)
    assert both(draft) == (es, en)
    assert audience(draft) == ("order_changed", "other", 1, "M1", True, True, True)


def test_an_edit_keeps_the_line_as_it_left_it_and_which_facts_changed():
    draft = drafts.lines_changed(edited((["quantity", "comment"], 1, 3, None)), "M1", 1)
    assert draft.data == {"fk_delivery": None, "lines": [{
        "id": 100, "fields": ["quantity", "comment"], "name": "Empanada", "price": "1500.00", "quantity": 3, "status": "1",
        "extra_commentary": "sin sal", "version": 3}]}


def test_the_message_at_the_place_a_line_left_names_only_the_lines_that_left_it():
    event = edited((["place"], 1, 2, None), (["place"], 3, 2, None), (["quantity"], 2, 4, None), place_id=2)
    left_m1 = drafts.lines_changed(event, "M1", 1, moved_away=True)
    assert (left_m1.place_id, both(left_m1)) == (1, ("M1: se modificó 2 × Empanada", "M1: 2 × Empanada was changed"))
    assert [edit["fields"] for edit in left_m1.data["lines"]] == [["place"]]
    here = drafts.lines_changed(event, "M2", 2)
    assert (here.place_id, len(here.data["lines"])) == (2, 3)  # where they are now: all of them


def test_a_delivery_orders_own_facts_are_for_the_delivery_screens():
    event = DeliveryChanged(restaurant_id=A, delivery_id=9, number="654321", status="2", fields=["contact", "address"], occurred_at=NOW)
    draft = drafts.delivery_changed(event, "#654321")
    assert audience(draft) == ("delivery_changed", "default_delivery", None, "#654321", True, True, False)
    assert both(draft) == ("Se actualizó el pedido #654321", "Order #654321 was updated")
    assert draft.data == {"fk_delivery": 9, "number": "654321", "fields": ["contact", "address"], "status": "2"}


# ---------------------------------------------------------------------------------- payments
def paid(method="cash", amount="7200.00", tab_closed=True, place_id=1, delivery_id=None) -> LinesStatusChanged:
    moves = [
        LineStatusChange(line_id=100, dish_name="Empanada", quantity=2, from_status="4", to_status="6", line=line(100, "Empanada", 2, "6", version=3)),
        LineStatusChange(line_id=101, dish_name="Flan", quantity=1, from_status="4", to_status="6"),  # no facts: no version
    ]
    return LinesStatusChanged(restaurant_id=A, place_id=place_id, delivery_id=delivery_id, changes=moves,
                              payment=PaymentNote(payment_id=41, method=method, amount=Decimal(amount), tab_closed=tab_closed))


@pytest.mark.parametrize("method, amount, es, en", [
    ("cash", "7200.00", "M1: se cobraron $ 7.200,00 (efectivo)", "M1: $7,200.00 was paid (cash)"),
    ("debit", "7200.00", "M1: se cobraron $ 7.200,00 (débito)", "M1: $7,200.00 was paid (debit)"),
    ("credit", "1234567.5", "M1: se cobraron $ 1.234.567,50 (crédito)", "M1: $1,234,567.50 was paid (credit)"),
    ("online", "0.5", "M1: se cobraron $ 0,50 (MercadoPago)", "M1: $0.50 was paid (MercadoPago)"),
])
def test_a_payment_says_where_how_much_and_how_in_both_languages(method, amount, es, en):
    assert both(drafts.payment_recorded(paid(method, amount), "M1")) == (es, en)


def test_a_payment_keeps_its_lines_and_whether_it_closed_the_tab():
    draft = drafts.payment_recorded(paid(), "M1")
    assert audience(draft) == ("payment_recorded", "other", 1, "M1", True, True, True)
    assert draft.data == {
        "payment_id": 41, "method": "cash", "amount": "7200.00", "fk_delivery": None, "ids": [100, 101], "tab_closed": True,
        "versions": [3, None],
    }
    of_a_delivery = drafts.payment_recorded(paid(place_id=None, delivery_id=9, tab_closed=False), "#9")
    assert audience(of_a_delivery) == ("payment_recorded", "default_delivery", None, "#9", True, True, False)


# ---------------------------------------------------------------------------------- the table, the waiter, the menu
@pytest.mark.parametrize("draft, expected, es, en", [
    (lambda: drafts.table_freed(TableFreed(restaurant_id=A, place_id=1, lines=[line(100, "Flan", status="3")]), "M1"),
     ("table_freed", "other", 1, "M1", True, True, True), "Se liberó M1", "M1 was freed"),
    (lambda: drafts.waiter_called(WaiterCalled(restaurant_id=A, place_id=1, place_name="M1"), "M1"),
     ("waiter_call", "other", 1, "M1", False, True, True), "M1 llama al mozo", "M1 is calling the waiter"),
    (lambda: drafts.waiter_called(WaiterCalled(restaurant_id=A, place_id=1, place_name="M1", kind="bill"), "M1"),
     ("bill_request", "other", 1, "M1", False, True, True), "M1 pide la cuenta", "M1 asks for the bill"),
    (lambda: drafts.waiter_cleared(WaiterCallCleared(restaurant_id=A, place_id=1, place_name="M1"), "M1"),
     ("waiter_call_cleared", "other", 1, "M1", True, True, True), "Mozo enviado a M1", "Waiter sent to M1"),
    (lambda: drafts.tab_closed(TabClosed(restaurant_id=A, place_id=1), "M1"),
     ("tab_closed", "other", 1, "M1", True, False, True), "Se cerró la cuenta de M1", "M1's tab was closed"),
], ids=["table freed", "waiter call", "bill request", "waiter sent", "tab closed"])
def test_table_and_waiter_events_reach_the_tablets_and_the_places_phones(draft, expected, es, en):
    made = draft()
    assert (audience(made), both(made)) == (expected, (es, en))


def test_a_freed_table_names_the_lines_that_left_its_tab():
    freed = drafts.table_freed(TableFreed(restaurant_id=A, place_id=1, lines=[line(100, "Flan", status="3"), line(101, "Pan", status="3")]), "M1")
    assert freed.data == {"ids": [100, 101]}


def test_a_menu_change_is_for_the_phones_reading_that_menu_only():
    draft = drafts.menu_changed(A, 30, NOW, fk_dish=7, disable=True)
    assert (draft.type, draft.place_id, draft.menu_id, draft.for_staff, draft.for_diners) == ("menu_changed", None, 30, False, True)
    assert both(draft) == ("El menú cambió.", "The menu changed.")
    assert draft.data == {"fk_menu": 30, "fk_dish": 7, "disable": True}
    a_places_new_menu = drafts.menu_changed(A, 31, NOW, place_id=5, place="S5")
    assert (a_places_new_menu.place_id, a_places_new_menu.menu_id, a_places_new_menu.data) == (5, 31, {"fk_menu": 31})


@pytest.mark.parametrize("place_id", [2, None], ids=["one place", "every place of the restaurant"])
def test_a_place_closed_is_a_signal_for_its_phones_not_the_tablets(place_id):
    draft = drafts.place_closed(A, NOW, place_id)
    assert (draft.type, draft.place_id, draft.for_staff, draft.for_diners) == ("place_closed", place_id, False, True)
    assert draft.msg.es.startswith("Este código QR ya no es válido")
