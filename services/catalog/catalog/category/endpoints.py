from typing import Annotated

from fastapi import APIRouter, Depends, Response

from catalog import messages
from catalog.category import service
from catalog.category.schemas import CategoryCreate, CategoryPublic, CategoryRegistered, CategoryUpdate
from kit.auth import Staff
from kit.db import SessionDep
from kit.pagination import DbId, Page, Paging, paging

router = APIRouter(prefix="/api/menu-group", tags=["categories"])

Listing = Annotated[Paging, Depends(paging(default_size=500))]


@router.get("/", response_model=Page[CategoryPublic] | list[CategoryPublic], operation_id="listCategories")
async def list_categories(
    principal: Staff, session: SessionDep, listing: Listing, rest: DbId | None = None, menu: DbId | None = None,
    delivery: bool | None = None,
):
    """`{count, results}` (the menu editor asks for one page of 500); with `paginate=0`, the plain
    list. `delivery=true`: the categories of the restaurant's delivery menu (the delivery screen's new order)."""
    count, rows = await service.list_categories(session, principal, listing, rest, menu, delivery)
    return listing.answer(count, [service.public(c) for c in rows])


@router.post("/", status_code=201, response_model=CategoryRegistered, operation_id="createCategory")
async def create_category(body: CategoryCreate, principal: Staff, session: SessionDep):
    category = await service.create(session, principal, body)
    return CategoryRegistered(**service.public(category).model_dump(), detail=messages.CATEGORY_REGISTERED.render())


@router.get("/{category_id}/", response_model=CategoryPublic, operation_id="getCategory")
async def get_category(category_id: DbId, principal: Staff, session: SessionDep, rest: DbId | None = None):
    category, _ = await service.get(session, principal, category_id, rest)
    return service.public(category)


@router.put("/{category_id}/", response_model=CategoryPublic, operation_id="updateCategory")
async def update_category(category_id: DbId, body: CategoryUpdate, principal: Staff, session: SessionDep, rest: DbId | None = None):
    return service.public(await service.change(session, principal, category_id, body, rest))


@router.delete("/{category_id}/", status_code=204, response_class=Response, operation_id="deleteCategory")
async def delete_category(category_id: DbId, principal: Staff, session: SessionDep, rest: DbId | None = None) -> None:
    await service.remove(session, principal, category_id, rest)
