"""Bulk price update (spec part 1 §3 'Bulk price update'); wire names stay the spec's."""
from decimal import Decimal
from typing import Annotated

from pydantic import BaseModel, Field

from catalog.prices import decimal_input
from kit.pagination import DB_INT_MAX

AMOUNT, PERCENTAGE = "Precio", "Porcentaje"
VALUE_MAX_LENGTH = {AMOUNT: 13, PERCENTAGE: 6}  # the form's limits (spec part 1 §9), by kind of change


class BulkPriceUpdate(BaseModel):
    tipo_cambio: str  # "Precio" (an amount) or "Porcentaje" (a percentage)
    valor: decimal_input(max(VALUE_MAX_LENGTH.values()))  # written out, at most 13 characters
    tipo_update: int  # 1 increase, 0 decrease
    # -1: every category of the menu; else that category and its sub-categories
    category: Annotated[int, Field(ge=-1, le=DB_INT_MAX)] = -1


class DishNotUpdated(BaseModel):
    pk: int
    name: str
    price: Decimal  # the price it keeps


class BulkPriceResult(BaseModel):
    detail: str
    updated: int
    dish_no_update: list[DishNotUpdated]  # not empty: the client shows a warning, else a success
