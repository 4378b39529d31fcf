"""A diner's tracking socket (issue 20): let in by its delivery order's tracking token (only the
token's SHA-256 reaches notifications, in `ordering.delivery.changed`), it carries that order's
frames and nothing else, replays nothing (a page that may have missed something reads its order
again), and is refused, or closed, a day after the order closed."""
from datetime import UTC, datetime, timedelta

from contracts.live import TrackingFrame
from contracts.ordering import DeliveryChanged, LinesRemoved, LinesStatusChanged, LineStatusChange, tracking_hash
from kit.auth import OWNER
from tests.helpers import (
    A, B, OWNER_A, PROTOCOL, closing, deliver, next_frame, open_socket, order, staff_socket,
)

TRACKING = "/ws/notificaciones/seguimiento/"


def tracked(delivery_id=9, token="tok-ana", restaurant=A, closed_at=None, fields=("status",), status="1", **over) -> DeliveryChanged:
    return DeliveryChanged(
        restaurant_id=restaurant, delivery_id=delivery_id, number="654321", source="diner", status=status,
        tracking_hash=tracking_hash(token), closed_at=closed_at, fields=list(fields), **over,
    )


def moved(delivery_id: int | None, place_id: int | None = None, to="2") -> LinesStatusChanged:
    change = LineStatusChange(line_id=100, dish_name="Empanada", quantity=2, from_status="1", to_status=to)
    return LinesStatusChanged(restaurant_id=A, place_id=place_id, place_name="M1" if place_id else "", delivery_id=delivery_id, changes=[change])


async def tracking_socket(ws_url: str, token: str, **hello):
    ws = await open_socket(ws_url, TRACKING, {"type": "auth", "tracking_token": token, **hello})
    PROTOCOL[ws] = TrackingFrame  # every frame it gets must be one the tracking socket allows
    return ws


async def test_the_token_lets_the_page_in_to_its_order_only(app, people, ws_url):
    await deliver(app, tracked(9, "tok-ana"), tracked(10, "tok-luis"))
    ws = await tracking_socket(ws_url, "tok-ana")
    assert await next_frame(ws) == {"type": "ready", "last_id": 0, "resync": False, "fk_resto": A, "fk_delivery": 9}
    tablet, _ = await staff_socket(ws_url, people.token(OWNER_A, OWNER), fk_resto=A)
    # one at a time: each kind of event has its queue, so events of several kinds delivered
    # together may be handled in any order (the frames then keep the order they were handled in)
    for event in (
        order(kind="takeaway", place_id=None, delivery_id=10, source="diner"),  # another order's
        moved(10), moved(None, place_id=1),  # another order's lines, a table's
        LinesRemoved(restaurant_id=A, delivery_id=10, line_ids=[7]),
        tracked(10, "tok-luis", fields=("contact",)),
        moved(9),  # its own
    ):
        await deliver(app, event)
    frame = await next_frame(ws)
    assert (frame["type"], frame["data"]["fk_delivery"], frame["changed"]["resource"], frame["changed"]["fk_delivery"]) == (
        "order_status", 9, "delivery", 9)
    await deliver(app, tracked(9, "tok-ana", fields=("address",)))
    await deliver(app, LinesRemoved(restaurant_id=A, delivery_id=9, line_ids=[100]))
    assert [(f["type"], f["data"]["fk_delivery"]) for f in (await next_frame(ws), await next_frame(ws))] == [
        ("delivery_changed", 9), ("order_removed", 9)]
    # the tablet heard everything the page did not
    assert [(await next_frame(tablet))["type"] for _ in range(7)] == [
        "new_delivery", "order_status", "order_status", "order_removed", "delivery_changed", "order_status", "delivery_changed"]


async def test_an_unknown_token_a_staff_order_and_another_restaurants_are_refused_alike(app, people, ws_url):
    staff_order = DeliveryChanged(restaurant_id=A, delivery_id=12, fields=["status"], status="1")  # no token
    await deliver(app, tracked(9, "tok-ana"), tracked(11, "tok-b", restaurant=B), staff_order)
    refused = await closing(await tracking_socket(ws_url, "tok-nobody"))
    assert refused == ([{"type": "error", "code": "tracking_unknown", "detail": "Este enlace de seguimiento no es válido o ya venció."}],
                       4404, "tracking_unknown")
    assert (await closing(await open_socket(ws_url, TRACKING, {"type": "auth", "place_token": "tok-ana"})))[1:] == (4400, "bad_auth_message")
    ws = await tracking_socket(ws_url, "tok-b")
    assert (await next_frame(ws))["fk_resto"] == B


async def test_a_reconnecting_page_is_told_to_read_its_order_again_and_nothing_is_replayed(app, people, ws_url):
    await deliver(app, tracked(9, "tok-ana"))
    first = await tracking_socket(ws_url, "tok-ana")
    seen = (await next_frame(first))["last_id"]
    await first.close()
    await deliver(app, moved(9), moved(9, to="4"))
    ws = await tracking_socket(ws_url, "tok-ana", last_id=seen)
    ready = await next_frame(ws)
    assert (ready["type"], ready["resync"]) == ("ready", True) and ready["last_id"] > seen
    up_to_date = await tracking_socket(ws_url, "tok-ana", last_id=ready["last_id"])
    assert (await next_frame(up_to_date))["resync"] is False


async def test_the_link_is_refused_a_day_after_its_order_closed_and_an_open_page_is_closed(app, people, ws_url):
    now = datetime.now(UTC)
    await deliver(app, tracked(9, "tok-ana", closed_at=now - timedelta(hours=23)), tracked(10, "tok-old", closed_at=now - timedelta(hours=25)))
    assert (await closing(await tracking_socket(ws_url, "tok-old")))[1:] == (4404, "tracking_unknown")
    ws = await tracking_socket(ws_url, "tok-ana")
    assert (await next_frame(ws))["type"] == "ready"
    # ordering tells the order closed earlier than it had said (a later event): the page's time ran out
    await deliver(app, tracked(9, "tok-ana", closed_at=now - timedelta(hours=24, seconds=1), fields=("status",)))
    frames, code, reason = await closing(ws)
    assert (code, reason) == (4404, "tracking_closed")
    assert frames == [{"type": "error", "code": "tracking_closed", "detail": "El seguimiento de este pedido terminó."}]


async def test_an_older_event_arriving_late_changes_nothing(app, people, ws_url):
    closed = tracked(9, "tok-ana", closed_at=datetime.now(UTC) - timedelta(hours=30), status="6")
    reopened_earlier = tracked(9, "tok-ana", occurred_at=closed.occurred_at - timedelta(seconds=5))
    await deliver(app, closed, reopened_earlier)
    assert (await closing(await tracking_socket(ws_url, "tok-ana")))[1:] == (4404, "tracking_unknown")


async def test_the_page_hears_its_orders_payment(app, people, ws_url):
    """A payment of its order comes as the payment's message (`payment_recorded`), for the page too."""
    from decimal import Decimal

    from contracts.ordering import PaymentNote

    await deliver(app, tracked(9, "tok-ana"))
    ws = await tracking_socket(ws_url, "tok-ana")
    await next_frame(ws)  # ready
    payment = PaymentNote(payment_id=41, method="cash", amount=Decimal("3000.00"))
    await deliver(app, moved(10, to="6").model_copy(update={"payment": payment}))  # another order's payment
    await deliver(app, moved(9, to="6").model_copy(update={"payment": payment}))
    frame = await next_frame(ws)
    assert (frame["type"], frame["data"]["fk_delivery"], frame["data"]["amount"]) == ("payment_recorded", 9, "3000.00")
