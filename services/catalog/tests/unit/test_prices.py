"""Prices and the decimals requests carry (catalog/prices.py): Decimal, two places, half up,
bounded by their written-out length before anything computes with them."""
import tracemalloc
from decimal import Decimal

import pytest
from pydantic import BaseModel

from catalog import messages
from catalog.prices import Price, decimal_input, plain_length, price_problem, round_price
from tests.unit.helpers import read, refusal


class Priced(BaseModel):
    price: Price


class Short(BaseModel):
    value: decimal_input(6)


@pytest.mark.parametrize(("value", "length"), [
    ("0", 1), ("7", 1), ("1234.5", 6), ("-1.05", 5), ("0.001", 5), ("1E+3", 4), ("-1E+3", 5), ("1.50", 4),
    ("1e999999999", 1_000_000_000), ("1e-999999999", 1_000_000_001),
])
def test_the_plain_length_is_that_of_the_number_written_out(value, length):
    assert plain_length(Decimal(value)) == length


@pytest.mark.parametrize("value", ["0", "7", "1234.5", "-1.05", "0.001", "1E+3", "-1E+3", "1.50", "-0.5", "100"])
def test_the_plain_length_agrees_with_formatting_where_that_is_affordable(value):
    assert plain_length(Decimal(value)) == len(format(Decimal(value), "f"))


@pytest.mark.parametrize(("sent", "price"), [
    ("1234.50", Decimal("1234.50")),
    ("12,5", Decimal("12.5")),  # a lone decimal comma
    (" 7 ", Decimal("7")),
    (5, Decimal("5")),
    (0.1, Decimal("0.1")),  # a JSON number is read as written, not as its binary expansion
    (Decimal("3.25"), Decimal("3.25")),
])
def test_a_price_is_read_from_a_string_or_a_number_as_a_decimal(sent, price):
    parsed = Priced.model_validate({"price": sent}).price
    assert isinstance(parsed, Decimal) and parsed == price and str(parsed) == str(price)


@pytest.mark.parametrize("sent", ["abc", "NaN", "Infinity", "-inf", "1,5.0", "", True, None, [1]])
def test_anything_but_a_finite_number_is_not_a_valid_number(sent):
    assert refusal(Priced, {"price": sent}) == {"price": ["Se requiere un número válido."]}
    assert refusal(Priced, {"price": sent}, "en") == {"price": ["A valid number is required."]}


@pytest.mark.parametrize("sent", ["1e999999999", "-1e999999999", "1e-999999999", "1" * 25, "  " + "9" * 25])
def test_a_number_too_long_written_out_is_refused_without_writing_it_out(sent):
    tracemalloc.start()
    try:
        body = refusal(Priced, {"price": sent})
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert body == {"price": ["Asegúrese de que este campo no tenga más de 24 caracteres."]}
    assert peak < 2**20, f"{peak} bytes"


def test_the_length_bound_is_the_fields_own():
    assert Short.model_validate({"value": "123456"}).value == Decimal("123456")
    assert refusal(Short, {"value": "1234567"}, "en") == {"value": ["Ensure this field has no more than 6 characters."]}
    assert refusal(Short, {"value": 1234567}) == {"value": ["Asegúrese de que este campo no tenga más de 6 caracteres."]}


@pytest.mark.parametrize(("value", "rounded"), [
    ("1.005", "1.01"),  # half up, where banker's rounding gives 1.00
    ("1.004", "1.00"),
    ("1.545", "1.55"),
    ("2.5", "2.50"),  # always two places
    ("100", "100.00"),
    ("-1.005", "-1.01"),  # halves away from zero
    ("0.0049", "0.00"),
])
def test_a_price_is_rounded_to_two_places_halves_up(value, rounded):
    assert str(round_price(Decimal(value))) == rounded


@pytest.mark.parametrize(("value", "problem"), [
    ("1", None),
    ("1.00", None),
    ("10.10", None),
    ("9999999999.99", None),  # the column's largest
    ("0.99", messages.PRICE_TOO_LOW),
    ("-5", messages.PRICE_TOO_LOW),
    ("0", messages.PRICE_TOO_LOW),
    ("0.001", messages.PRICE_TOO_LOW),  # too low is said before too many decimals
    ("10.123", messages.PRICE_DECIMALS),
    ("1.005", messages.PRICE_DECIMALS),
    ("10000000000", messages.PRICE_DIGITS),
    ("99999999999", messages.PRICE_DIGITS),
    ("10000000000.123", messages.PRICE_DIGITS),  # too many digits is said before decimals
])
def test_what_is_wrong_with_a_price_a_person_entered(value, problem):
    assert price_problem(Decimal(value)) is problem


def test_each_price_problem_reads_in_both_languages():
    assert [read(price_problem(Decimal(v))) for v in ("0.5", "1.001", "1e10")] == [
        "El precio no puede ser menor a 1.",
        "Asegúrese de que no haya más de 2 decimales.",
        "Asegúrese de que no haya más de 10 dígitos antes del punto decimal.",
    ]
    assert [read(price_problem(Decimal(v)), "en") for v in ("0.5", "1.001", "1e10")] == [
        "The price cannot be less than 1.",
        "Ensure that there are no more than 2 decimal places.",
        "Ensure that there are no more than 10 digits before the decimal point.",
    ]
