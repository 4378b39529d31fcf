"""The public menu's shape, for the OpenAPI document (the endpoint sends cached bytes as they are)."""
from decimal import Decimal

from pydantic import BaseModel


class PublicImage(BaseModel):
    id: int
    image: str


class PublicDish(BaseModel):
    pk: int
    name: str
    description: str
    price: Decimal  # a string with 2 decimals: "1234.50"
    order: int
    dish_dimage: list[PublicImage]


class PublicCategory(BaseModel):
    id: int
    name: str
    sub_category: int | None
    order: int
    dishes: list[PublicDish]
    sub_categories: list["PublicCategory"]


class PublicMenuInfo(BaseModel):
    id: int
    name: str
    restaurant: int
    delivery: bool


class PublicRestaurant(BaseModel):
    id: int
    nombre_local: str
    logo: str
    whatsapp: str
    takeaway: bool
    stop_orders: bool
    order_enabled: bool  # whatsapp is a wa.me link, take-away on, orders not stopped
    horario_apertura: str | None
    horario_cierre: str | None


class PublicMenu(BaseModel):
    menu: PublicMenuInfo
    restaurant: PublicRestaurant
    data: list[PublicCategory]
