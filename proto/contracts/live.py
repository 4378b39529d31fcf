"""The live sockets' protocol, defined once: every frame a screen sends and every frame the server
sends, on the staff socket (`/ws/notificaciones/`), a table's socket (`/ws/notificaciones/mesa/`) and
a diner's tracking socket for one delivery order (`/ws/notificaciones/seguimiento/`).

notifications builds each frame it sends from these models, so it cannot send a frame they do not
allow; `python -m contracts.export` (or `python -m contracts.live`) writes their JSON Schema to
`proto/schemas/live/frames.json`, from which the web app's types are generated (`web/scripts/gen-api.mjs`
→ `web/src/types/api/live.ts`). The close codes and the reconnect policy are defined here too
(`CloseCode`, `FINAL_CLOSE_CODES`, `RECONNECT_DELAYS_MS`): notifications closes with them, and
`contracts.export` writes them to `proto/schemas/constants.json`, from which the web's sockets read
them (`web/src/types/api/constants.ts`). The protocol itself (auth, catch-up, when each close code is
sent) is described in services/notifications/README.md.

A message frame is a signal: `changed` names what changed (the restaurant, the place or delivery,
the lines with their versions, the restaurant's stream position) and which resource a screen shows
it in, so a screen fetches that one resource again, once, or not at all when what it holds already
covers the change. `data` keeps the event's facts (the spec's fields) for the screens that show them.
"""
import json
import sys
from datetime import datetime
from enum import IntEnum
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, RootModel, StringConstraints
from pydantic.json_schema import models_json_schema

SCHEMA_FILE = Path(__file__).resolve().parent.parent / "schemas" / "live" / "frames.json"

LineStatus = Literal["1", "2", "3", "4", "5", "6", "7"]
Lang = Literal["es", "en"]
Id = Annotated[int, Field(ge=1, le=2**31 - 1)]  # a row id of another service (kit.pagination.DbId)
MessageId = Annotated[int, Field(ge=0, le=2**63 - 1)]
Money = Annotated[str, StringConstraints(pattern=r"^-?\d+\.\d{2}$")]  # "1500.00"
RestaurantKey = Annotated[str, StringConstraints(pattern=r"^[1-9][0-9]{0,9}$")]  # a restaurant id as a JSON object's key
# The staff socket's last-seen ids, one per restaurant; bounded so the auth frame fits in 4 KiB.
LAST_IDS_MAX = 40


class Frame(BaseModel):
    # A default is still sent: the types made from the schema say every field is there.
    model_config = ConfigDict(extra="forbid", frozen=True, json_schema_serialization_defaults_required=True)


# ------------------------------------------------------------------------------ screen -> server
class SocketAuth(Frame):
    """The first frame of either socket (nothing else is read from a client)."""

    type: Literal["auth"]
    last_id: MessageId | None = Field(None, description="the newest id the screen has seen of its restaurant; null on a first connection")
    lang: Lang | None = Field(None, description="the language of `msg` and `detail`; the handshake's Accept-Language otherwise")


class StaffAuth(SocketAuth):
    token: str = Field(min_length=1, max_length=2048)  # so the auth frame fits in 4 KiB
    fk_resto: Id | None = Field(None, description="one restaurant; null: every restaurant the user works in (admins must choose)")
    last_ids: dict[RestaurantKey, MessageId] | None = Field(
        None, max_length=LAST_IDS_MAX,
        description="a socket of several restaurants: the newest id seen of each (restaurant id -> message id); `last_id` for the others",
    )


class DinerAuth(SocketAuth):
    place_token: str = Field(min_length=1, max_length=200)


class TrackingAuth(SocketAuth):
    """A diner's tracking page: the token its delivery or take-away order answered (ordering's
    `tracking_token`). `last_id`: nothing is replayed on this socket; given, `ready.resync` says
    whether the page must read its order again."""

    tracking_token: str = Field(min_length=1, max_length=200)


