from decimal import Decimal

from pydantic import BaseModel, Field


class Collection(BaseModel):
    credit: Decimal | None = Field(None, description="what the admin collected: more than 0, at most what is owed")


class CollectionResult(BaseModel):
    monto_deuda_total: Decimal  # what the restaurant still owes


class FeeOwner(BaseModel):
    username: str


class FeeRow(BaseModel):
    """One restaurant in the admin's fee table (spec part 2 §3 'Restaurant fee row'); the amounts
    are the period's, `cta_cte_resto` is what it owes now."""

    id_resto: int
    nombre_local: str
    fk_user: FeeOwner  # the owner (ordered by as `username`, like the admin's restaurant list)
    total_orders: int  # order lines ('ordenes') paid in the period
    application_fee: Decimal  # percent, in force now
    importe_total: Decimal  # sales
    importe_resto: Decimal  # commission on them (owed or retained at source)
    saldo_pagado: Decimal  # commission collected
    cta_cte_resto: Decimal  # commission owed and not yet collected
