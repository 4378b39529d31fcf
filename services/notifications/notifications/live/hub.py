"""The live stream in one process: every notification, in id order, to this process's sockets.

Each event is consumed by one process, which records its notification (a restaurant's messages
commit in order, numbered 1, 2, 3 ... by `seq`; see `repository.take_positions`) and publishes it
on a Redis channel after the commit; every process forwards what it receives to its own sockets of
that restaurant or place.

For each restaurant it has sockets of, the hub keeps the newest `seq` it forwarded (`cursors`). A
message further ahead than the next one means an earlier one has not arrived yet (two processes
published in the other order) or was lost (Redis away, a process died between commit and publish):
since a restaurant's messages commit in order, everything before it is in the database, and is
read from there first. The restaurants' heads are also read every `stream_poll_seconds`, for a lost
message that no later one reveals. So every process forwards every message once, in order, and
restaurants never wait for one another: their messages are numbered and committed apart.

A socket joins in three steps: it is registered (its restaurants followed from their newest
message, and live messages start queueing for it), what it missed is read from the database up to
each restaurant's newest id and sent, followed by a `ready` frame with those ids, and then its
queue is sent, skipping what the catch-up already sent. Nothing falls between the two, nothing is
sent twice.

The lock serializes forwarding, and nothing but the stream's own reads waits under it: sockets are
checked again (tokens, memberships, places) by separate tasks, every socket of the process in one
batch, and forwarding only notes which places need it. Joining sockets are counted against the caps
per address, restaurant and place before they are registered.
"""
import asyncio
import time
from collections import Counter, defaultdict
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from typing import NoReturn

import structlog
from redis.asyncio import Redis
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from starlette.websockets import WebSocket

from contracts.live import SocketAuth
from kit import jobs
from kit.auth import RevocationStore
from kit.i18n import Lang
from notifications.live import errors, service
from notifications.live.connection import Connection, send_closure
from notifications.live.errors import Closure, Refused
from notifications.live.scope import DinerScope, StaffScope, TrackingScope
from notifications.notification import repository
from notifications.notification.message import MENU_CHANGED, PLACE_CLOSED, TAB_CLOSED, Message, dumps, loads
from notifications.settings import Settings

log = structlog.get_logger()

LANGS: tuple[Lang, ...] = ("es", "en")
READ_BATCH = 500
RESUBSCRIBE_SECONDS = 1.0
REFUSALS_LOGGED_EVERY = 60.0  # seconds
# Catch-ups read from the background pool, which event handlers and the stream's poll share: a
# crowd of sockets joining at once (a restart) takes turns on one of its connections.
CATCH_UPS_AT_ONCE = 1


def allowed_frame(message: Message, lang: Lang) -> str | None:
    """The message's frame; None (and logged) for a stored message the protocol does not allow,
    which no socket is ever sent."""
    try:
        return message.frame(lang)
    except (ValueError, KeyError):
        log.exception("live_frame_refused", message_id=message.id, type=message.type)
        return None


