"""Bulk price update (spec part 1 §3 'Bulk price update'); wire names stay the spec's."""
from decimal import Decimal

from pydantic import BaseModel


class BulkPriceUpdate(BaseModel):
    tipo_cambio: str  # "Precio" (an amount) or "Porcentaje" (a percentage)
    valor: Decimal
    tipo_update: int  # 1 increase, 0 decrease
    category: int = -1  # -1: every category of the menu; else that category and its sub-categories


class DishNotUpdated(BaseModel):
    pk: int
    name: str
    price: Decimal  # the price it keeps


class BulkPriceResult(BaseModel):
    detail: str
    updated: int
    dish_no_update: list[DishNotUpdated]  # not empty: the client shows a warning, else a success
