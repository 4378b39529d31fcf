"""Wire shapes of categories (the spec's menu groups): name, menu, sub_category, order."""
from typing import Annotated

from pydantic import BaseModel, StringConstraints

CategoryName = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=100)]


class CategoryCreate(BaseModel):
    name: CategoryName
    menu: int
    sub_category: int | None = None
    order: int = 0


class CategoryUpdate(BaseModel):
    name: CategoryName | None = None
    sub_category: int | None = None
    order: int | None = None
    menu: int | None = None  # the client sends it; a category never changes menu


class CategoryPublic(BaseModel):
    id: int
    name: str
    menu: int
    sub_category: int | None
    order: int


class CategoryRegistered(CategoryPublic):
    detail: str


class CategoryPage(BaseModel):
    count: int
    results: list[CategoryPublic]
