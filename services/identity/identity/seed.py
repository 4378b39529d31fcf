"""Seeded accounts, once (running it again changes nothing): python -m identity.seed

- The admin account (`ADMIN_USERNAME`, admin@resto.local) lets the platform's operator reach the
  admin screens. Its password comes from `ADMIN_PASSWORD` (compose's `.env`, the k8s Secret
  `identity-admin`). Without it, only where the demo is on (the local stack and the tests) the
  README's local password is used; anywhere else a random one is generated and printed once, so no
  deployment ever has an admin with a published password.
- The demo owner (and 'Resto Demo') backs the 'demo login' button: seeded only where the demo is on
  (`DEMO_LOGIN_ENABLED`, the local stack and the tests). Its password is published, so where the
  demo is off a demo owner left by an earlier seed is deactivated and its sessions end. Its
  restaurant is dated `DEMO_RESTAURANT_AGE` back (and its creation announced again with that time),
  so its free month is over before the month of business deploy/local/demo.py pays: the balance,
  statistics and fee table show a commission on first look.

The platform's operator rotates a seeded (or any) account's password with
    python -m identity.seed --rotate admin@resto.local
The new password is `NEW_PASSWORD` when set (it must pass the password rules), otherwise one is
generated and printed once; every session of the account ends, in every service.

Events go through the outbox like any other.
"""
import argparse
import asyncio
import os
import secrets
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime, timedelta

from redis.asyncio import Redis
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from identity.auth.service import DurableRevocations
from contracts.identity import RestaurantCreated
from identity.restaurant.models import Restaurant
from identity.restaurant.service import create_restaurant, profile_event
from identity.settings import Settings
from identity.user import repository
from identity.user.passwords import hash_password, password_problems
from identity.user.service import create_user
from kit.auth import ADMIN, OWNER
from kit.db import make_engine, make_session_factory
from kit.outbox import add_event

DEMO_PASSWORD = os.environ.get("DEMO_PASSWORD", "Demo-Resto-2026")
ADMIN_USERNAME = os.environ.get("ADMIN_USERNAME", "admin@resto.local")
LOCAL_ADMIN_PASSWORD = "Admin-Resto-2026"
DEMO_RESTAURANT = "Resto Demo"
# The free month (30 days) and the demo's month of business (30 days) both behind it, with room.
DEMO_RESTAURANT_AGE = timedelta(days=90)


class SeedError(Exception):
    """What the operator must fix; printed without a traceback."""


def admin_password(settings: Settings) -> tuple[str, bool]:
    """(password, generated): generated ones must be shown to whoever ran the seed."""
    if password := os.environ.get("ADMIN_PASSWORD"):
        return password, False
    if settings.demo_login_enabled:
        return LOCAL_ADMIN_PASSWORD, False
    return generated_password(), True


def generated_password() -> str:
    return secrets.token_urlsafe(18)  # 144 random bits, 24 characters


@asynccontextmanager
async def database(settings: Settings) -> AsyncIterator[async_sessionmaker[AsyncSession]]:
    engine = make_engine(settings.database_url)
    try:
        yield make_session_factory(engine)
    finally:
        await engine.dispose()


@asynccontextmanager
async def revocations(settings: Settings, factory: async_sessionmaker[AsyncSession]) -> AsyncIterator[DurableRevocations]:
    """Where ended sessions are written for every service to read (Redis, as identity writes it)."""
    redis = Redis.from_url(settings.redis_url, decode_responses=True)
    try:
        yield DurableRevocations(redis, factory)
    finally:
        await redis.aclose()


async def end_sessions_now(settings: Settings, factory: async_sessionmaker[AsyncSession], bumped: list[tuple[int, int]]) -> None:
    """After the commit: the new generations reach Redis, or the operator hears that they did not."""
    try:
        async with revocations(settings, factory) as store:
            for user_id, generation in bumped:
                await store.mirror_generation(user_id, generation)
    except Exception as exc:
        raise SeedError(
            f"the password is changed, but Redis ({settings.redis_url}) was not told to end the old sessions "
            f"({exc!r}); identity's next start-up does it, or run the command again"
        ) from exc


