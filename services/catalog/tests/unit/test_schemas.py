"""The request shapes' own rules (menus, categories, dishes), read as the kit answers them: the
messages a 400 carries, without an app."""
from decimal import Decimal

import pytest

from catalog.category.schemas import CategoryCreate, CategoryUpdate
from catalog.dish.schemas import DishCreate, DishUpdate
from catalog.menu.schemas import MenuCreate, MenuUpdate
from tests.unit.helpers import refusal

DISH = {"name": "Bife", "price": "10", "menu_group": 1}


def test_a_menu_needs_a_name_and_a_restaurant():
    assert refusal(MenuCreate, {"name": "  ", "restaurant": 1}) == {"name": ["Este campo no puede estar en blanco."]}
    assert refusal(MenuCreate, {"restaurant": 1}, "en") == {"name": ["This field is required."]}
    assert refusal(MenuCreate, {"name": "Carta"}) == {"restaurant": ["Este campo es requerido."]}
    assert refusal(MenuCreate, {"name": "M" * 101, "restaurant": 1}) == {"name": ["Asegúrese de que este campo no tenga más de 100 caracteres."]}
    made = MenuCreate.model_validate({"name": "  Carta de verano ", "restaurant": 1})
    assert (made.name, made.restaurant, made.delivery) == ("Carta de verano", 1, False)


def test_a_menu_update_changes_only_what_it_names():
    assert MenuUpdate.model_validate({}).model_dump(exclude_none=True) == {}
    assert MenuUpdate.model_validate({"delivery": True}).model_dump(exclude_none=True) == {"delivery": True}


@pytest.mark.parametrize(("fields", "body"), [
    ({"name": "   "}, {"name": ["Este campo no puede estar en blanco."]}),
    ({"name": "x" * 61}, {"name": ["Asegúrese de que este campo no tenga más de 60 caracteres."]}),
    ({"name": "Pla\x00to"}, {"name": ["El texto contiene un carácter nulo, que no es válido."]}),
    ({"description": "x" * 271}, {"description": ["Asegúrese de que este campo no tenga más de 270 caracteres."]}),
    ({"description": "con\x00queso"}, {"description": ["El texto contiene un carácter nulo, que no es válido."]}),
    ({"price": "abc"}, {"price": ["Se requiere un número válido."]}),
    ({"price": "NaN"}, {"price": ["Se requiere un número válido."]}),
    ({"price": "1e999999999"}, {"price": ["Asegúrese de que este campo no tenga más de 24 caracteres."]}),
    ({"price": "1e-999999999"}, {"price": ["Asegúrese de que este campo no tenga más de 24 caracteres."]}),
    ({"menu_group": "99999999999"}, {"menu_group": ["Asegúrese de que este valor sea menor o igual a 2147483647."]}),
    ({"menu_group": 0}, {"menu_group": ["Asegúrese de que este valor sea mayor o igual a 1."]}),
    ({"order": str(2**31)}, {"order": ["Asegúrese de que este valor sea menor o igual a 2147483647."]}),
    ({"order": str(-2**31)}, {"order": ["Asegúrese de que este valor sea mayor o igual a -2147483647."]}),
])
def test_every_dish_field_rule_has_its_message(fields, body):
    assert refusal(DishCreate, {**DISH, **fields}) == body


def test_a_dishs_text_is_stripped_and_its_price_kept_as_the_decimal_sent():
    made = DishCreate.model_validate({**DISH, "name": "  Bife  ", "description": " con papas ", "price": "12,5"})
    assert (made.name, made.description, made.price, made.order) == ("Bife", "con papas", Decimal("12.5"), None)


def test_a_dish_needs_its_category_name_and_price():
    assert refusal(DishCreate, {"name": "Bife", "price": "10"}, "en") == {"menu_group": ["This field is required."]}
    assert refusal(DishCreate, {}) == {f: ["Este campo es requerido."] for f in ("name", "price", "menu_group")}


def test_a_dish_update_changes_only_the_fields_sent():
    assert DishUpdate.model_validate({"price": "99.90"}).model_dump(exclude_none=True) == {"price": Decimal("99.90")}
    assert refusal(DishUpdate, {"price": "abc"}) == {"price": ["Se requiere un número válido."]}


def test_a_categorys_name_menu_and_position_are_bounded():
    assert refusal(CategoryCreate, {"name": "", "menu": 1}) == {"name": ["Este campo no puede estar en blanco."]}
    assert refusal(CategoryCreate, {"name": "C" * 101, "menu": 1}) == {"name": ["Asegúrese de que este campo no tenga más de 100 caracteres."]}
    assert refusal(CategoryCreate, {"name": "C", "menu": 2**31}) == {"menu": ["Asegúrese de que este valor sea menor o igual a 2147483647."]}
    assert refusal(CategoryUpdate, {"order": -2**31 - 1}) == {"order": ["Asegúrese de que este valor sea mayor o igual a -2147483647."]}
    made = CategoryCreate.model_validate({"name": " Bebidas ", "menu": 1})
    assert (made.name, made.sub_category, made.order) == ("Bebidas", None, 0)
