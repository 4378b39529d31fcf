"""Events published by the ordering service.

Catalog refuses to disable (or delete) a dish while an order holds it, without calling ordering:
ordering announces each (dish, order) pair becoming active and being released.
- `ordering.dish.activated`: an order was placed (or a line added) holding `dish_id`; the order
  is open (not yet delivered and paid, not cancelled).
- `ordering.dish.released`: that order no longer holds the dish (line removed, order finished,
  paid or cancelled).
Each pair is announced at most once per state change; consumers order them by `occurred_at`.
"""
from contracts.base import Event


class DishActivity(Event):
    restaurant_id: int
    dish_id: int
    order_id: int


class DishActivated(DishActivity):
    type = "ordering.dish.activated"


class DishReleased(DishActivity):
    type = "ordering.dish.released"
