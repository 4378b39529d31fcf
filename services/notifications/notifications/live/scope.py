"""What a socket may receive: a staff member's restaurants, or one place's phones. The same rule
twice, for live messages (`wants`) and for the catch-up query (`audience`)."""
from dataclasses import dataclass
from typing import Any

from sqlalchemy import ColumnElement, and_, or_

from kit.tokens import Principal
from notifications.notification.message import PLACE_CLOSED, Message
from notifications.notification.models import Notification


@dataclass(frozen=True)
class StaffScope:
    principal: Principal
    chosen: int | None  # the restaurant the socket asked for; None: all of the user's
    restaurants: frozenset[int]

    def wants(self, message: Message) -> bool:
        return message.for_staff and message.restaurant_id in self.restaurants

    def audience(self) -> ColumnElement[bool]:
        return and_(Notification.for_staff, Notification.restaurant_id.in_(self.restaurants))

    def describe(self) -> dict[str, Any]:
        return {"restaurants": sorted(self.restaurants)}


@dataclass(frozen=True)
class DinerScope:
    restaurant_id: int
    place_id: int
    menu_id: int
    token_hash: str

    @property
    def restaurants(self) -> frozenset[int]:
        return frozenset((self.restaurant_id,))

    def wants(self, message: Message) -> bool:
        return (
            message.for_diners
            and message.type != PLACE_CLOSED  # a signal to the processes, answered by closing sockets
            and message.restaurant_id == self.restaurant_id
            and (message.place_id == self.place_id or (message.place_id is None and message.menu_id == self.menu_id))
        )

    def audience(self) -> ColumnElement[bool]:
        return and_(
            Notification.for_diners,
            Notification.type != PLACE_CLOSED,
            Notification.restaurant_id == self.restaurant_id,
            or_(
                Notification.place_id == self.place_id,
                and_(Notification.place_id.is_(None), Notification.menu_id == self.menu_id),
            ),
        )

    def describe(self) -> dict[str, Any]:
        return {"fk_resto": self.restaurant_id, "fk_sit": self.place_id, "fk_menu": self.menu_id}
