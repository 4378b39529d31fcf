"""One open socket: its scope, its language, and the frames waiting for it."""
import asyncio
import json
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError
from starlette.websockets import WebSocket, WebSocketState

from kit.i18n import Lang
from notifications.live import errors
from notifications.live.errors import Closure, Refused
from notifications.live.scope import DinerScope, StaffScope

MAX_AUTH_BYTES = 8192
T = TypeVar("T", bound=BaseModel)


async def receive_auth(websocket: WebSocket, model: type[T], seconds: float) -> T | None:
    """The socket's first message as `model`; None when the client left first."""
    try:
        async with asyncio.timeout(seconds):
            message = await websocket.receive()
    except TimeoutError:
        raise Refused(errors.AUTH_TIMEOUT)
    if message["type"] == "websocket.disconnect":
        return None
    text = message.get("text") or ""
    if len(text) > MAX_AUTH_BYTES:
        raise Refused(errors.BAD_AUTH_MESSAGE)
    try:
        return model.model_validate_json(text)
    except ValidationError:
        raise Refused(errors.BAD_AUTH_MESSAGE)


async def send_closure(websocket: WebSocket, closure: Closure, lang: Lang) -> None:
    """Say why in an `error` frame, then close with the closure's code (the client may be gone already)."""
    if websocket.client_state != WebSocketState.CONNECTED:
        return
    try:
        await websocket.send_text(json.dumps({"type": "error", "code": closure.code, "detail": closure.text.render(lang)}, ensure_ascii=False))
        await websocket.close(closure.close_code, closure.code)
    except Exception:  # noqa: BLE001  (a client that left cannot be told)
        pass


class Connection:
    def __init__(self, websocket: WebSocket, scope: StaffScope | DinerScope, lang: Lang, queue_limit: int):
        self.websocket = websocket
        self.scope = scope
        self.lang = lang
        self._frames: asyncio.Queue[tuple[int, str]] = asyncio.Queue(queue_limit)
        self._closure: Closure | None = None
        self._closing = asyncio.Event()
        # Frames up to this id were sent (the catch-up's); live ones repeating them are skipped.
        self.sent_up_to = 0

    def offer(self, message_id: int, frames: dict[Lang, str]) -> None:
        """Queue a frame without waiting: a socket too slow to take its frames is closed, and catches up when it reconnects."""
        try:
            self._frames.put_nowait((message_id, frames[self.lang]))
        except asyncio.QueueFull:
            self.close(errors.TOO_SLOW)

    def close(self, closure: Closure) -> None:
        if self._closure is None:
            self._closure = closure
            self._closing.set()

    async def send(self, payload: dict[str, Any]) -> None:
        await self.websocket.send_text(json.dumps(payload, ensure_ascii=False))

    async def run(self) -> None:
        """Send queued frames until the client leaves or the socket is closed."""
        tasks = {
            asyncio.create_task(self._send_frames()),
            asyncio.create_task(self._read_until_gone()),
            asyncio.create_task(self._closing.wait()),
        }
        try:
            await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
        if self._closure is not None:
            await send_closure(self.websocket, self._closure, self.lang)

    async def _send_frames(self) -> None:
        while True:
            message_id, frame = await self._frames.get()
            if message_id > self.sent_up_to:
                await self.websocket.send_text(frame)
                self.sent_up_to = message_id

    async def _read_until_gone(self) -> None:
        """Clients send nothing after their auth; reading is how a departure is noticed."""
        while (await self.websocket.receive())["type"] != "websocket.disconnect":
            pass
