"""Linking a restaurant to its owner's marketplace account (spec part 2 §2 'Payment-provider
screens', §7 'Authorize marketplace', 'Link state', 'Balance consult'; issue 22).

1. `authorization_url`: the owner asks where to go; a `state` unique to this attempt, carrying the
   restaurant (`<restaurant id>.<random>`), is stored for that restaurant and owner, 10 minutes.
2. The provider sends the owner back to /restaurante/autorizacion/ with `code` and `state`.
3. `link`: the state must be that restaurant's and that owner's, unused and in time; the code is
   exchanged; the account must not serve another user's restaurant; the tokens are stored
   encrypted, the link made, the state used up and the link announced, in one transaction. Any
   failure (the provider's timeout included) leaves everything as it was.

One account per restaurant; one account may serve several restaurants of the owner who linked it.
"""
import secrets
from collections.abc import Awaitable
from datetime import UTC, datetime, timedelta
from decimal import Decimal, InvalidOperation
from typing import TypeVar

import structlog

from billing.marketplace.accounts import LinkLost
from billing.marketplace.cipher import TokenUnreadable
from billing.marketplace.errors import (
    AccountLinkedElsewhere, BalanceUnavailable, CodeRejected, FieldRequired, MarketplaceNotConfigured, ProviderError,
    ProviderUnreachable, RestaurantAlreadyLinked, StateInvalid,
)
from billing.marketplace.models import LinkAttempt
from billing.marketplace.provider import GrantRejected, Refused, Unreachable
from billing.marketplace.runtime import Marketplace
from billing.marketplace.schemas import AuthorizationCreate, AuthorizationUrl, LinkState, ProviderBalance
from billing.store import Store
from contracts.billing import MarketplaceLinked
from kit.auth import OWNER
from kit.errors import NotFound
from kit.tokens import Principal

log = structlog.get_logger()
T = TypeVar("T")
CENT = Decimal("0.01")


def now() -> datetime:
    return datetime.now(UTC)


async def at_provider(call: Awaitable[T]) -> T:
    """A provider call, its failures as the screens' errors."""
    try:
        return await call
    except Unreachable:
        raise ProviderUnreachable()
    except GrantRejected:
        raise CodeRejected()
    except Refused:
        raise ProviderError()
    except TokenUnreadable:
        log.error("marketplace_token_unreadable")  # the token key changed: no link works until it is back
        raise MarketplaceNotConfigured()


async def authorization_url(store: Store, principal: Principal, restaurant_id: int,
                            marketplace: Marketplace) -> AuthorizationUrl:
    await store.projections.ensure_restaurant(principal, restaurant_id, roles=(OWNER,))
    marketplace.ensure_configured()
    if await store.links.link_of(restaurant_id) is not None:
        raise RestaurantAlreadyLinked()
    at = now()
    await store.links.forget_expired_attempts(at)
    state = f"{restaurant_id}.{secrets.token_urlsafe(32)}"
    expires_at = at + timedelta(seconds=marketplace.settings.mercadopago_link_state_seconds)
    store.links.add_attempt(LinkAttempt(state=state, restaurant_id=restaurant_id, user_id=principal.user_id, expires_at=expires_at))
    return AuthorizationUrl(url=marketplace.api.authorize_url(state), state=state, expires_at=expires_at)


async def link(store: Store, principal: Principal, data: AuthorizationCreate, marketplace: Marketplace) -> LinkState:
    for name in ("fk_resto", "code", "state"):
        if not getattr(data, name):
            raise FieldRequired(name)
    await store.projections.ensure_restaurant(principal, data.fk_resto, roles=(OWNER,))
    marketplace.ensure_configured()
    attempt = await store.links.attempt_for_update(data.state)
    at = now()
    if (attempt is None or attempt.restaurant_id != data.fk_resto or attempt.user_id != principal.user_id
            or attempt.used_at is not None or attempt.expires_at <= at):
        raise StateInvalid()
    if await store.links.link_of(data.fk_resto) is not None:
        raise RestaurantAlreadyLinked()
    grant = await at_provider(marketplace.api.exchange_code(data.code))
    await store.links.save_account(marketplace.accounts.sealed(grant))
    if await store.links.linked_by_another(grant.user_id, principal.user_id):
        log.info("marketplace_account_linked_elsewhere", account=grant.user_id, restaurant=data.fk_resto)
        raise AccountLinkedElsewhere()
    if not await store.links.add_link(data.fk_resto, grant.user_id, principal.user_id, at):
        raise RestaurantAlreadyLinked()
    attempt.used_at = at
    store.announce(MarketplaceLinked(restaurant_id=data.fk_resto))
    log.info("marketplace_linked", account=grant.user_id, restaurant=data.fk_resto)
    return LinkState(fk_resto=data.fk_resto, mp_active=True, linked_at=at)


async def link_state(store: Store, principal: Principal, restaurant_id: int) -> LinkState:
    await store.projections.ensure_restaurant(principal, restaurant_id)
    found = await store.links.link_of(restaurant_id)
    return LinkState(fk_resto=restaurant_id, mp_active=found is not None, linked_at=found.linked_at if found else None)


def _amount(body: dict, key: str) -> Decimal | None:
    try:
        return Decimal(str(body[key])).quantize(CENT)
    except (KeyError, InvalidOperation, TypeError, ValueError):
        return None


async def provider_balance(store: Store, principal: Principal, restaurant_id: int,
                           marketplace: Marketplace) -> ProviderBalance:
    """The linked account's balance at the provider; a restaurant without a link is 'not found'."""
    await store.projections.ensure_restaurant(principal, restaurant_id, roles=(OWNER,))
    found = await store.links.link_of(restaurant_id)
    if found is None:
        raise NotFound()
    marketplace.ensure_configured()
    account_id = found.account_id
    try:
        body = await at_provider(marketplace.accounts.call(
            store.session, account_id, lambda token: marketplace.api.balance(token, account_id)))
    except LinkLost:
        raise NotFound()  # the provider would not renew its tokens: unlinked just now
    except ProviderError:
        raise BalanceUnavailable()
    available, unavailable = _amount(body, "available_balance"), _amount(body, "unavailable_balance")
    if available is None or unavailable is None:
        raise BalanceUnavailable()
    total = _amount(body, "total_amount")
    return ProviderBalance(
        available_balance=available, unavailable_balance=unavailable, pending_to_review=_amount(body, "pending_to_review"),
        total_amount=total if total is not None else available + unavailable, currency_id=str(body.get("currency_id") or "ARS"),
    )
