"""What each event says, and to whom: the notification drafted from it.

`place` is how the message names where it happened: the place's name (M1, S3, D2), or a delivery
order's number when no place is involved (see `label`).
"""
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from contracts.floor import WaiterCallCleared, WaiterCalled
from contracts.ordering import (
    DeliveryChanged, LineFacts, LinesChanged, LinesRemoved, LinesStatusChanged, OrderPlaced, TabClosed,
    TableFreed,
)
from kit.i18n import Text, money
from notifications import messages
from notifications.notification.message import (
    BILL_REQUEST,
    DELIVERY_CHANGED,
    DELIVERY_ORDER,
    MENU_CHANGED,
    NEW_DELIVERY,
    NEW_ORDER,
    ORDER_CHANGED,
    ORDER_REMOVED,
    ORDER_STATUS,
    OTHER_ORDER,
    PAYMENT_RECORDED,
    PLACE_CLOSED,
    TAB_CLOSED,
    TABLE_FREED,
    WAITER_CALL,
    WAITER_CALL_CLEARED,
    Draft,
)

ITEMS_SHOWN = 3  # lines named in a new order's text; the rest are counted


def label(place_name: str, place_id: int | None, delivery_id: int | None, delivery_number: str | None = None) -> str:
    """How a message names where it happened: the place's name, else a delivery order's number as
    its screens show it (its id when it has none, or from events before they carried it)."""
    if place_name:
        return place_name
    if place_id is not None:
        return f"#{place_id}"
    if delivery_number:
        return f"#{delivery_number}"
    return f"#{delivery_id}" if delivery_id is not None else ""


def items(lines: Sequence[LineFacts]) -> Text:
    named = ", ".join(f"{line.quantity} × {line.dish_name}" for line in lines[:ITEMS_SHOWN])
    if len(lines) <= ITEMS_SHOWN:
        return Text(es=named, en=named)
    return messages.MORE_ITEMS.format(items=named, count=len(lines) - ITEMS_SHOWN)


def order_placed(event: OrderPlaced, place: str) -> Draft:
    lines = [
        {
            "id": line.line_id,
            "fk_dish": line.dish_id,
            "name": line.dish_name,
            "price": f"{line.unit_price:.2f}",  # "1500.00", as the protocol writes money
            "quantity": line.quantity,
            "status": line.status,
            "extra_commentary": line.extra_commentary,
            "diner_name": line.diner_name,
            "version": line.version,
        }
        for line in event.lines
    ]
    data: dict[str, Any] = {
        "order_id": event.order_id,
        "kind": event.kind,
        "source": event.source,
        # A diner's own name; a staff member's username stays off the table's phones.
        "placed_by": event.placed_by if event.source == "diner" else "",
        "fk_delivery": event.delivery_id,
        "lines": lines,
    }
    if event.kind == "table":
        template, type_, order_type = messages.NEW_ORDER, NEW_ORDER, OTHER_ORDER
    else:
        template = messages.NEW_DELIVERY if event.kind == "delivery" else messages.NEW_TAKEAWAY
        type_, order_type = NEW_DELIVERY, DELIVERY_ORDER
    return Draft(
        restaurant_id=event.restaurant_id,
        type=type_,
        order_type=order_type,
        description=place,
        msg=template.format(place=place, items=items(event.lines)),
        created_at=event.occurred_at,
        place_id=event.place_id,
        from_admin=event.source == "staff",
        data=data,
        for_diners=event.place_id is not None,
    )


def lines_status_changed(event: LinesStatusChanged, place: str) -> Draft:
    changes = event.changes
    targets = {change.to_status for change in changes}
    if len(changes) == 1:
        only = changes[0]
        msg = messages.LINE_STATUS.format(place=place, quantity=only.quantity, dish=only.dish_name, status=messages.STATUS[only.to_status])
    elif len(targets) == 1:
        msg = messages.LINES_STATUS.format(place=place, count=len(changes), status=messages.STATUS[targets.pop()])
    else:
        msg = messages.LINES_CHANGED.format(place=place, count=len(changes))
    return _about_lines(event, ORDER_STATUS, place, msg, event.place_id, changes=[
        {
            "id": c.line_id, "name": c.dish_name, "quantity": c.quantity, "from_status": c.from_status, "status": c.to_status,
            "version": c.line.version if c.line else None,
        }
        for c in changes
    ])


def lines_removed(event: LinesRemoved, place: str) -> Draft:
    count = len(event.line_ids)
    msg = messages.LINE_REMOVED.format(place=place) if count == 1 else messages.LINES_REMOVED.format(place=place, count=count)
    return _about_lines(event, ORDER_REMOVED, place, msg, event.place_id, ids=list(event.line_ids))


def lines_changed(event: LinesChanged, place: str, place_id: int | None, moved_away: bool = False) -> Draft:
    """Staff edited lines. `place_id` is where the message goes: the lines' place now, or
    (`moved_away`) the place a line left, whose tab and phones must let it go."""
    edits = [edit for edit in event.edits if not moved_away or edit.before.place_id == place_id]
    if all(edit.fields == ["payment"] for edit in edits):  # an online payment's news, not staff's edit
        msg = messages.ONLINE_PAYMENT[edits[0].line.pay_status].format(place=place)
    elif len(edits) == 1:
        line = edits[0].line
        msg = messages.LINE_EDITED.format(place=place, quantity=line.quantity, dish=line.dish_name)
    else:
        msg = messages.LINES_EDITED.format(place=place, count=len(edits))
    return _about_lines(event, ORDER_CHANGED, place, msg, place_id, lines=[
        {
            "id": edit.line.line_id, "fields": list(edit.fields), "name": edit.line.dish_name,
            "price": f"{edit.line.unit_price:.2f}", "quantity": edit.line.quantity, "status": edit.line.status,
            "extra_commentary": edit.line.extra_commentary, "version": edit.line.version,
        }
        for edit in edits
    ])


