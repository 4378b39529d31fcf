"""The live stream in one process (live/hub.py), with the stream's tables and the sockets in memory:
every message reaches each socket that wants it once and in its restaurant's order (a message
published ahead of an earlier one first reads the earlier one; one never published is found by the
poll); a tab's closing and a place's new menu move its open phones at once; the caps per address,
restaurant and place count open sockets, and their refusals are logged once a minute; the rounds
that check sockets again close or move them."""
import asyncio
from datetime import timedelta

import pytest

from contracts.live import DinerAuth, StaffAuth
from kit.auth import OPERATOR, OWNER
from kit.i18n import Text
from notifications.live import errors, hub as hub_module, service
from notifications.live.errors import Refused
from notifications.live.hub import Hub
from notifications.live.scope import DinerScope, StaffScope
from notifications.notification.message import MENU_CHANGED, TAB_CLOSED, Message
from notifications.settings import Settings
from tests.unit.fakes import NOW, Revocations, SessionFactory, WebSocket, principal, settle

A, B = 1, 2
OWNER_A, OPERATOR_A = 10, 11


def call(restaurant=A, place_id=1, at=NOW, type_="waiter_call", menu_id=None, for_staff=True, **data) -> Message:
    return Message(restaurant_id=restaurant, type=type_, description=f"M{place_id}", msg=Text(es=f"M{place_id} llama", en=f"M{place_id} calls"),
                   created_at=at, place_id=place_id, menu_id=menu_id, for_staff=for_staff, for_diners=True, data=data)


def tablet(*restaurants: int, user=OWNER_A, group=OWNER, token_id="") -> StaffScope:
    return StaffScope(principal(user, group, token_id=token_id), None, frozenset(restaurants or (A,)))


def phone(place_id=1, menu_id=30, since=None, restaurant=A) -> DinerScope:
    return DinerScope(restaurant, place_id, menu_id, f"h{place_id}", since=since, joined=since)


class Screens:
    """Sockets served by the hub until the test ends (their clients then leave)."""

    def __init__(self, hub: Hub):
        self.hub = hub
        self.open: list[tuple[WebSocket, asyncio.Task]] = []

    async def connect(self, scope, lang="es") -> WebSocket:
        ws = WebSocket()
        hello = DinerAuth(type="auth", place_token="p") if isinstance(scope, DinerScope) else StaffAuth(type="auth", token="t")
        self.open.append((ws, asyncio.create_task(self.hub.serve(ws, scope, hello, lang))))
        await settle()
        return ws

    async def leave(self, ws: WebSocket) -> None:
        ws.leave()
        task = next(t for w, t in self.open if w is ws)
        async with asyncio.timeout(2):
            await task

    async def close(self) -> None:
        for ws, task in self.open:
            ws.leave()
        async with asyncio.timeout(2):
            await asyncio.gather(*(task for _, task in self.open))


def ids(ws: WebSocket) -> list:
    """The message ids a socket was sent after its `ready` frame (the frame type for others)."""
    frames = ws.frames
    assert frames and frames[0]["type"] == "ready", frames
    return [f.get("id", f["type"]) for f in frames[1:]]


@pytest.fixture
def settings() -> Settings:
    return Settings()


@pytest.fixture
async def hub(stream, settings):
    return Hub(settings, SessionFactory(), redis=None, revocations=Revocations())


@pytest.fixture
async def screens(hub):
    opened = Screens(hub)
    yield opened
    await opened.close()


async def published(hub: Hub, *messages: Message) -> None:
    await hub.receive(list(messages))
    await settle()


# ---------------------------------------------------------------------------------- the stream
async def test_a_message_reaches_the_sockets_that_want_it_in_their_language(hub, stream, screens):
    spanish, english = await screens.connect(tablet()), await screens.connect(tablet(), lang="en")
    other, at_m1, at_m2 = await screens.connect(tablet(B)), await screens.connect(phone(1)), await screens.connect(phone(2))
    await published(hub, stream.add(call(A, place_id=1)))
    assert [ids(ws) for ws in (spanish, english, other, at_m1, at_m2)] == [[1], [1], [], [1], []]
    assert (spanish.frames[1]["msg"], english.frames[1]["msg"]) == ("M1 llama", "M1 calls")


async def test_a_message_published_ahead_of_an_earlier_one_reads_the_earlier_one_first_and_sends_each_once(hub, stream, screens):
    ws = await screens.connect(tablet())
    first, second, third = stream.add(call(place_id=1)), stream.add(call(place_id=2)), stream.add(call(place_id=3))
    await published(hub, third)  # 1 and 2 committed but not arrived yet: read from the database first
    await published(hub, first, second)  # ... and not sent again
    assert ids(ws) == [1, 2, 3]
    assert ("after", A, 0, 3) in stream.reads


