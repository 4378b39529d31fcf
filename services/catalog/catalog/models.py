"""Every table of the catalog database (imported by alembic)."""
from catalog.category.models import Category
from catalog.dish.models import Dish, DishImage, DishOrderActivity
from catalog.menu.models import Menu
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
