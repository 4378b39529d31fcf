"""Wire shapes of dishes and their images; names stay the spec's (menu_group, dish_dimage, disable)."""
from decimal import Decimal

from pydantic import BaseModel


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


class DishPage(BaseModel):
    count: int
    results: list[DishPublic]
