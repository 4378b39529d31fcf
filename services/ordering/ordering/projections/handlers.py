"""Keep the projections current from catalog's, floor's and identity's events.

Every write is an upsert guarded by `updated_at <= occurred_at`, so events may arrive in any
order and more than once.
"""

from sqlalchemy.ext.asyncio import AsyncSession

from contracts import catalog, floor, identity
from kit.db import upsert_unless_older
from ordering.projections import repository
from ordering.projections.models import CategoryFacts, DishFacts, MenuFacts, PlaceFacts, RestaurantSettings


async def on_dish_facts(session: AsyncSession, event: catalog.DishFacts) -> None:
    await upsert_unless_older(session, DishFacts, "dish_id", {
        "dish_id": event.dish_id, "restaurant_id": event.restaurant_id, "menu_id": event.menu_id,
        "category_id": event.category_id, "name": event.name, "price": event.price,
        "disable": event.disable, "deleted": False, "updated_at": event.occurred_at,
    })


async def on_dish_deleted(session: AsyncSession, event: catalog.DishDeleted) -> None:
    # A tombstone: the dish may be unknown yet (its 'created' late), so the row is written anyway.
    await upsert_unless_older(session, DishFacts, "dish_id", {
        "dish_id": event.dish_id, "restaurant_id": event.restaurant_id, "menu_id": event.menu_id,
        "category_id": 0, "name": "", "price": 0, "disable": True, "deleted": True, "updated_at": event.occurred_at,
    })


async def on_prices_changed(session: AsyncSession, event: catalog.PricesChanged) -> None:
    for item in event.prices:
        await repository.reprice(session, event.restaurant_id, item.dish_id, item.price, event.occurred_at)


async def on_category(session: AsyncSession, event: catalog.CategoryFacts | catalog.CategoryDeleted) -> None:
    """Written on creation and change; a deletion leaves a nameless tombstone, so a late change cannot revive it."""
    known = isinstance(event, catalog.CategoryFacts)
    await upsert_unless_older(session, CategoryFacts, "category_id", {
        "category_id": event.category_id, "restaurant_id": event.restaurant_id, "menu_id": event.menu_id,
        "name": event.name if known else "", "deleted": not known, "updated_at": event.occurred_at,
    })


async def on_menu(session: AsyncSession, event: catalog.MenuFacts | catalog.MenuDeleted) -> None:
    """As a category; a deleted menu takes its dishes with it."""
    known = isinstance(event, catalog.MenuFacts)
    await upsert_unless_older(session, MenuFacts, "menu_id", {
        "menu_id": event.menu_id, "restaurant_id": event.restaurant_id, "name": event.name if known else "",
        "delivery": known and event.delivery, "deleted": not known, "updated_at": event.occurred_at,
    })
    if not known:
        # Whether or not catalog also announces each of its dishes, none can be ordered any more.
        await repository.delete_menu_dishes(session, event.menu_id, event.occurred_at)


async def on_place_facts(session: AsyncSession, event: floor.PlaceFacts) -> None:
    await upsert_unless_older(session, PlaceFacts, "place_id", {
        "place_id": event.place_id, "restaurant_id": event.restaurant_id, "name": event.name,
        "kind": event.kind, "menu_id": event.menu_id, "admin": event.admin, "token_hash": event.token_hash,
        "deleted": False, "updated_at": event.occurred_at,
    })


async def on_place_removed(session: AsyncSession, event: floor.PlaceRemoved) -> None:
    await upsert_unless_older(session, PlaceFacts, "place_id", {
        "place_id": event.place_id, "restaurant_id": event.restaurant_id, "name": "", "kind": "mesa",
        "menu_id": 0, "admin": False, "token_hash": "", "deleted": True, "updated_at": event.occurred_at,
    })


async def on_restaurant_profile(session: AsyncSession, event: identity.RestaurantProfile) -> None:
    await upsert_unless_older(session, RestaurantSettings, "restaurant_id", {
        "restaurant_id": event.restaurant_id, "nombre_local": event.nombre_local, "wait_time": event.wait_time,
        "stop_orders": event.stop_orders, "horario_apertura": event.horario_apertura,
        "horario_cierre": event.horario_cierre, "whatsapp": event.whatsapp, "takeaway": event.takeaway,
        "deleted": False, "updated_at": event.occurred_at,
    })


async def on_restaurant_deleted(session: AsyncSession, event: identity.RestaurantDeleted) -> None:
    await upsert_unless_older(session, RestaurantSettings, "restaurant_id", {
        "restaurant_id": event.restaurant_id, "nombre_local": "", "wait_time": 0, "stop_orders": True,
        "horario_apertura": None, "horario_cierre": None, "whatsapp": "", "takeaway": False, "deleted": True,
        "updated_at": event.occurred_at,
    })
