"""Open sockets are checked again in batches: every staff socket's token and memberships and every
phone's place, with one query each and one Redis round trip per round however many sockets there
are, and never under the lock that forwards every restaurant's messages."""
from contextlib import contextmanager

import pytest
from sqlalchemy import event, update

from contracts.floor import PlaceRemoved
from contracts.identity import OperatorRemoved
from kit.auth import ADMIN, OPERATOR, OWNER
from notifications.place.models import Place
from tests.helpers import A, AN_ADMIN, B, OPERATOR_A, OWNER_A, OWNER_B, closing, deliver, next_frame, order, place, staff_socket, table_socket

# Checks only when a test asks for a round (and the stream's poll far apart): what a round does is
# what the test sees.
QUIET = {"socket_check_seconds": 3600, "stream_poll_seconds": 3600}
quiet = pytest.mark.parametrize("overrides", [QUIET], ids=["rounds on demand"])


@contextmanager
def statements(app):
    """The statements the app runs meanwhile (either pool), each with whether the forwarding lock was held."""
    seen: list[tuple[str, bool]] = []
    engines = [factory.kw["bind"].sync_engine for factory in (app.state.session_factory, app.state.background_session_factory)]
    lock = app.state.hub._lock

    def record(conn, cursor, statement, parameters, context, executemany):
        seen.append((statement, lock.locked()))

    for engine in engines:
        event.listen(engine, "before_cursor_execute", record)
    try:
        yield seen
    finally:
        for engine in engines:
            event.remove(engine, "before_cursor_execute", record)


@contextmanager
def redis_commands(app, monkeypatch):
    """The commands the app sends to Redis meanwhile (its pub/sub connection apart)."""
    sent: list[str] = []
    execute = app.state.redis.execute_command

    async def counted(*args, **options):
        sent.append(args[0])
        return await execute(*args, **options)

    monkeypatch.setattr(app.state.redis, "execute_command", counted)
    yield sent


def reading(seen: list[tuple[str, bool]], table: str) -> list[tuple[str, bool]]:
    return [(sql, locked) for sql, locked in seen if f"FROM {table} " in sql or f"JOIN {table} " in sql or sql.endswith(f"FROM {table}")]


@pytest.fixture
async def floor(app):
    await deliver(app, place(1, name="M1", token="token-m1"), place(2, name="M2", token="token-m2"), place(3, restaurant=B, name="M3", token="token-b3"))


@quiet
async def test_one_round_checks_every_socket_with_one_query_each_and_one_redis_round_trip(app, people, floor, ws_url, monkeypatch):
    hellos = [(OWNER_A, OWNER, {}), (OWNER_A, OWNER, {}), (OPERATOR_A, OPERATOR, {}), (OWNER_B, OWNER, {}), (AN_ADMIN, ADMIN, {"fk_resto": B})]
    staff = [(await staff_socket(ws_url, people.token(user, group), **hello))[0] for user, group, hello in hellos]
    phones = [(await table_socket(ws_url, token))[0] for token in ("token-m1", "token-m1", "token-m2", "token-b3")]
    logged_out = people.token(OWNER_A, OWNER)
    leaving, _ = await staff_socket(ws_url, logged_out)
    # Behind the sockets' backs (nothing on the stream says so): a logout, an operator removed, a place gone.
    await app.state.revocations.revoke_token(app.state.token_verifier.verify(logged_out))
    await deliver(app, OperatorRemoved(restaurant_id=A, user_id=OPERATOR_A))
    async with app.state.session_factory() as session, session.begin():
        await session.execute(update(Place).where(Place.place_id == 2).values(removed=True))

    with statements(app) as seen, redis_commands(app, monkeypatch) as sent:
        await app.state.hub.check_sockets()
    assert (len(reading(seen, "restaurant_member")), len(reading(seen, "place")), sent) == (1, 1, ["MGET"])
    assert (await closing(leaving))[1:] == (4401, "token_revoked")
    assert (await closing(staff[2]))[1:] == (4403, "permission_denied")
    assert (await closing(phones[2]))[1:] == (4404, "place_closed")
    assert app.state.hub.open_sockets == len(staff) + len(phones) - 2
    await deliver(app, order(place_id=1))
    for ws in (staff[0], staff[1], phones[0], phones[1]):  # the others carry on
        assert (await next_frame(ws))["type"] == "new_order"


@quiet
async def test_a_place_closed_on_the_stream_is_checked_outside_the_forwarding_lock(app, floor, ws_url):
    phones = [(await table_socket(ws_url, token))[0] for token in ("token-m1", "token-m2", "token-m2")]
    with statements(app) as seen:
        await deliver(app, PlaceRemoved(place_id=2, restaurant_id=A))
        for ws in phones[1:]:
            assert (await closing(ws))[1:] == (4404, "place_closed")
    checks = [locked for table in ("place", "restaurant_member") for _, locked in reading(seen, table)]
    assert checks and not any(checks)
    await deliver(app, order(place_id=1))
    assert (await next_frame(phones[0]))["type"] == "new_order"


@quiet
async def test_a_round_that_cannot_know_a_revocation_yet_leaves_the_socket_open(app, people, signer, ws_url, redis):
    """Redis lost its copy of the revocations and identity is writing it back: the socket is
    neither refused nor kept for good; a later round decides."""
    token = signer.issue(OWNER_A, "a@example.com", [OWNER], generation=1)
    await app.state.revocations.mirror_generation(OWNER_A, 1)
    ws, _ = await staff_socket(ws_url, token)
    await redis.flushdb()
    await app.state.hub.check_sockets()
    await deliver(app, order())
    assert (await next_frame(ws))["type"] == "new_order"
    await app.state.revocations.mirror_generation(OWNER_A, 2)  # restored: the password had changed
    await app.state.hub.check_sockets()
    assert (await closing(ws))[1:] == (4401, "token_revoked")
