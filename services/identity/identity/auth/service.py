"""Signing in and out, and ending an account's sessions."""
import asyncio
import time
from datetime import UTC, datetime

import structlog
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from identity.auth import repository as auth_repository
from identity.auth.errors import InvalidCredentials
from identity.auth.throttle import Throttle
from identity.user import repository
from identity.user.models import User
from identity.user.passwords import verify_password
from kit.auth import RevocationStore, generation_key, revoked_key
from kit.db import after_commit
from kit.errors import ServiceBusy
from kit.tokens import Principal, TokenSigner

log = structlog.get_logger()
MIRROR_BATCH = 1000


async def authenticate(session: AsyncSession, login: str, password: str, *, users=repository) -> User | None:
    """`users`: where accounts are looked up (identity.user.repository; the unit tests give a fake)."""
    user = await users.get_by_login(session, login)
    if not await verify_password(password, user.password_hash if user else None):
        return None
    if user is None or not user.is_active:
        return None
    return user


async def log_in(session: AsyncSession, throttle: Throttle, login: str, password: str, address: str, *, users=repository) -> User:
    """The account behind `login`, or 400; 429 once a limit of this account or address is used up.

    The attempt is counted before the password is checked (see auth/throttle.py); a right password
    gives it back and clears this (account, address) pair's failures.
    """
    pair, account, by_address = throttle.limits.login(login, address)
    await throttle.take(pair, account, by_address)
    user = await authenticate(session, login, password, users=users)
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


async def log_out(session: AsyncSession, revocations: RevocationStore, principal: Principal) -> None:
    """The token dies in every service: kept in PostgreSQL until it would have expired anyway, and
    copied to Redis once that is committed (a Redis restart cannot bring it back)."""
    await auth_repository.add_revoked(session, principal.token_id, principal.user_id, principal.expires_at)

    async def mirror() -> None:
        await revocations.revoke_token(principal)

    after_commit(session, mirror)


class DurableRevocations(RevocationStore):
    """Identity's side of revocations: PostgreSQL holds them (generations on the account, logouts
    in revoked_token) and this writes Redis's copy, which every other service reads.

    An account's generation copy is only ever written together with its revoked token ids, so a
    copy that Redis lost comes back whole or not at all; meanwhile the other services answer 503
    for the account's tokens (kit.auth.RevocationStore). Identity itself answers from the database."""

    def __init__(self, redis, session_factory: async_sessionmaker[AsyncSession]):
        super().__init__(redis)
        self._session_factory = session_factory

    async def is_revoked(self, principal: Principal) -> bool:
        try:
            if not await super().is_revoked(principal):
                return False
        except ServiceBusy:
            pass  # the copy is being written back; the database answers here
        if await self.revoked_by_logout(principal) or await self.has_copy(principal.user_id):
            return True
        restored = await self.restore_account(principal.user_id)
        if restored is None:
            return True
        revoked, generation = restored
        log.warning("token_revocations_restored", user_id=principal.user_id)
        return principal.token_id in revoked or principal.generation < generation

    async def mirror_generation(self, user_id: int, generation: int) -> None:
        if not await self.raise_existing_generation(user_id, generation):
            await self.restore_account(user_id, generation)

    async def restore_account(self, user_id: int, at_least: int = 0) -> tuple[set[str], int] | None:
        """Copy one account's live logouts and generation from the database (None: no such account).

        `at_least`: the generation the caller holds, which the database may not show yet (an account
        created in a transaction that has not committed, whose first token is being issued)."""
        async with self._session_factory() as session:
            generation = await repository.token_generation(session, user_id)
            revoked = await auth_repository.live_revoked(session, [user_id])
        if generation is None and not at_least:
            return None
        generation = max(generation or 0, at_least)
        await self.mirror(revoked, [(user_id, generation)])
        return {token_id for token_id, _ in revoked}, generation

    async def revoked_by_logout(self, principal: Principal) -> bool:
        return bool(await self._redis.exists(revoked_key(principal.token_id)))

    async def has_copy(self, user_id: int) -> bool:
        return bool(await self._redis.exists(generation_key(user_id)))


async def mirror_all(session_factory: async_sessionmaker[AsyncSession], revocations: RevocationStore) -> bool:
    """Copy every account's generation and live logouts to Redis, in batches, then mark the copy
    whole (kit.auth.MIRRORED). False when Redis lost its data meanwhile: the watchdog goes again.

    A generation left larger in Redis (kept there alone before migration 0003) is carried over
    into the database first, so the tokens it revoked stay revoked.
    """
    nonce = await revocations.begin_mirror()
    after_id = 0
    while True:
        async with session_factory() as session, session.begin():
            batch = await repository.token_generations(session, after_id, MIRROR_BATCH)
            for user_id, generation in batch:
                in_redis = await revocations.generation(user_id)
                if in_redis > generation:
                    await repository.raise_token_generation(session, user_id, in_redis)
            revoked = await auth_repository.live_revoked(session, [user_id for user_id, _ in batch])
        await revocations.mirror(revoked, batch)
        if len(batch) < MIRROR_BATCH:
            break
        after_id = batch[-1][0]
    return await revocations.finish_mirror(nonce)


async def purge_expired_revocations(session_factory: async_sessionmaker[AsyncSession]) -> int:
    async with session_factory() as session, session.begin():
        return await auth_repository.purge_expired(session)


async def watch_revocations(
    session_factory: async_sessionmaker[AsyncSession],
    revocations: RevocationStore,
    every_seconds: float,
    purge_every_seconds: float,
) -> None:
    """For the life of the process: writes the whole copy back as soon as Redis has lost it
    (checked every `every_seconds`), and deletes expired logouts (every `purge_every_seconds`)."""
    next_purge = 0.0
    while True:
        try:
            if not await revocations.mirror_complete():
                whole = await mirror_all(session_factory, revocations)
                log.warning("token_revocations_restored" if whole else "token_revocations_restore_interrupted")
            if time.monotonic() >= next_purge:
                purged = await purge_expired_revocations(session_factory)
                next_purge = time.monotonic() + purge_every_seconds
                if purged:
                    log.info("expired_revocations_purged", rows=purged)
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001  (Redis or the database away: the next round tries again)
            log.exception("revocation_watch_failed")
        await asyncio.sleep(every_seconds)


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
