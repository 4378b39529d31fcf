from typing import Annotated

from fastapi import APIRouter, Depends, Header, Query, Request, Response

from kit.auth import CLIENT, OptionalUser, Staff
from kit.db import SessionDep
from kit.errors import PermissionDenied
from kit.pagination import DbId, Page, Paging, paging
from kit.throttle import client_address
from ordering.clock import Now
from ordering.delivery import service
from ordering.delivery.schemas import (
    DeliveryCreate, DeliveryCreated, DeliveryInfo, DeliveryInfoUpdate, DeliveryLinePublic, DeliveryPublic, DeliveryUpdate,
    TrackingPublic,
)
from ordering.order.schemas import StatusFilter
from ordering.order.answers import describe_all
from ordering.order.dependencies import LineWorkDep

router = APIRouter(prefix="/api", tags=["delivery"])

Listing = Annotated[Paging, Depends(paging(default_size=10))]
LineListing = Annotated[Paging, Depends(paging(default_size=20))]


@router.post("/delivery/", status_code=201, response_model=DeliveryCreated, operation_id="createDelivery")
async def create_delivery(
    data: DeliveryCreate,
    principal: OptionalUser,
    session: SessionDep,
    work: LineWorkDep,
    request: Request,
    response: Response,
    now: Now,
    idempotency_key: Annotated[str | None, Header(description="optional, one per order the screen sends; 8 to 100 characters")] = None,
):
    """Staff (with their token) or a diner from the menu link (anonymous): the lines start new (1)
    with names and prices from catalog's dishes of `fk_menu`. A diner's order answers its
    `tracking_token` (the link for the WhatsApp message). The same Idempotency-Key with the same
    request again answers the delivery it placed (200); without one every call places an order."""
    # A diner's order is taken only where the restaurant takes them and within the limits, and a
    # repeated key answers only its own caller (service.create; the README's delivery rules).
    if principal is not None and principal.in_group(CLIENT):
        principal = None  # a signed-in client orders like any diner
    elif principal is not None and not principal.in_group(1, 2, 4):
        raise PermissionDenied()
    state = request.app.state
    answer, created = await service.create(
        work, session, state.redis, state.settings, principal, data,
        idempotency_key=idempotency_key, client_address=client_address(request), now=now,
    )
    if not created:
        response.status_code = 200
    return answer


@router.get("/delivery/", response_model=Page[DeliveryPublic] | list[DeliveryPublic], operation_id="listDeliveries")
async def list_deliveries(
    principal: Staff,
    session: SessionDep,
    listing: Listing,
    fk_resto: DbId,
    status_delivery: StatusFilter = None,
    croquis: Annotated[bool, Query(description="accepted as the screen sends it; a delivery has no sketch: every delivery is listed")] = False,
):
    """Newest first, 10 a page; `status_delivery` filters by the stored delivery_status ('0': all)."""
    count, results = await service.search(session, principal, listing, fk_resto, status_delivery)
    return listing.answer(count, results)


@router.get("/delivery/ordenes/", response_model=Page[DeliveryLinePublic] | list[DeliveryLinePublic], operation_id="listDeliveryLines")
async def list_delivery_lines(
    principal: Staff,
    session: SessionDep,
    listing: LineListing,
    fk_resto: DbId | None = None,
    fk_delivery: DbId | None = None,
    status_delivery: StatusFilter = None,
    croquis: bool = False,
):
    """The delivery lines call: a restaurant's delivery lines (`fk_resto`, by the deliveries'
    `status_delivery`) or one delivery's (`fk_delivery`); newest delivery first, its lines in order.
    Usually `paginate=0`. `croquis` is accepted as the screen sends it (no sketch: every line)."""
    count, lines = await service.lines(
        session, principal, listing, restaurant_id=fk_resto, delivery_id=fk_delivery, status=status_delivery
    )
    return listing.answer(count, await describe_all(session, lines))


@router.get("/delivery/seguimiento/{token}/", response_model=TrackingPublic, operation_id="trackDelivery")
async def track_delivery(token: str, session: SessionDep, request: Request):
    """Anonymous: the diner's tracking link (the token its order from the menu link answered):
    that order's lines, total and status, in the request's language. 404 for any other token, and
    a day after the order closed; at most `TRACKING_READS_PER_ADDRESS_PER_MINUTE` reads a minute
    per address (429)."""
    state = request.app.state
    return await service.follow(session, state.redis, state.settings, token, client_address(request))


@router.get("/delivery/{delivery_id}/", response_model=DeliveryPublic, operation_id="getDelivery")
async def get_delivery(delivery_id: DbId, principal: Staff, session: SessionDep, fk_resto: DbId | None = None):
    """One delivery with its lines (the detail dialog); another restaurant's is not found."""
    return await service.describe(session, await service.readable(session, principal, delivery_id, fk_resto))


@router.put("/delivery/{delivery_id}/", response_model=DeliveryPublic, operation_id="updateDelivery")
async def update_delivery(delivery_id: DbId, data: DeliveryUpdate, principal: Staff, session: SessionDep):
    """Type, contact details, address, number and delivery point (the form's rules); another
    restaurant's delivery is not found."""
    return await service.change(session, principal, delivery_id, data)


@router.get("/delivery-info/{delivery_id}/", response_model=DeliveryInfo, operation_id="getDeliveryInfo")
async def get_delivery_info(delivery_id: DbId, principal: Staff, session: SessionDep, fk_resto: DbId | None = None):
    """The order's detail text."""
    return await service.info(session, principal, delivery_id, fk_resto)


@router.put("/up-delivery-info/{delivery_id}/", response_model=DeliveryInfo, operation_id="updateDeliveryInfo")
async def update_delivery_info(
    delivery_id: DbId, data: DeliveryInfoUpdate, principal: Staff, session: SessionDep, fk_resto: DbId | None = None
):
    """The order's detail text, up to 200 characters; past it 400 `details_too_long` ('No se pudo
    actualizar el detalle de la orden: ...')."""
    return await service.change_info(session, principal, delivery_id, fk_resto, data.details)
