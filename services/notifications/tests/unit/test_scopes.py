"""Which frames go to whom (live/scope.py `wants`): a staff socket hears its restaurants' staff
messages; a place's phone hears its place's messages of its current sitting and its menu's news,
never a signal or another place's; a tracking page hears its own delivery order's lines and facts.
And the `ready` frame each socket gets."""
from datetime import timedelta

import pytest

from contracts import live
from kit.auth import OWNER
from kit.i18n import Text
from notifications.live.scope import DinerScope, StaffScope, TrackingScope
from notifications.notification.message import Message
from tests.unit.fakes import NOW, principal

A, B = 1, 2
T0 = NOW


def msg(type_="waiter_call", restaurant=A, place_id=1, menu_id=None, for_staff=True, for_diners=True, at=T0, **data) -> Message:
    return Message(restaurant_id=restaurant, type=type_, description="M1", msg=Text(es="x", en="x"), created_at=at, place_id=place_id,
                   menu_id=menu_id, for_staff=for_staff, for_diners=for_diners, data=data, id=1, seq=1)


# ---------------------------------------------------------------------------------- staff
STAFF = StaffScope(principal(10, OWNER), None, frozenset({A, B}))


@pytest.mark.parametrize("message, wanted", [
    (msg(restaurant=A), True),
    (msg(restaurant=B, place_id=None, type_="new_delivery", for_diners=False), True),
    (msg(restaurant=3), False),  # not one of theirs
    (msg(type_="menu_changed", place_id=None, menu_id=30, for_staff=False), False),  # the phones' only
    (msg(type_="place_closed", for_staff=False), False),  # a signal
    (msg(type_="tab_closed", for_staff=False), False),
], ids=["A's call", "B's delivery", "another restaurant's", "menu change", "place closed", "tab closed"])
def test_a_staff_socket_hears_the_staff_messages_of_its_restaurants(message, wanted):
    assert STAFF.wants(message) is wanted


def test_a_staff_sockets_ready_frame_names_each_restaurants_newest_id():
    ready = STAFF.ready({B: 40, A: 12}, resync=False)
    assert ready.model_dump() == {"type": "ready", "last_id": 40, "last_ids": {"1": 12, "2": 40}, "resync": False, "restaurants": [A, B]}
    assert STAFF.ready({}, True).model_dump()["last_id"] == 0


# ---------------------------------------------------------------------------------- a place's phones
PHONE = DinerScope(restaurant_id=A, place_id=1, menu_id=30, token_hash="h1")


@pytest.mark.parametrize("message, wanted", [
    (msg(), True),
    (msg(type_="new_order", for_staff=True), True),
    (msg(place_id=2), False),  # another table's
    (msg(restaurant=B), False),  # the same place id in another restaurant: never
    (msg(for_diners=False, type_="delivery_changed"), False),
    (msg(type_="menu_changed", place_id=None, menu_id=30, for_staff=False), True),  # its menu's news
    (msg(type_="menu_changed", place_id=None, menu_id=31, for_staff=False), False),  # another menu's
    (msg(type_="menu_changed", place_id=1, menu_id=31, for_staff=False), True),  # its place reads another menu now
    (msg(type_="place_closed", for_staff=False), False),  # signals reach no socket
    (msg(type_="tab_closed", for_staff=False), False),
    (msg(type_="place_closed", place_id=None, for_staff=False), False),
], ids=["its call", "its order", "another table", "another restaurant", "staff only", "its menu", "another menu",
        "its place's new menu", "place closed", "tab closed", "every place closed"])
def test_a_phone_hears_its_place_and_its_menu_and_no_signal(message, wanted):
    assert PHONE.wants(message) is wanted


SAT_DOWN = T0 - timedelta(minutes=30)
NEW_SITTING = T0  # its tab closed here