# ------------------------------------------------------------------------------ server -> screen
class StaffReady(Frame):
    """After the catch-up: live messages follow. `last_ids` is the newest id of each restaurant
    (`last_id` the newest of them); `resync`: more was missed than is replayed, reload."""

    type: Literal["ready"]
    last_id: MessageId
    last_ids: dict[RestaurantKey, MessageId]
    resync: bool
    restaurants: list[int]


class DinerReady(Frame):
    type: Literal["ready"]
    last_id: MessageId
    resync: bool
    fk_resto: int
    fk_sit: int
    fk_menu: int


class TrackingReady(Frame):
    """The tracking socket replays nothing: `resync` is true when its order may have changed since
    `last_id` (read it again); then its order's frames follow, as they happen."""

    type: Literal["ready"]
    last_id: MessageId
    resync: bool
    fk_resto: int
    fk_delivery: int


ErrorCode = Literal[
    "bad_auth_message", "restaurant_required", "invalid_token", "token_revoked", "token_expired", "permission_denied",
    "place_unknown", "place_closed", "auth_timeout", "too_many_from_address", "too_many_for_restaurant", "too_many_at_place",
    "message_too_big", "too_slow", "busy", "server_error", "tracking_unknown", "tracking_closed",
]


class ErrorFrame(Frame):
    """Right before the server closes the socket: why (`code`), for the person (`detail`)."""

    type: Literal["error"]
    code: ErrorCode
    detail: str


# ------------------------------------------------------------------------------ closing, reconnecting
class CloseCode(IntEnum):
    """The close code after an `error` frame: 4xxx mirror HTTP statuses, the others are RFC 6455's.
    The `code` of the error frame says which case it is (the table in services/notifications/README.md)."""

    BAD_AUTH = 4400  # bad_auth_message, restaurant_required
    UNAUTHORIZED = 4401  # invalid_token, token_revoked, token_expired
    FORBIDDEN = 4403  # permission_denied
    NOT_FOUND = 4404  # place_unknown, place_closed, tracking_unknown, tracking_closed
    AUTH_TIMEOUT = 4408  # auth_timeout
    TOO_MANY = 4429  # too_many_from_address, too_many_for_restaurant, too_many_at_place
    MESSAGE_TOO_BIG = 1009  # message_too_big (uvicorn's own for `--ws-max-size`)
    SERVER_ERROR = 1011  # server_error
    TRY_AGAIN_LATER = 1013  # too_slow, busy


# The codes after which reconnecting cannot help, each with why: a screen closed with one stays
# closed (and says so). Every other close is retried after RECONNECT_DELAYS_MS: AUTH_TIMEOUT (a slow
# network), SERVER_ERROR and TRY_AGAIN_LATER (the server's trouble, caught up on reconnecting), a
# restart's 1001 or 1012, a network's 1006, and MESSAGE_TOO_BIG, which the web's own auth frames
# never cause (they fit in 4 KiB: LAST_IDS_MAX, the token's max_length).
FINAL_CLOSE_CODES: dict[CloseCode, str] = {
    CloseCode.BAD_AUTH: "the auth frame itself is refused (malformed, or an admin named no restaurant): the same frame would be refused again",
    CloseCode.UNAUTHORIZED: "the token is bad, revoked or expired: only logging in again helps",
    CloseCode.FORBIDDEN: "the user may not hear that restaurant (not staff, not a member, removed): reconnecting changes nothing",
    CloseCode.NOT_FOUND: "the QR's place token or the tracking link is unknown, replaced or past its time: only a new one helps",
    CloseCode.TOO_MANY: "a cap of the server's is full (address, restaurant, place): reconnecting would be refused again, and add to the crowd",
}

# The reconnect policy: the nth retry in a row waits the nth delay (ms), every later one the last;
# a `ready` frame starts the count again.
RECONNECT_DELAYS_MS: tuple[int, ...] = (1000, 2000, 4000, 8000, 16000, 30000)


def constants() -> dict:
    """What the web's sockets read of the above (`contracts.export` writes it with the other shared constants)."""
    return {
        "close_codes": {
            code.name: {"code": code.value, "final": code in FINAL_CLOSE_CODES, "why_final": FINAL_CLOSE_CODES.get(code)}
            for code in CloseCode
        },
        "reconnect_delays_ms": list(RECONNECT_DELAYS_MS),
    }


