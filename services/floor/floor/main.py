from fastapi import FastAPI

from floor import models  # noqa: F401  (every table is known before the app starts)
from floor.events import EVENT_HANDLERS
from floor.place.endpoints import router as place_router
from floor.qr.endpoints import router as qr_router
from floor.settings import Settings
from floor.waiter.endpoints import router as waiter_router
from kit.app import create_app


def build_app(settings: Settings | None = None) -> FastAPI:
    return create_app(settings or Settings(), routers=[place_router, waiter_router, qr_router], event_handlers=EVENT_HANDLERS)


app = build_app()
