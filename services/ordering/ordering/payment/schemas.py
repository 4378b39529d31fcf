"""Wire shapes of the counter payments; names stay the spec's (pk_order, type_pay, payment_orders,
orders_sit_count, data.orders_delivery_count)."""
from datetime import datetime
from decimal import Decimal
from typing import Annotated

from pydantic import BaseModel, Field, StrictInt

from kit.pagination import DbId
from ordering.order.schemas import LinePublic, PayMethod

# Efectivo, Debito, Credito (any case, accents allowed) or the numeric types 1 to 4, as text or a
# number; read by `payment.service.counter_method`.
TypePay = StrictInt | Annotated[str, Field(max_length=30)]
MAX_LINES = 500  # as update-all: far more than a table or a night's deliveries


class PaymentCreate(BaseModel):
    """`pagar-orden/{id}/recibir-pago/`: one line ('orden'); `pk_order`, when sent, is that line."""

    pk_order: DbId | None = None
    type_pay: TypePay


class PaymentsCreate(BaseModel):
    """`pagar-orden/recibir-varios-pagos/`: the lines of one table, or of delivery orders, in one payment."""

    payment_orders: Annotated[list[DbId], Field(min_length=1, max_length=MAX_LINES)]
    type_pay: TypePay


class DeliveryCount(BaseModel):
    orders_delivery_count: int = Field(
        description="the lines ('ordenes') of the paid delivery orders still open (new, accepted or delivered): "
        "0 when the payment settled them, and the screen's payment dialog closes"
    )


class PaymentPublic(BaseModel):
    detail: str
    payment_id: int
    method: PayMethod
    amount: Decimal = Field(description="the sum of the paid lines' totals")
    paid_at: datetime
    orders_sit_count: int | None = Field(
        description="a table's payment: the lines still open at the table (new, accepted or delivered); 0: the table was reset. "
        "null for delivery orders"
    )
    data: DeliveryCount | None = Field(description="a delivery order's payment (null for a table's)")
    lines: list[LinePublic] = Field(description="the lines the payment paid, as they are now")