# What a frame's change is shown in, so a screen knows which of its resources to fetch again:
# - tab: the lines on a place's tab (the board's table, the diner's shared tab);
# - delivery: a delivery or take-away order's lines (no place);
# - waiter_call: a place's pending call (floor's place);
# - menu: a menu's dishes or prices (the diner's menu).
Resource = Literal["tab", "delivery", "waiter_call", "menu"]


class ChangedLine(Frame):
    id: int
    status: LineStatus | None = Field(description="its status after the change; null: it left the tab (removed, or its table freed)")
    version: int | None = Field(description="ordering's version of the line after the change (null in messages from before issue 19)")


class Changed(Frame):
    resource: Resource
    fk_resto: int
    fk_sit: int | None
    fk_delivery: int | None
    fk_menu: int | None
    lines: list[ChangedLine]
    version: int = Field(description="the restaurant's stream position: one more with each of its messages (a screen sees only its own)")


OrderType = Literal["default_delivery", "other"]


class Message(Frame):
    """Every message: the spec's fields (part 1 §7 'Other'), its id and time, the event's facts
    (`data`) and what changed (`changed`)."""

    id: MessageId = Field(description="increasing within a restaurant, in the order its changes happened")
    fk_resto: int
    fk_sit: int | None
    order_type: OrderType
    description: str = Field(description="the place's name (M1), or a delivery order's number (#123)")
    from_admin: bool = Field(description="true when staff caused it (a tablet), false when a diner did")
    origin: str | None = Field(
        None, description="the staff screen whose request caused it (the `X-Client-Id` it sent): that screen shows no toast for it; null otherwise",
    )
    msg: str = Field(description="what happened, in the socket's language: shown as is, never branched on")
    created_at: datetime
    changed: Changed


class OrderLine(Frame):
    id: int
    fk_dish: int
    name: str
    price: Money
    quantity: int
    status: LineStatus
    extra_commentary: str
    diner_name: str
    version: int | None


class OrderData(Frame):
    order_id: int
    kind: Literal["table", "delivery", "takeaway"]
    source: Literal["staff", "diner"]
    placed_by: str = Field(description="the diner's own name; empty when staff placed it")
    fk_delivery: int | None
    lines: list[OrderLine]


class NewOrder(Message):
    type: Literal["new_order"]
    data: OrderData


class NewDelivery(Message):
    type: Literal["new_delivery"]
    data: OrderData


class StatusChange(Frame):
    id: int
    name: str
    quantity: int
    from_status: LineStatus
    status: LineStatus
    version: int | None


class StatusData(Frame):
    fk_delivery: int | None
    changes: list[StatusChange]


class OrderStatus(Message):
    type: Literal["order_status"]
    data: StatusData


class RemovedData(Frame):
    fk_delivery: int | None
    ids: list[int]


class OrderRemoved(Message):
    type: Literal["order_removed"]
    data: RemovedData


class FreedData(Frame):
    ids: list[int] = Field(description="the lines that left the tab (its open lines, rejected)")


class TableFreed(Message):
    type: Literal["table_freed"]
    data: FreedData


class NoData(Frame):
    pass


class WaiterCall(Message):
    type: Literal["waiter_call"]
    data: NoData


class BillRequest(Message):
    type: Literal["bill_request"]
    data: NoData


class WaiterCallCleared(Message):
    type: Literal["waiter_call_cleared"]
    data: NoData


LineField = Literal["dish", "quantity", "comment", "place", "client", "payment"]


class EditedLine(Frame):
    """A line as staff's edit left it, and which of its facts changed."""

    id: int
    fields: list[LineField]
    name: str
    price: Money
    quantity: int
    status: LineStatus
    extra_commentary: str
    version: int | None


class EditData(Frame):
    fk_delivery: int | None
    lines: list[EditedLine]


