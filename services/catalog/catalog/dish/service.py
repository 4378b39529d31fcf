"""Dishes and their images. Never commits: the request does."""
from collections.abc import Sequence
from decimal import Decimal

from fastapi import UploadFile
from sqlalchemy import delete
from sqlalchemy.ext.asyncio import AsyncSession

from catalog import facts, messages
from catalog.category import repository as categories
from catalog.category import service as category_service
from catalog.category.errors import CategoryOnlyDishes
from catalog.changes import announce, drop_files, mark_stale, media_dir
from catalog.dish import repository
from catalog.dish.activity import active_dish_ids
from catalog.dish.errors import CategoryLeftEmpty, DishActiveInOrder, DishNameTaken, DishNotFound
from catalog.dish.schemas import DishCategory, DishCreate, DishImagePublic, DishPublic, DishUpdate
from catalog.menu.models import IMAGES_PER_DISH_MAX, Category, Dish, DishImage, Menu
from catalog.prices import price_problem, round_price
from contracts.catalog import DishChanged, DishCreated
from kit.errors import FieldErrors
from kit.tokens import Principal
from kit.uploads import media_url, store_image

IMAGE_FOLDER = "dishes"


def image_public(image: DishImage) -> DishImagePublic:
    return DishImagePublic(
        id=image.id, dish=image.dish_id, image=media_url("catalog", image.path), soft_delete=image.soft_delete
    )


def public(dish: Dish, category: Category, images: list[DishImage]) -> DishPublic:
    return DishPublic(
        pk=dish.id, name=dish.name, description=dish.description, price=dish.price, menu_group=dish.menu_group_id,
        disable=dish.disable, order=dish.order, dish_dimage=[image_public(i) for i in images],
        group_dish=DishCategory(id=category.id, name=category.name, menu=category.menu_id),
    )


async def describe(session: AsyncSession, dish: Dish, category: Category) -> DishPublic:
    [described] = await describe_all(session, [(dish, category)])
    return described


async def describe_all(session: AsyncSession, rows: Sequence[tuple]) -> list[DishPublic]:
    """Rows start with (dish, its category); their images come in one query."""
    images = await repository.images_of(session, [dish.id for dish, *_ in rows])
    return [public(dish, category, images.get(dish.id, [])) for dish, category, *_ in rows]


async def get(session: AsyncSession, principal: Principal, dish_id: int, *, lock: bool = False) -> tuple[Dish, Category, Menu]:
    found = await repository.get_readable(session, principal, dish_id, lock=lock)
    if found is None:
        raise DishNotFound()
    return found


def _checked_price(price: Decimal) -> Decimal:
    problem = price_problem(price)
    if problem is not None:
        raise FieldErrors({"price": [problem]})
    return round_price(price)


async def _last_level(session: AsyncSession, category: Category) -> None:
    if await categories.has_children(session, category.id):
        raise CategoryOnlyDishes()


async def _unique_name(session: AsyncSession, category_id: int, name: str, dish_id: int | None = None) -> None:
    if await repository.name_taken(session, category_id, name, exclude_id=dish_id):
        raise DishNameTaken()


async def _room_for_images(session: AsyncSession, dish_id: int | None, adding: int, field: str, *, dishes=repository) -> None:
    """At most IMAGES_PER_DISH_MAX images a dish, counting those it holds (none for a new dish).
    `dishes`: where the count comes from (catalog.dish.repository; the unit tests give a fake)."""
    held = 0 if dish_id is None else await dishes.count_images(session, dish_id)
    if held + adding > IMAGES_PER_DISH_MAX:
        raise FieldErrors({field: [messages.TOO_MANY_IMAGES.format(max_images=IMAGES_PER_DISH_MAX)]})


async def _store_images(session: AsyncSession, uploads: list[UploadFile | None], field: str) -> list[str]:
    """Check and store every upload, or none: a bad file removes the ones already written (the
    request fails, so no commit would ever drop them)."""
    folder = media_dir(session)
    stored: list[str] = []
    try:
        for upload in uploads:
            stored.append(await store_image(upload, field=field, media_root=folder, folder=IMAGE_FOLDER))
    except BaseException:
        for path in stored:
            (folder / path).unlink(missing_ok=True)
        raise
    return stored


