"""Wire shapes of menus and menu trees; names stay the spec's (restaurant, group_menu, delivery)."""
from decimal import Decimal
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

MenuName = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=100)]


class MenuCreate(BaseModel):
    name: MenuName
    restaurant: int
    delivery: bool = False


class MenuUpdate(BaseModel):
    name: MenuName | None = None
    delivery: bool | None = None
    restaurant: int | None = None  # the client sends it; a menu never changes restaurant


class MenuPublic(BaseModel):
    model_config = ConfigDict(from_attributes=True)

    id: int
    name: str
    restaurant: int
    delivery: bool


# --- the nested editor's tree (nestable-menu / create-nestable-menu) -----------------------------


class DishNode(BaseModel):
    """A dish in the tree: `pk` for an existing dish (moved, renamed, reordered); a new one needs a price."""

    pk: int | None = None
    name: str = ""
    price: Decimal | None = None


class CategoryNode(BaseModel):
    id: int | None = None
    group_pk: int | None = None  # the tree's own copy of id; either is accepted
    name: str = ""
    dishes: list[DishNode] = []
    sub_categories: list["CategoryNode"] = []

    @property
    def existing_id(self) -> int | None:
        return self.id if self.id is not None else self.group_pk


class NestedMenu(BaseModel):
    pk: int | None = None  # present on update
    restaurant: int
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
