"""Wire shapes of menus and menu trees; names stay the spec's (restaurant, group_menu, delivery).

Also the field types the whole menu aggregate shares (names, positions), bounded by its columns.
"""
from decimal import Decimal
from typing import Annotated

from pydantic import BaseModel, Field, StringConstraints

from catalog.menu.models import CATEGORY_NAME_MAX, DESCRIPTION_MAX, DISH_NAME_MAX, MENU_NAME_MAX
from catalog.prices import Price
from kit.pagination import DB_INT_MAX, DbId
from kit.text import NoNul


def _name(max_length: int):
    return Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=max_length), NoNul]


# NoNul: the dish form is multipart, whose text fields the kit does not scan as a whole.
MenuName, CategoryName, DishName = _name(MENU_NAME_MAX), _name(CATEGORY_NAME_MAX), _name(DISH_NAME_MAX)
Description = Annotated[str, StringConstraints(strip_whitespace=True, max_length=DESCRIPTION_MAX), NoNul]
Position = Annotated[int, Field(ge=-DB_INT_MAX, le=DB_INT_MAX)]  # a category's or dish's `order`


class MenuCreate(BaseModel):
    name: MenuName
    restaurant: DbId
    delivery: bool = False


class MenuUpdate(BaseModel):
    name: MenuName | None = None
    delivery: bool | None = None
    restaurant: DbId | None = None  # the client sends it; a menu never changes restaurant


class MenuPublic(BaseModel):
    id: int
    name: str
    restaurant: int
    delivery: bool


# --- the nested editor's tree (nestable-menu / create-nestable-menu) -----------------------------


class DishNode(BaseModel):
    """A dish in the tree: `pk` for an existing dish (moved, renamed, reordered); a new one needs a price."""

    pk: DbId | None = None
    name: str = ""
    price: Price | None = None


class CategoryNode(BaseModel):
    """Names are checked with the rest of the tree's rules (`tree.check`), so all problems come together."""

    id: DbId | None = None
    group_pk: DbId | None = None  # the tree's own copy of id; either is accepted
    name: str = ""
    dishes: list[DishNode] = []
    sub_categories: list["CategoryNode"] = []

    @property
    def existing_id(self) -> int | None:
        return self.id if self.id is not None else self.group_pk


class NestedMenu(BaseModel):
    pk: DbId | None = None  # present on update
    restaurant: DbId
    name: str = ""
    delivery: bool = False
    group_menu: list[CategoryNode] = []


class NestedMenuSave(BaseModel):
    """Positions in the lists are the order: a category's or dish's `order` is its index."""

    menus: list[NestedMenu] = Field(min_length=1)


class DishLeaf(BaseModel):
    pk: int
    name: str
    order: int
    price: Decimal
    disable: bool


class CategoryTree(BaseModel):
    id: int
    group_pk: int
    name: str
    menu: int
    sub_category: int | None
    order: int
    dishes: list[DishLeaf]
    sub_categories: list["CategoryTree"]


class MenuTree(BaseModel):
    menu: MenuPublic
    data: list[CategoryTree]


class NestedMenuSaved(BaseModel):
    menus: list[MenuTree]
