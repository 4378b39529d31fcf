"""Dishes and their images. Never commits: the request does."""
from dataclasses import dataclass
from pathlib import Path

from fastapi import UploadFile
from sqlalchemy import delete
from sqlalchemy.ext.asyncio import AsyncSession

from catalog import announce
from catalog.category import repository as categories
from catalog.category import service as category_service
from catalog.category.errors import CategoryOnlyDishes
from catalog.category.models import Category
from catalog.dish import repository
from catalog.dish.errors import CategoryLeftEmpty, DishActiveInOrder, DishNameTaken, DishNotFound
from catalog.dish.models import Dish, DishImage
from catalog.dish.prices import parse_price, price_problem, round_price
from catalog.dish.schemas import DishCategory, DishImagePublic, DishPublic
from catalog.menu.models import Menu
from catalog.stale import mark_stale
from contracts.catalog import DishChanged, DishCreated
from kit import messages as kit_messages
from kit.errors import FieldErrors
from kit.tokens import Principal
from kit.uploads import media_url, store_image

NAME_MAX, DESCRIPTION_MAX = 60, 270
IMAGE_FOLDER = "dishes"


@dataclass
class DishFields:
    """The dish form as sent (multipart strings); None means 'not sent' on an update."""

    name: str | None = None
    description: str | None = None
    price: str | None = None
    order: int | None = None


def clean(fields: DishFields) -> dict:
    """Every field rule of spec part 1 §5 'Dish', all problems at once."""
    errors: dict[str, list] = {}
    out: dict = {}
    if fields.name is not None:
        name = fields.name.strip()
        if not name:
            errors["name"] = [kit_messages.FIELD_BLANK]
        elif len(name) > NAME_MAX:
            errors["name"] = [kit_messages.VALIDATION["string_too_long"].format(max_length=NAME_MAX)]
        out["name"] = name
    if fields.description is not None:
        description = fields.description.strip()
        if len(description) > DESCRIPTION_MAX:
            errors["description"] = [kit_messages.VALIDATION["string_too_long"].format(max_length=DESCRIPTION_MAX)]
        out["description"] = description
    if fields.price is not None:
        try:
            price = parse_price(fields.price)
        except ValueError:
            errors["price"] = [kit_messages.VALIDATION["decimal_parsing"]]
        else:
            problem = price_problem(price)
            if problem is not None:
                errors["price"] = [problem]
            else:
                out["price"] = round_price(price)
    if fields.order is not None:
        out["order"] = fields.order
    if errors:
        raise FieldErrors(errors)
    return out


def image_public(image: DishImage) -> DishImagePublic:
    return DishImagePublic(
        id=image.id, dish=image.dish_id, image=media_url("catalog", image.path), soft_delete=image.soft_delete
    )


def public(dish: Dish, category: Category, images: list[DishImage]) -> DishPublic:
    return DishPublic(
        pk=dish.id,
        name=dish.name,
        description=dish.description,
        price=dish.price,
        menu_group=dish.menu_group_id,
        disable=dish.disable,
        order=dish.order,
        dish_dimage=[image_public(i) for i in images],
        group_dish=DishCategory(id=category.id, name=category.name, menu=category.menu_id),
    )


async def get(session: AsyncSession, principal: Principal, dish_id: int, *, lock: bool = False) -> tuple[Dish, Category, Menu]:
    found = await repository.get_readable(session, principal, dish_id, lock=lock)
    if found is None:
        raise DishNotFound()
    return found


async def describe(session: AsyncSession, dish: Dish, category: Category) -> DishPublic:
    images = await repository.images_of(session, [dish.id])
    return public(dish, category, images.get(dish.id, []))


async def _last_level(session: AsyncSession, category: Category) -> None:
    if await categories.has_children(session, category.id):
        raise CategoryOnlyDishes()


async def store_images(uploads: list[UploadFile], *, field: str, media_dir: Path) -> list[str]:
    """Check and store every upload, or none: a bad file removes the ones already written."""
    stored: list[str] = []
    try:
        for upload in uploads:
            stored.append(await store_image(upload, field=field, media_root=media_dir, folder=IMAGE_FOLDER))
    except BaseException:
        discard_files(media_dir, stored)
        raise
    return stored


def discard_files(media_dir: Path, paths: list[str]) -> None:
    for path in paths:
        (media_dir / path).unlink(missing_ok=True)


