"""Build a service's FastAPI app: middleware, errors, health, database, broker, relay, consumers."""
import asyncio
import gc
import re
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from contextlib import AsyncExitStack, asynccontextmanager

from asgi_correlation_id import CorrelationIdMiddleware
from fastapi import APIRouter, FastAPI
from fastapi.openapi.utils import get_openapi
from fastapi.responses import JSONResponse
from redis.asyncio import Redis
from sqlalchemy import text
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from kit import localtime, messages, metrics
from kit.auth import CurrentUser, RevocationStore
from kit.bus import Bus
from kit.consumer import HandlerMap, subscribe_handlers
from kit.db import background_engine, make_session_factory, request_engine
from kit.errors import install_error_handlers
from kit.i18n import current_lang, negotiate
from kit.logs import configure_logging
from kit.outbox import OutboxRelay
from kit.settings import ServiceSettings
from kit.tokens import TokenVerifier

Hook = Callable[[FastAPI], Awaitable[None]]
Provides = Callable[[FastAPI], Mapping[str, object]]
RELAY_STOP_SECONDS = 10  # then the relay's batch in hand is cancelled; its events go out after a restart


def settle_heap(thresholds: tuple[int, int, int]) -> None:
    """Hide what start-up allocated from the cyclic collector, and collect young objects less often.

    Modules, routes, ORM mappers and schemas live as long as the process, yet every full collection
    walked them all: under load that was the public menu's tail (p99 six times p50; with the
    collector off, p99 within twice p50). Frozen objects are never scanned again; requests' own
    cycles are still collected."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*thresholds)


class ServiceHeaders:
    """Pure ASGI: sets the request's language and names the answering service in `X-Service`."""

    def __init__(self, app: ASGIApp, service_name: str):
        self.app = app
        self.service_header = (b"x-service", service_name.encode())

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        accept = next((v.decode() for k, v in scope["headers"] if k == b"accept-language"), None)
        token = current_lang.set(negotiate(accept))

        async def send_with_header(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), self.service_header]
            await send(message)

        try:
            await self.app(scope, receive, send_with_header)
        finally:
            current_lang.reset(token)


class RefuseNulCharacters:
    """Pure ASGI: a NUL character in a query string or a JSON or form body is a 400, answered here.

    PostgreSQL cannot store or compare text holding one, so it would otherwise reach the database
    and come back as a 500 from any service. JSON bodies are small (the gateway caps them), so they
    are read whole before the app sees them. Multipart bodies carry images and are left alone."""

    TEXT_BODIES = (b"application/json", b"application/x-www-form-urlencoded")
    # \u0000 in JSON, unless its backslash is itself escaped (an even run of backslashes before it)
    JSON_NUL = re.compile(rb"(?<!\\)(?:\\\\)*\\u0000", re.IGNORECASE)

    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        if b"%00" in scope.get("query_string", b"") or "\x00" in scope.get("path", ""):
            return await self._refuse(scope, receive, send)
        content_type = next((v for k, v in scope["headers"] if k == b"content-type"), b"").lower()
        if not content_type.startswith(self.TEXT_BODIES):
            return await self.app(scope, receive, send)
        chunks, more = [], True
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunks.append(message.get("body", b""))
            more = message.get("more_body", False)
        body = b"".join(chunks)
        form = content_type.startswith(b"application/x-www-form-urlencoded")
        if b"\x00" in body or (b"%00" in body if form else self.JSON_NUL.search(body)):
            return await self._refuse(scope, receive, send)
        replayed = False

        async def receive_body() -> Message:
            nonlocal replayed
            if replayed:
                return await receive()
            replayed = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, receive_body, send)

    @staticmethod
    async def _refuse(scope: Scope, receive: Receive, send: Send) -> None:
        await JSONResponse({"detail": messages.NUL_CHARACTER.render()}, status_code=400)(scope, receive, send)


def collaborators(app: FastAPI) -> dict[str, object]:
    """What every service's event handlers may name (`kit.consumer.inject`)."""
    return {"settings": app.state.settings, "redis": app.state.redis, "clock": localtime.utc_now}


