"""Signing in and out, and ending an account's sessions."""
from datetime import UTC, datetime

import structlog
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from identity.auth.errors import InvalidCredentials
from identity.auth.throttle import Throttle
from identity.user import repository
from identity.user.models import User
from identity.user.passwords import verify_password
from kit.auth import RevocationStore
from kit.db import after_commit
from kit.tokens import Principal, TokenSigner

log = structlog.get_logger()
MIRROR_BATCH = 1000


async def authenticate(session: AsyncSession, login: str, password: str) -> User | None:
    user = await repository.get_by_login(session, login)
    if not await verify_password(password, user.password_hash if user else None):
        return None
    if user is None or not user.is_active:
        return None
    return user


async def log_in(session: AsyncSession, throttle: Throttle, login: str, password: str, address: str) -> User:
    """The account behind `login`, or 400; 429 once a limit of this account or address is used up.

    The attempt is counted before the password is checked (see auth/throttle.py); a right password
    gives it back and clears this (account, address) pair's failures.
    """
    pair, account, by_address = throttle.limits.login(login, address)
    await throttle.take(pair, account, by_address)
    user = await authenticate(session, login, password)
    if user is None:
        raise InvalidCredentials()
    await throttle.forget(pair)
    await throttle.give_back(account, by_address)
    return user


async def end_sessions(session: AsyncSession, revocations: RevocationStore, *user_ids: int) -> None:
    """Every token these accounts hold dies, in every service.

    The generation is raised in PostgreSQL within the request's transaction, and copied to Redis
    (where the other services read it) once that transaction has committed: a request that fails
    ends no session, and a revocation is never lost with Redis.
    """
    bumped = await repository.bump_token_generations(session, list(user_ids))

    async def mirror() -> None:
        for user_id, generation in bumped:
            await revocations.mirror_generation(user_id, generation)

    after_commit(session, mirror)


class DurableRevocations(RevocationStore):
    """Identity's reading of revocations: when the Redis copy of a generation is missing, the
    database answers, and the copy is written back for the other services."""

    def __init__(self, redis, session_factory: async_sessionmaker[AsyncSession]):
        super().__init__(redis)
        self._session_factory = session_factory

    async def is_revoked(self, principal: Principal) -> bool:
        if not await super().is_revoked(principal):
            return False
        if await self.revoked_by_logout(principal) or await self.has_copy(principal.user_id):
            return True
        async with self._session_factory() as session:
            generation = await repository.token_generation(session, principal.user_id)
        if generation is None:
            return True
        await self.mirror_generation(principal.user_id, generation)
        log.warning("token_generation_restored", user_id=principal.user_id)
        return principal.generation < generation

    async def revoked_by_logout(self, principal: Principal) -> bool:
        return bool(await self._redis.exists(f"auth:revoked:{principal.token_id}"))

    async def has_copy(self, user_id: int) -> bool:
        return bool(await self._redis.exists(f"auth:generation:{user_id}"))


async def mirror_all_generations(session_factory: async_sessionmaker[AsyncSession], revocations: RevocationStore) -> None:
    """At start-up: copy every account's generation to Redis, in batches.

    A generation left larger in Redis (kept there alone before migration 0003) is carried over
    into the database first, so the tokens it revoked stay revoked.
    """
    after_id = 0
    while True:
        async with session_factory() as session, session.begin():
            batch = await repository.token_generations(session, after_id, MIRROR_BATCH)
            for user_id, generation in batch:
                in_redis = await revocations.generation(user_id)
                if in_redis > generation:
                    await repository.raise_token_generation(session, user_id, in_redis)
        for user_id, generation in batch:
            await revocations.mirror_generation(user_id, generation)
        if len(batch) < MIRROR_BATCH:
            return
        after_id = batch[-1][0]


class SessionIssuer:
    """Issues an account's tokens in its current generation (ending its sessions starts a new one)."""

    def __init__(self, signer: TokenSigner, revocations: RevocationStore):
        self._signer = signer
        self._revocations = revocations

    async def start(self, user: User) -> str:
        user.last_login = datetime.now(UTC)
        # The copy must exist before the token is used anywhere (a missing copy refuses it).
        await self._revocations.mirror_generation(user.id, user.token_generation)
        return self._signer.issue(user.id, user.username, [user.group], user.token_generation)


def login_answer(user: User, token: str) -> dict:
    return {
        "auth_token": token,
        "user": {
            "id": user.id,
            "username": user.username,
            "first_name": user.first_name,
            "groups": [{"id": user.group}],
        },
    }
