"""One open socket: its scope, its language, and the frames waiting for it."""
import asyncio
from collections import deque
from typing import TypeVar

from pydantic import BaseModel, ValidationError
from starlette.websockets import WebSocket, WebSocketState

from contracts.live import ErrorFrame
from kit.i18n import Lang
from kit.metrics import WEBSOCKET_CLOSED, WEBSOCKET_FRAMES
from notifications.live import errors
from notifications.live.errors import Closure, Refused
from notifications.live.scope import DinerScope, StaffScope, TrackingScope
from notifications.settings import Settings

# A client that takes no frames cannot be told why it is closed: past this, it is just dropped.
CLOSE_SECONDS = 2.0
KINDS = {StaffScope: "staff", DinerScope: "diner", TrackingScope: "tracking"}  # `resto_websocket_frames_sent_total{kind}`
for _trouble in (errors.TOO_SLOW, errors.BUSY, errors.SERVER_ERROR):  # the closures an alert counts, scraped from 0
    WEBSOCKET_CLOSED.labels(_trouble.code)
T = TypeVar("T", bound=BaseModel)


async def receive_auth(websocket: WebSocket, model: type[T], seconds: float, max_bytes: int) -> T | None:
    """The socket's first message as `model`; None when the client left first."""
    try:
        async with asyncio.timeout(seconds):
            message = await websocket.receive()
    except TimeoutError:
        raise Refused(errors.AUTH_TIMEOUT)
    if message["type"] == "websocket.disconnect":
        return None
    text, data = message.get("text"), message.get("bytes")
    if len(text.encode() if text is not None else data or b"") > max_bytes:
        raise Refused(errors.MESSAGE_TOO_BIG)
    try:
        return model.model_validate_json(text or "")
    except ValidationError:
        raise Refused(errors.BAD_AUTH_MESSAGE)


async def send_closure(websocket: WebSocket, closure: Closure, lang: Lang) -> None:
    """Say why in an `error` frame, then close with the closure's code (the client may be gone
    already, or read nothing: that is not waited for long)."""
    if websocket.client_state != WebSocketState.CONNECTED:
        return
    WEBSOCKET_CLOSED.labels(closure.code).inc()
    try:
        async with asyncio.timeout(CLOSE_SECONDS):
            await websocket.send_text(ErrorFrame(type="error", code=closure.code, detail=closure.text.render(lang)).model_dump_json())
            await websocket.close(closure.close_code, closure.code)
    except Exception:  # noqa: BLE001  (a client that left, or reads nothing, cannot be told)
        pass


class Connection:
    """Frames wait here for the socket, within bounds: past `socket_queue_limit` frames or
    `socket_queue_bytes` characters waiting, or a frame not taken within `socket_send_seconds`,
    the socket is closed (1013) and what waited is dropped; it catches up when it reconnects."""

    def __init__(self, websocket: WebSocket, scope: StaffScope | DinerScope, lang: Lang, settings: Settings):
        self.websocket = websocket
        self.scope = scope
        self.lang = lang
        self._max_frames = settings.socket_queue_limit
        self._max_size = settings.socket_queue_bytes
        self._send_seconds = settings.socket_send_seconds
        self._frames: deque[tuple[int, int, str]] = deque()  # (restaurant, message id, frame)
        self._size = 0
        self._waiting = asyncio.Event()
        self._closure: Closure | None = None
        self._closing = asyncio.Event()
        # Each restaurant's frames up to this id were sent (the catch-up's); live ones repeating
        # them are skipped. Per restaurant: ids follow commit order only within one.
        self.sent_up_to: dict[int, int] = {}
        self._frames_sent = WEBSOCKET_FRAMES.labels(KINDS[type(scope)])

    def offer(self, restaurant_id: int, message_id: int, frames: dict[Lang, str]) -> None:
        """Queue a frame without waiting; a socket that lets too much pile up is closed."""
        if self._closure is not None:
            return
        frame = frames[self.lang]
        if len(self._frames) >= self._max_frames or self._size + len(frame) > self._max_size:
            self.close(errors.TOO_SLOW)
            return
        self._frames.append((restaurant_id, message_id, frame))
        self._size += len(frame)
        self._waiting.set()

    def close(self, closure: Closure) -> None:
        if self._closure is None:
            self._closure = closure
            self._frames.clear()
            self._size = 0
            self._closing.set()

    async def run(self, first: list[str]) -> None:
        """Send `first` (the catch-up and `ready`), then queued frames until the client leaves or
        the socket is closed."""
        tasks = {
            asyncio.create_task(self._send(first)),
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

    async def _send(self, first: list[str]) -> None:
        try:
            for frame in first:
                await self._send_in_time(frame)
            while True:
                while not self._frames:
                    self._waiting.clear()
                    await self._waiting.wait()
                restaurant_id, message_id, frame = self._frames.popleft()
                self._size -= len(frame)
                if message_id > self.sent_up_to.get(restaurant_id, 0):
                    await self._send_in_time(frame)
                    self.sent_up_to[restaurant_id] = message_id
        except TimeoutError:
            self.close(errors.TOO_SLOW)

    async def _send_in_time(self, frame: str) -> None:
        # The server's send waits while its buffer for the client is full: a client that stopped
        # reading would hold the frame, and everything queued behind it, for as long as it liked.
        async with asyncio.timeout(self._send_seconds):
            await self.websocket.send_text(frame)
        self._frames_sent.inc()

    async def _read_until_gone(self) -> None:
        """Clients send nothing after their auth; reading is how a departure is noticed."""
        while (await self.websocket.receive())["type"] != "websocket.disconnect":
            pass
