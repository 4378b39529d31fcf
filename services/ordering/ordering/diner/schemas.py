"""A diner's order from the table's QR, and the table's shared tab (spec part 2 §3 'Diner order')."""
from datetime import datetime
from decimal import Decimal
from typing import Annotated

from pydantic import BaseModel, Field

from kit.pagination import DbId
from ordering.order.schemas import LINE_AMOUNT, LINE_PAYABLE, Comment, PayStatus, Quantity


class DinerLine(BaseModel):
    fk_dish: DbId
    quantity: Quantity
    extra_commentary: Comment = ""


class DinerOrderCreate(BaseModel):
    diner_name: Annotated[str, Field(max_length=30, description="who orders, typed once on the phone; blank gets the spec's own message (diner.service)")]
    ordenes: list[DinerLine]


class TabLine(BaseModel):
    id: int
    order: int
    fk_dish: int
    dish_name: str
    price: Decimal
    quantity: int
    status: str
    extra_commentary: str
    diner_name: str
    creation_date: datetime
    status_pay: PayStatus | None = Field(None, description="its payment: 'paid', or an online payment 'pending' or 'rejected'")
    amount: Decimal = LINE_AMOUNT
    payable: bool = LINE_PAYABLE


class Tab(BaseModel):
    """Every line on the table's tab, who ordered each, and the running total (rejected lines left out)."""

    fk_sit: int
    i_name: str
    fk_resto: int
    lines: list[TabLine]
    total: Decimal


class DinerOrderPublic(BaseModel):
    order: int
    lines: list[TabLine]
    total: Decimal
