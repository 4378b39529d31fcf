from typing import Annotated

from fastapi import APIRouter, Depends, File, Form, Response, UploadFile

from catalog.dish import repository, service
from catalog.dish.schemas import DishCreate, DishImagePublic, DishPublic, DishUpdate
from kit.auth import Staff
from kit.db import SessionDep
from kit.membership import ensure_restaurant_access
from kit.pagination import DbId, Page, Paging, Search, paging

router = APIRouter(prefix="/api", tags=["dishes"])

Images = Annotated[list[UploadFile] | None, File(description="png, jpeg or bmp; checked by content")]
Image = Annotated[UploadFile | None, File(description="png, jpeg or bmp; checked by content")]
Listing = Annotated[Paging, Depends(paging(default_size=9))]


@router.get("/dish/", response_model=Page[DishPublic] | list[DishPublic], operation_id="listDishes")
async def list_dishes(
    principal: Staff,
    session: SessionDep,
    listing: Listing,
    search: Search = None,
    menu_group__menu: DbId | None = None,
    menu_group: DbId | None = None,
    disable: bool | None = None,
    menu_group__menu__restaurant: DbId | None = None,
    delivery: bool | None = None,
):
    """`{count, results}` of the dishes the caller may see (9, 18 or 36 a page in the dish list; 500
    for a new order); with `paginate=0`, the plain list. `delivery=true` (or 1): only the enabled
    dishes of delivery menus (the delivery screen's new order); `delivery=false`: those of the other menus."""
    if menu_group__menu__restaurant is not None:
        await ensure_restaurant_access(session, principal, menu_group__menu__restaurant)
    count, rows = await repository.search(
        session,
        principal,
        listing,
        text=search,
        menu_id=menu_group__menu,
        category_id=menu_group,
        disable=disable,
        restaurant_id=menu_group__menu__restaurant,
        delivery=delivery,
    )
    return listing.answer(count, await service.describe_all(session, rows))


@router.post("/dish/", status_code=201, response_model=DishPublic, operation_id="createDish")
async def create_dish(principal: Staff, session: SessionDep, data: Annotated[DishCreate, Form()], dish_dimage: Images = None):
    dish, category = await service.create(session, principal, data, dish_dimage or [])
    return await service.describe(session, dish, category)


@router.get("/dish/{dish_id}/", response_model=DishPublic, operation_id="getDish")
async def get_dish(dish_id: DbId, principal: Staff, session: SessionDep):
    dish, category, _ = await service.get(session, principal, dish_id)
    return await service.describe(session, dish, category)


@router.put("/dish/{dish_id}/", response_model=DishPublic, operation_id="updateDish")
async def update_dish(
    dish_id: DbId, principal: Staff, session: SessionDep, data: Annotated[DishUpdate, Form()], dish_dimage: Images = None
):
    """Fields not sent stay as they are; images sent are added to the dish's."""
    dish, category = await service.change(session, principal, dish_id, data, dish_dimage or [])
    return await service.describe(session, dish, category)


@router.delete("/dish/{dish_id}/", status_code=204, response_class=Response, operation_id="deleteDish")
async def delete_dish(dish_id: DbId, principal: Staff, session: SessionDep) -> None:
    await service.remove(session, principal, dish_id)


@router.post("/dish/{dish_id}/habilitar-inhabilitar/", response_model=DishPublic, operation_id="toggleDish")
async def toggle_dish(dish_id: DbId, principal: Staff, session: SessionDep):
    """Enable or disable; a dish an open order holds cannot be disabled."""
    dish, category = await service.toggle(session, principal, dish_id)
    return await service.describe(session, dish, category)


@router.post("/dish-image/", status_code=201, response_model=DishImagePublic, operation_id="addDishImage")
async def add_dish_image(principal: Staff, session: SessionDep, dish: Annotated[DbId, Form()], image: Image = None):
    return service.image_public(await service.add_image(session, principal, dish, image))


@router.put("/dish-image/{image_id}/", response_model=DishImagePublic, operation_id="replaceDishImage")
async def replace_dish_image(image_id: DbId, principal: Staff, session: SessionDep, image: Image = None):
    """The new file gets a new name; the old one stops being served once the change commits."""
    return service.image_public(await service.replace_image(session, principal, image_id, image))


@router.delete("/dish-image/{image_id}/", status_code=204, response_class=Response, operation_id="deleteDishImage")
async def delete_dish_image(image_id: DbId, principal: Staff, session: SessionDep) -> None:
    """Soft delete: the row stays (soft_delete); the image leaves the dish and the public menu, and
    its file stops being served."""
    await service.delete_image(session, principal, image_id)
