"""The live stream in one process: every notification, in id order, to this process's sockets.

Each event is consumed by one process, which records its notification (ids commit in order, see
`repository.take_ids`) and publishes it on a Redis channel after the commit; every process
forwards what it receives to its own sockets of that restaurant or place.

The hub keeps the newest id it forwarded (`cursor`). A message newer than the next one means an
earlier one has not arrived yet (two processes published in the other order) or was lost (Redis
away, a process died between commit and publish): since ids commit in order, everything before it
is in the database, and is read from there first. The database is also read every
`stream_poll_seconds`, for a lost message that no later one reveals. So every process forwards
every message once, in order.

A socket joins in three steps: it is registered (live messages start queueing for it), what it
missed is read from the database up to the newest id and sent, followed by a `ready` frame with
that id, and then its queue is sent, skipping what the catch-up already sent. Nothing falls
between the two, nothing is sent twice.
"""
import asyncio
from collections import defaultdict
from collections.abc import Callable

import structlog
from redis.asyncio import Redis
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from starlette.websockets import WebSocket

from kit.auth import RevocationStore
from kit.i18n import Lang
from notifications.live import errors, service
from notifications.live.connection import Connection, send_closure
from notifications.live.errors import Refused
from notifications.live.scope import DinerScope, StaffScope
from notifications.notification import repository
from notifications.notification.message import MENU_CHANGED, PLACE_CLOSED, Message, dumps, loads
from notifications.settings import Settings

log = structlog.get_logger()

LANGS: tuple[Lang, ...] = ("es", "en")
READ_BATCH = 500
RESUBSCRIBE_SECONDS = 1.0


