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


class RestaurantProfile(Event):
    """What other services may show of a restaurant (public menu, tickets, admin rows)."""

    restaurant_id: int
    owner_id: int
    nombre_local: str
    direccion: str = ""
    telefono: str = ""
    logo: str = ""  # a /media/identity/... path, or empty
    whatsapp: str = ""  # a https://wa.me/<digits> link, or empty
    takeaway: bool = False
    tips: bool = False  # diners may add a tip to an online payment (billing's checkout)
    stop_orders: bool = False
    mp_active: bool = False
    wait_time: int = 0
    horario_apertura: str | None = None  # HH:MM, 24-hour
    horario_cierre: str | None = None


class RestaurantCreated(RestaurantProfile):
    type = "identity.restaurant.created"


class RestaurantUpdated(RestaurantProfile):
    type = "identity.restaurant.updated"


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
