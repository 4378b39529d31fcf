"""The public menu's shape: the answer is built through these models (`service.build`), cached as
bytes and sent as they are; a field they do not name cannot slip in."""
from decimal import Decimal

from pydantic import BaseModel, ConfigDict


class Strict(BaseModel):
    # Every field is always sent, defaults included: the document says so (required).
    model_config = ConfigDict(extra="forbid", json_schema_serialization_defaults_required=True)


class PublicImage(Strict):
    id: int
    image: str


class PublicDish(Strict):
    pk: int
    name: str
    description: str
    price: Decimal  # a string with 2 decimals: "1234.50"
    order: int
    dish_dimage: list[PublicImage]


class PublicCategory(Strict):
    id: int
    name: str
    sub_category: int | None
    order: int
    dishes: list[PublicDish]
    sub_categories: list["PublicCategory"]


class PublicMenuInfo(Strict):
    id: int
    name: str
    restaurant: int
    delivery: bool


class PublicRestaurant(Strict):
    id: int
    nombre_local: str = ""
    logo: str = ""
    whatsapp: str = ""
    takeaway: bool = False
    stop_orders: bool = False
    order_enabled: bool  # whatsapp is a wa.me link, take-away on, orders not stopped
    horario_apertura: str | None = None
    horario_cierre: str | None = None


class PublicMenu(Strict):
    menu: PublicMenuInfo
    restaurant: PublicRestaurant
    data: list[PublicCategory]
