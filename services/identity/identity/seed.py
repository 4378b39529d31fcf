"""Demo data, seeded once (running it again changes nothing): python -m identity.seed

The demo owner (and its restaurant) backs the 'demo login' button; the admin account lets a
local operator reach the admin screens. Their events go through the outbox like any other.
"""
import asyncio
import os

from identity.restaurant.service import create_restaurant
from identity.settings import Settings
from identity.user import repository
from identity.user.service import create_user
from kit.auth import ADMIN, OWNER
from kit.db import make_engine, make_session_factory

DEMO_PASSWORD = os.environ.get("DEMO_PASSWORD", "Demo-Resto-2026")
ADMIN_USERNAME = os.environ.get("ADMIN_USERNAME", "admin@resto.local")
ADMIN_PASSWORD = os.environ.get("ADMIN_PASSWORD", "Admin-Resto-2026")


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
                admin = await create_user(
                    session, email=ADMIN_USERNAME, password=ADMIN_PASSWORD, group=ADMIN, first_name="Admin"
                )
                created.append(admin.username)
    finally:
        await engine.dispose()
    return created


if __name__ == "__main__":
    created = asyncio.run(seed(Settings()))
    print(f"seeded: {', '.join(created)}" if created else "seed: nothing to do")
