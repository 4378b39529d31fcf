from fastapi import APIRouter, Response

from catalog.menu import service, tree
from catalog.menu.schemas import MenuCreate, MenuPublic, MenuTree, MenuUpdate, NestedMenuSave, NestedMenuSaved
from kit.auth import Staff
from kit.db import SessionDep
from kit.pagination import DbId

router = APIRouter(prefix="/api", tags=["menus"])


@router.get("/menu/", response_model=list[MenuPublic], operation_id="listMenus")
async def list_menus(principal: Staff, session: SessionDep, restaurant: DbId | None = None, delivery: bool | None = None):
    """The menus of a restaurant (all the caller's restaurants without `restaurant`); `delivery=true`
    gives the delivery / take-away menu."""
    return [service.public(m) for m in await service.list_menus(session, principal, restaurant, delivery)]


@router.post("/menu/", status_code=201, response_model=MenuPublic, operation_id="createMenu")
async def create_menu(body: MenuCreate, principal: Staff, session: SessionDep):
    return service.public(await service.create(session, principal, body))


@router.get("/menu/{menu_id}/", response_model=MenuPublic, operation_id="getMenu")
async def get_menu(menu_id: DbId, principal: Staff, session: SessionDep, restaurant: DbId | None = None):
    return service.public(await service.get(session, principal, menu_id, restaurant))


@router.put("/menu/{menu_id}/", response_model=MenuPublic, operation_id="updateMenu")
async def update_menu(menu_id: DbId, body: MenuUpdate, principal: Staff, session: SessionDep, restaurant: DbId | None = None):
    return service.public(await service.change(session, principal, menu_id, body, restaurant))


@router.delete("/menu/{menu_id}/", status_code=204, response_class=Response, operation_id="deleteMenu")
async def delete_menu(menu_id: DbId, principal: Staff, session: SessionDep, restaurant: DbId | None = None) -> None:
    await service.remove(session, principal, menu_id, restaurant)


@router.get("/nestable-menu/", response_model=MenuTree, operation_id="getMenuTree")
async def get_menu_tree(menu_id: DbId, principal: Staff, session: SessionDep):
    """The whole tree of a menu: categories, sub-categories and dishes, in order."""
    return await tree.load(session, await service.get(session, principal, menu_id))


@router.post("/create-nestable-menu/", status_code=201, response_model=NestedMenuSaved, operation_id="createMenuTree")
async def create_menu_tree(body: NestedMenuSave, principal: Staff, session: SessionDep):
    """Create menus with their trees; all of them or none."""
    return await tree.save_all(session, principal, body)


@router.put("/create-nestable-menu/", response_model=NestedMenuSaved, operation_id="updateMenuTree")
async def update_menu_tree(body: NestedMenuSave, principal: Staff, session: SessionDep):
    """Replace menus' trees (menus with `pk`; those without are created); all of them or none."""
    return await tree.save_all(session, principal, body)