class Hub:
    def __init__(
        self, settings: Settings, session_factory: async_sessionmaker[AsyncSession], redis: Redis, revocations: RevocationStore
    ):
        self._settings = settings
        self._session_factory = session_factory  # the background pool: requests never stall the stream
        self._redis = redis
        self._revocations = revocations
        self._channel = settings.live_channel
        self._open: set[Connection] = set()
        self._by_restaurant: dict[int, set[Connection]] = defaultdict(set)
        self._per_place: Counter[int] = Counter()
        self._per_address: Counter[str] = Counter()
        self._lock = asyncio.Lock()  # one forwarding at a time, so the cursor only moves forward in order
        self._places_to_check: set[tuple[int, int | None]] = set()  # (restaurant, place or every place)
        self._place_news = asyncio.Event()
        self._catch_ups = asyncio.Semaphore(CATCH_UPS_AT_ONCE)
        self._refusals_logged: dict[tuple, float] = {}
        self._subscribed = asyncio.Event()
        self._tasks: list[asyncio.Task] = []
        # The newest seq forwarded of each restaurant this process has sockets of.
        self.cursors: dict[int, int] = {}

    @property
    def open_sockets(self) -> int:
        return len(self._open)

    # ------------------------------------------------------------------------------ life
    async def start(self) -> None:
        self._tasks = [
            asyncio.create_task(self._listen(), name="live-listen"),
            jobs.every(self._settings.stream_poll_seconds, self.catch_up,
                       name="live-poll", failed="live_job_failed", job="catch_up"),
            jobs.every(self._settings.socket_check_seconds, self.check_sockets,
                       name="live-check", failed="live_job_failed", job="check_sockets"),
            asyncio.create_task(self._check_places(), name="live-check-places"),
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

    # ------------------------------------------------------------------------------ the stream
    async def receive(self, messages: list[Message]) -> None:
        async with self._lock:
            unfilled: set[int] = set()
            for message in messages:
                restaurant_id = message.restaurant_id
                cursor = self.cursors.get(restaurant_id)
                if cursor is None or message.seq <= cursor or restaurant_id in unfilled:
                    continue  # no socket here wants it, or already forwarded (read from the database first)
                if message.seq > cursor + 1:
                    try:
                        await self._forward_from_database(restaurant_id, before=message.seq)
                    except Exception:  # noqa: BLE001  (the poll fills the gap later, in order)
                        log.exception("live_gap_unfilled", restaurant=restaurant_id, cursor=cursor, seq=message.seq)
                        unfilled.add(restaurant_id)
                        continue
                self._forward(message)

    async def catch_up(self) -> None:
        """Forward whatever was committed after the cursors (one read of the heads, then only the
        restaurants behind)."""
        async with self._lock:
            if not self.cursors:
                return
            async with self._session_factory() as session:
                heads = await repository.heads(session, list(self.cursors))
            for restaurant_id, (last_seq, _) in heads.items():
                if last_seq > self.cursors.get(restaurant_id, last_seq):
                    await self._forward_from_database(restaurant_id)

    async def _forward_from_database(self, restaurant_id: int, before: int | None = None) -> None:
        while (cursor := self.cursors.get(restaurant_id)) is not None:
            async with self._session_factory() as session:
                batch = await repository.after(session, restaurant_id, cursor, before, READ_BATCH)
            for message in batch:
                self._forward(message)
            if len(batch) < READ_BATCH:
                return

    async def _follow(self, restaurant_ids: frozenset[int]) -> None:
        """Start following restaurants from their newest message (under the lock: nothing arrives
        between the read and the caller's registration of its socket)."""
        new = [restaurant_id for restaurant_id in restaurant_ids if restaurant_id not in self.cursors]
        if new:
            async with self._session_factory() as session:
                heads = await repository.heads(session, new)
            for restaurant_id, (last_seq, _) in heads.items():
                self.cursors[restaurant_id] = last_seq

    def _forward(self, message: Message) -> None:
        """Offer the message to this process's sockets that want it. Never waits: no query, no
        network, however many sockets (a place's news only marks it for the place checks)."""
        if message.restaurant_id not in self.cursors:
            return  # its last socket left meanwhile
        self.cursors[message.restaurant_id] = message.seq
        if message.type == TAB_CLOSED and message.place_id is not None:
            self._new_sitting(message)
        if message.type == MENU_CHANGED and message.place_id is not None and message.menu_id is not None:
            self._new_menu(message)
        if message.type == PLACE_CLOSED or (message.type == MENU_CHANGED and message.place_id is not None):
            self._places_to_check.add((message.restaurant_id, message.place_id))
            self._place_news.set()
        listeners = [c for c in self._by_restaurant.get(message.restaurant_id, ()) if c.scope.wants(message)]
        if listeners:
            frames = {lang: frame for lang in LANGS if (frame := allowed_frame(message, lang)) is not None}
            if not frames:
                return
            for connection in listeners:
                connection.offer(message.restaurant_id, message.id, frames)

    def _phones_at(self, message: Message) -> Iterator[tuple[Connection, DinerScope]]:
        """The open phones of the message's place, with their scope."""
        for connection in self._by_restaurant.get(message.restaurant_id, ()):
            if isinstance(scope := connection.scope, DinerScope) and scope.place_id == message.place_id:
                yield connection, scope

    def _new_sitting(self, message: Message) -> None:
        """The place's tab closed: its open phones hear nothing more from before this moment."""
        for connection, scope in self._phones_at(message):
            if scope.since is None or scope.since < message.created_at:
                connection.scope = replace(scope, since=message.created_at)

    def _new_menu(self, message: Message) -> None:
        """The place reads another menu now: its open phones follow that menu's news from this
        message on, not from the place check's read that follows (which confirms it)."""
        for connection, scope in self._phones_at(message):
            if scope.menu_id != message.menu_id:
                connection.scope = replace(scope, menu_id=message.menu_id)

    # ------------------------------------------------------------------------------ sockets
    @contextmanager
    def admitted(self, address: str) -> Iterator[None]:
        """Count a socket against its address's cap for as long as it is open (authenticated or not)."""
        if self._per_address[address] >= self._settings.sockets_per_address:
            self._refuse(errors.TOO_MANY_FROM_ADDRESS, address=address)
        self._per_address[address] += 1
        try:
            yield
        finally:
            self._per_address[address] -= 1
            if not self._per_address[address]:
                del self._per_address[address]

    def _admit(self, scope: StaffScope | DinerScope) -> None:
        if isinstance(scope, DinerScope) and self._per_place[scope.place_id] >= self._settings.sockets_per_place:
            self._refuse(errors.TOO_MANY_AT_PLACE, restaurant=scope.restaurant_id, place=scope.place_id)
        for restaurant_id in scope.restaurants:
            if len(self._by_restaurant.get(restaurant_id, ())) >= self._settings.sockets_per_restaurant:
                self._refuse(errors.TOO_MANY_FOR_RESTAURANT, restaurant=restaurant_id)

    def _refuse(self, closure: Closure, **where: str | int) -> NoReturn:
        """Refuse past a cap; logged once a minute for each full cap, so a flood does not flood the log."""
        key = (closure.code, *where.values())
        now = time.monotonic()
        if now - self._refusals_logged.get(key, -REFUSALS_LOGGED_EVERY) >= REFUSALS_LOGGED_EVERY:
            if len(self._refusals_logged) > 10_000:  # many addresses at once: start over
                self._refusals_logged.clear()
            self._refusals_logged[key] = now
            log.warning("socket_refused", code=closure.code, **where)
        raise Refused(closure)

    async def serve(self, websocket: WebSocket, scope: StaffScope | DinerScope, hello: SocketAuth, lang: Lang) -> None:
        """Catch the socket up, then keep it live until it leaves or is closed. Refused (before
        anything is sent) past the caps of its restaurants or its place."""
        self._admit(scope)
        connection = Connection(websocket, scope, lang, self._settings)
        try:
            await self._register(connection)
            async with self._catch_ups, self._session_factory() as session:
                missed, heads, resync = await service.catch_up(session, connection.scope, hello, self._settings.catch_up_limit)
            connection.sent_up_to = dict(heads)
            ready = connection.scope.ready(heads, resync).model_dump_json()
            await connection.run([frame for message in missed if (frame := allowed_frame(message, lang)) is not None] + [ready])
        except Exception as exc:  # noqa: BLE001  (the database failed, or the client left mid-way)
            log.info("socket_ended", error=repr(exc))
            await send_closure(websocket, errors.SERVER_ERROR, lang)
        finally:
            self._remove(connection)

    async def _register(self, connection: Connection) -> None:
        async with self._lock:
            await self._follow(connection.scope.restaurants)
            self._add(connection)

    def _add(self, connection: Connection) -> None:
        self._open.add(connection)
        for restaurant_id in connection.scope.restaurants:
            self._by_restaurant[restaurant_id].add(connection)
        if isinstance(connection.scope, DinerScope):
            self._per_place[connection.scope.place_id] += 1

    def _remove(self, connection: Connection, keep: frozenset[int] = frozenset()) -> None:
        """Unregister the socket; a restaurant none of this process's sockets wants is no longer
        followed (unless in `keep`: the socket moves to a scope with it)."""
        if connection not in self._open:
            return
        self._open.discard(connection)
        for restaurant_id in connection.scope.restaurants:
            listeners = self._by_restaurant.get(restaurant_id)
            if listeners is not None:
                listeners.discard(connection)
                if not listeners:
                    del self._by_restaurant[restaurant_id]
                    if restaurant_id not in keep:
                        self.cursors.pop(restaurant_id, None)
        if isinstance(connection.scope, DinerScope):
            self._per_place[connection.scope.place_id] -= 1
            if not self._per_place[connection.scope.place_id]:
                del self._per_place[connection.scope.place_id]

    def _connections(self, kind: type) -> list[Connection]:
        return [c for c in self._open if isinstance(c.scope, kind)]

    # ------------------------------------------------------------------------------ checks
    async def check_sockets(self) -> None:
        """Check every socket again, in one batch: staff tokens (one Redis round trip) and
        memberships (one query), diners' places (one query), tracking pages' orders (one query).
        Outside the forwarding lock."""
        staff, diners, trackers = self._connections(StaffScope), self._connections(DinerScope), self._connections(TrackingScope)
        if not staff and not diners and not trackers:
            return
        hours = self._settings.tracking_hours_after_close
        async with self._session_factory() as session:
            verdicts = [
                *(await service.recheck_staff(session, self._revocations, [c.scope for c in staff]) if staff else []),
                *(await service.recheck_diners(session, [c.scope for c in diners]) if diners else []),
                *(await service.recheck_tracking(session, [c.scope for c in trackers], hours) if trackers else []),
            ]
        await self._apply([*staff, *diners, *trackers], verdicts)

    async def _check_places(self) -> None:
        """The phones of places whose token was replaced, that were removed or given another menu,
        checked as soon as the stream says so (one query for all of them)."""
        while True:
            await self._place_news.wait()
            self._place_news.clear()
            places, self._places_to_check = self._places_to_check, set()
            diners = [
                c for c in self._connections(DinerScope)
                if {(c.scope.restaurant_id, c.scope.place_id), (c.scope.restaurant_id, None)} & places
            ]
            if not diners:
                continue
            try:
                async with self._session_factory() as session:
                    verdicts = await service.recheck_diners(session, [c.scope for c in diners])
            except Exception:  # noqa: BLE001  (the next round of check_sockets does it)
                log.exception("live_place_check_failed")
                continue
            await self._apply(diners, verdicts)

    async def _apply(self, connections: Sequence[Connection], verdicts: Sequence[StaffScope | DinerScope | Closure]) -> None:
        """Close the sockets refused, move the others to their scope now (a socket that left
        meanwhile is left alone; a sitting learnt from the stream meanwhile is kept; a restaurant
        gained is followed from its newest message on)."""
        for connection, verdict in zip(connections, verdicts, strict=True):
            if connection not in self._open:
                continue
            if isinstance(verdict, Closure):
                connection.close(verdict)
                continue
            current = connection.scope
            if isinstance(verdict, DinerScope) and isinstance(current, DinerScope) and current.since is not None:
                if verdict.since is None or verdict.since < current.since:
                    verdict = replace(verdict, since=current.since)
            if verdict != current:
                if verdict.restaurants - current.restaurants:
                    async with self._lock:
                        await self._follow(verdict.restaurants)
                        if connection not in self._open:
                            continue  # it left while the heads were read
                        self._move(connection, verdict)
                else:
                    self._move(connection, verdict)

    def _move(self, connection: Connection, scope: StaffScope | DinerScope) -> None:
        self._remove(connection, keep=scope.restaurants)
        connection.scope = scope
        self._add(connection)
