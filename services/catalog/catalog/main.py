from fastapi import FastAPI
from redis.asyncio import Redis

from catalog import models  # noqa: F401  (every table is known before the app starts)
from catalog.category.endpoints import router as category_router
from catalog.changes import bind
from catalog.dish.endpoints import router as dish_router
from catalog.events import EVENT_HANDLERS
from catalog.menu.endpoints import router as menu_router
from catalog.price.endpoints import router as price_router
from catalog.public_menu.cache import MenuCache
from catalog.public_menu.endpoints import router as public_menu_router
from catalog.public_menu.fast_path import PublicMenuFastPath
from catalog.settings import Settings
from kit.app import create_app


def build_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()

    async def open_menu_cache(app: FastAPI) -> None:
        # The cache keeps bytes, so it has a client of its own (the kit's decodes to str).
        app.state.menu_cache_redis = Redis.from_url(settings.redis_url, decode_responses=False)
        app.state.menu_cache = MenuCache(app.state.menu_cache_redis)
        # Requests and event handlers reach the cache and the media folder through their session (catalog.changes).
        for sessions in (app.state.session_factory, app.state.background_session_factory):
            bind(sessions, app.state.menu_cache, settings.media_dir)

    async def close_menu_cache(app: FastAPI) -> None:
        await app.state.menu_cache_redis.aclose()

    app = create_app(
        settings,
        routers=[public_menu_router, menu_router, category_router, dish_router, price_router],
        event_handlers=EVENT_HANDLERS,
        on_startup=[open_menu_cache],
        on_shutdown=[close_menu_cache],
    )
    app.add_middleware(PublicMenuFastPath, service_name=settings.service_name)  # outermost: see fast_path.py
    return app


app = build_app()
