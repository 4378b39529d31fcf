from typing import Annotated

from fastapi import APIRouter, Path, Request, Response

from floor.place import service
from floor.place.schemas import ActiveLocations, IsActive, PlaceForDiner, SitItems, SitPublic, SitRef, SitRefs
from kit.auth import Staff
from kit.db import SessionDep
from kit.pagination import DbId

router = APIRouter(prefix="/api/sit", tags=["sketch"])
Token = Annotated[str, Path(min_length=8, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")]


def base_url(request: Request) -> str:
    return request.app.state.settings.public_base_url


@router.get("/", response_model=list[SitPublic], operation_id="listPlaces")
async def list_places(request: Request, principal: Staff, session: SessionDep, fk_resto: DbId, update: bool = False):
    """The restaurant's sketch. `update=1` is what the editor asks when entering edit mode: the
    same current list (nothing is cached here)."""
    places = await service.list_places(session, principal, fk_resto)
    return await service.publics(session, places, base_url(request))


@router.post("/", status_code=201, response_model=list[SitPublic], operation_id="createPlaces")
async def create_places(request: Request, body: SitItems, principal: Staff, session: SessionDep):
    """New places, all or none; the answer keeps the order of `location` (match new ids by name)."""
    places = await service.create(session, principal, body.location)
    return await service.publics(session, places, base_url(request))


@router.put("/update/", response_model=list[SitPublic], operation_id="updatePlaces")
async def update_places(request: Request, body: SitItems, principal: Staff, session: SessionDep):
    """Position, size, name, type, menu, details, blocked and admin of existing places, all or none."""
    places = await service.change(session, principal, body.location)
    return await service.publics(session, places, base_url(request))


@router.post("/delete/", response_model=ActiveLocations, operation_id="deletePlaces")
async def delete_places(request: Request, body: SitRefs, principal: Staff, session: SessionDep):
    """Remove places; those with open orders stay and come back as `active_locations`."""
    kept = await service.remove_many(session, principal, [ref.id for ref in body.location])
    return ActiveLocations(active_locations=await service.publics(session, kept, base_url(request)))


@router.post("/verificar-sit/", response_model=IsActive, operation_id="placeIsActive")
async def place_is_active(body: SitRef, principal: Staff, session: SessionDep):
    return IsActive(is_active=await service.is_active(session, principal, body.id))


@router.post("/{place_id}/nuevo-qr/", response_model=SitPublic, operation_id="renewPlaceCode")
async def renew_place_code(request: Request, place_id: DbId, principal: Staff, session: SessionDep):
    """A new QR token for a lost or copied sticker; the old code stops working."""
    place = await service.new_code(session, principal, place_id)
    return (await service.publics(session, [place], base_url(request)))[0]


@router.delete("/{place_id}/", status_code=204, response_class=Response, operation_id="deletePlace")
async def delete_place(place_id: DbId, principal: Staff, session: SessionDep) -> None:
    await service.remove(session, principal, place_id)


@router.get("/lugar/{token}/", response_model=PlaceForDiner, operation_id="placeForDiner")
async def place_for_diner(token: Token, session: SessionDep):
    """Anonymous: what the code on a table opens. 410 `place_token_revoked` for a replaced code."""
    return await service.for_diner(session, token)