def _about_lines(
    event: LinesStatusChanged | LinesRemoved | LinesChanged, type_: str, place: str, msg: Text, place_id: int | None, **data: Any
) -> Draft:
    """A message about some lines of one order, with the lines' facts (`data`): at `place_id`, for
    its phones too, or of a delivery order."""
    return Draft(
        restaurant_id=event.restaurant_id,
        type=type_,
        order_type=OTHER_ORDER if event.delivery_id is None else DELIVERY_ORDER,
        description=place,
        msg=msg,
        created_at=event.occurred_at,
        place_id=place_id,
        data={"fk_delivery": event.delivery_id, **data},
        for_diners=place_id is not None,
    )


def delivery_changed(event: DeliveryChanged, place: str) -> Draft:
    """A delivery order's own facts changed (staff edited it): for the delivery screens. Its lines'
    changes, its status's moves among them, come with the line events."""
    return Draft(
        restaurant_id=event.restaurant_id,
        type=DELIVERY_CHANGED,
        order_type=DELIVERY_ORDER,
        description=place,
        msg=messages.DELIVERY_CHANGED.format(place=place),
        created_at=event.occurred_at,
        data={"fk_delivery": event.delivery_id, "number": event.number, "fields": list(event.fields), "status": event.status},
    )


def payment_recorded(event: LinesStatusChanged, place: str) -> Draft:
    """A payment (`event.payment`): its lines are paid, and when it left the table no open line the
    table is reset (the lines left the tab). The place's phones see it too (it ends their sitting);
    a delivery's tracking page hears its own."""
    payment = event.payment
    return Draft(
        restaurant_id=event.restaurant_id,
        type=PAYMENT_RECORDED,
        order_type=OTHER_ORDER if event.place_id is not None else DELIVERY_ORDER,
        description=place,
        msg=messages.PAYMENT_RECORDED.format(place=place, amount=money(payment.amount), method=messages.PAYMENT_METHOD[payment.method]),
        created_at=event.occurred_at,
        place_id=event.place_id,
        data={
            "payment_id": payment.payment_id, "method": payment.method, "amount": f"{payment.amount:.2f}",
            "fk_delivery": event.delivery_id, "ids": [change.line_id for change in event.changes], "tab_closed": payment.tab_closed,
            "versions": [change.line.version if change.line else None for change in event.changes],
        },
        for_diners=event.place_id is not None,
    )


def table_freed(event: TableFreed, place: str) -> Draft:
    return _at_place(
        event.restaurant_id, event.place_id, place, TABLE_FREED, messages.TABLE_FREED.format(place=place), event.occurred_at,
        data={"ids": [line.line_id for line in event.lines]},
    )


def waiter_called(event: WaiterCalled, place: str) -> Draft:
    type_, template = (BILL_REQUEST, messages.BILL_REQUEST) if event.kind == "bill" else (WAITER_CALL, messages.WAITER_CALL)
    return _at_place(event.restaurant_id, event.place_id, place, type_, template.format(place=place), event.occurred_at, from_admin=False)


def waiter_cleared(event: WaiterCallCleared, place: str) -> Draft:
    return _at_place(
        event.restaurant_id, event.place_id, place, WAITER_CALL_CLEARED, messages.WAITER_SENT.format(place=place), event.occurred_at
    )


def _at_place(restaurant_id: int, place_id: int | None, place: str, type_: str, msg: Text, at: datetime, **fields: Any) -> Draft:
    """A message about one place (or, with no place, all of the restaurant's), for its phones too."""
    return Draft(
        restaurant_id=restaurant_id, type=type_, description=place, msg=msg, created_at=at, place_id=place_id, for_diners=True, **fields
    )


def menu_changed(restaurant_id: int, menu_id: int, at: datetime, place_id: int | None = None, place: str = "", **facts: Any) -> Draft:
    """For the phones reading `menu_id` (or only those at `place_id`, whose menu it now is)."""
    data = {"fk_menu": menu_id, **facts}
    return _at_place(restaurant_id, place_id, place, MENU_CHANGED, messages.MENU_CHANGED, at, menu_id=menu_id, data=data, for_staff=False)


def place_closed(restaurant_id: int, at: datetime, place_id: int | None = None, place: str = "") -> Draft:
    """The phones at `place_id` (every place of the restaurant when None) must check their token again."""
    return _at_place(restaurant_id, place_id, place, PLACE_CLOSED, messages.PLACE_CLOSED, at, for_staff=False)


def tab_closed(event: TabClosed, place: str) -> Draft:
    """The place's phones see nothing from before this message (a signal: no socket receives it)."""
    return _at_place(
        event.restaurant_id, event.place_id, place, TAB_CLOSED, messages.TAB_CLOSED.format(place=place), event.occurred_at, for_staff=False
    )
