"""What a socket may receive: a staff member's restaurants, or one place's phones. The same rule
twice, for live messages (`wants`) and for the catch-up query (`audiences`)."""
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, and_

from kit.tokens import Principal
from notifications.notification.message import SIGNALS, Message
from notifications.notification.models import Notification


@dataclass(frozen=True)
class StaffScope:
    principal: Principal
    chosen: int | None  # the restaurant the socket asked for; None: all of the user's
    restaurants: frozenset[int]

    def wants(self, message: Message) -> bool:
        return message.for_staff and message.restaurant_id in self.restaurants

    def audiences(self) -> list[ColumnElement[bool]]:
        """The catch-up's conditions, each one served by an index (`ix_notification_staff`)."""
        return [and_(Notification.for_staff, Notification.restaurant_id.in_(self.restaurants))]

    def describe(self) -> dict[str, Any]:
        return {"restaurants": sorted(self.restaurants)}


@dataclass(frozen=True)
class DinerScope:
    restaurant_id: int
    place_id: int
    menu_id: int
    token_hash: str
    # Where the place's current sitting started (its tab last closed): nothing of the place from
    # before reaches these phones. None: no sitting ended yet.
    since: datetime | None = None

    @property
    def restaurants(self) -> frozenset[int]:
        return frozenset((self.restaurant_id,))

    def wants(self, message: Message) -> bool:
        if not message.for_diners or message.type in SIGNALS or message.restaurant_id != self.restaurant_id:
            return False
        if message.place_id is None:
            return message.menu_id == self.menu_id
        return message.place_id == self.place_id and (self.since is None or message.created_at >= self.since)

    def audiences(self) -> list[ColumnElement[bool]]:
        """The place's messages of its current sitting (`ix_notification_place`), and its menu's
        (`ix_notification_menu`): two conditions, so that each is read through its own index."""
        common = (Notification.for_diners, Notification.type.not_in(SIGNALS), Notification.restaurant_id == self.restaurant_id)
        place = and_(*common, Notification.place_id == self.place_id)
        if self.since is not None:
            place = and_(place, Notification.created_at >= self.since)
        menu = and_(*common, Notification.place_id.is_(None), Notification.menu_id == self.menu_id)
        return [place, menu]

    def describe(self) -> dict[str, Any]:
        return {"fk_resto": self.restaurant_id, "fk_sit": self.place_id, "fk_menu": self.menu_id}
