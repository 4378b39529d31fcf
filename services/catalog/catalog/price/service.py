"""The bulk price update: one transaction, every dish of the menu (or of a category) at once.

The dishes are locked (SELECT ... FOR UPDATE, in id order) before their prices are read, so a
dish edit running at the same time either finishes first (and its price is the one raised) or
waits for this update: no price is lost and nobody sees half an update. New prices are rounded
to 2 decimals, halves up (`ROUND_HALF_UP`); a dish whose new price would fall below 1 keeps its
price and is listed in `dish_no_update`.
"""
from collections.abc import Iterable
from decimal import Decimal

from sqlalchemy.ext.asyncio import AsyncSession

from catalog import messages
from catalog.category import repository as categories
from catalog.category.errors import CategoryNotFound
from catalog.changes import announce
from catalog.dish import repository as dishes
from catalog.menu import service as menus
from catalog.menu.models import Dish
from catalog.price.schemas import AMOUNT, VALUE_MAX_LENGTH, BulkPriceResult, BulkPriceUpdate, DishNotUpdated
from catalog.prices import MAX_INTEGER_DIGITS, MINIMUM, plain_length, round_price
from contracts.catalog import DishPrice, PricesChanged
from kit import messages as kit_messages
from kit.errors import FieldErrors
from kit.i18n import Text
from kit.tokens import Principal

INCREASE, DECREASE = 1, 0
CEILING = Decimal(10) ** MAX_INTEGER_DIGITS


def check(data: BulkPriceUpdate) -> None:
    errors: dict[str, list[Text]] = {}
    if data.tipo_cambio not in VALUE_MAX_LENGTH:
        errors["tipo_cambio"] = [messages.BULK_TYPE_INVALID]
    if data.tipo_update not in (INCREASE, DECREASE):
        errors["tipo_update"] = [messages.BULK_DIRECTION_INVALID]
    limit = VALUE_MAX_LENGTH.get(data.tipo_cambio)
    if data.valor <= 0:
        errors["valor"] = [messages.BULK_VALUE_POSITIVE]
    elif limit is not None and plain_length(data.valor) > limit:
        errors["valor"] = [kit_messages.VALIDATION["string_too_long"].format(max_length=limit)]
    if errors:
        raise FieldErrors(errors)


def new_price(price: Decimal, data: BulkPriceUpdate) -> Decimal:
    sign = 1 if data.tipo_update == INCREASE else -1
    if data.tipo_cambio == AMOUNT:
        return round_price(price + sign * data.valor)
    return round_price(price * (1 + sign * data.valor / 100))


async def update_prices(session: AsyncSession, principal: Principal, menu_id: int, data: BulkPriceUpdate) -> BulkPriceResult:
    check(data)
    menu = await menus.get(session, principal, menu_id)
    if data.category == -1:
        category_ids = [c.id for c in await categories.of_menu(session, menu.id)]
    else:
        found = await categories.get_readable(session, principal, data.category)
        if found is None or found[1].id != menu.id:
            raise CategoryNotFound()
        category_ids = await categories.subtree_ids(session, data.category)

    changed, result = reprice(await dishes.of_categories(session, category_ids, lock=True), data)
    await session.flush()
    if changed:
        announce(session, PricesChanged(restaurant_id=menu.restaurant_id, menu_id=menu.id, prices=changed))
    return result


def reprice(rows: Iterable[Dish], data: BulkPriceUpdate) -> tuple[list[DishPrice], BulkPriceResult]:
    """Give each dish its new price, unless that would fall below 1 (or past the column): those keep
    theirs and are listed. Answers the prices that changed (the event's) and the answer."""
    changed: list[DishPrice] = []
    kept: list[DishNotUpdated] = []
    for dish in rows:
        price = new_price(dish.price, data)
        if price < MINIMUM or price >= CEILING:
            kept.append(DishNotUpdated(pk=dish.id, name=dish.name, price=dish.price))
        elif price != dish.price:
            dish.price = price
            changed.append(DishPrice(dish_id=dish.id, price=price))
    return changed, BulkPriceResult(
        detail=(messages.BULK_PARTIAL if kept else messages.BULK_DONE).render(),
        updated=len(changed),
        dish_no_update=kept,
    )
