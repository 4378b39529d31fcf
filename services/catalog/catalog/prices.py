"""Money and the decimals requests carry.

Prices are decimals with 2 places, at least 1 (spec part 1 §5 'Dish'); never floats. Answers
render them as strings ("1234.50"), the way pydantic writes a Decimal to JSON, so no client ever
parses a binary float.

Every decimal a request carries (a dish's price, the tree editor's prices, the bulk update's
value) is bounded where the request is parsed, by the length of its plain form, before anything
computes with it: "1e999999999" is eleven characters, but written out (or rounded) it is a
billion, which would take about a gigabyte.
"""
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from typing import Annotated, Any

from pydantic import BeforeValidator
from pydantic_core import PydanticCustomError

from catalog import messages
from kit.i18n import Text

MINIMUM = Decimal("1")
CENT = Decimal("0.01")
MAX_INTEGER_DIGITS = 10  # the column is Numeric(12, 2)
PRICE_MAX_LENGTH = 24  # the price field's length (spec part 1 §5)


def plain_length(value: Decimal) -> int:
    """`len(format(value, "f"))` of a finite decimal, without writing it out."""
    sign, digits, exponent = value.as_tuple()
    if exponent >= 0:
        return sign + (1 if value.is_zero() else len(digits) + exponent)
    return sign + max(len(digits), 1 - exponent) + 1


def decimal_input(max_length: int) -> Any:
    """A Decimal from a JSON number or a string (a lone decimal comma is accepted: "12,5"), finite,
    whose plain form has at most `max_length` characters. Errors use the kit's texts: 'a valid
    number is required', 'no more than N characters'."""

    def parse(raw: object) -> Decimal:
        if isinstance(raw, str):
            text = raw.strip()
            if len(text) > max_length:
                raise PydanticCustomError("string_too_long", "too long", {"max_length": max_length})
            if "," in text and "." not in text:
                text = text.replace(",", ".")
        elif isinstance(raw, float):
            text = repr(raw)  # 0.1 is "0.1", not its binary expansion
        elif isinstance(raw, int | Decimal) and not isinstance(raw, bool):
            text = raw
        else:
            raise PydanticCustomError("decimal_parsing", "not a number")
        try:
            value = Decimal(text)
        except InvalidOperation:
            raise PydanticCustomError("decimal_parsing", "not a number") from None
        if not value.is_finite():
            raise PydanticCustomError("decimal_parsing", "not a number")
        if plain_length(value) > max_length:
            raise PydanticCustomError("string_too_long", "too long", {"max_length": max_length})
        return value

    return Annotated[Decimal, BeforeValidator(parse)]


Price = decimal_input(PRICE_MAX_LENGTH)


def round_price(value: Decimal) -> Decimal:
    """Two decimals, halves away from zero (1.005 -> 1.01): what a person expects on a menu."""
    return value.quantize(CENT, rounding=ROUND_HALF_UP)


def price_problem(value: Decimal) -> Text | None:
    """What is wrong with a price a person entered, if anything."""
    if value < MINIMUM:
        return messages.PRICE_TOO_LOW
    if value >= Decimal(10) ** MAX_INTEGER_DIGITS:
        return messages.PRICE_DIGITS
    if value != round_price(value):
        return messages.PRICE_DECIMALS
    return None
