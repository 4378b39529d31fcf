from fastapi import FastAPI

from kit import jobs
from kit.app import create_app
from notifications import models  # noqa: F401  (every table is known before the app starts)
from notifications.events import EVENT_HANDLERS
from notifications.live.endpoints import router as live_router
from notifications.live.hub import Hub
from notifications.notification import retention
from notifications.notification import service as notifications
from notifications.notification.endpoints import router as bell_router
from notifications.settings import Settings


def build_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()

    async def start_hub(app: FastAPI) -> None:
        # The stream's reads (poll, catch-ups, checks) and the retention job use the background
        # pool: a flood of requests cannot stall the live stream.
        background = app.state.background_session_factory
        app.state.hub = Hub(settings, background, app.state.redis, app.state.revocations)
        # Event handlers record notifications through their session; the hub publishes them after the commit.
        for factory in (background, app.state.session_factory):
            notifications.bind(factory, app.state.hub.publish)
        await app.state.hub.start()
        app.state.retention = retention.keep(background, settings)

    async def stop_hub(app: FastAPI) -> None:
        await jobs.stop(app.state.retention)
        await app.state.hub.stop()

    return create_app(
        settings,
        routers=[bell_router, live_router],
        event_handlers=EVENT_HANDLERS,
        on_startup=[start_hub],
        on_shutdown=[stop_hub],
    )


app = build_app()
