"""The sockets: staff (`/ws/notificaciones/`), a place's phones (`/ws/notificaciones/mesa/`) and a
diner's tracking page of one delivery order (`/ws/notificaciones/seguimiento/`). The protocol is in
the service's README."""
from collections.abc import Awaitable, Callable

from fastapi import APIRouter, WebSocket
from pydantic import BaseModel
from sqlalchemy.exc import TimeoutError as SQLAlchemyTimeout
from sqlalchemy.ext.asyncio import AsyncSession

from contracts.live import DinerAuth, SocketAuth, StaffAuth, TrackingAuth
from kit.errors import ServiceBusy
from kit.i18n import current_lang
from kit.metrics import WEBSOCKET_CONNECTIONS
from notifications.live import errors, service
from notifications.live.connection import receive_auth, send_closure
from notifications.live.errors import Refused
from notifications.live.scope import DinerScope, StaffScope, TrackingScope

router = APIRouter()
Authorize = Callable[[AsyncSession, SocketAuth], Awaitable[StaffScope | DinerScope | TrackingScope]]
KINDS = {StaffAuth: "staff", DinerAuth: "diner", TrackingAuth: "tracking"}  # `resto_websocket_connections{kind}`


@router.websocket("/ws/notificaciones/")
async def staff_socket(websocket: WebSocket) -> None:
    state = websocket.app.state

    async def authorize(session: AsyncSession, hello: StaffAuth) -> StaffScope:
        return await service.staff_scope(session, state.token_verifier, state.revocations, hello)

    await _serve(websocket, StaffAuth, authorize)


@router.websocket("/ws/notificaciones/mesa/")
async def diner_socket(websocket: WebSocket) -> None:
    await _serve(websocket, DinerAuth, service.diner_scope)


@router.websocket("/ws/notificaciones/seguimiento/")
async def tracking_socket(websocket: WebSocket) -> None:
    """A diner's tracking page: one delivery order's frames, by its tracking token."""
    hours = websocket.app.state.settings.tracking_hours_after_close

    async def authorize(session: AsyncSession, hello: TrackingAuth) -> TrackingScope:
        return await service.tracking_scope(session, hello, hours)

    await _serve(websocket, TrackingAuth, authorize)


async def _serve(websocket: WebSocket, auth: type[BaseModel], authorize: Authorize) -> None:
    """Accept, then wait for the auth message; refused sockets are told why, in the auth's `lang`
    (else the handshake's Accept-Language), before the close. Behind the gateway the client's
    address is the one uvicorn takes from the gateway's X-Forwarded-For (`--forwarded-allow-ips`)."""
    state = websocket.app.state
    settings = state.settings
    lang = current_lang.get()
    await websocket.accept()
    try:
        with WEBSOCKET_CONNECTIONS.labels(KINDS[auth]).track_inprogress(), \
                state.hub.admitted(websocket.client.host if websocket.client else ""):
            hello = await receive_auth(websocket, auth, settings.socket_auth_seconds, settings.socket_max_frame_bytes)
            if hello is None:
                return
            lang = hello.lang or lang
            async with state.session_factory() as session:
                scope = await authorize(session, hello)
            await state.hub.serve(websocket, scope, hello, lang)
    except Refused as refusal:
        await send_closure(websocket, refusal.closure, lang)
    except (ServiceBusy, SQLAlchemyTimeout):
        await send_closure(websocket, errors.BUSY, lang)
