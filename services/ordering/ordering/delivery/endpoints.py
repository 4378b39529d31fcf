from typing import Annotated, Literal

from fastapi import APIRouter, Depends, Header, Request, Response

from kit.auth import CLIENT, OptionalUser, Staff
from kit.db import SessionDep
from kit.errors import PermissionDenied
from kit.pagination import DbId, Page, Paging, paging
from ordering.delivery import service
from ordering.delivery.schemas import DeliveryCreate, DeliveryPublic, DeliveryUpdate

router = APIRouter(prefix="/api", tags=["delivery"])

Listing = Annotated[Paging, Depends(paging(default_size=10))]


def client_address(request: Request) -> str:
    # The gateway appends the peer it saw to X-Forwarded-For; earlier entries could be forged.
    forwarded = request.headers.get("x-forwarded-for", "")
    if forwarded:
        return forwarded.split(",")[-1].strip()
    return request.client.host if request.client else "unknown"


@router.post("/delivery/", status_code=201, response_model=DeliveryPublic, operation_id="createDelivery")
async def create_delivery(
    data: DeliveryCreate,
    principal: OptionalUser,
    session: SessionDep,
    request: Request,
    response: Response,
    idempotency_key: Annotated[str | None, Header(description="required without a staff token; 8 to 100 characters")] = None,
):
    """Staff (with their token) or a diner from the menu link (anonymous, with an Idempotency-Key):
    the lines start new (1) with names and prices from catalog's dishes of `fk_menu`."""
    # A diner's order is taken only where the restaurant takes them and within the limits, and a
    # repeated key answers only its own caller (service.create; the README's delivery rules).
    if principal is not None and principal.in_group(CLIENT):
        principal = None  # a signed-in client orders like any diner
    elif principal is not None and not principal.in_group(1, 2, 4):
        raise PermissionDenied()
    state = request.app.state
    answer, created = await service.create(
        session, state.redis, state.settings, principal, data,
        idempotency_key=idempotency_key, client_address=client_address(request),
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
    status_delivery: Literal["1", "2", "3", "4", "5", "6", "7"] | None = None,
    croquis: bool = False,
):
    """Newest first, 10 a page; `status_delivery` filters by the derived status."""
    count, results = await service.search(session, principal, listing, fk_resto, status_delivery)
    return listing.answer(count, results)


@router.put("/delivery/{delivery_id}/", response_model=DeliveryPublic, operation_id="updateDelivery")
async def update_delivery(delivery_id: DbId, data: DeliveryUpdate, principal: Staff, session: SessionDep):
    """Type, contact details and address (the form's rules); another restaurant's delivery is not found."""
    return await service.change(session, principal, delivery_id, data)
