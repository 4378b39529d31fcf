"""The live sockets' frames: defined once (contracts.live), exported to JSON Schema for the web's types."""
import json

import pytest
from pydantic import ValidationError

from contracts import live


def test_the_exported_json_schema_is_current():
    """proto/schemas/live/frames.json is generated; regenerate with `python -m contracts.export`."""
    assert live.SCHEMA_FILE.read_text() == live.schema_text(), "frames.json is stale"


def test_the_schema_names_every_frame_of_both_sockets():
    defs = live.schema()["$defs"]
    staff = set(defs["StaffFrame"]["discriminator"]["mapping"])
    diner = set(defs["DinerFrame"]["discriminator"]["mapping"])
    tracking = set(defs["TrackingFrame"]["discriminator"]["mapping"])
    messages = {
        "new_order", "new_delivery", "order_status", "order_removed", "order_changed", "table_freed", "waiter_call", "bill_request",
        "waiter_call_cleared", "payment_recorded",
    }
    assert staff == {"ready", "error", "delivery_changed", *messages}
    assert diner == {"ready", "error", "menu_changed", *messages}
    # a diner's tracking socket: only what concerns one delivery order
    assert tracking == {"ready", "error", "order_status", "order_removed", "order_changed", "delivery_changed", "payment_recorded"}
    assert {"StaffAuth", "DinerAuth", "TrackingAuth"} <= set(defs)


def message(**over) -> dict:
    frame = {
        "id": 7, "type": "waiter_call", "fk_resto": 10, "fk_sit": 4, "order_type": "other", "description": "M1", "from_admin": False,
        "msg": "M1 llama al mozo", "created_at": "2026-11-22T21:04:05.123456+00:00", "data": {},
        "changed": {"resource": "waiter_call", "fk_resto": 10, "fk_sit": 4, "fk_delivery": None, "fk_menu": None, "lines": [], "version": 3},
    }
    return {**frame, **over}


def test_a_frame_the_schema_allows_round_trips():
    frame = live.StaffFrame.model_validate_json(json.dumps(message()))
    assert isinstance(frame.root, live.WaiterCall)
    assert live.StaffFrame.model_validate_json(frame.model_dump_json()) == frame


@pytest.mark.parametrize("wrong", [
    {"type": "menu_changed", "data": {"fk_menu": 3}},  # the staff socket never carries a menu change
    {"type": "sound"},  # no such message
    {"data": {"lines": []}},  # a waiter call carries no facts
    {"colour": "red"},  # nothing beyond the protocol
    {"changed": None},  # every message says what changed
])
def test_a_frame_the_schema_does_not_allow_is_refused(wrong):
    with pytest.raises(ValidationError):
        live.StaffFrame.model_validate_json(json.dumps(message(**wrong)))


def test_the_largest_staff_auth_frame_fits_in_4_kib():
    largest = live.StaffAuth(
        type="auth", token="x" * 2048, last_id=2**63 - 1, fk_resto=2**31 - 1, lang="es",
        last_ids={str(2**31 - 1 - n): 2**63 - 1 for n in range(live.LAST_IDS_MAX)},
    )
    assert len(largest.model_dump_json().encode()) <= 4096
    with pytest.raises(ValidationError):
        live.StaffAuth(type="auth", token="t", last_ids={str(n + 1): 1 for n in range(live.LAST_IDS_MAX + 1)})


# ---------------------------------------------------------------------------------- closing
def test_every_error_code_closes_with_one_close_code_the_table_names():
    assert [(code.name, int(code)) for code in live.CloseCode] == [
        ("BAD_AUTH", 4400), ("UNAUTHORIZED", 4401), ("FORBIDDEN", 4403), ("NOT_FOUND", 4404), ("AUTH_TIMEOUT", 4408),
        ("TOO_MANY", 4429), ("MESSAGE_TOO_BIG", 1009), ("SERVER_ERROR", 1011), ("TRY_AGAIN_LATER", 1013),
    ]


def test_reconnecting_stops_only_where_it_cannot_help_and_each_final_code_says_why():
    assert sorted(live.FINAL_CLOSE_CODES) == [4400, 4401, 4403, 4404, 4429]
    assert all(len(why) > 20 for why in live.FINAL_CLOSE_CODES.values())
    # a slow network, the server's trouble, a restart: retried
    assert {live.CloseCode.AUTH_TIMEOUT, live.CloseCode.SERVER_ERROR, live.CloseCode.TRY_AGAIN_LATER}.isdisjoint(live.FINAL_CLOSE_CODES)


def test_the_reconnect_delays_grow_from_one_second_up_to_thirty():
    delays = live.RECONNECT_DELAYS_MS
    assert delays == (1000, 2000, 4000, 8000, 16000, 30000)
    assert all(later > earlier for earlier, later in zip(delays, delays[1:]))