def create_app(
    settings: ServiceSettings,
    routers: Sequence[APIRouter] = (),
    event_handlers: HandlerMap | None = None,
    on_startup: Sequence[Hook] = (),
    on_shutdown: Sequence[Hook] = (),
    provides: Provides | None = None,
) -> FastAPI:
    """`provides(app)`, read once the start-up hooks ran: the collaborators the service's event
    handlers may name beside the kit's own (`collaborators`)."""
    configure_logging(settings.service_name, settings.log_level)
    localtime.configure(settings.restaurant_timezone)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        async with AsyncExitStack() as stack:
            engine, background = request_engine(settings), background_engine(settings)
            stack.push_async_callback(engine.dispose)
            stack.push_async_callback(background.dispose)
            app.state.session_factory = make_session_factory(engine)
            # Event handlers, the relay, readiness and the live stream: never behind requests.
            app.state.background_session_factory = make_session_factory(background)
            app.state.redis = Redis.from_url(settings.redis_url, decode_responses=True)
            stack.push_async_callback(app.state.redis.aclose)
            app.state.token_verifier = TokenVerifier(settings.jwt_public_key, settings.jwt_issuer)
            app.state.revocations = RevocationStore(app.state.redis)

            # The service's own start-up runs before any event can arrive; its shutdown after the broker stops.
            for hook in on_startup:
                await hook(app)
            for hook in reversed(on_shutdown):
                stack.push_async_callback(hook, app)

            bus = app.state.bus = Bus(settings)
            app.state.broker = bus.broker
            app.state.relay = OutboxRelay(app.state.background_session_factory, bus, settings.outbox_poll_seconds)
            app.state.event_handlers = subscribe_handlers(
                bus, app.state.background_session_factory, event_handlers or {}, on_events_written=app.state.relay.wake,
                concurrency=max(1, settings.db_background_pool_size - 1),
                provided={**collaborators(app), **(provides(app) if provides else {})},
            )
            app.state.queue_names = []
            if settings.broker_enabled:
                stack.push_async_callback(bus.stop)
                await bus.start()
                app.state.queue_names = bus.queue_names

            relay_task = app.state.relay_task = asyncio.create_task(app.state.relay.run(), name="outbox-relay")
            settle_heap(settings.gc_thresholds)
            try:
                yield
            finally:
                app.state.relay.stop()
                # A batch stuck on the database or broker must not hold the shutdown up for long.
                _, pending = await asyncio.wait({relay_task}, timeout=RELAY_STOP_SECONDS)
                for task in pending:
                    task.cancel()
                await asyncio.gather(relay_task, return_exceptions=True)

    app = FastAPI(title=settings.service_name, lifespan=lifespan)
    app.state.settings = settings
    app.state.event_types = frozenset(event_handlers or {})
    install_error_handlers(app)
    for router in routers:
        app.include_router(router)

    @app.get("/healthz", include_in_schema=False)
    async def healthz():
        return {"status": "ok", "service": settings.service_name}

    @app.get("/whoami", include_in_schema=False)
    async def whoami(principal: CurrentUser):
        """Who this service takes the caller for: every service verifies tokens the same way."""
        return {"user_id": principal.user_id, "username": principal.username, "groups": list(principal.groups)}

    @app.get("/readyz", include_in_schema=False)
    async def readyz():
        """Ready when the database and Redis answer. The broker is reported, not required: while it
        is away requests keep working and their events wait in the outbox."""
        checks, broker = await asyncio.gather(readiness(app), broker_report(app.state.bus))
        ready = all(checks.values())
        return JSONResponse(
            {"status": "ok" if ready else "unavailable", "checks": checks, "broker": broker},
            status_code=200 if ready else 503,
        )

    app.openapi = lambda: openapi_with_spec_errors(app)
    mount_media(app, settings)
    app.add_middleware(RefuseNulCharacters)  # inside ServiceHeaders: the refusal is in the caller's language
    app.add_middleware(ServiceHeaders, service_name=settings.service_name)
    app.add_middleware(
        CorrelationIdMiddleware, header_name="X-Request-ID", validator=None, update_request_header=True
    )
    metrics.install(app)  # outermost: a request's time is all of it; /metrics for Prometheus only
    return app


ERROR_BODY = {
    "description": "Bad input: `{field: [messages]}` (nested for nested objects), `{non_field_errors: [...]}` or `{detail}`",
    "content": {"application/json": {"schema": {"type": "object", "additionalProperties": True}}},
}


def openapi_with_spec_errors(app: FastAPI) -> dict:
    """The OpenAPI document says 400 with the spec's shapes where FastAPI would say 422."""
    if app.openapi_schema is None:
        schema = get_openapi(title=app.title, version=app.version, routes=app.routes)
        for operations in schema.get("paths", {}).values():
            for operation in operations.values():
                responses = operation.get("responses", {})
                if responses.pop("422", None) is not None:
                    responses["400"] = ERROR_BODY
        for name in ("HTTPValidationError", "ValidationError"):
            schema.get("components", {}).get("schemas", {}).pop(name, None)
        app.openapi_schema = schema
    return app.openapi_schema


class ImmutableFiles(StaticFiles):
    """Uploaded files never change under a name (each upload gets a new one): cache them for good."""

    async def get_response(self, path: str, scope: Scope):
        response = await super().get_response(path, scope)
        if response.status_code == 200:
            response.headers["Cache-Control"] = "public, max-age=31536000, immutable"
        return response


def mount_media(app: FastAPI, settings: ServiceSettings) -> None:
    """Serve this service's uploads at /media/<service>/ (the gateway routes that prefix here)."""
    settings.media_dir.mkdir(parents=True, exist_ok=True)
    app.mount(f"/media/{settings.service_name}", ImmutableFiles(directory=settings.media_dir), name="media")


async def readiness(app: FastAPI) -> dict[str, bool]:
    async def database() -> bool:
        async with app.state.background_session_factory() as session:
            await session.execute(text("SELECT 1"))
        return True

    async def redis() -> bool:
        return bool(await app.state.redis.ping())

    names = ("database", "redis")
    results = await asyncio.gather(
        *(asyncio.wait_for(check(), timeout=3) for check in (database, redis)), return_exceptions=True
    )
    return {name: result is True for name, result in zip(names, results)}


async def broker_report(bus: Bus) -> dict:
    """Whether the broker answers, and how many events this service gave up on (dead letters)."""
    try:
        async with asyncio.timeout(2):
            if not await bus.reachable():
                return {"connected": False, "dead_letters": None}
            return {"connected": True, "dead_letters": await bus.dead_letter_count()}
    except Exception:  # noqa: BLE001  (a report, never a failure)
        return {"connected": False, "dead_letters": None}