class OrderChanged(Message):
    """Staff changed a line's dish, quantity, comment, place or client (ordering.line.changed). A line
    moved to another place is announced at both: the old place's message lists it too."""

    type: Literal["order_changed"]
    data: EditData


PaymentMethod = Literal["cash", "debit", "credit", "online"]


class PaymentData(Frame):
    payment_id: int
    method: PaymentMethod
    amount: Money = Field(description="the sum of the paid lines' amounts")
    fk_delivery: int | None
    ids: list[int] = Field(description="the lines it paid (now 6)")
    tab_closed: bool = Field(description="the payment left no open line at the place: the table was reset (no call, not blocked, no status), its tab closed")


class PaymentRecorded(Message):
    """Staff recorded a payment (ordering.payment.recorded): its lines are paid (6). When it left the
    table no open line (`data.tab_closed`), the lines left the tab (`changed.lines[].status` null)
    and the table shows free."""

    type: Literal["payment_recorded"]
    data: PaymentData


DeliveryField = Literal["status", "type", "contact", "address", "place", "number", "details"]


class DeliveryData(Frame):
    fk_delivery: int
    number: str | None = Field(description="the six-digit number of the diner's WhatsApp message")
    fields: list[DeliveryField] = Field(description="what changed: its type, contact details, address, delivery point, number or detail text")
    status: LineStatus | None = Field(description="the delivery's status now (the lowest line status ignoring rejected ones)")


class DeliveryChanged(Message):
    """A delivery or take-away order's own facts changed (not its lines: those come as order_status,
    order_changed, order_removed with `fk_delivery`). The delivery screen reads that delivery again."""

    type: Literal["delivery_changed"]
    data: DeliveryData


class MenuData(Frame):
    fk_menu: int
    fk_dish: int | None = None
    disable: bool | None = None
    deleted: bool | None = None


class MenuChanged(Message):
    type: Literal["menu_changed"]
    data: MenuData


TableMessage = (
    NewOrder | NewDelivery | OrderStatus | OrderRemoved | OrderChanged | TableFreed | WaiterCall | BillRequest | WaiterCallCleared
    | PaymentRecorded
)
# What a diner's tracking socket receives of its order: its lines moving, edited or removed, and its own facts.
TrackingMessage = OrderStatus | OrderRemoved | OrderChanged | DeliveryChanged | PaymentRecorded
MESSAGES: tuple[type[Message], ...] = (*TableMessage.__args__, MenuChanged, DeliveryChanged)
MESSAGE_TYPES: dict[str, type[Message]] = {cls.model_fields["type"].annotation.__args__[0]: cls for cls in MESSAGES}


class StaffFrame(RootModel[Annotated[StaffReady | ErrorFrame | TableMessage | DeliveryChanged, Field(discriminator="type")]]):
    """Any frame the staff socket sends."""


class DinerFrame(RootModel[Annotated[DinerReady | ErrorFrame | TableMessage | MenuChanged, Field(discriminator="type")]]):
    """Any frame a table's socket sends."""


class TrackingFrame(RootModel[Annotated[TrackingReady | ErrorFrame | TrackingMessage, Field(discriminator="type")]]):
    """Any frame a diner's tracking socket sends: only its own order's."""


# ------------------------------------------------------------------------------ the export
def schema() -> dict:
    """Every frame's JSON Schema, in one document (`$defs`)."""
    models = [
        (StaffAuth, "validation"), (DinerAuth, "validation"), (TrackingAuth, "validation"),
        (StaffFrame, "serialization"), (DinerFrame, "serialization"), (TrackingFrame, "serialization"),
    ]
    _, document = models_json_schema(models, ref_template="#/$defs/{model}", title="live")
    document["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    document["description"] = "The live sockets' frames (proto/contracts/live.py); the protocol: services/notifications/README.md."
    return document


def schema_text() -> str:
    return json.dumps(schema(), indent=2, sort_keys=True) + "\n"


def main() -> int:
    SCHEMA_FILE.parent.mkdir(parents=True, exist_ok=True)
    SCHEMA_FILE.write_text(schema_text())
    print(f"wrote {SCHEMA_FILE}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
