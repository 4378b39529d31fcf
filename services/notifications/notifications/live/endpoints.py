"""The two sockets: staff (`/ws/notificaciones/`) and a place's phones (`/ws/notificaciones/mesa/`).
The protocol is in the service's README."""
from collections.abc import Awaitable, Callable

from fastapi import APIRouter, WebSocket
from pydantic import BaseModel
from sqlalchemy.ext.asyncio import AsyncSession

from kit.i18n import current_lang
from notifications.live import service
from notifications.live.connection import receive_auth, send_closure
from notifications.live.errors import Refused
from notifications.live.schemas import DinerAuth, SocketAuth, StaffAuth
from notifications.live.scope import DinerScope, StaffScope

router = APIRouter()
Authorize = Callable[[AsyncSession, SocketAuth], Awaitable[StaffScope | DinerScope]]


@router.websocket("/ws/notificaciones/")
async def staff_socket(websocket: WebSocket) -> None:
    state = websocket.app.state

    async def authorize(session: AsyncSession, hello: StaffAuth) -> StaffScope:
        return await service.staff_scope(session, state.token_verifier, state.revocations, hello)

    await _serve(websocket, StaffAuth, authorize)


@router.websocket("/ws/notificaciones/mesa/")
async def diner_socket(websocket: WebSocket) -> None:
    await _serve(websocket, DinerAuth, service.diner_scope)


async def _serve(websocket: WebSocket, auth: type[BaseModel], authorize: Authorize) -> None:
    """Accept, then wait for the auth message; refused sockets are told why before the close."""
    state = websocket.app.state
    await websocket.accept()
    try:
        hello = await receive_auth(websocket, auth, state.settings.socket_auth_seconds)
        if hello is None:
            return
        async with state.session_factory() as session:
            scope = await authorize(session, hello)
    except Refused as refusal:
        return await send_closure(websocket, refusal.closure, current_lang.get())
    await state.hub.serve(websocket, scope, hello.last_id, hello.lang or current_lang.get())
