"""What a socket may receive: a staff member's restaurants, one place's phones, or one delivery
order's tracking page. The same rule twice, for live messages (`wants`) and for the catch-up query
(`audiences`; the tracking page has no catch-up)."""
from dataclasses import dataclass
from datetime import datetime
from sqlalchemy import ColumnElement, and_

from contracts import live
from kit.tokens import Principal
from notifications.notification.message import (
    DELIVERY_CHANGED, ORDER_CHANGED, ORDER_REMOVED, ORDER_STATUS, PAYMENT_RECORDED, SIGNALS, Message,
)
from notifications.notification.models import Notification


@dataclass(frozen=True)
class StaffScope:
    principal: Principal
    chosen: int | None  # the restaurant the socket asked for; None: all of the user's
    restaurants: frozenset[int]

    def wants(self, message: Message) -> bool:
        return message.for_staff and message.restaurant_id in self.restaurants

    def audiences(self, bounds: dict[int, tuple[int, int]]) -> list[ColumnElement[bool]]:
        """The catch-up's conditions: each restaurant's messages after its last seen id up to its
        newest (`bounds`), one index range each (`ix_notification_staff`)."""
        return [
            and_(Notification.for_staff, Notification.restaurant_id == restaurant_id, Notification.id > seen, Notification.id <= newest)
            for restaurant_id, (seen, newest) in sorted(bounds.items())
        ]

    def ready(self, heads: dict[int, int], resync: bool) -> live.StaffReady:
        return live.StaffReady(
            type="ready", last_id=max(heads.values(), default=0), last_ids={str(r): i for r, i in sorted(heads.items())},
            resync=resync, restaurants=sorted(self.restaurants),
        )


@dataclass(frozen=True)
class DinerScope:
    restaurant_id: int
    place_id: int
    menu_id: int
    token_hash: str
    # Where the place's current sitting started (its tab last closed): nothing of the place from
    # before reaches these phones. None: no sitting ended yet.
    since: datetime | None = None
    # Where the sitting the phone opened in started (`since` then). The payment that ended that
    # sitting still reaches it whichever of the two notifications handled first, the payment's
    # moves or `ordering.tab.closed`: the phone was at the table it paid.
    # None: it opened before any sitting of the place ended.
    joined: datetime | None = None

    @property
    def restaurants(self) -> frozenset[int]:
        return frozenset((self.restaurant_id,))

    def wants(self, message: Message) -> bool:
        if not message.for_diners or message.type in SIGNALS or message.restaurant_id != self.restaurant_id:
            return False
        if message.place_id is None:
            return message.menu_id == self.menu_id
        if message.place_id != self.place_id:
            return False
        if self.since is None or message.created_at >= self.since:
            return True
        ended_its_sitting = message.type == PAYMENT_RECORDED and message.data.get("tab_closed") is True
        return ended_its_sitting and (self.joined is None or message.created_at >= self.joined)

    def audiences(self, bounds: dict[int, tuple[int, int]]) -> list[ColumnElement[bool]]:
        """The place's messages of its current sitting (`ix_notification_place`), and its menu's
        (`ix_notification_menu`), after the last seen id up to the newest: two conditions, so that
        each is read through its own index."""
        seen, newest = bounds[self.restaurant_id]
        # No condition on the restaurant: a place and a menu are each of one restaurant (floor's and
        # catalog's ids), and one would tempt the planner into the stream's (restaurant, seq) index.
        common = (Notification.for_diners, Notification.type.not_in(SIGNALS), Notification.id > seen, Notification.id <= newest)
        place = and_(*common, Notification.place_id == self.place_id)
        if self.since is not None:
            place = and_(place, Notification.created_at >= self.since)
        menu = and_(*common, Notification.place_id.is_(None), Notification.menu_id == self.menu_id)
        return [place, menu]

    def ready(self, heads: dict[int, int], resync: bool) -> live.DinerReady:
        return live.DinerReady(
            type="ready", last_id=heads.get(self.restaurant_id, 0), resync=resync,
            fk_resto=self.restaurant_id, fk_sit=self.place_id, fk_menu=self.menu_id,
        )


# What a tracking page hears of its order: its lines moving, edited or removed, and its own facts.
TRACKED = (ORDER_STATUS, ORDER_REMOVED, ORDER_CHANGED, DELIVERY_CHANGED, PAYMENT_RECORDED)


@dataclass(frozen=True)
class TrackingScope:
    """A diner's tracking page: one delivery order, by its tracking token, until a day after it
    closed. It hears the staff's messages about that order only (they carry no staff names), and
    nothing is replayed: a page that may have missed something reads its order again (`resync`)."""

    restaurant_id: int
    delivery_id: int
    token_hash: str
    closed_at: datetime | None = None

    @property
    def restaurants(self) -> frozenset[int]:
        return frozenset((self.restaurant_id,))

    def wants(self, message: Message) -> bool:
        return (
            message.restaurant_id == self.restaurant_id and message.type in TRACKED and message.for_staff
            and message.data.get("fk_delivery") == self.delivery_id
        )

    def audiences(self, bounds: dict[int, tuple[int, int]]) -> list[ColumnElement[bool]]:
        return []

    def ready(self, heads: dict[int, int], resync: bool) -> live.TrackingReady:
        return live.TrackingReady(
            type="ready", last_id=heads.get(self.restaurant_id, 0), resync=resync, fk_resto=self.restaurant_id,
            fk_delivery=self.delivery_id,
        )