class Hub:
    def __init__(
        self,
        settings: Settings,
        session_factory: async_sessionmaker[AsyncSession],
        redis: Redis,
        revocations: RevocationStore,
    ):
        self._settings = settings
        self._session_factory = session_factory
        self._redis = redis
        self._revocations = revocations
        self._channel = settings.live_channel
        self._by_restaurant: dict[int, set[Connection]] = defaultdict(set)
        self._lock = asyncio.Lock()  # one forwarding at a time, so the cursor only moves forward in order
        self._subscribed = asyncio.Event()
        self._tasks: list[asyncio.Task] = []
        self.cursor = 0

    # ------------------------------------------------------------------------------ life
    async def start(self) -> None:
        async with self._session_factory() as session:
            self.cursor = await repository.head(session)
        self._tasks = [
            asyncio.create_task(self._listen(), name="live-listen"),
            asyncio.create_task(self._every(self._settings.stream_poll_seconds, self.catch_up), name="live-poll"),
            asyncio.create_task(self._every(self._settings.socket_check_seconds, self.check_staff), name="live-check"),
        ]
        try:  # ready once subscribed; if Redis is away, the database poll carries messages meanwhile
            async with asyncio.timeout(5):
                await self._subscribed.wait()
        except TimeoutError:
            log.warning("live_channel_unavailable", channel=self._channel)

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    async def publish(self, messages: list[Message]) -> None:
        """Tell every process (this one too) about messages just committed."""
        await self._redis.publish(self._channel, dumps(messages))

    async def _listen(self) -> None:
        while True:
            try:
                async with self._redis.pubsub(ignore_subscribe_messages=True) as pubsub:
                    await pubsub.subscribe(self._channel)
                    self._subscribed.set()
                    await self.catch_up()  # what was committed while not subscribed
                    async for item in pubsub.listen():
                        await self.receive(loads(item["data"]))
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # noqa: BLE001  (Redis away: the poll carries on, subscribe again)
                log.warning("live_channel_lost", error=repr(exc))
            self._subscribed.clear()
            await asyncio.sleep(RESUBSCRIBE_SECONDS)

    @staticmethod
    async def _every(seconds: float, job: Callable) -> None:
        while True:
            await asyncio.sleep(seconds)
            try:
                await job()
            except Exception:  # noqa: BLE001  (the next round tries again)
                log.exception("live_job_failed", job=job.__name__)

    # ------------------------------------------------------------------------------ the stream
    async def receive(self, messages: list[Message]) -> None:
        async with self._lock:
            for message in messages:
                if message.id <= self.cursor:
                    continue  # already forwarded (read from the database before it arrived)
                if message.id > self.cursor + 1:
                    try:
                        await self._forward_from_database(before=message.id)
                    except Exception:  # noqa: BLE001  (the poll fills the gap later, in order)
                        log.exception("live_gap_unfilled", cursor=self.cursor, message_id=message.id)
                        return
                await self._forward(message)

    async def catch_up(self) -> None:
        """Forward whatever was committed after the cursor."""
        async with self._lock:
            await self._forward_from_database()

    async def _forward_from_database(self, before: int | None = None) -> None:
        while True:
            async with self._session_factory() as session:
                batch = await repository.after(session, self.cursor, before, READ_BATCH)
            for message in batch:
                await self._forward(message)
            if len(batch) < READ_BATCH:
                return

    async def _forward(self, message: Message) -> None:
        self.cursor = message.id
        if message.type == PLACE_CLOSED or (message.type == MENU_CHANGED and message.place_id is not None):
            await self._check_diners(message)
        listeners = [c for c in self._by_restaurant.get(message.restaurant_id, ()) if c.scope.wants(message)]
        if listeners:
            frames = {lang: message.frame(lang) for lang in LANGS}
            for connection in listeners:
                connection.offer(message.id, frames)

    # ------------------------------------------------------------------------------ sockets
    async def serve(self, websocket: WebSocket, scope: StaffScope | DinerScope, last_id: int | None, lang: Lang) -> None:
        """Catch the socket up, then keep it live until it leaves or is closed."""
        connection = Connection(websocket, scope, lang, self._settings.socket_queue_limit)
        self._add(connection)
        try:
            async with self._session_factory() as session:
                missed, head, resync = await service.catch_up(session, scope, last_id, self._settings.catch_up_limit)
            for message in missed:
                await websocket.send_text(message.frame(lang))
            connection.sent_up_to = head
            await connection.send({"type": "ready", "last_id": head, "resync": resync, **scope.describe()})
            await connection.run()
        except Exception as exc:  # noqa: BLE001  (the database failed, or the client left mid-way)
            log.info("socket_ended", error=repr(exc))
            await send_closure(websocket, errors.SERVER_ERROR, lang)
        finally:
            self._remove(connection)

    def _add(self, connection: Connection) -> None:
        for restaurant_id in connection.scope.restaurants:
            self._by_restaurant[restaurant_id].add(connection)

    def _remove(self, connection: Connection) -> None:
        for restaurant_id in connection.scope.restaurants:
            listeners = self._by_restaurant.get(restaurant_id)
            if listeners is not None:
                listeners.discard(connection)
                if not listeners:
                    del self._by_restaurant[restaurant_id]

    def _connections(self, kind: type) -> list[Connection]:
        return list({c for listeners in self._by_restaurant.values() for c in listeners if isinstance(c.scope, kind)})

    async def _rescope(self, connection: Connection, recheck) -> None:
        """Apply a recheck's verdict: close the socket, or follow its new scope."""
        try:
            async with self._session_factory() as session:
                scope = await recheck(session, connection.scope)
        except Refused as refusal:
            connection.close(refusal.closure)
            return
        if scope != connection.scope:
            self._remove(connection)
            connection.scope = scope
            self._add(connection)

    async def check_staff(self) -> None:
        """Close staff sockets whose token was revoked or expired, or whose user left the restaurant."""
        async def recheck(session, scope):
            return await service.recheck_staff(session, self._revocations, scope)

        for connection in self._connections(StaffScope):
            await self._rescope(connection, recheck)

    async def _check_diners(self, message: Message) -> None:
        """A place's token was replaced, the place (or its restaurant) removed, or its menu changed."""
        for connection in list(self._by_restaurant.get(message.restaurant_id, ())):
            scope = connection.scope
            if isinstance(scope, DinerScope) and message.place_id in (None, scope.place_id):
                await self._rescope(connection, service.recheck_diner)