async def create(session: AsyncSession, principal: Principal, data: DishCreate, uploads: list[UploadFile]) -> tuple[Dish, Category]:
    price = _checked_price(data.price)
    await _room_for_images(session, None, len(uploads), "dish_dimage")
    category, menu = await category_service.get(session, principal, data.menu_group, lock=True)
    await _last_level(session, category)
    await _unique_name(session, category.id, data.name)
    order = data.order if data.order is not None else await repository.next_order(session, category.id)
    dish = Dish(menu_group_id=category.id, name=data.name, description=data.description, price=price, order=order)
    session.add(dish)
    await session.flush()
    session.add_all(DishImage(dish_id=dish.id, path=path) for path in await _store_images(session, uploads, "dish_dimage"))
    announce(session, facts.dish(DishCreated, dish, menu))
    return dish, category


async def change(
    session: AsyncSession, principal: Principal, dish_id: int, data: DishUpdate, uploads: list[UploadFile]
) -> tuple[Dish, Category]:
    values = data.model_dump(exclude_none=True, exclude={"menu_group"})
    if "price" in values:
        values["price"] = _checked_price(values["price"])
    dish, category, menu = await get(session, principal, dish_id, lock=True)
    await _room_for_images(session, dish.id, len(uploads), "dish_dimage")
    if data.menu_group is not None and data.menu_group != category.id:
        target, target_menu = await category_service.get(session, principal, data.menu_group, lock=True)
        if target_menu.restaurant_id != menu.restaurant_id:
            raise DishNotFound()
        await _last_level(session, target)
        if await repository.count_in_category(session, category.id) <= 1:
            raise CategoryLeftEmpty()
        mark_stale(session, [menu.id])  # the menu it leaves
        category, menu = target, target_menu
        dish.menu_group_id = target.id
    await _unique_name(session, category.id, values.get("name", dish.name), dish.id)
    for key, value in values.items():
        setattr(dish, key, value)
    session.add_all(DishImage(dish_id=dish.id, path=path) for path in await _store_images(session, uploads, "dish_dimage"))
    await session.flush()
    announce(session, facts.dish(DishChanged, dish, menu))
    return dish, category


async def toggle(session: AsyncSession, principal: Principal, dish_id: int) -> tuple[Dish, Category]:
    """Enable a disabled dish, or disable an enabled one unless an open order holds it."""
    dish, category, menu = await get(session, principal, dish_id, lock=True)
    if not dish.disable and await active_dish_ids(session, [dish.id]):
        raise DishActiveInOrder()
    dish.disable = not dish.disable
    await session.flush()
    announce(session, facts.dish(DishChanged, dish, menu))
    return dish, category


async def remove(session: AsyncSession, principal: Principal, dish_id: int) -> None:
    dish, category, menu = await get(session, principal, dish_id, lock=True)
    if await active_dish_ids(session, [dish.id]):
        raise DishActiveInOrder()
    if await repository.count_in_category(session, category.id) <= 1:
        raise CategoryLeftEmpty()
    drop_files(session, await repository.image_paths(session, [dish.id]))
    await session.execute(delete(Dish).where(Dish.id == dish.id))
    announce(session, facts.dish_deleted(dish.id, menu))


# --- images -------------------------------------------------------------------------------------


async def add_image(session: AsyncSession, principal: Principal, dish_id: int, upload: UploadFile | None) -> DishImage:
    dish, _, menu = await get(session, principal, dish_id, lock=True)
    await _room_for_images(session, dish.id, 1, "image")
    [path] = await _store_images(session, [upload], "image")
    image = DishImage(dish_id=dish.id, path=path)
    session.add(image)
    await session.flush()
    mark_stale(session, [menu.id])
    return image


async def get_image(session: AsyncSession, principal: Principal, image_id: int) -> tuple[DishImage, Menu]:
    found = await repository.get_image_readable(session, principal, image_id)
    if found is None:
        raise DishNotFound()
    image, _, _, menu = found
    return image, menu


async def replace_image(session: AsyncSession, principal: Principal, image_id: int, upload: UploadFile | None) -> DishImage:
    """The new file gets a new name (links cache it for good); the old one is dropped after the commit."""
    image, menu = await get_image(session, principal, image_id)
    [path] = await _store_images(session, [upload], "image")
    drop_files(session, [image.path])
    image.path = path
    mark_stale(session, [menu.id])
    return image


async def delete_image(session: AsyncSession, principal: Principal, image_id: int) -> None:
    image, menu = await get_image(session, principal, image_id)
    image.soft_delete = True
    drop_files(session, [image.path])
    mark_stale(session, [menu.id])
