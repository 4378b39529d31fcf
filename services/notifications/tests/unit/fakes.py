"""In-memory fakes of what notifications' rules take: its repositories (the stream of notifications,
the places and the tracked deliveries), the unit of work (a session and its factory), a socket, the
token verifier and the revocations. No PostgreSQL, Redis or RabbitMQ: each fake holds its rows in
Python and answers as its repository's query would (`install` puts them in the repositories' place).
"""
import asyncio
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime

from starlette.websockets import WebSocketState

from kit.db import run_after_commit
from kit.tokens import InvalidToken, Principal
from notifications.delivery.models import TrackedDelivery
from notifications.notification.message import Message
from notifications.notification.service import PUBLISH
from notifications.place.models import Place

NOW = datetime(2026, 11, 22, 21, 4, 5, tzinfo=UTC)


# ---------------------------------------------------------------------------------- unit of work
class Session:
    """A unit of work: rows added, callbacks after its commit (kit.db.after_commit), and the live
    stream's publish (what `service.bind` puts in every session's info)."""

    def __init__(self, published: list[list[Message]] | None = None):
        self.added: list = []
        self.committed = False
        self.published = published if published is not None else []

        async def publish(messages: list[Message]) -> None:
            self.published.append(messages)

        self.info: dict = {PUBLISH: publish}

    def add_all(self, rows: Iterable) -> None:
        self.added.extend(rows)

    async def commit(self) -> None:
        self.committed = True
        await run_after_commit(self)

    async def __aenter__(self) -> "Session":
        return self

    async def __aexit__(self, *exc) -> None:
        return None


class SessionFactory:
    """`async with factory() as session`: every session it made, in order."""

    def __init__(self):
        self.sessions: list[Session] = []

    def __call__(self) -> Session:
        self.sessions.append(Session())
        return self.sessions[-1]


# ---------------------------------------------------------------------------------- repositories
class Stream:
    """notification.repository's stream: each restaurant's head (seq, id) and its messages, as the
    `notification` and `stream_head` tables hold them. Ids are one sequence for every restaurant,
    seqs count each restaurant's own."""

    def __init__(self):
        self.messages: list[Message] = []
        self._last_id = 0
        self._heads: dict[int, tuple[int, int]] = {}
        self.reads: list[tuple] = []  # every query, to say how often the database was asked

    def add(self, message: Message) -> Message:
        """A committed message (its id and seq taken as take_positions would)."""
        (position,) = self.take(message.restaurant_id, 1)
        stored = Message(**{**message.__dict__, "id": position[0], "seq": position[1]})
        self.messages.append(stored)
        return stored

    def take(self, restaurant_id: int, count: int) -> list[tuple[int, int]]:
        last_seq, _ = self._heads.get(restaurant_id, (0, 0))
        ids = list(range(self._last_id + 1, self._last_id + count + 1))
        self._last_id += count
        self._heads[restaurant_id] = (last_seq + count, ids[-1])
        return list(zip(ids, range(last_seq + 1, last_seq + count + 1)))

    # the repository's functions
    async def take_positions(self, session, restaurant_id: int, count: int) -> list[tuple[int, int]]:
        return self.take(restaurant_id, count)

    async def heads(self, session, restaurant_ids: Iterable[int]) -> dict[int, tuple[int, int]]:
        wanted = sorted(set(restaurant_ids))
        self.reads.append(("heads", tuple(wanted)))
        return {restaurant_id: self._heads.get(restaurant_id, (0, 0)) for restaurant_id in wanted}

    async def after(self, session, restaurant_id: int, after_seq: int, before_seq: int | None, limit: int) -> list[Message]:
        self.reads.append(("after", restaurant_id, after_seq, before_seq))
        found = [
            m for m in self.messages
            if m.restaurant_id == restaurant_id and m.seq > after_seq and (before_seq is None or m.seq < before_seq)
        ]
        return sorted(found, key=lambda m: m.seq)[:limit]

    async def newest_in(self, session, audiences: Sequence, limit: int) -> tuple[list[Message], bool]:
        """The audiences are `Bounded` ones (a scope stand-in): each restaurant's messages after its
        last seen id up to its newest, that the scope wants."""
        self.reads.append(("newest_in", len(audiences)))
        rows = sorted({m.id: m for audience in audiences for m in self.messages if audience.holds(m)}.values(), key=lambda m: m.id)
        return rows[-limit:] if limit else [], len(rows) > limit


@dataclass(frozen=True)
class Bounded:
    """A catch-up audience: a restaurant's messages with seen < id <= newest that `wants` takes."""

    restaurant_id: int
    seen: int
    newest: int
    wants: object

    def holds(self, message: Message) -> bool:
        return message.restaurant_id == self.restaurant_id and self.seen < message.id <= self.newest and self.wants(message)