@pytest.mark.parametrize("joined, message, wanted", [
    (None, msg(at=NEW_SITTING + timedelta(seconds=1)), True),  # the new sitting's
    (None, msg(at=NEW_SITTING), True),  # the very moment it started
    (None, msg(at=NEW_SITTING - timedelta(seconds=1)), False),  # the old sitting's, arriving late
    # the payment that ended the sitting the phone sat at still reaches it, whichever notifications handled first
    (SAT_DOWN, msg("payment_recorded", at=NEW_SITTING - timedelta(seconds=1), tab_closed=True), True),
    (None, msg("payment_recorded", at=NEW_SITTING - timedelta(seconds=1), tab_closed=True), True),  # opened before any sitting ended
    # ... not a payment that left lines open, nor one of a sitting before the one it joined
    (SAT_DOWN, msg("payment_recorded", at=NEW_SITTING - timedelta(seconds=1), tab_closed=False), False),
    (SAT_DOWN, msg("payment_recorded", at=SAT_DOWN - timedelta(seconds=1), tab_closed=True), False),
    (NEW_SITTING, msg("payment_recorded", at=NEW_SITTING - timedelta(seconds=1), tab_closed=True), False),  # the next diners'
], ids=["after", "at", "before", "its closing payment", "its closing payment, opened before any sitting", "an open-tab payment",
        "an older sitting's payment", "the next diners' phone"])
def test_a_phone_hears_nothing_from_before_its_places_current_sitting_but_the_payment_that_ended_its_own(joined, message, wanted):
    scope = DinerScope(restaurant_id=A, place_id=1, menu_id=30, token_hash="h1", since=NEW_SITTING, joined=joined)
    assert scope.wants(message) is wanted


def test_a_phone_of_a_place_whose_sitting_never_ended_hears_all_of_its_place():
    assert PHONE.wants(msg(at=T0 - timedelta(days=3))) is True


def test_a_phones_ready_frame_names_its_place_and_menu():
    assert PHONE.ready({A: 7}, resync=True).model_dump() == {
        "type": "ready", "last_id": 7, "resync": True, "fk_resto": A, "fk_sit": 1, "fk_menu": 30}
    assert PHONE.ready({}, False).last_id == 0


# ---------------------------------------------------------------------------------- a tracking page
PAGE = TrackingScope(restaurant_id=A, delivery_id=9, token_hash="t9")


@pytest.mark.parametrize("message, wanted", [
    (msg("order_status", place_id=None, for_diners=False, fk_delivery=9), True),
    (msg("order_removed", place_id=None, for_diners=False, fk_delivery=9), True),
    (msg("order_changed", place_id=None, for_diners=False, fk_delivery=9), True),
    (msg("delivery_changed", place_id=None, for_diners=False, fk_delivery=9), True),
    (msg("payment_recorded", place_id=None, for_diners=False, fk_delivery=9), True),
    (msg("new_delivery", place_id=None, for_diners=False, fk_delivery=9), False),  # its own placing: the page knows it
    (msg("order_status", place_id=None, for_diners=False, fk_delivery=10), False),  # another order's
    (msg("order_status", place_id=1, fk_delivery=None), False),  # a table's
    (msg("order_status", restaurant=B, place_id=None, for_diners=False, fk_delivery=9), False),  # delivery 9 of nobody's business
    (msg("order_status", place_id=None, for_staff=False, fk_delivery=9), False),
], ids=["its lines moving", "removed", "edited", "its facts", "its payment", "its placing", "another order", "a table",
        "another restaurant", "not a staff message"])
def test_a_tracking_page_hears_its_own_orders_lines_and_facts_only(message, wanted):
    assert PAGE.wants(message) is wanted


def test_a_tracking_page_is_replayed_nothing_and_its_ready_frame_names_its_order():
    assert PAGE.audiences({A: (0, 10)}) == []
    assert PAGE.ready({A: 5}, resync=True).model_dump() == {"type": "ready", "last_id": 5, "resync": True, "fk_resto": A, "fk_delivery": 9}


@pytest.mark.parametrize("scope, model", [(STAFF, live.StaffReady), (PHONE, live.DinerReady), (PAGE, live.TrackingReady)])
def test_each_sockets_ready_frame_is_the_protocols(scope, model):
    assert isinstance(scope.ready({A: 1}, False), model)
