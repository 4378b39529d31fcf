"""Menus. Never commits: the request does."""
from sqlalchemy import delete, update
from sqlalchemy.ext.asyncio import AsyncSession

from catalog import announce
from catalog.dish import repository as dishes
from catalog.dish.errors import DishActiveInOrder
from catalog.category import repository as categories
from catalog.menu import repository
from catalog.menu.errors import MenuNotFound
from catalog.menu.models import Menu
from catalog.menu.schemas import MenuCreate, MenuUpdate
from catalog.stale import mark_stale
from contracts.catalog import MenuChanged, MenuCreated
from kit.membership import ensure_restaurant_access
from kit.tokens import Principal


async def get(session: AsyncSession, principal: Principal, menu_id: int, restaurant_id: int | None = None, *, lock: bool = False) -> Menu:
    """A menu the caller may see (404 otherwise, so other restaurants' menus stay unknown)."""
    menu = await repository.get_readable(session, principal, menu_id, lock=lock)
    if menu is None or (restaurant_id is not None and menu.restaurant_id != restaurant_id):
        raise MenuNotFound()
    return menu


async def list_menus(session: AsyncSession, principal: Principal, restaurant_id: int | None, delivery: bool | None) -> list[Menu]:
    if restaurant_id is not None:
        await ensure_restaurant_access(session, principal, restaurant_id)
    return await repository.list_readable(session, principal, restaurant_id, delivery)


async def _only_delivery_menu(session: AsyncSession, menu: Menu) -> None:
    """A restaurant has one delivery / take-away menu: switching one on switches the others off."""
    others = await session.scalars(
        update(Menu)
        .where(Menu.restaurant_id == menu.restaurant_id, Menu.id != menu.id, Menu.delivery.is_(True))
        .values(delivery=False)
        .returning(Menu)
    )
    for other in others:
        announce.menu(session, MenuChanged, other)
        mark_stale(session, [other.id])


async def create(session: AsyncSession, principal: Principal, data: MenuCreate) -> Menu:
    await ensure_restaurant_access(session, principal, data.restaurant)
    menu = Menu(restaurant_id=data.restaurant, name=data.name, delivery=data.delivery)
    session.add(menu)
    await session.flush()
    if menu.delivery:
        await _only_delivery_menu(session, menu)
    announce.menu(session, MenuCreated, menu)
    return menu


async def change(session: AsyncSession, principal: Principal, menu_id: int, data: MenuUpdate, restaurant_id: int | None) -> Menu:
    menu = await get(session, principal, menu_id, restaurant_id, lock=True)
    fields = data.model_dump(exclude_unset=True, exclude={"restaurant"})
    if fields.get("name") is None:
        fields.pop("name", None)
    if fields.get("delivery") is None:
        fields.pop("delivery", None)
    for name, value in fields.items():
        setattr(menu, name, value)
    await session.flush()
    if menu.delivery and fields.get("delivery"):
        await _only_delivery_menu(session, menu)
    announce.menu(session, MenuChanged, menu)
    mark_stale(session, [menu.id])
    return menu


async def remove(session: AsyncSession, principal: Principal, menu_id: int, restaurant_id: int | None) -> None:
    menu = await get(session, principal, menu_id, restaurant_id, lock=True)
    category_ids = [c.id for c in await categories.of_menu(session, menu.id)]
    held = await dishes.active_dish_ids(session, [d.id for d in await dishes.of_categories(session, category_ids)])
    if held:
        raise DishActiveInOrder()
    await delete_menus(session, [menu])


async def delete_menus(session: AsyncSession, menus: list[Menu]) -> None:
    """Categories, dishes and images go with their menu (ON DELETE CASCADE)."""
    if not menus:
        return
    await session.execute(delete(Menu).where(Menu.id.in_([m.id for m in menus])))
    for menu in menus:
        announce.menu_deleted(session, menu)
    mark_stale(session, [m.id for m in menus])