@dataclass
class Places:
    """place.repository: floor's places as projected, with where each place's sitting started."""

    rows: dict[int, Place] = field(default_factory=dict)
    sittings: dict[int, datetime] = field(default_factory=dict)

    def put(self, place_id: int, restaurant_id: int, name: str = "", menu_id: int = 30, token_hash: str = "", removed: bool = False,
            changed_at: datetime = NOW) -> Place:
        self.rows[place_id] = Place(place_id=place_id, restaurant_id=restaurant_id, menu_id=menu_id, name=name, kind="mesa",
                                    token_hash=token_hash, removed=removed, changed_at=changed_at)
        return self.rows[place_id]

    async def get(self, session, place_id: int, *, lock: bool = False) -> Place | None:
        return self.rows.get(place_id)

    async def by_token_hash(self, session, token_hash: str):
        return (await self.by_token_hashes(session, [token_hash])).get(token_hash)

    async def by_token_hashes(self, session, token_hashes: Sequence[str]):
        return {
            place.token_hash: (place, self.sittings.get(place.place_id))
            for place in self.rows.values() if place.token_hash in token_hashes and not place.removed
        }

    async def name_of(self, session, place_id: int | None) -> str:
        place = self.rows.get(place_id) if place_id is not None else None
        return place.name if place else ""

    async def start_sitting(self, session, restaurant_id: int, place_id: int, at: datetime) -> bool:
        if place_id in self.sittings and self.sittings[place_id] >= at:
            return False
        self.sittings[place_id] = at
        return True


@dataclass
class Deliveries:
    """delivery.repository: the tracked deliveries by their token's hash."""

    rows: dict[str, TrackedDelivery] = field(default_factory=dict)

    def put(self, token_hash: str, delivery_id: int, restaurant_id: int, closed_at: datetime | None = None) -> None:
        self.rows[token_hash] = TrackedDelivery(delivery_id=delivery_id, restaurant_id=restaurant_id, token_hash=token_hash,
                                                closed_at=closed_at, changed_at=NOW)

    async def by_token_hashes(self, session, token_hashes: Sequence[str]) -> dict[str, TrackedDelivery]:
        return {h: self.rows[h] for h in token_hashes if h in self.rows}


# ---------------------------------------------------------------------------------- the edges
class WebSocket:
    """A client's socket as the app sees it: what it was sent, how it was closed; `leave()` (or
    `say(...)`) is what the client does."""

    def __init__(self, *incoming: dict):
        self.sent: list[str] = []
        self.closed: tuple[int, str] | None = None
        self.client_state = WebSocketState.CONNECTED
        self._incoming: asyncio.Queue = asyncio.Queue()
        for message in incoming:
            self._incoming.put_nowait(message)
        self.stalled = False  # a client that takes no frames: each send waits forever

    def say(self, text: str | None = None, data: bytes | None = None) -> None:
        self._incoming.put_nowait({"type": "websocket.receive", "text": text, "bytes": data})

    def leave(self) -> None:
        self._incoming.put_nowait({"type": "websocket.disconnect", "code": 1001})

    async def receive(self) -> dict:
        return await self._incoming.get()

    async def send_text(self, text: str) -> None:
        if self.stalled:
            await asyncio.Event().wait()
        self.sent.append(text)

    async def close(self, code: int, reason: str) -> None:
        self.closed = (int(code), reason)
        self.client_state = WebSocketState.DISCONNECTED

    @property
    def frames(self) -> list[dict]:
        return [json.loads(text) for text in self.sent]


class Verifier:
    """kit.tokens.TokenVerifier: the tokens it knows, as principals."""

    def __init__(self, **tokens: Principal):
        self.tokens = tokens

    def verify(self, token: str) -> Principal:
        if token not in self.tokens:
            raise InvalidToken(token)
        return self.tokens[token]


class Revocations:
    """kit.auth.RevocationStore: which tokens are revoked; None where Redis cannot say yet."""

    def __init__(self, verdicts: dict[str, bool | None] | None = None):
        self.verdicts = verdicts or {}
        self.calls = 0

    async def revoked_many(self, principals: Sequence[Principal]) -> list[bool | None]:
        self.calls += 1
        return [self.verdicts.get(p.token_id, False) for p in principals]

    async def is_revoked(self, principal: Principal) -> bool:
        (verdict,) = await self.revoked_many([principal])
        return bool(verdict)


def principal(user_id: int, group: int, token_id: str = "", expires_at: float = 4_102_444_800) -> Principal:
    """A verified token's principal (expiring in 2100 unless told)."""
    return Principal(user_id=user_id, username=f"user{user_id}@example.com", groups=(group,), token_id=token_id or f"t{user_id}",
                     issued_at=0, expires_at=int(expires_at))


async def settle() -> None:
    """Let every task that can run, run (nothing here waits on I/O)."""
    for _ in range(20):
        await asyncio.sleep(0)


@dataclass(frozen=True)
class InMemoryAudiences:
    """A staff or diner scope whose catch-up audiences the fake stream reads (`Bounded`) instead of
    SQL conditions: `live.service.catch_up` sees the scope's restaurants and bounds as it would."""

    scope: object

    @property
    def restaurants(self) -> frozenset[int]:
        return self.scope.restaurants

    def audiences(self, bounds: dict[int, tuple[int, int]]) -> list[Bounded]:
        return [Bounded(r, seen, newest, self.scope.wants) for r, (seen, newest) in sorted(bounds.items())]
