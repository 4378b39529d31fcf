"""Delivery and takeaway orders; wire names stay the spec's (type_delivery, contact_info, ordenes).

The contact form's limits (name 2 to 30, phone 8 to 20 digits, address 10 to 100) are checked by
the service, each with its own message; the bounds here only keep absurd input out."""
from datetime import datetime
from decimal import Decimal
from typing import Annotated, Literal

from pydantic import BaseModel, Field, model_validator

from kit.pagination import DbId
from ordering.order.schemas import BoardLine, Comment, LinePublic, Quantity, Status

DETAILS_MAX = 200  # the order's detail text (spec part 2 §5, §9)
Number = Annotated[str | None, Field(pattern=r"^\d{6}$", description="the six-digit number of the WhatsApp message")]


class ContactInfo(BaseModel):
    name: Annotated[str, Field(max_length=200)] = ""
    phone: Annotated[str, Field(max_length=200)] = ""

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
    address: Annotated[str, Field(max_length=400)] = ""
    ordenes: list[DeliveryLine]
    fk_delivery: Number = None
    fk_sit: DbId | None = Field(None, description="staff only: a delivery point (sit_type delivery) of the restaurant")
    cash_amount: Annotated[Decimal | None, Field(ge=0, max_digits=12, decimal_places=2)] = None


class DeliveryUpdate(BaseModel):
    """Contact details and address from the delivery screen's edit dialog; the dishes stay."""

    fk_resto: DbId | None = None
    type_delivery: Literal[1, 2]
    contact_info: ContactInfo
    address: Annotated[str, Field(max_length=400)] = ""
    fk_delivery: Number = None
    fk_sit: DbId | None = Field(None, description="a delivery point of the restaurant; not sent: it stays")


class DeliveryPublic(BaseModel):
    id: int
    fk_resto: int
    fk_menu: int
    type_delivery: int
    contact_info: ContactInfo
    address: str
    fk_delivery: str | None
    fk_sit: int | None = Field(description="the delivery point staff assigned it to, if any")
    admin: bool = Field(description="recorded by staff (a phone order); false: a diner's order from the menu link")
    status: Status | None = Field(description="the delivery's status: its delivery_status (null: no lines)")
    delivery_status: Status | None = Field(description="the lowest line status, ignoring rejected (3) ones; stored, so the list filters and pages by it")
    total_amount: Decimal = Field(description="price x quantity of its lines, leaving out those in 1, 3 and 6 (spec part 2 §3)")
    order_total: Decimal = Field(description="every line but rejected ones: what the diner's cash must cover")
    cash_amount: Decimal | None
    details: str = Field(description="the order's detail text (delivery-info/)")
    creation_date: datetime
    closed_at: datetime | None = Field(description="when every line became final (rejected or paid); null while open")
    ordenes: list[LinePublic]


class DeliveryCreated(DeliveryPublic):
    tracking_token: str | None = Field(
        description="a diner's order from the menu link: the token of its tracking link (GET delivery/seguimiento/{token}/, "
        "and the tracking socket); given again only to a replay of the same Idempotency-Key. Null for staff's orders."
    )


class DeliveryLinePublic(BoardLine):
    """A delivery's line as the delivery screen lists it (with what may be done with it now)."""


class DeliveryInfo(BaseModel):
    """The order's detail text (`delivery-info/{id}/`)."""

    id: int
    fk_resto: int
    fk_delivery: str | None
    details: str


class DeliveryInfoUpdate(BaseModel):
    details: Annotated[str, Field(max_length=2000, description=f"up to {DETAILS_MAX} characters")] = ""


# --- the diner's tracking page -----------------------------------------------------------------

Stage = Literal["received", "preparing", "on_the_way", "delivered", "rejected", "cancelled"]


class TrackingLine(BaseModel):
    id: int
    dish_name: str
    quantity: int
    price: Decimal
    amount: Decimal = Field(description="price x quantity (the money module's line_total)")
    status: Status
    extra_commentary: str


class TrackingPublic(BaseModel):
    """One delivery or take-away order, as its diner follows it: no name, phone or address."""

    fk_delivery: str | None = Field(description="the six-digit number of the WhatsApp message")
    fk_resto: int
    restaurant: str = Field(description="the restaurant's name")
    type_delivery: int = Field(description="1 delivery, 2 pickup")
    status: Status | None = Field(description="the delivery's status (the lowest line status ignoring rejected ones)")
    stage: Stage = Field(description="what the diner is shown: received (1), preparing (2), on_the_way (4 for a delivery, 7), "
                         "delivered (4 for a pickup, 6), rejected (only rejected lines), cancelled (no lines left)")
    stage_text: str = Field(description="the stage in the request's language (Accept-Language)")
    total: Decimal = Field(description="every line but rejected ones")
    lines: list[TrackingLine]
    creation_date: datetime
    closed_at: datetime | None
    expires_at: datetime | None = Field(description="when the link stops working: a day after the order closed; null while open")