async def create(
    session: AsyncSession,
    principal: Principal,
    fields: DishFields,
    category_id: int,
    uploads: list[UploadFile],
    media_dir: Path,
) -> tuple[Dish, Category]:
    values = clean(fields)
    category, menu = await category_service.get(session, principal, category_id, lock=True)
    await _last_level(session, category)
    if await repository.name_taken(session, category.id, values["name"]):
        raise DishNameTaken()
    stored = await store_images(uploads, field="dish_dimage", media_dir=media_dir)
    try:
        dish = Dish(menu_group_id=category.id, **values)
        session.add(dish)
        await session.flush()
        session.add_all(DishImage(dish_id=dish.id, path=path) for path in stored)
        await session.flush()
    except BaseException:
        discard_files(media_dir, stored)
        raise
    announce.dish(session, DishCreated, dish, menu)
    mark_stale(session, [menu.id])
    return dish, category


async def change(
    session: AsyncSession,
    principal: Principal,
    dish_id: int,
    fields: DishFields,
    category_id: int | None,
    uploads: list[UploadFile],
    media_dir: Path,
) -> tuple[Dish, Category]:
    values = clean(fields)
    dish, category, menu = await get(session, principal, dish_id, lock=True)
    stale = {menu.id}
    if category_id is not None and category_id != category.id:
        target, target_menu = await category_service.get(session, principal, category_id, lock=True)
        if target_menu.restaurant_id != menu.restaurant_id:
            raise DishNotFound()
        await _last_level(session, target)
        if await repository.count_in_category(session, category.id) <= 1:
            raise CategoryLeftEmpty()
        category, menu = target, target_menu
        dish.menu_group_id = target.id
        stale.add(menu.id)
    name = values.get("name", dish.name)
    if await repository.name_taken(session, category.id, name, exclude_id=dish.id):
        raise DishNameTaken()
    for key, value in values.items():
        setattr(dish, key, value)
    stored = await store_images(uploads, field="dish_dimage", media_dir=media_dir)
    try:
        session.add_all(DishImage(dish_id=dish.id, path=path) for path in stored)
        await session.flush()
    except BaseException:
        discard_files(media_dir, stored)
        raise
    announce.dish(session, DishChanged, dish, menu)
    mark_stale(session, stale)
    return dish, category


async def toggle(session: AsyncSession, principal: Principal, dish_id: int) -> tuple[Dish, Category]:
    """Enable a disabled dish, or disable an enabled one unless an open order holds it."""
    dish, category, menu = await get(session, principal, dish_id, lock=True)
    if not dish.disable and await repository.active_dish_ids(session, [dish.id]):
        raise DishActiveInOrder()
    dish.disable = not dish.disable
    await session.flush()
    announce.dish(session, DishChanged, dish, menu)
    mark_stale(session, [menu.id])
    return dish, category


async def remove(session: AsyncSession, principal: Principal, dish_id: int) -> None:
    dish, category, menu = await get(session, principal, dish_id, lock=True)
    if await repository.active_dish_ids(session, [dish.id]):
        raise DishActiveInOrder()
    if await repository.count_in_category(session, category.id) <= 1:
        raise CategoryLeftEmpty()
    await session.execute(delete(Dish).where(Dish.id == dish.id))
    announce.dish_deleted(session, dish.id, menu)
    mark_stale(session, [menu.id])


# --- images -------------------------------------------------------------------------------------


async def add_image(
    session: AsyncSession, principal: Principal, dish_id: int, upload: UploadFile | None, media_dir: Path
) -> DishImage:
    dish, _, menu = await get(session, principal, dish_id, lock=True)
    [path] = await store_images([upload], field="image", media_dir=media_dir)
    image = DishImage(dish_id=dish.id, path=path)
    try:
        session.add(image)
        await session.flush()
    except BaseException:
        discard_files(media_dir, [path])
        raise
    mark_stale(session, [menu.id])
    return image


async def get_image(session: AsyncSession, principal: Principal, image_id: int) -> tuple[DishImage, Menu]:
    found = await repository.get_image_readable(session, principal, image_id)
    if found is None:
        raise DishNotFound()
    image, _, _, menu = found
    return image, menu


async def replace_image(
    session: AsyncSession, principal: Principal, image_id: int, upload: UploadFile | None, media_dir: Path
) -> DishImage:
    """The new file gets a new name (cached links to the old one stay valid until they expire)."""
    image, menu = await get_image(session, principal, image_id)
    [path] = await store_images([upload], field="image", media_dir=media_dir)
    image.path = path
    mark_stale(session, [menu.id])
    return image


async def delete_image(session: AsyncSession, principal: Principal, image_id: int) -> None:
    image, menu = await get_image(session, principal, image_id)
    image.soft_delete = True
    mark_stale(session, [menu.id])

