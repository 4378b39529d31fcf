"""Wire shapes of order lines ('ordenes'); names stay the spec's (fk_sit, fk_dish, extra_commentary)."""
from datetime import datetime
from decimal import Decimal
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, computed_field

from contracts.ordering import PayStatus
from kit.pagination import DbId
from ordering.order.statuses import HELD_ONLINE, REJECTED
from ordering.order.transitions import TRANSITIONS, payable, refusal

# Statuses travel as strings ('1'...'7'); a number is taken too, as the screens sometimes send one.
Status = Annotated[
    Literal["1", "2", "3", "4", "5", "6", "7"], BeforeValidator(lambda v: str(v) if isinstance(v, int) else v)
]
# The lists' status filter: a status, or '0' (the screens' 'all'), which is taken as no filter.
StatusFilter = Annotated[Status | Literal["0"] | None, AfterValidator(lambda v: None if v == "0" else v)]
COMMENT_MAX = 100  # spec part 2 §9
Comment = Annotated[str, Field(max_length=COMMENT_MAX)]
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

    `delivery: true` is the delivery screen's bulk update (spec part 2 §4): a target applies to the
    lines in the statuses it follows (2 to 1, 4 to 2, and 3 to 1 or 2: the intended reading of the
    spec's faulty check; any other target to none) and the others are left as they are instead of
    refused (`transitions.DELIVERY_BULK`).
    """

    pk_resto: DbId
    delivery: bool = False
    lines: Annotated[list[LineStatusUpdate], Field(min_length=1, max_length=500)]


# The list view's one button per line (spec part 2 §4): accept from new, deliver from accepted.
NextStatus = Literal["2", "4"]
NEXT_STATUS: dict[str, str] = {frm: to for (frm, to), action in TRANSITIONS.items() if action in ("accept", "deliver")}


def _always_sent(schema: dict) -> None:
    """Every answer carries the field; the document names no default, so clients typed before it
    was added (the web's fixtures) keep compiling: it reads as optional there."""
    schema.pop("default", None)


LINE_AMOUNT = Field(Decimal("0.00"), json_schema_extra=_always_sent,
                    description="unit price times quantity, two places, half up (the money module); \"1234.50\"")
LINE_PAYABLE = Field(False, json_schema_extra=_always_sent,
                     description="a payment may pay it now: its status may move to paid (accepted or delivered) and no payment paid it")


# 'status_pay' (spec part 2 §4 'Payment'): paid; the marketplace's pending payment, or its rejection.
PayMethod = Literal["cash", "debit", "credit", "online"]


class TransactionDetails(BaseModel):
    comission: Decimal | None = Field(
        description="the line's share of its payment's commission, as billing computed it (the spec's spelling); null until billing announced it"
    )


class AccountPay(BaseModel):
    """The payment that paid the line."""

    payment_id: int
    method: PayMethod
    transaction_details: TransactionDetails


class LinePublic(BaseModel):
    id: int
    order: int  # the placement this line came in (its ticket)
    fk_sit: int | None
    sit_name: str
    fk_dish: int
    dish_name: str
    price: Decimal  # copied when placed; "1234.50"
    quantity: int
    status: Status
    extra_commentary: str
    diner_name: str  # who ordered it at a shared table
    fk_user_client: int | None
    fk_delivery: int | None  # the delivery order holding the line, if any
    fk_resto: int
    creation_date: datetime
    version: int
    # Its payment (issue 21): paid in cash (never rejected), 'status_pay' (null: no payment), the
    # line's total once paid, and the payment with the line's share of billing's commission.
    cash: bool = False
    status_pay: PayStatus | None = None
    total_paid_amount: Decimal = Decimal("0.00")
    account_pay: AccountPay | None = None
    # What the line costs (`money.line_total`) and whether a payment may still pay it
    # (`transitions.payable`): what billing's checkout reads instead of keeping a copy of either rule.
    amount: Decimal = LINE_AMOUNT
    payable: bool = LINE_PAYABLE


class BoardLine(LinePublic):
    """A line as the board lists it: with what may be done with it now, answered here so that no
    screen keeps a copy of the rules."""

    model_config = ConfigDict(from_attributes=True)  # made from a LinePublic

    @computed_field(description="whether it may be rejected now: new or accepted, not paid in cash (spec part 2 §4) "
                    "and no online payment of it under way")
    @property
    def can_reject(self) -> bool:
        return refusal(self.status, REJECTED, cash=self.cash, held_online=self.status_pay in HELD_ONLINE) is None

    @computed_field(description="whether the counter may pay it now: accepted or delivered (spec part 2 §4: payment is "
                    "disabled for new, rejected, paid and cash orders); a payment of it still answers 208 if it became final meanwhile")
    @property
    def can_pay(self) -> bool:
        return payable(self.status, self.status_pay)

    @computed_field(description="the list view's one action: '2' (accept) from new, '4' (deliver) from accepted, else null")
    @property
    def next_status(self) -> NextStatus | None:
        return NEXT_STATUS.get(self.status)
