from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI
from redis.asyncio import Redis

from catalog import models  # noqa: F401  (every table is known before the app starts)
from catalog.category.endpoints import router as category_router
from catalog.dish.endpoints import router as dish_router
from catalog.events import EVENT_HANDLERS
from catalog.menu.endpoints import router as menu_router
from catalog.price.endpoints import router as price_router
from catalog.public_menu.cache import MenuCache
from catalog.public_menu.endpoints import router as public_menu_router
from catalog.public_menu.fast_path import PublicMenuFastPath
from catalog.settings import Settings
from catalog.stale import MENU_CACHE
from kit.app import create_app


def build_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()

    async def start_catalog(app: FastAPI) -> None:
        # Event handlers reach the cache through their session (see catalog.stale).
        app.state.session_factory.configure(info={MENU_CACHE: app.state.menu_cache})

    app = create_app(
        settings,
        routers=[public_menu_router, menu_router, category_router, dish_router, price_router],
        event_handlers=EVENT_HANDLERS,
        on_startup=[start_catalog],
    )

    app.add_middleware(PublicMenuFastPath, service_name=settings.service_name)  # outermost: see fast_path.py

    # The menu cache keeps bytes, so it needs its own client (the kit's decodes to str); the
    # kit has no shutdown hook, so the app's lifespan is wrapped to open and close it.
    kit_lifespan = app.router.lifespan_context

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        redis = Redis.from_url(settings.redis_url, decode_responses=False)
        app.state.menu_cache = MenuCache(redis)
        try:
            async with kit_lifespan(app):
                yield
        finally:
            await redis.aclose()

    app.router.lifespan_context = lifespan
    return app


app = build_app()
