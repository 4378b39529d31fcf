"""Catalog's events, built from its rows (written to the outbox by the services)."""
from contracts.catalog import (
    CategoryChanged,
    CategoryCreated,
    CategoryDeleted,
    DishChanged,
    DishCreated,
    DishDeleted,
    MenuChanged,
    MenuCreated,
    MenuDeleted,
)
from catalog.category.models import Category
from catalog.dish.models import Dish
from catalog.menu.models import Menu
from kit.outbox import add_event
from sqlalchemy.ext.asyncio import AsyncSession


def menu(session: AsyncSession, event: type[MenuCreated | MenuChanged], row: Menu) -> None:
    add_event(session, event(menu_id=row.id, restaurant_id=row.restaurant_id, name=row.name, delivery=row.delivery))


def menu_deleted(session: AsyncSession, row: Menu) -> None:
    add_event(session, MenuDeleted(menu_id=row.id, restaurant_id=row.restaurant_id))


def category(session: AsyncSession, event: type[CategoryCreated | CategoryChanged], row: Category, owner: Menu) -> None:
    add_event(
        session,
        event(
            category_id=row.id,
            menu_id=owner.id,
            restaurant_id=owner.restaurant_id,
            name=row.name,
            sub_category=row.parent_id,
            order=row.order,
        ),
    )


def category_deleted(session: AsyncSession, category_id: int, owner: Menu) -> None:
    add_event(session, CategoryDeleted(category_id=category_id, menu_id=owner.id, restaurant_id=owner.restaurant_id))


def dish(session: AsyncSession, event: type[DishCreated | DishChanged], row: Dish, owner: Menu) -> None:
    add_event(
        session,
        event(
            dish_id=row.id,
            restaurant_id=owner.restaurant_id,
            menu_id=owner.id,
            category_id=row.menu_group_id,
            name=row.name,
            price=row.price,
            disable=row.disable,
        ),
    )


def dish_deleted(session: AsyncSession, dish_id: int, owner: Menu) -> None:
    add_event(session, DishDeleted(dish_id=dish_id, restaurant_id=owner.restaurant_id, menu_id=owner.id))
