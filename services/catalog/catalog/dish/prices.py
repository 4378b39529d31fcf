"""Prices are decimals with 2 places, at least 1 (spec part 1 §5 'Dish'); never floats.

Answers render them as strings ("1234.50"), the way pydantic writes a Decimal to JSON, so no
client ever parses a binary float.
"""
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

from catalog import messages
from kit.i18n import Text

MINIMUM = Decimal("1")
CENT = Decimal("0.01")
MAX_INTEGER_DIGITS = 10  # Numeric(12, 2)


def round_price(value: Decimal) -> Decimal:
    """Two decimals, halves away from zero (1.005 -> 1.01): what a person expects on a menu."""
    return value.quantize(CENT, rounding=ROUND_HALF_UP)


def parse_price(raw: str | Decimal | None) -> Decimal:
    """A price as the form sends it ("1234.50"; a lone decimal comma is accepted too)."""
    if isinstance(raw, Decimal):
        return raw
    text = (raw or "").strip()
    if "," in text and "." not in text:
        text = text.replace(",", ".")
    try:
        value = Decimal(text)
    except InvalidOperation:
        raise ValueError(text)
    if not value.is_finite():
        raise ValueError(text)
    return value


def price_problem(value: Decimal) -> Text | None:
    if not value.is_finite():
        return messages.NUMBER_INVALID
    if value < MINIMUM:
        return messages.PRICE_TOO_LOW
    if value >= Decimal(10) ** MAX_INTEGER_DIGITS:
        return messages.PRICE_DIGITS
    if value.as_tuple().exponent < -2 and value != value.quantize(CENT, rounding=ROUND_HALF_UP):
        return messages.PRICE_DECIMALS
    return None
