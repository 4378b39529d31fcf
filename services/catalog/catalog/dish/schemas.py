"""Wire shapes of dishes and their images; names stay the spec's (menu_group, dish_dimage, disable).

Dishes are sent as multipart forms (they carry images): `DishCreate` and `DishUpdate` are read
from the form's fields, the images come beside them.
"""
from decimal import Decimal

from pydantic import BaseModel, Field

from catalog.menu.schemas import Description, DishName, Position
from catalog.prices import Price
from kit.pagination import DbId


class DishCreate(BaseModel):
    name: DishName = Field(description="unique in its category")
    price: Price = Field(description="at least 1, 2 decimals: 1234.50 (or 1234,50)")
    menu_group: DbId = Field(description="the category (last level only)")
    description: Description = ""
    order: Position | None = Field(None, description="its place in the category; left out: after the last")


class DishUpdate(BaseModel):
    """Fields not sent stay as they are."""

    name: DishName | None = None
    price: Price | None = None
    menu_group: DbId | None = None
    description: Description | None = None
    order: Position | None = None


class DishImagePublic(BaseModel):
    id: int
    dish: int
    image: str  # a /media/catalog/... link, cacheable for good (each upload gets a new name)
    soft_delete: bool


class DishCategory(BaseModel):
    id: int
    name: str
    menu: int


class DishPublic(BaseModel):
    pk: int
    name: str
    description: str
    price: Decimal  # rendered as a string with 2 decimals: "1234.50"
    menu_group: int
    disable: bool
    order: int
    dish_dimage: list[DishImagePublic]  # the images not deleted, oldest first
    group_dish: DishCategory
