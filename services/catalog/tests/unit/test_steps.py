"""Service steps that decide something, on fakes of their repositories (no database): where a
category may hang, which menu or category a caller gets, how many images a dish may hold; and the
events catalog builds from its rows."""
from decimal import Decimal

import pytest

from catalog import facts
from catalog.category import service as categories
from catalog.category.errors import CategoryMisplaced, CategoryNotFound, CategoryOnlyDishes
from catalog.dish import service as dishes
from catalog.menu import service as menus
from catalog.menu.errors import MenuNotFound
from catalog.menu.models import Category, Dish, Menu
from contracts.catalog import CategoryChanged, DishCreated, MenuCreated
from kit.errors import FieldErrors
from tests.unit.helpers import OWNER_1, Calls, answer_of

CARTA, OTRA = Menu(id=1, restaurant_id=10, name="Carta", delivery=False), Menu(id=2, restaurant_id=10, name="Otra", delivery=True)


class FakeCategories:
    """catalog.category.repository over a few rows: the tree, and which categories hold dishes."""

    def __init__(self, rows: list[tuple[Category, Menu]], with_dishes: set[int] = frozenset()):
        self.rows = {category.id: (category, menu) for category, menu in rows}
        self.with_dishes = with_dishes
        self.calls = Calls()

    async def get_readable(self, session, principal, category_id, *, lock=False):
        self.calls.note("get_readable", category_id, lock)
        return self.rows.get(category_id)

    async def subtree_ids(self, session, category_id):
        self.calls.note("subtree_ids", category_id)
        below, pending = [], [category_id]
        while pending:
            current = pending.pop(0)
            below.append(current)
            pending += [c.id for c, _ in self.rows.values() if c.parent_id == current]
        return below

    async def has_dishes(self, session, category_id):
        self.calls.note("has_dishes", category_id)
        return category_id in self.with_dishes


def cat(pk: int, parent: int | None = None, menu: Menu = CARTA) -> tuple[Category, Menu]:
    return Category(id=pk, menu_id=menu.id, name=f"C{pk}", parent_id=parent, order=0), menu


# Carta: 1 > 2 > 3, and 4 (with dishes); Otra: 5
TREE = FakeCategories([cat(1), cat(2, parent=1), cat(3, parent=2), cat(4), cat(5, menu=OTRA)], with_dishes={4})


async def test_a_category_is_found_only_where_the_caller_looks_for_it():
    category, menu = await categories.get(None, OWNER_1, 2, categories=TREE)
    assert (category.id, menu.id) == (2, 1)
    assert (await categories.get(None, OWNER_1, 2, 10, categories=TREE))[0].id == 2
    for category_id, restaurant in ((99, None), (2, 11)):
        with pytest.raises(CategoryNotFound) as missing:
            await categories.get(None, OWNER_1, category_id, restaurant, categories=TREE)
        assert (missing.value.status_code, answer_of(missing.value)) == (404, {"detail": "Categoría no encontrada."})


OTHER_MENU = {"non_field_errors": ["La categoría pertenece a otro menú."]}
CYCLE = {"non_field_errors": ["Una categoría no puede estar dentro de sí misma."]}
ONLY_DISHES = {"non_field_errors": ["Una categoría solo puede tener platos o subcategorías: los platos van en el último nivel."]}


@pytest.mark.parametrize(("parent", "moving", "refused", "body"), [
    (5, None, CategoryMisplaced, OTHER_MENU),
    (2, 1, CategoryMisplaced, CYCLE),  # into its own child
    (3, 1, CategoryMisplaced, CYCLE),  # into its grandchild
    (1, 1, CategoryMisplaced, CYCLE),  # into itself
    (4, None, CategoryOnlyDishes, ONLY_DISHES),
    (4, 2, CategoryOnlyDishes, ONLY_DISHES),
    (99, None, CategoryNotFound, {"detail": "Categoría no encontrada."}),
])
async def test_a_parent_is_a_category_of_the_same_menu_without_dishes_and_not_below_the_category(parent, moving, refused, body):
    with pytest.raises(refused) as wrong:
        await categories._check_parent(None, OWNER_1, CARTA, parent, moving_id=moving, categories=TREE)
    assert (wrong.value.status_code, answer_of(wrong.value)) == (404 if refused is CategoryNotFound else 400, body)


@pytest.mark.parametrize(("parent", "moving"), [(1, None), (2, None), (3, None), (1, 4), (3, 4)])
async def test_a_good_parent_passes(parent, moving):
    assert await categories._check_parent(None, OWNER_1, CARTA, parent, moving_id=moving, categories=TREE) is None


