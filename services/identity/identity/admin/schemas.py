from datetime import datetime

from pydantic import BaseModel

from identity.restaurant.schemas import RestaurantPublic
from kit.pagination import Page


class LastOrder(BaseModel):
    creation_date: datetime
    fk_dish: str
    fk_user_client: str


class OrderActivity(BaseModel):
    num_orders: int
    last_order: LastOrder | None


class AdminRestaurantRow(OrderActivity, RestaurantPublic):
    """A restaurant as the admin's list shows it (spec part 2 §3 'Restaurant (admin rows)')."""


class DashboardRow(OrderActivity):
    id: int  # the owner's user id
    username: str
    date_joined: datetime
    id_resto: int
    nombre_local: str
    last_login: datetime | None


class AdminRestaurantPage(Page[AdminRestaurantRow]): ...


class DashboardPage(Page[DashboardRow]): ...
