"""A notification as it travels: recorded from an event, published to every process through Redis,
sent to sockets (and listed by the bell) in the reader's language."""
import json
from dataclasses import asdict, dataclass, field
from datetime import datetime
from typing import Any

from kit.i18n import Lang, Text
from notifications.notification.models import Notification

# Types (`type`): what happened. Staff screens get all but menu_changed and the signals; a place's
# phones get what concerns their place; menu_changed goes to the phones reading that menu.
NEW_ORDER = "new_order"  # a table's order (from a tablet or a diner's phone)
NEW_DELIVERY = "new_delivery"  # a delivery or takeaway order
ORDER_STATUS = "order_status"  # lines moved status (accepted, delivered, rejected, paid)
ORDER_REMOVED = "order_removed"  # staff deleted lines
TABLE_FREED = "table_freed"
WAITER_CALL = "waiter_call"
BILL_REQUEST = "bill_request"
WAITER_CALL_CLEARED = "waiter_call_cleared"  # staff sent the waiter
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

    @classmethod
    def of(cls, row: Notification) -> "Message":
        return cls(
            id=row.id,
            restaurant_id=row.restaurant_id,
            place_id=row.place_id,
            menu_id=row.menu_id,
            type=row.type,
            order_type=row.order_type,
            description=row.description,
            from_admin=row.from_admin,
            msg=Text(es=row.msg_es, en=row.msg_en),
            data=row.data,
            for_staff=row.for_staff,
            for_diners=row.for_diners,
            created_at=row.created_at,
        )

    def row(self) -> Notification:
        fields = asdict(self)
        msg = fields.pop("msg")
        return Notification(**fields, msg_es=msg["es"], msg_en=msg["en"])

    def public(self, lang: Lang) -> dict[str, Any]:
        """The wire shape (spec part 1 §7 'Other', plus id, time and the event's facts)."""
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

    def frame(self, lang: Lang) -> str:
        return json.dumps(self.public(lang), ensure_ascii=False)


def dumps(messages: list[Message]) -> str:
    """What goes on the Redis channel: the messages of one commit, in id order."""
    return json.dumps([{**asdict(m), "created_at": m.created_at.isoformat()} for m in messages], ensure_ascii=False)


def loads(payload: str) -> list[Message]:
    return [
        Message(**{**item, "msg": Text(**item["msg"]), "created_at": datetime.fromisoformat(item["created_at"])})
        for item in json.loads(payload)
    ]
