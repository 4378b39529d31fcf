"""Menu queries, scoped to the menus the caller may see."""
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from catalog.menu.models import Menu
from kit.membership import restaurant_visible
from kit.pagination import Paging, fetch_page, filtered
from kit.tokens import Principal

async def get_readable(session: AsyncSession, principal: Principal, menu_id: int, *, lock: bool = False) -> Menu | None:
    query = select(Menu).where(Menu.id == menu_id, restaurant_visible(Menu.restaurant_id, principal))
    if lock:
        query = query.with_for_update()
    return await session.scalar(query)


async def list_readable(
    session: AsyncSession, principal: Principal, listing: Paging, *, restaurant_id: int | None, delivery: bool | None
) -> tuple[int, list[Menu]]:
    query = select(Menu).where(restaurant_visible(Menu.restaurant_id, principal)).order_by(Menu.id)
    query = filtered(query, (Menu.restaurant_id, restaurant_id), (Menu.delivery, delivery))
    return await fetch_page(session, query, listing, scalars=True)


async def of_restaurant(session: AsyncSession, restaurant_id: int) -> list[Menu]:
    return list(await session.scalars(select(Menu).where(Menu.restaurant_id == restaurant_id).order_by(Menu.id)))
