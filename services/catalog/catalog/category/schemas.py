"""Wire shapes of categories (the spec's menu groups): name, menu, sub_category, order."""
from pydantic import BaseModel

from catalog.menu.schemas import CategoryName, Position
from kit.pagination import DbId


class CategoryCreate(BaseModel):
    name: CategoryName
    menu: DbId
    sub_category: DbId | None = None
    order: Position = 0


class CategoryUpdate(BaseModel):
    name: CategoryName | None = None
    sub_category: DbId | None = None
    order: Position | None = None
    menu: DbId | None = None  # the client sends it; a category never changes menu


class CategoryPublic(BaseModel):
    id: int
    name: str
    menu: int
    sub_category: int | None
    order: int


class CategoryRegistered(CategoryPublic):
    detail: str
