from typing import Annotated

from fastapi import APIRouter, Depends, Query, Request, Response

from identity.deps import NotDemo, RevocationsDep, SettingsDep, SessionsDep, ThrottleDep
from identity.forms import parse_form
from identity.listing import listing
from identity.restaurant import repository, service
from identity.restaurant.schemas import (
    RestaurantCreate,
    RestaurantFields,
    RestaurantPage,
    RestaurantPublic,
    RestaurantRegistered,
    RestaurantRegistration,
    Schedule,
)
from identity.user import repository as users
from kit.auth import OWNER, Owner, Staff, require_groups
from kit.db import SessionDep
from kit.throttle import client_address
from kit.tokens import Principal

router = APIRouter(prefix="/api", tags=["restaurants"])
OwnerOnly = Annotated[Principal, Depends(require_groups(OWNER))]
MULTIPART = {"requestBody": {"content": {"multipart/form-data": {"schema": {"type": "object"}}}}}


@router.post("/restaurant/", status_code=201, response_model=RestaurantRegistered, operation_id="registerRestaurant")
async def register_restaurant(
    body: RestaurantRegistration,
    request: Request,
    session: SessionDep,
    sessions: SessionsDep,
    throttle: ThrottleDep,
    settings: SettingsDep,
):
    owner, restaurant = await service.register_owner(session, body, throttle, client_address(request), settings)
    return RestaurantRegistered(
        id=restaurant.id,
        user_id=owner.id,
        username=owner.username,
        auth_token=await sessions.start(owner),
        name=restaurant.nombre_local,
        phone=restaurant.telefono,
        address=restaurant.direccion,
    )


@router.get("/restaurant/", response_model=list[RestaurantPublic], operation_id="listMyRestaurants")
async def my_restaurants(principal: Staff, session: SessionDep):
    """The restaurants the caller works on: an owner's, or an operator's one (to select it on login)."""
    _, restaurants = await repository.page(session, repository.search_and_order(repository.readable(principal), None, None), listing(1, -1))
    owners = await repository.owners(session, restaurants)
    return [service.public(r, owners.get(r.owner_id)) for r in restaurants]


@router.get("/restaurant-atributes/", response_model=RestaurantPage | list[RestaurantPublic], operation_id="listRestaurants")
async def list_restaurants(
    principal: Staff,
    session: SessionDep,
    search: Annotated[str | None, Query(max_length=100)] = None,
    ordering: Annotated[str | None, Query(max_length=40)] = None,
    paginate: bool = True,
    page: Annotated[int, Query(ge=1)] = 1,
    size: Annotated[int, Query(ge=-1, le=500)] = 9,
):
    paging = listing(page, size, paginate)
    query = repository.search_and_order(repository.readable(principal), search, ordering)
    count, restaurants = await repository.page(session, query, paging)
    owners = await repository.owners(session, restaurants)
    return paging.answer(count, [service.public(r, owners.get(r.owner_id)) for r in restaurants])


@router.post("/restaurant-atributes/", status_code=201, response_model=RestaurantPublic, operation_id="createRestaurant", openapi_extra=MULTIPART)
async def create_restaurant(request: Request, principal: OwnerOnly, session: SessionDep, settings: SettingsDep):
    data, files = await parse_form(request, RestaurantCreate, files={"logo"})
    owner = await users.get(session, principal.user_id)
    restaurant = await service.create_owned_restaurant(session, owner, data, files.get("logo"), settings.media_dir)
    return service.public(restaurant, owner)


@router.get("/restaurant-atributes/{restaurant_id}/", response_model=RestaurantPublic, operation_id="getRestaurant")
async def get_restaurant(restaurant_id: int, principal: Staff, session: SessionDep):
    restaurant = await repository.get_readable(session, principal, restaurant_id)
    return service.public(restaurant, await users.get(session, restaurant.owner_id))


@router.put("/restaurant-atributes/{restaurant_id}/", response_model=RestaurantPublic, operation_id="updateRestaurant", openapi_extra=MULTIPART)
async def update_restaurant(restaurant_id: int, request: Request, principal: Owner, session: SessionDep, settings: SettingsDep):
    data, files = await parse_form(request, RestaurantFields, files={"logo"})
    restaurant = await repository.get_owned(session, principal, restaurant_id, lock=True)
    owner = await users.get(session, restaurant.owner_id)
    restaurant = await service.update_restaurant(session, restaurant, owner, data, files.get("logo"), settings.media_dir)
    return service.public(restaurant, owner)


@router.delete("/restaurant-atributes/{restaurant_id}/", status_code=204, operation_id="deleteRestaurant", dependencies=[NotDemo])
async def delete_restaurant(restaurant_id: int, principal: Owner, session: SessionDep, revocations: RevocationsDep):
    restaurant = await repository.get_owned(session, principal, restaurant_id, lock=True)
    await service.delete_restaurant(session, revocations, restaurant)
    return Response(status_code=204)


@router.get("/restaurant-atributes/{restaurant_id}/horario/", response_model=Schedule, operation_id="getSchedule")
async def get_schedule(restaurant_id: int, principal: Staff, session: SessionDep):
    restaurant = await repository.get_readable(session, principal, restaurant_id)
    return Schedule(horario_apertura=restaurant.horario_apertura, horario_cierre=restaurant.horario_cierre)


@router.put("/restaurant-atributes/{restaurant_id}/horario/", response_model=Schedule, operation_id="setSchedule")
async def set_schedule(restaurant_id: int, body: Schedule, principal: Owner, session: SessionDep):
    restaurant = await service.set_schedule(session, await repository.get_owned(session, principal, restaurant_id, lock=True), body)
    return Schedule(horario_apertura=restaurant.horario_apertura, horario_cierre=restaurant.horario_cierre)
