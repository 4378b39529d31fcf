"""The diners' menu: the tree with enabled dishes only, prices, image links and the restaurant."""
import json
from collections import defaultdict
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from catalog.category import repository as categories
from catalog.category.models import Category
from catalog.dish import repository as dishes
from catalog.dish.models import Dish
from catalog.menu.models import Menu
from catalog.restaurant.models import RestaurantProfile
from catalog.restaurant.service import order_enabled
from kit.uploads import media_url


def _json_default(value):
    if isinstance(value, Decimal):
        return str(value)  # Numeric(12, 2) keeps 2 places: "1234.50"
    raise TypeError(type(value))


async def build(session: AsyncSession, menu_id: int) -> bytes | None:
    """The answer's bytes, or None when the menu does not exist or shows no dish."""
    menu = await session.get(Menu, menu_id)
    if menu is None:
        return None
    profile = await session.get(RestaurantProfile, menu.restaurant_id)
    rows = await categories.of_menu(session, menu.id)
    enabled = list(
        await session.scalars(
            select(Dish)
            .where(Dish.menu_group_id.in_([c.id for c in rows]), Dish.disable.is_(False))
            .order_by(Dish.order, Dish.id)
        )
    )
    images = await dishes.images_of(session, [d.id for d in enabled])
    by_category: dict[int, list[Dish]] = defaultdict(list)
    for dish in enabled:
        by_category[dish.menu_group_id].append(dish)
    children: dict[int | None, list[Category]] = defaultdict(list)
    for category in rows:
        children[category.parent_id].append(category)

    def node(category: Category) -> dict | None:
        """A category with what diners can order in it; None when that is nothing."""
        subs = [n for n in (node(c) for c in children[category.id]) if n is not None]
        leaves = [
            {
                "pk": d.id,
                "name": d.name,
                "description": d.description,
                "price": d.price,
                "order": d.order,
                "dish_dimage": [{"id": i.id, "image": media_url("catalog", i.path)} for i in images.get(d.id, [])],
            }
            for d in by_category[category.id]
        ]
        if not subs and not leaves:
            return None
        return {
            "id": category.id,
            "name": category.name,
            "sub_category": category.parent_id,
            "order": category.order,
            "dishes": leaves,
            "sub_categories": subs,
        }

    data = [n for n in (node(c) for c in children[None]) if n is not None]
    if not data:
        return None
    answer = {
        "menu": {"id": menu.id, "name": menu.name, "restaurant": menu.restaurant_id, "delivery": menu.delivery},
        "restaurant": {
            "id": menu.restaurant_id,
            "nombre_local": profile.nombre_local if profile else "",
            "logo": profile.logo if profile else "",
            "whatsapp": profile.whatsapp if profile else "",
            "takeaway": profile.takeaway if profile else False,
            "stop_orders": profile.stop_orders if profile else False,
            "order_enabled": order_enabled(profile),
            "horario_apertura": profile.horario_apertura if profile else None,
            "horario_cierre": profile.horario_cierre if profile else None,
        },
        "data": data,
    }
    return json.dumps(answer, ensure_ascii=False, separators=(",", ":"), default=_json_default).encode()
