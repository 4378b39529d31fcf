"""Catalog's events, built from its rows (announced by the services through `changes.announce`)."""
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
from catalog.menu.models import Category, Dish, Menu


def menu(kind: type[MenuCreated | MenuChanged], row: Menu) -> MenuCreated | MenuChanged:
    return kind(menu_id=row.id, restaurant_id=row.restaurant_id, name=row.name, delivery=row.delivery)


def menu_deleted(row: Menu) -> MenuDeleted:
    return MenuDeleted(menu_id=row.id, restaurant_id=row.restaurant_id)


def category(kind: type[CategoryCreated | CategoryChanged], row: Category, owner: Menu) -> CategoryCreated | CategoryChanged:
    return kind(
        category_id=row.id, menu_id=owner.id, restaurant_id=owner.restaurant_id,
        name=row.name, sub_category=row.parent_id, order=row.order,
    )


def category_deleted(category_id: int, owner: Menu) -> CategoryDeleted:
    return CategoryDeleted(category_id=category_id, menu_id=owner.id, restaurant_id=owner.restaurant_id)


def dish(kind: type[DishCreated | DishChanged], row: Dish, owner: Menu) -> DishCreated | DishChanged:
    return kind(
        dish_id=row.id, restaurant_id=owner.restaurant_id, menu_id=owner.id, category_id=row.menu_group_id,
        name=row.name, price=row.price, disable=row.disable,
    )


def dish_deleted(dish_id: int, owner: Menu) -> DishDeleted:
    return DishDeleted(dish_id=dish_id, restaurant_id=owner.restaurant_id, menu_id=owner.id)
