"""Wire shapes of order lines ('ordenes'); names stay the spec's (fk_sit, fk_dish, extra_commentary)."""
from datetime import datetime
from decimal import Decimal
from typing import Annotated, Literal

from pydantic import BaseModel, BeforeValidator, Field

from kit.pagination import DbId

# Statuses travel as strings ('1'...'7'); a number is taken too, as the screens sometimes send one.
Status = Annotated[
    Literal["1", "2", "3", "4", "5", "6", "7"], BeforeValidator(lambda v: str(v) if isinstance(v, int) else v)
]
Comment = Annotated[str, Field(max_length=100)]
# The upper bound is the settings' cap, checked in the service with its own message; this one only
# keeps absurd numbers out of the database column.
Quantity = Annotated[int, Field(ge=1, le=10_000)]


class LineCreate(BaseModel):
    fk_sit: DbId
    fk_dish: DbId
    status: Literal["1", 1] = Field("1", description="lines created from the staff screen start at 1")
    quantity: Quantity
    extra_commentary: Comment = ""
    fk_user_client: DbId | None = None


class OrderCreate(BaseModel):
    """A new order for one or more places of one restaurant: one order per place."""

    fk_resto: DbId
    ordenes: list[LineCreate]


class LineUpdate(BaseModel):
    """Fields not sent stay. `version` (as last read) makes a stale tablet's change a 409."""

    fk_sit: DbId | None = None
    fk_dish: DbId | None = None
    fk_user_client: DbId | None = None
    status: Status | None = None
    quantity: Quantity | None = None
    extra_commentary: Comment | None = None
    version: int | None = None


class LineStatusUpdate(BaseModel):
    pk: DbId
    status: Status
    version: int | None = None


class UpdateAll(BaseModel):
    """Many lines of one restaurant at once: all move, or none does.

    `delivery: true` is the delivery screen's bulk update (spec part 2 §4): a line not in a status
    the target follows (1 for 2, 2 for 4, 1 or 2 for 3) is left as it is instead of refused.
    """

    pk_resto: DbId
    delivery: bool = False
    lines: Annotated[list[LineStatusUpdate], Field(min_length=1, max_length=500)]


class LinePublic(BaseModel):
    id: int
    order: int  # the placement this line came in (its ticket)
    fk_sit: int | None
    sit_name: str
    fk_dish: int
    dish_name: str
    price: Decimal  # copied when placed; "1234.50"
    quantity: int
    status: str
    extra_commentary: str
    diner_name: str  # who ordered it at a shared table
    fk_user_client: int | None
    fk_delivery: int | None  # the delivery order holding the line, if any
    fk_resto: int
    creation_date: datetime
    version: int
    # Payment facts belong to billing; the board shows none until it announces them.
    cash: bool = False
    status_pay: str | None = None
    total_paid_amount: Decimal = Decimal("0.00")
    account_pay: dict | None = None
