from datetime import datetime
from decimal import Decimal

from pydantic import BaseModel, Field


class FeeUpdate(BaseModel):
    application_fee: Decimal | None = Field(None, description="percent, 0 to 100, at most two decimals")


class FeePublic(BaseModel):
    id: int  # the restaurant
    application_fee: Decimal  # percent, in force now
    effective_at: datetime | None  # since when; empty: the plan's default, never changed
