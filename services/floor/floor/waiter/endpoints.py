from typing import Annotated

from fastapi import APIRouter, Body, Request

from contracts.floor import CallKind
from floor.place import service as places
from floor.place.endpoints import Token, base_url
from floor.place.schemas import SitPublic
from floor.waiter import service
from kit.auth import Staff
from kit.db import SessionDep
from kit.pagination import DbId
from pydantic import BaseModel

router = APIRouter(prefix="/api", tags=["waiter call"])


class WaiterCall(BaseModel):
    kind: CallKind = "waiter"


class WaiterCallAnswer(BaseModel):
    call_waiter: bool
    call_kind: CallKind | None


@router.put("/llamar-mozo/{token}/", response_model=WaiterCallAnswer, operation_id="callWaiter")
async def call_waiter(request: Request, token: Token, session: SessionDep, body: Annotated[WaiterCall | None, Body()] = None):
    """Anonymous (a diner's phone, by the token in the table's code): call the waiter, or ask for
    the bill with `{"kind": "bill"}`. One call per place every 30 s (429 `waiter_call_too_soon`)."""
    place = await service.call(session, request.app.state.redis, token, (body or WaiterCall()).kind)
    return WaiterCallAnswer(call_waiter=place.call_waiter, call_kind=place.call_kind)


@router.post("/sit/{place_id}/mozo-enviado/", response_model=SitPublic, operation_id="waiterSent")
async def waiter_sent(request: Request, place_id: DbId, principal: Staff, session: SessionDep):
    place = await service.waiter_sent(session, principal, place_id)
    return (await places.publics(session, [place], base_url(request)))[0]
