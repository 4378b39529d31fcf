import asyncio

from fastapi import FastAPI

from identity.admin.endpoints import router as admin_router
from identity.auth.endpoints import router as auth_router
from identity.client.endpoints import router as client_router
from identity.auth.service import DurableRevocations, SessionIssuer, mirror_all, watch_revocations
from identity.auth.throttle import AttemptLimits, Throttle
from identity.events import EVENT_HANDLERS
from identity.operator.endpoints import router as operator_router
from identity.restaurant.endpoints import router as restaurant_router
from identity.settings import Settings
from identity.social.endpoints import router as social_router
from identity.user.endpoints import router as user_router
from identity.user.passwords import configure_hashing
from kit.app import create_app
from kit.tokens import TokenSigner


def build_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()

    async def start_identity(app: FastAPI) -> None:
        configure_hashing(settings.password_hash_concurrency, settings.password_hash_time_cost, settings.password_hash_memory_kib)
        app.state.revocations = DurableRevocations(app.state.redis, app.state.session_factory)
        # Every service reads revocations from Redis: its copy is whole before identity serves, and
        # is written back within about a second whenever Redis loses it (the watchdog).
        await mirror_all(app.state.session_factory, app.state.revocations)
        app.state.revocation_watch = asyncio.create_task(
            watch_revocations(
                app.state.background_session_factory,
                app.state.revocations,
                settings.revocation_watch_seconds,
                settings.revocation_purge_seconds,
            ),
            name="revocation-watch",
        )
        signer = TokenSigner(settings.jwt_private_key, settings.jwt_issuer, settings.token_lifetime_seconds)
        app.state.sessions = SessionIssuer(signer, app.state.revocations)
        app.state.throttle = Throttle(app.state.redis, AttemptLimits.from_settings(settings))

    async def stop_identity(app: FastAPI) -> None:
        app.state.revocation_watch.cancel()
        await asyncio.gather(app.state.revocation_watch, return_exceptions=True)

    return create_app(
        settings,
        routers=[
            auth_router,
            user_router,
            client_router,
            restaurant_router,
            operator_router,
            social_router,
            admin_router,
        ],
        event_handlers=EVENT_HANDLERS,
        on_startup=[start_identity],
        on_shutdown=[stop_identity],
    )


app = build_app()
