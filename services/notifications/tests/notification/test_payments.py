"""A payment reaches the tablets and the table's phones as a frame naming what changed (issue 21):
its lines paid (6, with their versions), and, when it left the table no open line, the lines off
the tab and the table reset. It comes with the lines' moves (`ordering.line.status_changed` naming
the payment), one message: a delivery's tracking page hears its own."""
from datetime import UTC, datetime, timedelta
from decimal import Decimal

from contracts.ordering import LineFacts, LinesStatusChanged, LineStatusChange, PaymentNote, TabClosed
from kit.auth import OWNER
from tests.helpers import A, OWNER_A, deliver, next_frame, place, staff_socket, table_socket

T0 = datetime.now(UTC) - timedelta(minutes=10)


def paid(tab_closed=True, place_id=1, delivery_id=None, method="cash", minutes=0) -> LinesStatusChanged:
    def move(line_id: int, name: str, price: str, quantity: int, version: int) -> LineStatusChange:
        facts = LineFacts(line_id=line_id, dish_id=7, dish_name=name, unit_price=Decimal(price), quantity=quantity, status="6",
                          extra_commentary="", place_id=place_id, delivery_id=delivery_id, version=version)
        return LineStatusChange(line_id=line_id, dish_name=name, quantity=quantity, from_status="4", to_status="6", line=facts)

    return LinesStatusChanged(
        restaurant_id=A, place_id=place_id, place_name="M1" if place_id else "", delivery_id=delivery_id,
        changes=[move(100, "Empanada", "1500.00", 2, 3), move(101, "Flan", "4200.00", 1, 4)],
        payment=PaymentNote(payment_id=41, method=method, amount=Decimal("7200.00"), tab_closed=tab_closed),
        occurred_at=T0 + timedelta(minutes=minutes),
    )


async def test_the_tablets_and_the_tables_phones_hear_the_payment_that_ends_the_sitting(app, people, ws_url):
    await deliver(app, place(1, name="M1", token="token-m1"))
    tablet, _ = await staff_socket(ws_url, people.token(OWNER_A, OWNER))
    phone, _ = await table_socket(ws_url, "token-m1")
    await deliver(app, paid(minutes=0))
    await deliver(app, TabClosed(restaurant_id=A, place_id=1, occurred_at=T0 + timedelta(minutes=1)))
    for ws in (tablet, phone):
        frame = await next_frame(ws)
        assert (frame["type"], frame["fk_sit"], frame["data"]["tab_closed"]) == ("payment_recorded", 1, True)
        assert frame["changed"]["lines"] == [{"id": 100, "status": None, "version": 3}, {"id": 101, "status": None, "version": 4}]
        assert "versions" not in frame["data"]


async def test_a_phone_at_the_table_hears_the_payment_that_closed_its_tab_whichever_came_first(app, people, ws_url):
    """The payment's moves and `ordering.tab.closed` come through separate queues: when the tab's
    closing is handled first, the payment (stamped before it, as it belongs to the sitting it ends)
    still reaches the phones that were at the table; a phone that opens afterwards does not get it."""
    await deliver(app, place(1, name="M1", token="token-m1"))
    phone, _ = await table_socket(ws_url, "token-m1")
    await deliver(app, TabClosed(restaurant_id=A, place_id=1, occurred_at=T0 + timedelta(minutes=1)))
    await deliver(app, paid(minutes=0))  # the payment that closed it, handled second
    frame = await next_frame(phone)
    assert (frame["type"], frame["data"]["tab_closed"]) == ("payment_recorded", True)
    newcomer, _ = await table_socket(ws_url, "token-m1")  # the next diners
    late = paid(minutes=0)
    late = late.model_copy(update={"payment": late.payment.model_copy(update={"payment_id": 42})})
    await deliver(app, late)  # another closing payment of the sitting that ended, late
    now = paid(tab_closed=False, minutes=5).model_copy(update={"payment": None})  # news of the new sitting
    await deliver(app, now)
    first = await next_frame(newcomer)
    assert (first["type"], first["created_at"] >= (T0 + timedelta(minutes=5)).isoformat()[:19]) == ("order_status", True)
    assert (await next_frame(phone))["data"]["payment_id"] == 42  # the phone that was there hears it
