from typing import Annotated

from fastapi import APIRouter, Depends, Header, Query, Request

from billing.marketplace import service, webhooks
from billing.marketplace.runtime import MarketplaceDep
from billing.marketplace.schemas import (
    AuthorizationCreate, AuthorizationUrl, LinkState, LinkStateQuery, NotificationReceived, ProviderBalance,
)
from billing.store import StoreDep
from kit.auth import OWNER, Owner, Staff, require_groups
from kit.pagination import DbId
from kit.tokens import Principal

router = APIRouter(prefix="/api", tags=["marketplace"])

# Only a restaurant's owner links it to their own account: not an operator, not an admin.
LinkingOwner = Annotated[Principal, Depends(require_groups(OWNER))]


@router.get("/autorizacion/url/", response_model=AuthorizationUrl, operation_id="getMarketplaceAuthorizationUrl")
async def authorization_url(fk_resto: Annotated[DbId, Query()], principal: LinkingOwner, store: StoreDep,
                            marketplace: MarketplaceDep):
    """The provider's authorization page for this restaurant, with a `state` for this attempt only
    (10 minutes, once). 409 `restaurant_already_linked` when it has an account already."""
    return await service.authorization_url(store, principal, fk_resto, marketplace)


@router.post("/autorizacion/", response_model=LinkState, operation_id="authorizeMarketplace")
async def authorize(data: AuthorizationCreate, principal: LinkingOwner, store: StoreDep, marketplace: MarketplaceDep):
    """Link the restaurant with the `code` and `state` the provider sent back. Refusals are
    `{detail, code}`: `field_required` (400), `state_invalid` (400), `code_rejected` (400),
    `restaurant_already_linked` (409), `account_linked_elsewhere` (409), `provider_unreachable`
    (502), `provider_error` (502), `marketplace_not_configured` (503)."""
    return await service.link(store, principal, data, marketplace)


@router.post("/restaurant-atributes/obtener-estado-mp/", response_model=LinkState, operation_id="getMarketplaceLinkState")
async def link_state(data: LinkStateQuery, principal: Staff, store: StoreDep):
    """Whether the restaurant is linked to a marketplace account (owner, operator, admin)."""
    return await service.link_state(store, principal, data.fk_resto)


@router.get("/obtener-balance/{restaurant_id:int}/", response_model=ProviderBalance, operation_id="getProviderBalance")
async def provider_balance(restaurant_id: DbId, principal: Owner, store: StoreDep, marketplace: MarketplaceDep):
    """The linked account's balance at the provider (owner, admin). 404 'No encontrado.' when the
    restaurant is not linked; 502 `provider_unreachable` or `balance_unavailable`."""
    return await service.provider_balance(store, principal, restaurant_id, marketplace)


@router.post("/webhooks/mercadopago/", response_model=NotificationReceived, operation_id="receiveMarketplaceNotification")
async def notification(
    request: Request,
    store: StoreDep,
    marketplace: MarketplaceDep,
    data_id: Annotated[str | None, Query(alias="data.id", max_length=64)] = None,
    x_signature: Annotated[str | None, Header(max_length=300)] = None,
    x_request_id: Annotated[str | None, Header(max_length=200)] = None,
):
    """The provider's notifications, signed (`x-signature`, `x-request-id`); 401
    `signature_invalid` otherwise, 401 `notification_stale` when signed more than the window
    (5 minutes) from now; the same `x-request-id` again is acknowledged and changes nothing. Not
    for browsers."""
    await webhooks.receive(store, marketplace, request.app.state.redis, await request.body(), data_id, x_signature,
                           x_request_id)
    return NotificationReceived()