async def test_the_parents_menu_is_checked_before_its_subtree_is_read():
    fake = FakeCategories([cat(1), cat(5, menu=OTRA)])
    with pytest.raises(CategoryMisplaced):
        await categories._check_parent(None, OWNER_1, CARTA, 5, moving_id=1, categories=fake)
    assert fake.calls.made == [("get_readable", 5, False)]


class FakeMenus:
    def __init__(self, *rows: Menu):
        self.rows = {menu.id: menu for menu in rows}
        self.calls = Calls()

    async def get_readable(self, session, principal, menu_id, *, lock=False):
        self.calls.note("get_readable", menu_id, lock)
        return self.rows.get(menu_id)


async def test_a_menu_is_found_only_where_the_caller_looks_for_it():
    fake = FakeMenus(CARTA)
    assert await menus.get(None, OWNER_1, 1, menus=fake) is CARTA
    assert await menus.get(None, OWNER_1, 1, 10, lock=True, menus=fake) is CARTA
    assert fake.calls.made == [("get_readable", 1, False), ("get_readable", 1, True)]
    for menu_id, restaurant in ((2, None), (1, 11)):
        with pytest.raises(MenuNotFound) as missing:
            await menus.get(None, OWNER_1, menu_id, restaurant, menus=fake)
        assert (missing.value.status_code, answer_of(missing.value, "en")) == (404, {"detail": "Menu not found"})


def test_a_menu_answers_with_the_specs_names():
    assert menus.public(OTRA).model_dump() == {"id": 2, "name": "Otra", "restaurant": 10, "delivery": True}


class FakeImages:
    def __init__(self, held: int):
        self.held = held
        self.asked: list[int] = []

    async def count_images(self, session, dish_id):
        self.asked.append(dish_id)
        return self.held


@pytest.mark.parametrize(("dish_id", "held", "adding", "fits"), [
    (None, 0, 10, True), (None, 0, 11, False), (7, 0, 10, True), (7, 8, 2, True), (7, 8, 3, False),
    (7, 10, 0, True), (7, 10, 1, False), (7, 9, 1, True), (7, 12, 0, False),
])
async def test_a_dish_holds_at_most_ten_images_counting_those_it_has(dish_id, held, adding, fits):
    fake = FakeImages(held)
    if fits:
        assert await dishes._room_for_images(None, dish_id, adding, "dish_dimage", dishes=fake) is None
    else:
        with pytest.raises(FieldErrors) as refused:
            await dishes._room_for_images(None, dish_id, adding, "image", dishes=fake)
        assert answer_of(refused.value) == {"image": ["Un plato puede tener a lo sumo 10 imágenes."]}
        assert answer_of(refused.value, "en") == {"image": ["A dish can have at most 10 images."]}
    assert fake.asked == ([] if dish_id is None else [dish_id])  # a new dish holds none: nothing to count


@pytest.mark.parametrize(("price", "kept"), [("12.5", "12.50"), ("1", "1.00"), ("9999999999.99", "9999999999.99")])
def test_a_dish_price_is_kept_with_two_places(price, kept):
    assert str(dishes._checked_price(Decimal(price))) == kept


@pytest.mark.parametrize(("price", "text"), [
    ("0.99", "El precio no puede ser menor a 1."), ("-5", "El precio no puede ser menor a 1."),
    ("10.123", "Asegúrese de que no haya más de 2 decimales."),
    ("99999999999", "Asegúrese de que no haya más de 10 dígitos antes del punto decimal."),
])
def test_a_dish_price_that_breaks_a_rule_is_a_price_field_error(price, text):
    with pytest.raises(FieldErrors) as refused:
        dishes._checked_price(Decimal(price))
    assert answer_of(refused.value) == {"price": [text]}


def test_events_carry_the_rows_facts_and_their_menus_restaurant():
    dish = Dish(id=3, menu_group_id=2, name="Bife", price=Decimal("99.90"), disable=False, order=0)
    event = facts.dish(DishCreated, dish, CARTA)
    assert (event.dish_id, event.restaurant_id, event.menu_id, event.category_id, event.name, event.price, event.disable) == (
        3, 10, 1, 2, "Bife", Decimal("99.90"), False)
    assert event.model_dump(mode="json")["price"] == "99.90"
    category = facts.category(CategoryChanged, Category(id=2, menu_id=1, name="Carnes", parent_id=1, order=4), CARTA)
    assert (category.category_id, category.menu_id, category.restaurant_id, category.sub_category, category.order) == (2, 1, 10, 1, 4)
    menu = facts.menu(MenuCreated, OTRA)
    assert (menu.menu_id, menu.restaurant_id, menu.name, menu.delivery) == (2, 10, "Otra", True)
    assert (facts.dish_deleted(3, CARTA).menu_id, facts.category_deleted(2, OTRA).restaurant_id) == (1, 10)
