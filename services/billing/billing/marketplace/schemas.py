from datetime import datetime
from decimal import Decimal
from typing import Annotated

from pydantic import BaseModel, Field

from kit.pagination import DbId


class AuthorizationUrl(BaseModel):
    """Where to send the owner: the provider's authorization page for this attempt."""

    url: str
    state: str = Field(description="this attempt's, once, for 10 minutes; it starts with the restaurant's id and a dot")
    expires_at: datetime


class AuthorizationCreate(BaseModel):
    """What the provider sent back to /restaurante/autorizacion/ (`code`, `state`) and the restaurant."""

    code: Annotated[str, Field(max_length=300)] | None = None
    state: Annotated[str, Field(max_length=100)] | None = None
    fk_resto: DbId | None = None


class LinkStateQuery(BaseModel):
    fk_resto: DbId


class LinkState(BaseModel):
    fk_resto: int
    mp_active: bool  # linked to a marketplace account: it can take online payments
    linked_at: datetime | None


class ProviderBalance(BaseModel):
    """The linked account's balance at the provider (the owner's cards on the balance screen)."""

    available_balance: Decimal
    unavailable_balance: Decimal  # to be released ('to liquidate')
    pending_to_review: Decimal | None  # null when the provider does not say (it is not documented)
    total_amount: Decimal
    currency_id: str


class NotificationReceived(BaseModel):
    received: bool = True
