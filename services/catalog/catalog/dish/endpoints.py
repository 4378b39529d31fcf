from typing import Annotated

from fastapi import APIRouter, File, Form, Query, Request, Response, UploadFile

from catalog.deps import Session, Staff
from catalog.dish import repository, service
from catalog.dish.schemas import DishImagePublic, DishPage, DishPublic
from catalog.dish.service import DishFields
from kit.membership import ensure_restaurant_access

router = APIRouter(prefix="/api", tags=["dishes"])

Images = Annotated[list[UploadFile] | None, File(description="png, jpeg or bmp; checked by content")]


def media_dir(request: Request):
    return request.app.state.settings.media_dir


@router.get("/dish/", response_model=DishPage | list[DishPublic], operation_id="listDishes")
async def list_dishes(
    principal: Staff,
    session: Session,
    page: int = Query(1, ge=1),
    size: int = Query(9, ge=1, le=500, description="9, 18 or 36 in the dish list; 500 for a new order"),
    search: str | None = None,
    menu_group__menu: int | None = None,
    menu_group: int | None = None,
    disable: bool | None = None,
    menu_group__menu__restaurant: int | None = None,
    paginate: bool = True,
):
    """`{count, results}` of the dishes the caller may see; with `paginate=0`, the plain list."""
    if menu_group__menu__restaurant is not None:
        await ensure_restaurant_access(session, principal, menu_group__menu__restaurant)
    count, rows = await repository.search(
        session,
        principal,
        text=(search or "").strip() or None,
        menu_id=menu_group__menu,
        category_id=menu_group,
        disable=disable,
        restaurant_id=menu_group__menu__restaurant,
        page=page,
        size=size if paginate else None,
    )
    images = await repository.images_of(session, [dish.id for dish, _, _ in rows])
    results = [service.public(dish, category, images.get(dish.id, [])) for dish, category, _ in rows]
    return DishPage(count=count, results=results) if paginate else results


@router.post("/dish/", status_code=201, response_model=DishPublic, operation_id="createDish")
async def create_dish(
    request: Request,
    principal: Staff,
    session: Session,
    name: Annotated[str, Form(description="at most 60 characters, unique in its category")],
    price: Annotated[str, Form(description="at least 1, 2 decimals: 1234.50")],
    menu_group: Annotated[int, Form(description="the category (last level only)")],
    description: Annotated[str, Form(description="at most 270 characters")] = "",
    order: Annotated[int, Form()] = 0,
    dish_dimage: Images = None,
):
    dish, category = await service.create(
        session,
        principal,
        DishFields(name=name, description=description, price=price, order=order),
        menu_group,
        dish_dimage or [],
        media_dir(request),
    )
    return await service.describe(session, dish, category)


@router.get("/dish/{dish_id}/", response_model=DishPublic, operation_id="getDish")
async def get_dish(dish_id: int, principal: Staff, session: Session):
    dish, category, _ = await service.get(session, principal, dish_id)
    return await service.describe(session, dish, category)


@router.put("/dish/{dish_id}/", response_model=DishPublic, operation_id="updateDish")
async def update_dish(
    request: Request,
    dish_id: int,
    principal: Staff,
    session: Session,
    name: Annotated[str | None, Form()] = None,
    price: Annotated[str | None, Form()] = None,
    menu_group: Annotated[int | None, Form()] = None,
    description: Annotated[str | None, Form()] = None,
    order: Annotated[int | None, Form()] = None,
    dish_dimage: Images = None,
):
    """Fields not sent stay as they are; images sent are added to the dish's."""
    dish, category = await service.change(
        session,
        principal,
        dish_id,
        DishFields(name=name, description=description, price=price, order=order),
        menu_group,
        dish_dimage or [],
        media_dir(request),
    )
    return await service.describe(session, dish, category)


@router.delete("/dish/{dish_id}/", status_code=204, operation_id="deleteDish")
async def delete_dish(dish_id: int, principal: Staff, session: Session):
    await service.remove(session, principal, dish_id)
    return Response(status_code=204)


@router.post("/dish/{dish_id}/habilitar-inhabilitar/", response_model=DishPublic, operation_id="toggleDish")
async def toggle_dish(dish_id: int, principal: Staff, session: Session):
    """Enable or disable; a dish an open order holds cannot be disabled."""
    dish, category = await service.toggle(session, principal, dish_id)
    return await service.describe(session, dish, category)


@router.post("/dish-image/", status_code=201, response_model=DishImagePublic, operation_id="addDishImage")
async def add_dish_image(
    request: Request,
    principal: Staff,
    session: Session,
    dish: Annotated[int, Form()],
    image: Annotated[UploadFile | None, File()] = None,
):
    return service.image_public(await service.add_image(session, principal, dish, image, media_dir(request)))


@router.put("/dish-image/{image_id}/", response_model=DishImagePublic, operation_id="replaceDishImage")
async def replace_dish_image(
    request: Request,
    image_id: int,
    principal: Staff,
    session: Session,
    image: Annotated[UploadFile | None, File()] = None,
):
    return service.image_public(await service.replace_image(session, principal, image_id, image, media_dir(request)))


@router.delete("/dish-image/{image_id}/", status_code=204, operation_id="deleteDishImage")
async def delete_dish_image(image_id: int, principal: Staff, session: Session):
    """Soft delete: the row stays (soft_delete), the image leaves the dish and the public menu."""
    await service.delete_image(session, principal, image_id)
    return Response(status_code=204)
