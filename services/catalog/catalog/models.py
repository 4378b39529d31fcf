"""Every table of the catalog database, so alembic and the app know them all."""
from catalog.dish.activity import DishOrderActivity
from catalog.menu.models import Category, Dish, DishImage, Menu
from catalog.restaurant.models import RestaurantProfile
from kit.consumer import ProcessedEvent
from kit.membership import RestaurantMember
from kit.outbox import OutboxMessage

__all__ = [
    "Category",
    "Dish",
    "DishImage",
    "DishOrderActivity",
    "Menu",
    "OutboxMessage",
    "ProcessedEvent",
    "RestaurantMember",
    "RestaurantProfile",
]
