"""The filters the money screens send: a payment type and a range of days (spec part 2 §7).

Both come as text from the screens (`y-m-d` dates; 'all', the method's name or its number 1 to 4),
so they are parsed here with billing's own messages rather than by the request schema.
"""
import re
import unicodedata
from dataclasses import dataclass
from datetime import date
from typing import Annotated

from fastapi import Query
from sqlalchemy import ColumnElement

from billing import messages
from kit.errors import FieldErrors
from kit.pagination import DbId

# The spec's names and the numeric types of the delivery screen: 1 cash, 2 debit, 3 credit, 4 online.
PAYMENT_TYPES = {
    "efectivo": "cash", "1": "cash",
    "debito": "debit", "2": "debit",
    "credito": "credit", "3": "credit",
    "mercadopago": "online", "4": "online",
}
EVERY_TYPE = ("", "all", "0")
Y_M_D = re.compile(r"\d{4}-\d{2}-\d{2}")

# The screens' filters as query parameters: any text up to the bound, checked by `period` and
# `payment_method` with billing's messages.
DayQuery = Annotated[str | None, Query(max_length=40, description="y-m-d")]
PaymentTypeQuery = Annotated[str | None, Query(max_length=40, description="all (no filter), Efectivo, Debito, Credito, MercadoPago, or 1 to 4")]
RestaurantQuery = Annotated[DbId, Query(description="the restaurant")]


def plain(text: str) -> str:
    """Lower case without accents: 'Débito' is 'debito'."""
    return "".join(c for c in unicodedata.normalize("NFKD", text.strip().lower()) if not unicodedata.combining(c))


def payment_method(value: str | int | None, field: str = "payment_type") -> str | None:
    """The ledger's method for a payment type, or None for every method."""
    key = plain(str(value)) if value is not None else ""
    if key in EVERY_TYPE:
        return None
    if key not in PAYMENT_TYPES:
        raise FieldErrors({field: [messages.PAYMENT_TYPE_INVALID]})
    return PAYMENT_TYPES[key]


@dataclass(frozen=True)
class Period:
    """Local days from `start` to `end`, both included; an open end is unbounded."""

    start: date | None = None
    end: date | None = None

    def over(self, day: ColumnElement) -> list[ColumnElement[bool]]:
        """The conditions on a `day` column."""
        conditions = []
        if self.start is not None:
            conditions.append(day >= self.start)
        if self.end is not None:
            conditions.append(day <= self.end)
        return conditions


def period(start: str | None, end: str | None, fields: tuple[str, str] = ("start_date", "end_date")) -> Period:
    """The days between two `y-m-d` dates (either may be absent); the end before the start is refused."""
    errors: dict = {}
    days: list[date | None] = []
    for field, text in zip(fields, (start, end)):
        text = (text or "").strip()
        day = None
        if text:
            try:
                if not Y_M_D.fullmatch(text):
                    raise ValueError(text)
                day = date.fromisoformat(text)
            except ValueError:
                errors[field] = [messages.DATE_INVALID]
        days.append(day)
    if errors:
        raise FieldErrors(errors)
    if days[0] and days[1] and days[1] < days[0]:
        raise FieldErrors({fields[1]: [messages.DATE_RANGE_REVERSED]})
    return Period(*days)
