"""Events published by the catalog service (menus, categories, dishes, prices).

Prices travel as decimal strings ("1234.50"), never floats.
"""
from decimal import Decimal

from contracts.base import Event, Part


class MenuFacts(Event):
    menu_id: int
    restaurant_id: int
    name: str
    delivery: bool = False


class MenuCreated(MenuFacts):
    type = "catalog.menu.created"


class MenuChanged(MenuFacts):
    type = "catalog.menu.changed"


class MenuDeleted(Event):
    type = "catalog.menu.deleted"
    menu_id: int
    restaurant_id: int


class CategoryFacts(Event):
    category_id: int
    menu_id: int
    restaurant_id: int
    name: str
    sub_category: int | None = None  # the parent category, if any
    order: int = 0


class CategoryCreated(CategoryFacts):
    type = "catalog.category.created"


class CategoryChanged(CategoryFacts):
    type = "catalog.category.changed"


class CategoryDeleted(Event):
    type = "catalog.category.deleted"
    category_id: int
    menu_id: int
    restaurant_id: int


class DishFacts(Event):
    """What ordering and billing need to price an order line and show it."""

    dish_id: int
    restaurant_id: int
    menu_id: int
    category_id: int
    name: str
    price: Decimal
    disable: bool = False


class DishCreated(DishFacts):
    type = "catalog.dish.created"


class DishChanged(DishFacts):
    type = "catalog.dish.changed"


class DishDeleted(Event):
    type = "catalog.dish.deleted"
    dish_id: int
    restaurant_id: int
    menu_id: int


class DishPrice(Part):
    dish_id: int
    price: Decimal


class PricesChanged(Event):
    """A bulk price update: every dish whose price changed, in one event."""

    type = "catalog.prices.changed"
    restaurant_id: int
    menu_id: int
    prices: list[DishPrice]
