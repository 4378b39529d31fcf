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
    """Revoked token ids (logout), and each account's token generation (password change).

    A password change bumps the generation; tokens carry the generation they were issued in,
    so every older token dies and every newer one lives, with no reliance on clocks.
    Identity keeps the generation in its database; the Redis key is a copy without expiry. A token
    with a generation above 0 whose copy is missing (Redis flushed or restarted empty) is refused:
    a lost copy must not revive a revoked token. Identity writes the copy back on its next request.
    """

    # The copy only ever goes up, so two revocations mirrored out of order leave the newer one.
    _RAISE_TO = """
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if tonumber(ARGV[1]) > current then redis.call('SET', KEYS[1], ARGV[1]) end
return 0
"""

    def __init__(self, redis: Redis):
        self._redis = redis
        self._raise_to = redis.register_script(self._RAISE_TO)

    async def revoke_token(self, principal: Principal) -> None:
        ttl = max(principal.expires_at - int(time.time()), 1)
        await self._redis.set(f"auth:revoked:{principal.token_id}", 1, ex=ttl)

    async def generation(self, user_id: int) -> int:
        return int(await self._redis.get(f"auth:generation:{user_id}") or 0)

    async def mirror_generation(self, user_id: int, generation: int) -> None:
        await self._raise_to(keys=[f"auth:generation:{user_id}"], args=[generation])

    async def revoke_user_tokens(self, user_id: int, lifetime_seconds: int | None = None) -> None:
        # No expiry: a generation that expired would restart at 0 and revive older tokens.
        await self._redis.incr(f"auth:generation:{user_id}")

    async def is_revoked(self, principal: Principal) -> bool:
        revoked, generation = await self._redis.mget(
            f"auth:revoked:{principal.token_id}", f"auth:generation:{principal.user_id}"
        )
        if revoked is not None:
            return True
        if generation is None:
            return principal.generation > 0
        return principal.generation < int(generation)


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


# The role aliases every service uses (a service defines others next to its endpoints).
# Restaurant staff: owners and operators (checked per restaurant against the membership
# projection), and admins.
Staff = Annotated[Principal, Depends(require_groups(ADMIN, OWNER, OPERATOR))]
Owner = Annotated[Principal, Depends(require_groups(ADMIN, OWNER))]
Admin = Annotated[Principal, Depends(require_groups(ADMIN))]
