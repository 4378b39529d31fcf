"""Wire shapes of the sketch (spec part 1 §5 'Location (sit)'): the spec's field names."""
from typing import Annotated, Literal

from pydantic import BaseModel, Field

from kit.pagination import DbId

GRID_COLUMNS = 24  # spec part 1 §9: 24 columns, row height 50, item size at least 1 by 1
MAX_ROWS = 200  # far beyond a 600 px editor; bounds what a client may store
MAX_ITEMS = 300  # places saved in one call

Kind = Literal["mesa", "silla", "delivery"]


class SitItem(BaseModel):
    """A place as the sketch editor sends it; without `id` it is created."""

    id: DbId | None = None
    fk_resto: DbId
    fk_menu: DbId | None = None
    i_name: Annotated[str, Field(max_length=40)] = ""
    sit_type: Kind = "mesa"
    x_axis: Annotated[int, Field(ge=0, lt=GRID_COLUMNS)] = 0
    y_axis: Annotated[int, Field(ge=0, lt=MAX_ROWS)] = 0
    w_width: Annotated[int, Field(ge=1, le=GRID_COLUMNS)] = 1
    h_high: Annotated[int, Field(ge=1, le=MAX_ROWS)] = 1
    blocked: bool = False
    admin: bool = True
    details: Annotated[str, Field(max_length=500)] = ""


class SitItems(BaseModel):
    location: Annotated[list[SitItem], Field(max_length=MAX_ITEMS)]


class SitRef(BaseModel):
    id: DbId


class SitRefs(BaseModel):
    location: Annotated[list[SitRef], Field(max_length=MAX_ITEMS)]


class SitPublic(BaseModel):
    id: int
    fk_resto: int
    fk_menu: int
    menu_name: str
    i_name: str
    sit_type: Kind
    x_axis: int
    y_axis: int
    w_width: int
    h_high: int
    blocked: bool
    admin: bool
    details: str
    call_waiter: bool
    call_kind: Literal["waiter", "bill"] | None
    is_active: bool  # open order lines on it (it cannot be removed)
    qr: str  # the diner's link this place's code opens
    qr_code: str  # the code as a PNG (`.svg` beside it)
    resizable: bool = True
    static: bool = False


class ActiveLocations(BaseModel):
    active_locations: list[SitPublic]


class IsActive(BaseModel):
    is_active: bool


class PlaceForDiner(BaseModel):
    """What a diner's phone learns from the code on the table: nothing of other places."""

    id: int
    fk_resto: int
    restaurant_name: str
    i_name: str
    sit_type: Kind
    fk_menu: int
    menu_name: str
    admin: bool
    blocked: bool
