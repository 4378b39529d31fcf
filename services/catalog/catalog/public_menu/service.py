"""The diners' menu: the tree with enabled dishes only, prices, image links and the restaurant.

Built through its response model, so the bytes cached (and served as they are) always have the
documented shape.
"""
from collections.abc import Mapping

from sqlalchemy.ext.asyncio import AsyncSession

from catalog.dish import repository as dishes
from catalog.menu import tree
from catalog.menu.models import Category, DishImage, Menu
from catalog.public_menu.schemas import PublicCategory, PublicDish, PublicImage, PublicMenu, PublicMenuInfo, PublicRestaurant
from catalog.restaurant.models import RestaurantProfile
from catalog.restaurant.service import order_enabled
from kit.uploads import media_url


def restaurant_public(restaurant_id: int, profile: RestaurantProfile | None, delivery_menu: bool) -> PublicRestaurant:
    if profile is None:  # its events have not arrived yet: a nameless restaurant that takes no orders
        return PublicRestaurant(id=restaurant_id, order_enabled=False)
    return PublicRestaurant(
        id=restaurant_id, nombre_local=profile.nombre_local, logo=profile.logo, whatsapp=profile.whatsapp,
        takeaway=profile.takeaway, stop_orders=profile.stop_orders, order_enabled=order_enabled(profile, delivery_menu),
        horario_apertura=profile.horario_apertura, horario_cierre=profile.horario_cierre,
    )


def public_tree(found: tree.Layout, images: Mapping[int, list[DishImage]]) -> list[PublicCategory]:
    """The categories diners see, in order: each with its dishes (as `found` holds them: the enabled
    ones) and their images; a category with nothing to order in it, below it included, is left out."""

    def node(category: Category) -> PublicCategory | None:
        """A category with what diners can order in it; None when that is nothing."""
        subs = [n for n in (node(c) for c in found.children[category.id]) if n is not None]
        leaves = [
            PublicDish(
                pk=d.id, name=d.name, description=d.description, price=d.price, order=d.order,
                dish_dimage=[PublicImage(id=i.id, image=media_url("catalog", i.path)) for i in images.get(d.id, [])],
            )
            for d in found.dishes[category.id]
        ]
        if not subs and not leaves:
            return None
        return PublicCategory(
            id=category.id, name=category.name, sub_category=category.parent_id, order=category.order, dishes=leaves, sub_categories=subs
        )

    return [n for n in (node(c) for c in found.children[None]) if n is not None]


async def build(session: AsyncSession, menu_id: int) -> bytes | None:
    """The answer's bytes, or None when the menu does not exist or shows no dish."""
    menu = await session.get(Menu, menu_id)
    if menu is None:
        return None
    found = await tree.layout(session, menu.id, enabled_only=True)
    images = await dishes.images_of(session, [d.id for leaves in found.dishes.values() for d in leaves])
    data = public_tree(found, images)
    if not data:
        return None
    answer = PublicMenu(
        menu=PublicMenuInfo(id=menu.id, name=menu.name, restaurant=menu.restaurant_id, delivery=menu.delivery),
        restaurant=restaurant_public(menu.restaurant_id, await session.get(RestaurantProfile, menu.restaurant_id), menu.delivery),
        data=data,
    )
    return answer.model_dump_json().encode()
