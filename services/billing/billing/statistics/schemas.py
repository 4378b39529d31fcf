from decimal import Decimal

from pydantic import BaseModel


class StatisticsRow(BaseModel):
    group_menu: str
    dish_name: str
    quantity: int
    amount: Decimal


class StatisticsPage(BaseModel):
    """One page of rows (or every row with `paginate=0`), how many rows there are, and the amount
    of them all."""

    results: list[StatisticsRow]
    count: int
    total_amount: Decimal
