"""The auth guard and the role guards every service uses.

Tokens are verified locally; revocation (logout, password change) is read from Redis so that it
reaches every service and every replica at once. Identity keeps it in PostgreSQL and Redis holds
its copy (see RevocationStore).
"""
import time
import uuid
from collections.abc import Iterable, Sequence
from typing import Annotated

from fastapi import Depends, Request
from redis.asyncio import Redis

from kit import messages
from kit.errors import NotAuthenticated, PermissionDenied, ServiceBusy
from kit.origin import name_screen
from kit.tokens import InvalidToken, Principal, TokenVerifier

ADMIN, OWNER, CLIENT, OPERATOR = 1, 2, 3, 4

# Present once identity has copied every revocation it keeps into Redis (and while Redis keeps it):
# its absence means Redis lost its data and the copy is being written back.
MIRRORED = "auth:mirrored"
# The mirror under way: a flush in its middle removes this too, so that mirror cannot claim to be whole.
MIRRORING = "auth:mirroring"
RESTORE_RETRY_SECONDS = 1


def revoked_key(token_id: str) -> str:
    return f"auth:revoked:{token_id}"


def generation_key(user_id: int) -> str:
    return f"auth:generation:{user_id}"


class RevocationStore:
    """Revoked token ids (logout), and each account's token generation (password change).

    A password change bumps the generation; tokens carry the generation they were issued in,
    so every older token dies and every newer one lives, with no reliance on clocks.
    Identity keeps both in its database; Redis holds a copy, which is what every other service
    reads. The copy can be lost (Redis restarted empty, flushed, evicted), so:

    - an account's generation copy is written only together with, or after, that account's
      revoked token ids (`mirror`, one Lua script: atomic), so while it is present every logout
      of the account is too;
    - a token with a generation above 0 whose account has no copy is never accepted: refused
      (401) once Redis holds a whole copy (`MIRRORED`), answered 503 with Retry-After while the
      copy is being written back (identity's watchdog restores it within about a second).
    Tokens with generation 0 (issued before identity kept generations; no live one is left after
    their 7 days) are judged by the keys alone.
    """

    # The copy only ever goes up, so two revocations mirrored out of order leave the newer one.
    # KEYS: revoked token ids' keys, then generations' keys; ARGV[1]: how many revoked keys, then
    # one value per key (a revoked id's seconds to live, a generation).
    _MIRROR = """
local revoked = tonumber(ARGV[1])
for i = 1, #KEYS do
  local value = ARGV[i + 1]
  if i <= revoked then
    redis.call('SET', KEYS[i], 1, 'EX', value)
  else
    local current = tonumber(redis.call('GET', KEYS[i]) or '0')
    if tonumber(value) > current then redis.call('SET', KEYS[i], value) end
  end
end
return 0
"""
    # Raises a generation copy only where one exists (answers 0 when it is missing): a missing copy
    # must be restored together with the account's revoked token ids.
    _RAISE_EXISTING = """
local current = redis.call('GET', KEYS[1])
if not current then return 0 end
if tonumber(ARGV[1]) > tonumber(current) then redis.call('SET', KEYS[1], ARGV[1]) end
return 1
"""
    _FINISH_MIRROR = """
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[2], ARGV[2])
redis.call('DEL', KEYS[1])
return 1
"""

    def __init__(self, redis: Redis):
        self._redis = redis
        self._mirror = redis.register_script(self._MIRROR)
        self._raise_existing = redis.register_script(self._RAISE_EXISTING)
        self._finish_mirror = redis.register_script(self._FINISH_MIRROR)

    async def revoke_token(self, principal: Principal) -> None:
        ttl = max(principal.expires_at - int(time.time()), 1)
        await self._redis.set(revoked_key(principal.token_id), 1, ex=ttl)

    async def generation(self, user_id: int) -> int:
        return int(await self._redis.get(generation_key(user_id)) or 0)

    async def mirror(self, revoked: Iterable[tuple[str, int]] = (), generations: Iterable[tuple[int, int]] = ()) -> None:
        """Copy revoked token ids (id, expiry as a Unix time) and generations (account, generation)
        in one atomic step: a generation never lands without the revocations written with it."""
        now = int(time.time())
        live = [(token_id, expires_at - now) for token_id, expires_at in revoked if expires_at > now]
        generations = list(generations)
        if not live and not generations:
            return
        keys = [revoked_key(token_id) for token_id, _ in live] + [generation_key(user_id) for user_id, _ in generations]
        values = [ttl for _, ttl in live] + [generation for _, generation in generations]
        await self._mirror(keys=keys, args=[len(live), *values])

    async def mirror_generation(self, user_id: int, generation: int) -> None:
        await self.mirror(generations=[(user_id, generation)])

    async def raise_existing_generation(self, user_id: int, generation: int) -> bool:
        """Raise the account's copy if it exists; False when it is missing (left missing)."""
        return bool(await self._raise_existing(keys=[generation_key(user_id)], args=[generation]))

    async def revoke_user_tokens(self, user_id: int, lifetime_seconds: int | None = None) -> None:
        # No expiry: a generation that expired would restart at 0 and revive older tokens.
        await self._redis.incr(generation_key(user_id))

    async def begin_mirror(self) -> str:
        """Before copying everything: a mark that a loss of Redis's data in the middle removes."""
        nonce = uuid.uuid4().hex
        await self._redis.set(MIRRORING, nonce)
        return nonce

    async def finish_mirror(self, nonce: str) -> bool:
        """Declare the copy whole, unless Redis lost its data since `begin_mirror` (then False)."""
        return bool(await self._finish_mirror(keys=[MIRRORING, MIRRORED], args=[nonce, int(time.time())]))

    async def mirror_complete(self) -> bool:
        return bool(await self._redis.exists(MIRRORED))

    async def is_revoked(self, principal: Principal) -> bool:
        """Whether the token was revoked; raises ServiceBusy (503, Retry-After) while that cannot
        be known: its account's copy is missing and Redis is being filled again."""
        (verdict,) = await self.revoked_many([principal])
        if verdict is None:
            raise ServiceBusy(RESTORE_RETRY_SECONDS)
        return verdict

    async def revoked_many(self, principals: Sequence[Principal]) -> list[bool | None]:
        """`is_revoked` for many tokens in one MGET (a live socket's periodic re-check); None
        where it cannot be known yet: keep what was decided, ask again shortly."""
        if not principals:
            return []
        keys = [key for p in principals for key in (revoked_key(p.token_id), generation_key(p.user_id))]
        mirrored, *values = await self._redis.mget([MIRRORED, *keys])
        return [
            self._verdict(principal, values[2 * i], values[2 * i + 1], mirrored is not None)
            for i, principal in enumerate(principals)
        ]

    @staticmethod
    def _verdict(principal: Principal, revoked: str | None, generation: str | None, mirrored: bool) -> bool | None:
        if revoked is not None:
            return True
        if generation is not None:
            return principal.generation < int(generation)
        if principal.generation == 0:
            return False
        return True if mirrored else None


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
    if principal.in_group(ADMIN, OWNER, OPERATOR):
        name_screen(request)
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
