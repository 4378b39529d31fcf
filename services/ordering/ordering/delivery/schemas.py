"""Delivery and takeaway orders; wire names stay the spec's (type_delivery, contact_info, ordenes)."""
from datetime import datetime
from decimal import Decimal
from typing import Annotated, Literal

from pydantic import BaseModel, Field, model_validator

from kit.pagination import DbId
from ordering.order.schemas import Comment, LinePublic, Quantity


class ContactInfo(BaseModel):
    name: Annotated[str, Field(max_length=30)] = ""
    phone: Annotated[str, Field(max_length=20)] = ""

    @model_validator(mode="before")
    @classmethod
    def legacy_names(cls, data):
        # Older screens send nombre and telefono (spec part 2 §3).
        if isinstance(data, dict):
            data = {**data}
            if "nombre" in data and "name" not in data:
                data["name"] = data.pop("nombre")
            if "telefono" in data and "phone" not in data:
                data["phone"] = data.pop("telefono")
            data.pop("nombre", None), data.pop("telefono", None)
        return data


class DeliveryLine(BaseModel):
    fk_dish: DbId
    quantity: Quantity
    extra_commentary: Comment = ""
    name: str = Field("", max_length=200, description="the dish's name as the screen showed it; the projection's is used")
    status: Literal["1", 1] = "1"


class DeliveryCreate(BaseModel):
    fk_resto: DbId
    fk_menu: DbId
    type_delivery: Literal[1, 2] = Field(description="1 delivery, 2 pickup")
    status: Literal["1", 1] = "1"
    contact_info: ContactInfo
    address: Annotated[str, Field(max_length=100)] = ""
    ordenes: list[DeliveryLine]
    fk_delivery: Annotated[str | None, Field(pattern=r"^\d{6}$", description="the six-digit number of the WhatsApp message")] = None
    cash_amount: Annotated[Decimal | None, Field(ge=0, max_digits=12, decimal_places=2)] = None


class DeliveryUpdate(BaseModel):
    """Contact details and address from the delivery screen's edit dialog; the dishes stay."""

    fk_resto: DbId | None = None
    type_delivery: Literal[1, 2]
    contact_info: ContactInfo
    address: Annotated[str, Field(max_length=100)] = ""
    fk_delivery: Annotated[str | None, Field(pattern=r"^\d{6}$")] = None


class DeliveryPublic(BaseModel):
    id: int
    fk_resto: int
    fk_menu: int
    type_delivery: int
    contact_info: ContactInfo
    address: str
    fk_delivery: str | None
    status: str | None  # delivery_status: the lowest line status, ignoring rejected (3)
    total_amount: Decimal  # price x quantity, leaving out lines in 1, 3 and 6 (spec part 2 §3)
    order_total: Decimal  # every line but rejected: what the diner's cash must cover
    cash_amount: Decimal | None
    creation_date: datetime
    ordenes: list[LinePublic]
