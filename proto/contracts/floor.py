"""Events published by the floor service: places (tables, chairs, delivery points) and waiter calls.

A place's QR code carries a random, revocable token. Only its SHA-256 (`token_hash`, hex) travels
on the bus: ordering and notifications authorize a diner's anonymous call by hashing the token it
presents and looking it up in their projection, and a regenerated token is a `floor.place.changed`
with a new hash (the old code stops working everywhere once it is applied). `token_hash()` is that
hash, defined here once for the three of them.

- `floor.place.created` / `floor.place.changed`: the place's full facts (apply only newer ones:
  compare `occurred_at`).
- `floor.place.removed`: the place is gone (it had no open orders).
- `floor.waiter.called`: a diner called the waiter (`kind="waiter"`) or asked for the bill
  (`kind="bill"`); `floor.waiter.cleared`: staff sent the waiter, or the table was freed.
"""
import hashlib
from typing import Literal

from contracts.base import Event

PlaceKind = Literal["mesa", "silla", "delivery"]
CallKind = Literal["waiter", "bill"]


def token_hash(token: str) -> str:
    """`PlaceFacts.token_hash` of a place token: floor hashes the token it issues, ordering and
    notifications the one a diner presents (sha256, hex)."""
    return hashlib.sha256(token.encode()).hexdigest()


class PlaceFacts(Event):
    place_id: int
    restaurant_id: int
    name: str  # i_name: M1, S3, D2 (at most 4 characters, unique in the restaurant)
    kind: PlaceKind
    menu_id: int
    admin: bool = True  # the sit's admin flag: comments and add-order allowed
    token_hash: str  # token_hash() of the token in the place's QR code


class PlaceCreated(PlaceFacts):
    type = "floor.place.created"


class PlaceChanged(PlaceFacts):
    type = "floor.place.changed"


class PlaceRemoved(Event):
    type = "floor.place.removed"
    place_id: int
    restaurant_id: int


class WaiterCalled(Event):
    type = "floor.waiter.called"
    place_id: int
    restaurant_id: int
    place_name: str
    kind: CallKind = "waiter"


class WaiterCallCleared(Event):
    type = "floor.waiter.cleared"
    place_id: int
    restaurant_id: int
    place_name: str
