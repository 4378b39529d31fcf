"""The bulk price update's rules (catalog/price/service.py): an amount or a percentage, up or down,
rounded half up; a dish that would fall below 1 keeps its price and is listed."""
import tracemalloc
from decimal import Decimal

import pytest

from catalog.menu.models import Dish
from catalog.price.schemas import BulkPriceUpdate
from catalog.price.service import check, new_price, reprice, update_prices
from kit.errors import FieldErrors
from tests.unit.helpers import OWNER_1, answer_of, refusal


def change(kind="Porcentaje", valor="10", direction=1, category=-1) -> BulkPriceUpdate:
    return BulkPriceUpdate(tipo_cambio=kind, valor=valor, tipo_update=direction, category=category)


def dish(pk: int, name: str, price: str) -> Dish:
    return Dish(id=pk, menu_group_id=1, name=name, price=Decimal(price), disable=False, order=0)


@pytest.mark.parametrize(("price", "kind", "valor", "direction", "new"), [
    ("1.03", "Porcentaje", "50", 1, "1.55"),  # 1.545 half up (banker's rounding: 1.54)
    ("5.00", "Porcentaje", "50", 1, "7.50"),
    ("100.00", "Porcentaje", "10", 0, "90.00"),
    ("3.00", "Porcentaje", "33.33", 1, "4.00"),  # 3.9999
    ("1.00", "Porcentaje", "0.1", 1, "1.00"),  # 1.001
    ("19.99", "Porcentaje", "12.5", 0, "17.49"),  # 17.49125
    ("100.00", "Precio", "10.5", 0, "89.50"),
    ("1.00", "Precio", "0.005", 1, "1.01"),  # 1.005 half up
    ("250.50", "Precio", "4", 1, "254.50"),
    ("5.00", "Precio", "4", 0, "1.00"),
    ("1.03", "Precio", "4", 0, "-2.97"),  # below 1: the caller keeps the old price
])
def test_a_new_price_is_the_old_one_moved_by_an_amount_or_a_percentage_rounded_half_up(price, kind, valor, direction, new):
    moved = new_price(Decimal(price), change(kind, valor, direction))
    assert isinstance(moved, Decimal) and str(moved) == new


def test_repricing_changes_the_dishes_that_move_keeps_those_that_would_fall_below_one_and_lists_them():
    empanada, provoleta, bife = dish(1, "Empanada", "5.00"), dish(2, "Provoleta", "1.03"), dish(3, "Bife", "100.00")
    changed, result = reprice([empanada, provoleta, bife], change("Precio", "4", 0))
    assert [(p.dish_id, str(p.price)) for p in changed] == [(1, "1.00"), (3, "96.00")]
    assert [str(d.price) for d in (empanada, provoleta, bife)] == ["1.00", "1.03", "96.00"]
    assert result.updated == 2
    assert [(d.pk, d.name, str(d.price)) for d in result.dish_no_update] == [(2, "Provoleta", "1.03")]
    assert result.detail == "Algunos platos no se actualizaron: su precio quedaría por debajo de 1."


def test_repricing_everything_says_prices_were_updated():
    dishes = [dish(1, "Empanada", "5.00"), dish(2, "Provoleta", "1.03"), dish(3, "Bife", "100.00")]
    changed, result = reprice(dishes, change("Porcentaje", "50", 1))
    assert [str(p.price) for p in changed] == ["7.50", "1.55", "150.00"]
    assert (result.detail, result.updated, result.dish_no_update) == ("Precios actualizados.", 3, [])


def test_a_dish_whose_price_rounds_to_the_same_is_neither_changed_nor_kept():
    same = dish(1, "Agua", "1.00")
    changed, result = reprice([same], change("Porcentaje", "0.1", 1))
    assert (changed, result.updated, result.dish_no_update, str(same.price)) == ([], 0, [], "1.00")
    assert result.detail == "Precios actualizados."


def test_a_price_that_would_pass_the_columns_ten_digits_is_kept():
    dear = dish(1, "Caviar", "9999999999.00")
    changed, result = reprice([dear], change("Precio", "1", 1))
    assert changed == [] and str(dear.price) == "9999999999.00"
    assert [d.pk for d in result.dish_no_update] == [1]
    changed, _ = reprice([dish(2, "Casi", "9999999998.00")], change("Precio", "1.99", 1))
    assert [str(p.price) for p in changed] == ["9999999999.99"]


def test_nothing_to_reprice_updates_nothing():
    changed, result = reprice([], change())
    assert (changed, result.updated, result.dish_no_update, result.detail) == ([], 0, [], "Precios actualizados.")


@pytest.mark.parametrize(("fields", "body"), [
    ({"kind": "Otro"}, {"tipo_cambio": ["Elija Precio o Porcentaje."]}),
    ({"direction": 2}, {"tipo_update": ["Elija 1 (aumentar) o 0 (disminuir)."]}),
    ({"valor": "0"}, {"valor": ["El valor debe ser mayor a 0."]}),
    ({"valor": "-3"}, {"valor": ["El valor debe ser mayor a 0."]}),
    ({"valor": "1234567"}, {"valor": ["Asegúrese de que este campo no tenga más de 6 caracteres."]}),  # a percentage: 6
    ({"kind": "Precio", "valor": "1234567890123"}, None),  # an amount: 13
    ({"kind": "Precio", "valor": "1234567.12345"}, None),
    ({"valor": "100.25"}, None),
    ({"kind": "Otro", "direction": -1, "valor": "0"}, {
        "tipo_cambio": ["Elija Precio o Porcentaje."],
        "tipo_update": ["Elija 1 (aumentar) o 0 (disminuir)."],
        "valor": ["El valor debe ser mayor a 0."],
    }),
])
def test_every_bulk_update_rule_has_its_message(fields, body):
    data = change(**fields)
    if body is None:
        assert check(data) is None
        return
    with pytest.raises(FieldErrors) as refused:
        check(data)
    assert answer_of(refused.value) == body


def test_the_rules_read_in_english_too():
    with pytest.raises(FieldErrors) as refused:
        check(change(kind="Otro", direction=3, valor="0"))
    assert answer_of(refused.value, "en") == {
        "tipo_cambio": ["Choose Precio or Porcentaje."],
        "tipo_update": ["Choose 1 (increase) or 0 (decrease)."],
        "valor": ["The value must be greater than 0."],
    }


@pytest.mark.parametrize("valor", ["12345678901234", "1e999999999", "-1e999999999", "1e-999999999", 10**14])
def test_a_value_longer_than_any_kind_allows_is_refused_where_the_request_is_read_without_writing_it_out(valor):
    tracemalloc.start()
    try:
        body = refusal(BulkPriceUpdate, {"tipo_cambio": "Precio", "valor": valor, "tipo_update": 1})
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert body == {"valor": ["Asegúrese de que este campo no tenga más de 13 caracteres."]}
    assert peak < 2**20, f"{peak} bytes"


def test_the_category_is_every_one_of_the_menu_unless_named():
    assert BulkPriceUpdate(tipo_cambio="Precio", valor=1, tipo_update=1).category == -1
    assert refusal(BulkPriceUpdate, {"tipo_cambio": "Precio", "valor": 1, "tipo_update": 1, "category": -2}) == {
        "category": ["Asegúrese de que este valor sea mayor o igual a -1."]
    }


async def test_the_rules_are_checked_before_the_menu_is_even_looked_up():
    # no session at all: a refused update reaches no database
    with pytest.raises(FieldErrors) as refused:
        await update_prices(None, OWNER_1, 1, change(valor="0"))
    assert answer_of(refused.value) == {"valor": ["El valor debe ser mayor a 0."]}
