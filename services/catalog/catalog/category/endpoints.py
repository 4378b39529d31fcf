from fastapi import APIRouter, Query, Response

from catalog import messages
from catalog.category import service
from catalog.category.schemas import CategoryCreate, CategoryPage, CategoryPublic, CategoryRegistered, CategoryUpdate
from catalog.deps import Session, Staff

router = APIRouter(prefix="/api/menu-group", tags=["categories"])


@router.get("/", response_model=CategoryPage | list[CategoryPublic], operation_id="listCategories")
async def list_categories(
    principal: Staff,
    session: Session,
    rest: int | None = None,
    menu: int | None = None,
    page: int = Query(1, ge=1),
    size: int = Query(500, ge=1, le=500),
    paginate: bool = True,
):
    """`{count, results}`; with `paginate=0`, the plain list of every category."""
    count, rows = await service.list_categories(session, principal, rest, menu, page, size if paginate else None)
    results = [service.public(c) for c in rows]
    return CategoryPage(count=count, results=results) if paginate else results


@router.post("/", status_code=201, response_model=CategoryRegistered, operation_id="createCategory")
async def create_category(body: CategoryCreate, principal: Staff, session: Session):
    category = await service.create(session, principal, body)
    return CategoryRegistered(**service.public(category).model_dump(), detail=messages.CATEGORY_REGISTERED.render())


@router.get("/{category_id}/", response_model=CategoryPublic, operation_id="getCategory")
async def get_category(category_id: int, principal: Staff, session: Session, rest: int | None = None):
    category, _ = await service.get(session, principal, category_id, rest)
    return service.public(category)


@router.put("/{category_id}/", response_model=CategoryPublic, operation_id="updateCategory")
async def update_category(
    category_id: int, body: CategoryUpdate, principal: Staff, session: Session, rest: int | None = None
):
    return service.public(await service.change(session, principal, category_id, body, rest))


@router.delete("/{category_id}/", status_code=204, operation_id="deleteCategory")
async def delete_category(category_id: int, principal: Staff, session: Session, rest: int | None = None):
    await service.remove(session, principal, category_id, rest)
    return Response(status_code=204)
