"""A notification as it travels: recorded from an event, published to every process through Redis,
sent to sockets (and listed by the bell) in the reader's language.

What a socket receives is built from the protocol's models (`contracts.live`): a message the
protocol does not allow is never sent."""
import json
from dataclasses import asdict, dataclass, field
from dataclasses import fields as fields_of
from datetime import datetime
from typing import Any

from contracts import live
from kit.i18n import Lang, Text
from notifications.notification.models import Notification

# Types (`type`): what happened. Staff screens get all but menu_changed and the signals; a place's
# phones get what concerns their place; menu_changed goes to the phones reading that menu.
NEW_ORDER = "new_order"  # a table's order (from a tablet or a diner's phone)
NEW_DELIVERY = "new_delivery"  # a delivery or takeaway order
ORDER_STATUS = "order_status"  # lines moved status (accepted, delivered, rejected, paid)
ORDER_REMOVED = "order_removed"  # staff deleted lines
ORDER_CHANGED = "order_changed"  # staff edited lines (dish, quantity, comment, place, client)
DELIVERY_CHANGED = "delivery_changed"  # a delivery order's own facts (contact, address, detail text ...): staff only
TABLE_FREED = "table_freed"
WAITER_CALL = "waiter_call"
BILL_REQUEST = "bill_request"
WAITER_CALL_CLEARED = "waiter_call_cleared"  # staff sent the waiter
PAYMENT_RECORDED = "payment_recorded"  # staff recorded a payment: its lines are paid, maybe the table reset
MENU_CHANGED = "menu_changed"  # diners only: fetch the menu again
# Signals: in the stream for the processes, never sent to a socket.
PLACE_CLOSED = "place_closed"  # the place's QR token was replaced or the place removed: its phones are closed
TAB_CLOSED = "tab_closed"  # the place's tab closed (freed, paid off): its phones see nothing from before
SIGNALS = (PLACE_CLOSED, TAB_CLOSED)

# `order_type`, as the spec's client reads it.
DELIVERY_ORDER, OTHER_ORDER = "default_delivery", "other"


@dataclass(frozen=True)
class Draft:
    """A notification before it gets its id."""

    restaurant_id: int
    type: str
    description: str
    msg: Text
    created_at: datetime
    place_id: int | None = None
    menu_id: int | None = None
    order_type: str = OTHER_ORDER
    from_admin: bool = True  # staff caused it (a tablet); False when a diner did (their phone)
    data: dict[str, Any] = field(default_factory=dict)
    for_staff: bool = True
    for_diners: bool = False


@dataclass(frozen=True)
class Message(Draft):
    id: int = 0
    seq: int = 0  # the restaurant's messages counted one by one (`Notification.seq`)
    origin: str | None = None  # the staff screen whose request caused it (kit.origin)

    @classmethod
    def of(cls, row: Notification) -> "Message":
        # The inverse of `row()`: each field is the column of its name, but `msg` (one per language).
        columns = {f.name: getattr(row, f.name) for f in fields_of(cls) if f.name != "msg"}
        return cls(**columns, msg=Text(es=row.msg_es, en=row.msg_en))

    def row(self) -> Notification:
        fields = asdict(self)
        msg = fields.pop("msg")
        return Notification(**fields, msg_es=msg["es"], msg_en=msg["en"])

    def public(self, lang: Lang) -> dict[str, Any]:
        """The bell's shape (spec part 1 §7 'Other', plus id, time and the event's facts)."""
        return {
            "id": self.id,
            "type": self.type,
            "fk_resto": self.restaurant_id,
            "fk_sit": self.place_id,
            "order_type": self.order_type,
            "description": self.description,
            "from_admin": self.from_admin,
            "msg": self.msg.render(lang),
            "created_at": self.created_at.isoformat(),
            "data": self.data,
        }

    def as_frame(self, lang: Lang) -> live.Message:
        """The socket's frame, as the protocol defines it: the spec's fields, the facts the
        message's type carries, and what changed."""
        model = live.MESSAGE_TYPES[self.type]
        return model(
            id=self.id, type=self.type, fk_resto=self.restaurant_id, fk_sit=self.place_id, order_type=self.order_type,
            description=self.description, from_admin=self.from_admin, origin=self.origin, msg=self.msg.render(lang),
            created_at=self.created_at,
            data=_facts(self.type, self.data), changed=self.changed(),
        )

    def frame(self, lang: Lang) -> str:
        return self.as_frame(lang).model_dump_json()

    def changed(self) -> live.Changed:
        """What the message changed, and which resource a screen shows it in."""
        data = self.data
        if self.type in (WAITER_CALL, BILL_REQUEST, WAITER_CALL_CLEARED):
            resource = "waiter_call"
        elif self.type == MENU_CHANGED:
            resource = "menu"
        else:
            resource = "tab" if self.place_id is not None else "delivery"
        if self.type in (NEW_ORDER, NEW_DELIVERY):
            lines = [(line["id"], line["status"], line.get("version")) for line in data.get("lines", ())]
        elif self.type == ORDER_STATUS:
            lines = [(change["id"], change["status"], change.get("version")) for change in data.get("changes", ())]
        elif self.type == ORDER_CHANGED:
            lines = [(line["id"], line["status"], line["version"]) for line in data.get("lines", ())]
        elif self.type == DELIVERY_CHANGED:
            lines = []
        elif self.type == PAYMENT_RECORDED:  # paid; off the tab when the payment closed it
            status = None if data.get("tab_closed") else "6"
            lines = [(line_id, status, version) for line_id, version in zip(data["ids"], data["versions"])]
        else:  # removed lines, or a freed table's: off the tab
            lines = [(line_id, None, None) for line_id in data.get("ids", ())]
        return live.Changed(
            resource=resource, fk_resto=self.restaurant_id, fk_sit=self.place_id, fk_delivery=data.get("fk_delivery"),
            fk_menu=self.menu_id if self.type == MENU_CHANGED else None,
            lines=[live.ChangedLine(id=line_id, status=status, version=version) for line_id, status, version in lines],
            version=self.seq,
        )


def _facts(type_: str, data: dict[str, Any]) -> dict[str, Any]:
    """The facts a message of `type_` carries, from what was stored (rows from before a field
    existed lack it: null)."""
    if type_ in (NEW_ORDER, NEW_DELIVERY):
        return {**data, "lines": [{**line, "version": line.get("version")} for line in data["lines"]]}
    if type_ == ORDER_STATUS:
        return {**data, "changes": [{**change, "version": change.get("version")} for change in data["changes"]]}
    if type_ == TABLE_FREED:
        return {"ids": data.get("ids", [])}
    if type_ == PAYMENT_RECORDED:
        return {key: value for key, value in data.items() if key != "versions"}
    return data


def dumps(messages: list[Message]) -> str:
    """What goes on the Redis channel: the messages of one commit, in id order."""
    return json.dumps([{**asdict(m), "created_at": m.created_at.isoformat()} for m in messages], ensure_ascii=False)


def loads(payload: str) -> list[Message]:
    return [
        Message(**{**item, "msg": Text(**item["msg"]), "created_at": datetime.fromisoformat(item["created_at"])})
        for item in json.loads(payload)
    ]
