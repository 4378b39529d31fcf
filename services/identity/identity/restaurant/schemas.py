import re
from datetime import datetime, time
from decimal import Decimal
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, PlainSerializer, StringConstraints, WithJsonSchema
from pydantic_core import PydanticCustomError

from identity.forms import as_bool
from identity.user.schemas import FormEmail, Password, ProfileNames, TermsAccepted
from kit.pagination import Page


def all_digits(value: str) -> bool:
    """0 to 9 only: str.isdigit() also takes other scripts' digits and superscripts (٣, ²), which no
    phone, card or wa.me link can use."""
    return value.isascii() and value.isdigit()


def _last_four(card_number: str) -> str:
    return "".join(ch for ch in card_number if all_digits(ch))[-4:]


Flag = Annotated[bool, BeforeValidator(as_bool)]
Digits = Annotated[str, StringConstraints(strip_whitespace=True, min_length=8, max_length=20)]
RestaurantName = Annotated[str, StringConstraints(strip_whitespace=True, min_length=4, max_length=40)]
Address = Annotated[str, StringConstraints(strip_whitespace=True, min_length=10, max_length=100)]
Link = Annotated[str, StringConstraints(strip_whitespace=True, max_length=300)]

HOUR_MINUTE = "^([01][0-9]|2[0-3]):[0-5][0-9]$"


def _hour_minute(value: Any) -> Any:
    """Opening hours are HH:MM (spec): seconds, offsets or a number of seconds would be stored but
    never shown, so only that form is taken. The error types are pydantic's own, so the kit answers
    its 'use the HH:MM format' message."""
    if isinstance(value, time):
        return value  # read back from the database
    if not isinstance(value, str):
        raise PydanticCustomError("time_type", "Input should be a time as HH:MM")
    if not re.fullmatch(HOUR_MINUTE, value):
        raise PydanticCustomError("time_parsing", "Input should be a time as HH:MM")
    return value


# Read and answered as "HH:MM", and published so: OpenAPI's `format: time` would promise an offset.
HourMinute = Annotated[
    time,
    BeforeValidator(_hour_minute),
    PlainSerializer(lambda value: value.strftime("%H:%M"), return_type=str),
    WithJsonSchema({"type": "string", "pattern": HOUR_MINUTE, "examples": ["09:30"]}),
]


class OwnerUserCreate(BaseModel):
    email: FormEmail
    password: Password
    password2: Password


class RestaurantRegistration(BaseModel):
    nombre_local: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=40)]
    telefono: Digits
    fk_user: OwnerUserCreate
    acepta_terminos: TermsAccepted = None


class RestaurantRegistered(BaseModel):
    success: bool = True
    id: int  # the restaurant's id
    user_id: int
    username: str
    auth_token: str
    name: str
    phone: str
    address: str


class OwnerNames(ProfileNames):
    first_name: Annotated[str, StringConstraints(strip_whitespace=True, min_length=3, max_length=30)] | None = None
    last_name: Annotated[str, StringConstraints(strip_whitespace=True, min_length=3, max_length=100)] | None = None


class RestaurantFields(BaseModel):
    """Everything an owner may set; on update only what was sent changes."""

    model_config = ConfigDict(extra="ignore")

    nombre_local: RestaurantName | None = None
    telefono: Digits | None = None
    direccion: Address | None = None
    wait_time: int | None = Field(default=None, ge=0, le=600)
    avg_permanence: Decimal | None = Field(default=None, ge=0, le=100000, decimal_places=2)
    # Never a whole card number: only its last four digits are kept (issue 9).
    nro_tarjeta: Annotated[str, StringConstraints(strip_whitespace=True, max_length=30), AfterValidator(_last_four)] | None = None
    reservas: Flag | None = None
    takeaway: Flag | None = None
    tips: Flag | None = None
    has_waiter: Flag | None = None
    stop_orders: Flag | None = None
    receive_noti: Flag | None = None
    mute_sound: Flag | None = None
    facebook: Link | None = None
    instagram: Link | None = None
    whatsapp: Link | None = None
    website: Link | None = None
    fk_user: OwnerNames | None = None


class RestaurantCreate(RestaurantFields):
    nombre_local: RestaurantName
    telefono: Digits
    direccion: Address


class Schedule(BaseModel):
    horario_apertura: HourMinute | None = None
    horario_cierre: HourMinute | None = None


class OwnerPublic(BaseModel):
    username: str
    email: str
    first_name: str
    last_name: str
    date_joined: datetime
    last_login: datetime | None


class RestaurantPublic(BaseModel):
    id_resto: int
    id: int
    nombre_local: str
    direccion: str
    telefono: str
    logo: str
    wait_time: int
    avg_permanence: Decimal
    mp_active: bool
    nro_tarjeta: str
    reservas: bool
    takeaway: bool
    tips: bool
    has_waiter: bool
    stop_orders: bool
    receive_noti: bool
    mute_sound: bool
    facebook: str
    instagram: str
    whatsapp: str
    website: str
    application_fee: Decimal
    horario_apertura: HourMinute | None
    horario_cierre: HourMinute | None
    profile_complete: bool  # False: the client shows the complete-your-profile warning
    fk_user: OwnerPublic | None


class RestaurantPage(Page[RestaurantPublic]): ...
