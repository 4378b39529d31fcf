"""The auth guard and the role guards every service uses.

Tokens are verified locally; revocation (logout, password change) lives in Redis so that it
reaches every service and every replica at once.
"""
import time
from typing import Annotated

from fastapi import Depends, Request
from redis.asyncio import Redis

from kit import messages
from kit.errors import NotAuthenticated, PermissionDenied
from kit.tokens import InvalidToken, Principal, TokenVerifier

ADMIN, OWNER, CLIENT, OPERATOR = 1, 2, 3, 4


class RevocationStore:
    """Revoked token ids, and per-user 'tokens issued before this moment are dead'."""

    def __init__(self, redis: Redis):
        self._redis = redis

    async def revoke_token(self, principal: Principal) -> None:
        ttl = max(principal.expires_at - int(time.time()), 1)
        await self._redis.set(f"auth:revoked:{principal.token_id}", 1, ex=ttl)

    async def revoke_user_tokens(self, user_id: int, lifetime_seconds: int) -> None:
        await self._redis.set(f"auth:not-before:{user_id}", repr(time.time()), ex=lifetime_seconds)

    async def is_revoked(self, principal: Principal) -> bool:
        revoked, not_before = await self._redis.mget(
            f"auth:revoked:{principal.token_id}", f"auth:not-before:{principal.user_id}"
        )
        return revoked is not None or (not_before is not None and principal.issued_at <= float(not_before))


def token_from_header(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() in ("token", "bearer") and token.strip():
        return token.strip()
    return None


async def optional_principal(request: Request) -> Principal | None:
    token = token_from_header(request)
    if token is None:
        return None
    verifier: TokenVerifier = request.app.state.token_verifier
    try:
        principal = verifier.verify(token)
    except InvalidToken:
        raise NotAuthenticated(messages.INVALID_TOKEN)
    if await request.app.state.revocations.is_revoked(principal):
        raise NotAuthenticated(messages.INVALID_TOKEN)
    return principal


async def current_principal(principal: Annotated[Principal | None, Depends(optional_principal)]) -> Principal:
    if principal is None:
        raise NotAuthenticated()
    return principal


CurrentUser = Annotated[Principal, Depends(current_principal)]
OptionalUser = Annotated[Principal | None, Depends(optional_principal)]


def require_groups(*groups: int):
    """Dependency: the caller belongs to one of `groups`."""

    async def guard(principal: CurrentUser) -> Principal:
        if not principal.in_group(*groups):
            raise PermissionDenied()
        return principal

    return guard