async def seed(settings: Settings) -> list[str]:
    created = []
    async with database(settings) as factory:
        bumped: list[tuple[int, int]] = []
        async with factory() as session, session.begin():
            demo = await repository.get_by_login(session, settings.demo_username)
            if settings.demo_login_enabled and demo is None:
                demo = await seed_demo_owner(session, settings)
                created.append(settings.demo_username)
            if settings.demo_login_enabled and await backdate_demo_restaurant(session, demo.id):
                print(f"demo restaurant: created {DEMO_RESTAURANT_AGE.days} days ago (its free month is over)")
            elif not settings.demo_login_enabled and demo is not None and demo.is_active:
                await repository.deactivate(session, [demo.id])
                bumped = await repository.bump_token_generations(session, [demo.id])
                print(f"demo owner {settings.demo_username}: deactivated (the demo is off here)")
            if await repository.get_by_login(session, ADMIN_USERNAME) is None:
                password, generated = admin_password(settings)
                admin = await create_user(session, email=ADMIN_USERNAME, password=password, group=ADMIN, first_name="Admin")
                created.append(admin.username)
                if generated:
                    print(f"admin {ADMIN_USERNAME}: generated password {password} (shown only now)")
        if bumped:
            await end_sessions_now(settings, factory, bumped)
    return created


async def seed_demo_owner(session: AsyncSession, settings: Settings):
    owner = await create_user(session, email=settings.demo_username, password=DEMO_PASSWORD, group=OWNER, first_name="Demo")
    owner.last_name = "Resto"
    await create_restaurant(
        session,
        owner,
        nombre_local=DEMO_RESTAURANT,
        telefono="1145678900",
        direccion="Av. Corrientes 1234, CABA",
        takeaway=True,
        whatsapp="https://wa.me/5491145678900",
    )
    return owner


async def backdate_demo_restaurant(session: AsyncSession, owner_id: int) -> bool:
    """Date the demo restaurant `DEMO_RESTAURANT_AGE` back unless it is that old already, and
    announce its creation again at that time: billing starts its free month from the earliest
    creation it hears of; every other copy keeps what it has (the announcement is older)."""
    restaurant = await session.scalar(
        select(Restaurant).where(Restaurant.owner_id == owner_id, Restaurant.nombre_local == DEMO_RESTAURANT)
        .order_by(Restaurant.id).limit(1)
    )
    now = datetime.now(UTC)
    if restaurant is None or restaurant.created_at <= now - DEMO_RESTAURANT_AGE + timedelta(days=1):
        return False
    restaurant.created_at = now - DEMO_RESTAURANT_AGE
    await session.flush()
    add_event(session, profile_event(RestaurantCreated, restaurant).model_copy(update={"occurred_at": restaurant.created_at}))
    return True


async def rotate(settings: Settings, login: str) -> tuple[str, bool]:
    """A new password for the account behind `login` (NEW_PASSWORD, or generated); every session
    of the account ends. Answers (password, generated)."""
    given = os.environ.get("NEW_PASSWORD")
    password = given or generated_password()
    async with database(settings) as factory:
        async with factory() as session, session.begin():
            user = await repository.get_by_login(session, login)
            if user is None:
                raise SeedError(f"no account {login}")
            if problems := password_problems(password, username=user.username, first_name=user.first_name, email=user.email):
                raise SeedError("NEW_PASSWORD: " + " ".join(problem.render("en") for problem in problems))
            user.password_hash = await hash_password(password)
            bumped = await repository.bump_token_generations(session, [user.id])
        await end_sessions_now(settings, factory, bumped)
    return password, not given


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m identity.seed", description=__doc__.split("\n\n")[0])
    parser.add_argument("--rotate", metavar="EMAIL", help="give this account a new password (NEW_PASSWORD, or generated) and end its sessions")
    args = parser.parse_args(argv)
    try:
        if args.rotate:
            password, generated = asyncio.run(rotate(Settings(), args.rotate))
            shown = f"generated password {password} (shown only now)" if generated else "password set from NEW_PASSWORD"
            print(f"{args.rotate}: {shown}; every session of the account ended")
            return 0
        created = asyncio.run(seed(Settings()))
    except SeedError as error:
        print(f"identity.seed: {error}", file=sys.stderr)
        return 1
    print(f"seeded: {', '.join(created)}" if created else "seed: nothing to do")
    return 0


if __name__ == "__main__":
    sys.exit(main())
