from decimal import Decimal
from typing import Annotated

from pydantic import BaseModel, Field

from kit.pagination import DbId

PaymentType = Annotated[str, Field(max_length=40)] | int | None
DateText = Annotated[str | None, Field(max_length=40, description="y-m-d")]


class BalanceQuery(BaseModel):
    fk_resto: DbId
    payment_type: PaymentType = Field(None, description="all (or absent), Efectivo, Debito, Credito, MercadoPago, or 1 to 4")
    start_date: DateText = None
    end_date: DateText = None


class RestaurantBalance(BaseModel):
    """The restaurant's figures for the period; `cta_cte_resto` (what it owes now) not for operators."""

    importe_total: Decimal  # sales
    importe_resto: Decimal  # the platform's commission on them
    ingreso_restaurante: Decimal  # sales less commission
    cta_cte_resto: Decimal | None = None


class NoSales(BaseModel):
    """Nothing was sold in the period (with the payment type asked)."""

    detail: str
    code: str = "no_sales_in_range"
