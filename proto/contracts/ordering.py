"""Events published by the ordering service.

Catalog refuses to disable (or delete) a dish while an order holds it, without calling ordering:
ordering announces each (dish, order) pair becoming active and being released.
- `ordering.dish.activated`: an order was placed (or a line added) holding `dish_id`; the order
  is open (not yet delivered and paid, not cancelled).
- `ordering.dish.released`: that order no longer holds the dish (line removed, order finished,
  paid or cancelled).
Each pair is announced at most once per state change; consumers order them by `occurred_at`.
"""
from datetime import datetime

from contracts.base import Event


class DishActivity(Event):
    restaurant_id: int
    dish_id: int
    order_id: int


class DishActivated(DishActivity):
    type = "ordering.dish.activated"


class DishReleased(DishActivity):
    type = "ordering.dish.released"


class OrderPlaced(Event):
    """An order was taken (from a table, a delivery or the diner's menu).

    Identity counts them for the admin dashboard (total orders, last order and who placed it).
    """

    type = "ordering.order.placed"
    restaurant_id: int
    order_id: int
    placed_at: datetime
    placed_by: str = ""  # the client's username, or the diner's name for anonymous orders
    first_dish_name: str = ""
