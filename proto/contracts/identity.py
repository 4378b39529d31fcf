"""Events published by the identity service."""
from typing import Literal

from contracts.base import Event

Group = Literal[1, 2, 3, 4]  # 1 admin, 2 owner, 3 client, 4 operator


class UserRegistered(Event):
    type = "identity.user.registered"
    user_id: int
    username: str
    email: str
    group: Group


class RestaurantCreated(Event):
    type = "identity.restaurant.created"
    restaurant_id: int
    owner_id: int
    nombre_local: str


class RestaurantUpdated(Event):
    type = "identity.restaurant.updated"
    restaurant_id: int
    owner_id: int
    nombre_local: str


class RestaurantDeleted(Event):
    type = "identity.restaurant.deleted"
    restaurant_id: int
    owner_id: int


class OperatorAdded(Event):
    type = "identity.operator.added"
    restaurant_id: int
    user_id: int


class OperatorRemoved(Event):
    type = "identity.operator.removed"
    restaurant_id: int
    user_id: int