async def test_each_restaurant_keeps_its_own_order_and_waits_for_no_other(hub, stream, screens):
    ws = await screens.connect(tablet(A, B))
    a1, b1, a2 = stream.add(call(A)), stream.add(call(B, place_id=5)), stream.add(call(A, place_id=2))
    await published(hub, a2, b1)  # A's second first (A's first is read); B's on its own
    await published(hub, a1)
    assert ids(ws) == [1, 3, 2]  # A's 1 then 3, B's 2: ids are in order within a restaurant only


async def test_a_message_never_published_is_found_by_the_poll(hub, stream, screens):
    ws = await screens.connect(tablet())
    stream.add(call())  # committed, but the process died before publishing it
    await hub.catch_up()
    await settle()
    assert ids(ws) == [1]
    await hub.catch_up()  # nothing more: nothing twice
    await settle()
    assert ids(ws) == [1]


async def test_a_gap_that_cannot_be_read_now_holds_that_restaurant_back_not_the_others(hub, stream, screens, monkeypatch):
    ws = await screens.connect(tablet(A, B))
    stream.add(call(A))  # A's 1: not arrived
    a2, b3 = stream.add(call(A)), stream.add(call(B))

    async def database_away(*args):
        raise ConnectionError("database away")

    monkeypatch.setattr(hub_module.repository, "after", database_away)
    await published(hub, a2, b3)
    assert ids(ws) == [3]  # B's next one goes; A's 2 waits rather than go ahead of its 1
    monkeypatch.setattr(hub_module.repository, "after", stream.after)
    await hub.catch_up()  # the poll fills the gap, in order
    await settle()
    assert ids(ws) == [3, 1, 2]


async def test_messages_of_restaurants_no_socket_here_wants_are_passed_over_without_a_read(hub, stream, screens):
    await screens.connect(tablet(A))
    stream.add(call(B)), stream.add(call(B))
    before = list(stream.reads)
    await published(hub, stream.add(call(B)))
    assert stream.reads == before


async def test_a_restaurant_is_followed_from_its_newest_message_and_dropped_with_its_last_socket(hub, stream, screens):
    stream.add(call(A)), stream.add(call(A))
    ws = await screens.connect(tablet())
    assert hub.cursors == {A: 2}
    await published(hub, stream.add(call(A)))
    assert ids(ws) == [3]  # nothing from before it joined (that is the catch-up's, with a last id)
    await screens.leave(ws)
    assert (hub.cursors, hub.open_sockets) == ({}, 0)


# ---------------------------------------------------------------------------------- sittings and menus
async def test_a_tab_closing_moves_its_open_phones_to_the_new_sitting_at_once(hub, stream, screens):
    old_sitting = NOW - timedelta(minutes=10)
    here, there = await screens.connect(phone(1)), await screens.connect(phone(2))
    await published(hub, stream.add(call(type_=TAB_CLOSED, place_id=1, at=NOW, for_staff=False)))
    await published(hub, stream.add(call(place_id=1, at=old_sitting)), stream.add(call(place_id=2, at=old_sitting)),
                    stream.add(call(place_id=1, at=NOW + timedelta(seconds=1))))
    assert (ids(here), ids(there)) == ([4], [3])  # the old sitting's late message stays off M1's phone; M2 goes on


async def test_an_older_tab_closing_never_moves_a_sitting_back(hub, stream, screens):
    ws = await screens.connect(phone(1, since=NOW))
    await published(hub, stream.add(call(type_=TAB_CLOSED, at=NOW - timedelta(minutes=5), for_staff=False)))
    await published(hub, stream.add(call(at=NOW - timedelta(minutes=1))), stream.add(call(at=NOW)))
    assert ids(ws) == [3]


async def test_a_place_given_another_menu_follows_that_menu_from_its_message_on(hub, stream, screens):
    ws = await screens.connect(phone(1, menu_id=30))
    await published(hub, stream.add(call(type_=MENU_CHANGED, place_id=1, menu_id=31, for_staff=False, fk_menu=31)))
    await published(hub, stream.add(call(type_=MENU_CHANGED, place_id=None, menu_id=30, for_staff=False, fk_menu=30)),
                    stream.add(call(type_=MENU_CHANGED, place_id=None, menu_id=31, for_staff=False, fk_menu=31)))
    assert ids(ws) == [1, 3]


