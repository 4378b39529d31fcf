"""Menus. Never commits: the request does."""
from sqlalchemy import delete, update
from sqlalchemy.ext.asyncio import AsyncSession

from catalog import facts
from catalog.changes import announce, drop_files
from catalog.dish import repository as dishes
from catalog.dish.activity import active_dish_ids
from catalog.dish.errors import DishActiveInOrder
from catalog.menu import repository
from catalog.menu.errors import MenuNotFound
from catalog.menu.models import Menu
from catalog.menu.schemas import MenuCreate, MenuPublic, MenuUpdate
from contracts.catalog import MenuChanged, MenuCreated
from kit.membership import ensure_restaurant_access
from kit.pagination import Paging
from kit.tokens import Principal

# The spec's menu list is one plain list: a restaurant has a handful of menus.
EVERY_MENU = Paging(page=1, size=None, paginate=False)


def public(menu: Menu) -> MenuPublic:
    return MenuPublic(id=menu.id, name=menu.name, restaurant=menu.restaurant_id, delivery=menu.delivery)


async def get(
    session: AsyncSession, principal: Principal, menu_id: int, restaurant_id: int | None = None, *, lock: bool = False,
    menus=repository,
) -> Menu:
    """A menu the caller may see (404 otherwise, so other restaurants' menus stay unknown).
    `menus`: where the rows come from (catalog.menu.repository; the unit tests give a fake)."""
    menu = await menus.get_readable(session, principal, menu_id, lock=lock)
    if menu is None or (restaurant_id is not None and menu.restaurant_id != restaurant_id):
        raise MenuNotFound()
    return menu


async def list_menus(session: AsyncSession, principal: Principal, restaurant_id: int | None, delivery: bool | None) -> list[Menu]:
    if restaurant_id is not None:
        await ensure_restaurant_access(session, principal, restaurant_id)
    _, menus = await repository.list_readable(session, principal, EVERY_MENU, restaurant_id=restaurant_id, delivery=delivery)
    return menus


async def only_delivery_menu(session: AsyncSession, menu: Menu) -> None:
    """A restaurant has one delivery / take-away menu: switching one on switches the others off."""
    others = await session.scalars(
        update(Menu)
        .where(Menu.restaurant_id == menu.restaurant_id, Menu.id != menu.id, Menu.delivery.is_(True))
        .values(delivery=False)
        .returning(Menu)
    )
    for other in others:
        announce(session, facts.menu(MenuChanged, other))


async def create(session: AsyncSession, principal: Principal, data: MenuCreate) -> Menu:
    await ensure_restaurant_access(session, principal, data.restaurant)
    menu = Menu(restaurant_id=data.restaurant, name=data.name, delivery=data.delivery)
    session.add(menu)
    await session.flush()
    if menu.delivery:
        await only_delivery_menu(session, menu)
    announce(session, facts.menu(MenuCreated, menu))
    return menu


async def change(session: AsyncSession, principal: Principal, menu_id: int, data: MenuUpdate, restaurant_id: int | None) -> Menu:
    menu = await get(session, principal, menu_id, restaurant_id, lock=True)
    for name, value in data.model_dump(exclude_none=True, exclude={"restaurant"}).items():
        setattr(menu, name, value)
    await session.flush()
    if menu.delivery and data.delivery:
        await only_delivery_menu(session, menu)
    announce(session, facts.menu(MenuChanged, menu))
    return menu


async def remove(session: AsyncSession, principal: Principal, menu_id: int, restaurant_id: int | None) -> None:
    menu = await get(session, principal, menu_id, restaurant_id, lock=True)
    if await active_dish_ids(session, await dishes.ids_of_menus(session, [menu.id])):
        raise DishActiveInOrder()
    await delete_menus(session, [menu])


async def delete_menus(session: AsyncSession, menus: list[Menu]) -> None:
    """Categories, dishes and images go with their menu (ON DELETE CASCADE); the image files after the commit."""
    if not menus:
        return
    menu_ids = [m.id for m in menus]
    # Locked, so an image added meanwhile waits and then finds its dish gone (its file is never left behind).
    drop_files(session, await dishes.image_paths(session, await dishes.ids_of_menus(session, menu_ids, lock=True)))
    await session.execute(delete(Menu).where(Menu.id.in_(menu_ids)))
    for menu in menus:
        announce(session, facts.menu_deleted(menu))
