"""Demo data, seeded once (running it again changes nothing): python -m identity.seed

The demo owner (and its restaurant) backs the 'demo login' button; the admin account lets a
local operator reach the admin screens. Their events go through the outbox like any other.

The admin's password comes from ADMIN_PASSWORD. Without it, only where the demo login is on (the
local stack and the tests) the README's local password is used; anywhere else a random one is
generated and printed once, so no deployment ever has an admin with a published password.
"""
import asyncio
import os
import secrets

from identity.restaurant.service import create_restaurant
from identity.settings import Settings
from identity.user import repository
from identity.user.service import create_user
from kit.auth import ADMIN, OWNER
from kit.db import make_engine, make_session_factory

DEMO_PASSWORD = os.environ.get("DEMO_PASSWORD", "Demo-Resto-2026")
ADMIN_USERNAME = os.environ.get("ADMIN_USERNAME", "admin@resto.local")
LOCAL_ADMIN_PASSWORD = "Admin-Resto-2026"


def admin_password(settings: Settings) -> tuple[str, bool]:
    """(password, generated): generated ones must be shown to whoever ran the seed."""
    if password := os.environ.get("ADMIN_PASSWORD"):
        return password, False
    if settings.demo_login_enabled:
        return LOCAL_ADMIN_PASSWORD, False
    return secrets.token_urlsafe(18), True


async def seed(settings: Settings) -> list[str]:
    engine = make_engine(settings.database_url)
    created = []
    try:
        async with make_session_factory(engine)() as session, session.begin():
            if await repository.get_by_login(session, settings.demo_username) is None:
                owner = await create_user(
                    session, email=settings.demo_username, password=DEMO_PASSWORD, group=OWNER, first_name="Demo"
                )
                owner.last_name = "Resto"
                await create_restaurant(
                    session,
                    owner,
                    nombre_local="Resto Demo",
                    telefono="1145678900",
                    direccion="Av. Corrientes 1234, CABA",
                    takeaway=True,
                    whatsapp="https://wa.me/5491145678900",
                )
                created.append(settings.demo_username)
            if await repository.get_by_login(session, ADMIN_USERNAME) is None:
                password, generated = admin_password(settings)
                admin = await create_user(session, email=ADMIN_USERNAME, password=password, group=ADMIN, first_name="Admin")
                created.append(admin.username)
                if generated:
                    print(f"admin {ADMIN_USERNAME}: generated password {password} (shown only now)")
    finally:
        await engine.dispose()
    return created


if __name__ == "__main__":
    created = asyncio.run(seed(Settings()))
    print(f"seeded: {', '.join(created)}" if created else "seed: nothing to do")
