from fastapi import FastAPI

from ordering import models  # noqa: F401  (every table is known before the app starts)
from ordering.events import EVENT_HANDLERS
from ordering.settings import Settings
from kit.app import create_app


def build_app(settings: Settings | None = None) -> FastAPI:
    return create_app(settings or Settings(), routers=[], event_handlers=EVENT_HANDLERS)


app = build_app()