# ---------------------------------------------------------------------------------- caps
@pytest.mark.parametrize("settings", [Settings(sockets_per_address=2)])
def test_an_address_holds_at_most_its_cap_of_sockets_and_a_place_frees_when_one_leaves(hub, settings):
    with hub.admitted("203.0.113.7"), hub.admitted("203.0.113.7"):
        with pytest.raises(Refused) as refused, hub.admitted("203.0.113.7"):
            pass
        assert refused.value.closure is errors.TOO_MANY_FROM_ADDRESS
        with hub.admitted("203.0.113.8"):  # another address is let in
            pass
    with hub.admitted("203.0.113.7"), hub.admitted("203.0.113.7"):  # both left: two again
        pass


@pytest.mark.parametrize("settings", [Settings(sockets_per_restaurant=4, sockets_per_place=2)])
async def test_a_restaurant_holds_at_most_its_cap_staff_and_phones_together_and_a_place_its_phones(hub, screens, settings):
    await screens.connect(tablet(A, B))
    await screens.connect(phone(1))
    await screens.connect(phone(1))  # M1 is full (2), A holds 3
    assert await refused_by(hub, phone(1)) is errors.TOO_MANY_AT_PLACE
    third = await screens.connect(phone(2))  # A's fourth: A is full
    assert await refused_by(hub, tablet(A, user=OPERATOR_A, group=OPERATOR)) is errors.TOO_MANY_FOR_RESTAURANT
    assert await refused_by(hub, tablet(B, A)) is errors.TOO_MANY_FOR_RESTAURANT  # A and B: refused for A's being full
    await screens.connect(tablet(B))  # B alone has room
    await screens.leave(third)
    await screens.connect(tablet(A, user=OPERATOR_A, group=OPERATOR))  # a place freed
    assert hub.open_sockets == 5


async def refused_by(hub: Hub, scope) -> errors.Closure:
    """The closure the hub refuses a socket with, before sending it anything."""
    hello = DinerAuth(type="auth", place_token="p") if isinstance(scope, DinerScope) else StaffAuth(type="auth", token="t")
    ws = WebSocket()
    with pytest.raises(Refused) as refused:
        await hub.serve(ws, scope, hello, "es")
    assert ws.sent == []
    return refused.value.closure


@pytest.mark.parametrize("settings", [Settings(sockets_per_address=0)])
def test_refusals_of_one_full_cap_are_logged_once_a_minute(hub, settings, monkeypatch):
    logged, clock = [], {"now": 1000.0}
    monkeypatch.setattr(hub_module, "log", type("Log", (), {"warning": staticmethod(lambda event, **kw: logged.append((clock["now"], kw)))}))
    monkeypatch.setattr(hub_module.time, "monotonic", lambda: clock["now"])

    def refuse(address: str, at: float) -> None:
        clock["now"] = at
        with pytest.raises(Refused), hub.admitted(address):
            pass

    for address, at in (("a", 1000), ("a", 1030), ("b", 1030), ("a", 1059.9), ("a", 1060), ("a", 1119), ("b", 1100)):
        refuse(address, at)
    assert [(at, kw["address"]) for at, kw in logged] == [(1000, "a"), (1030, "b"), (1060, "a"), (1100, "b")]


# ---------------------------------------------------------------------------------- the checks
@pytest.fixture
def members(monkeypatch):
    works = {OWNER_A: [A], OPERATOR_A: [A]}

    async def memberships(session, user_ids):
        return {user: works[user] for user in user_ids if user in works}

    monkeypatch.setattr(service, "_memberships", memberships)
    return works


async def test_a_round_closes_the_sockets_refused_now_and_moves_the_others(hub, stream, screens, places, members):
    places.put(1, A, token_hash="h1", menu_id=30)  # M1 as its phones know it; M2's token was replaced
    places.put(2, A, token_hash="h2-new")
    revoked = await screens.connect(tablet(token_id="gone"))
    removed = await screens.connect(tablet(user=OPERATOR_A, group=OPERATOR, token_id="op"))
    gaining = await screens.connect(tablet(token_id="stays"))
    at_m1, at_m2 = await screens.connect(phone(1)), await screens.connect(phone(2))
    hub._revocations = Revocations({"gone": True})
    members[OPERATOR_A] = []
    members[OWNER_A] = [A, B]
    stream.add(call(B)), stream.add(call(B))  # B's history before the tablet gained it
    await hub.check_sockets()
    await settle()
    assert [(ws.frames[-1].get("code"), ws.closed) for ws in (revoked, removed, at_m2)] == [
        ("token_revoked", (4401, "token_revoked")), ("permission_denied", (4403, "permission_denied")), ("place_closed", (4404, "place_closed"))]
    await published(hub, stream.add(call(B)), stream.add(call(A)))
    assert (ids(gaining), ids(at_m1)) == ([3, 4], [4])  # B followed from its newest; the phone goes on
    await settle()
    assert hub.open_sockets == 2
