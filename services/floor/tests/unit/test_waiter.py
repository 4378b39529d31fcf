"""The waiter call (floor/waiter/service.py): one call a place every 30 s, counted before anything
is written; staff sending the waiter, or the table's tab closing, clears a pending call once."""
from datetime import UTC, datetime

import pytest

from floor.waiter import service
from floor.waiter.errors import CalledTooSoon
from tests.unit.helpers import Session, answer_of, place


class FakeRedis:
    """SET NX EX and TTL, over a dict, with the seconds left a test says."""

    def __init__(self, ttl: int = 30):
        self.values: dict[str, tuple[str, int]] = {}
        self.left = ttl

    async def set(self, key, value, *, nx=False, ex=None):
        if nx and key in self.values:
            return None
        self.values[key] = (value, ex)
        return True

    async def ttl(self, key):
        return self.left


class FakePlaces:
    def __init__(self, *places):
        self.places = {p.token: p for p in places}
        self.locked: list[bool] = []

    async def by_token(self, session, token, *, lock=False):
        self.locked.append(lock)
        return self.places.get(token)

    async def is_revoked(self, session, token_hash):
        return False


async def test_a_diner_calls_the_waiter_once_and_every_tablet_is_told():
    m1, session, redis = place(), Session(), FakeRedis()
    before = datetime.now(UTC)
    called = await service.call(session, redis, m1.token, "waiter", repository=FakePlaces(m1))
    assert called is m1 and (m1.call_waiter, m1.call_kind) == (True, "waiter")
    assert before <= m1.called_at <= datetime.now(UTC)
    assert redis.values == {"floor:waiter-call:7": ("waiter", 30)}
    [(kind, event)] = session.events()
    assert kind == "floor.waiter.called"
    assert (event["place_id"], event["restaurant_id"], event["place_name"], event["kind"]) == (7, 10, "M1", "waiter")


async def test_asking_for_the_bill_is_a_call_of_its_own_kind():
    m1, session = place(), Session()
    await service.call(session, FakeRedis(), m1.token, "bill", repository=FakePlaces(m1))
    assert m1.call_kind == "bill" and session.events()[0][1]["kind"] == "bill"


@pytest.mark.parametrize(("left", "retry_after"), [(30, 30), (17, 17), (1, 1), (0, 1), (-2, 1)])
async def test_a_second_call_within_30_seconds_is_refused_with_the_seconds_left_and_writes_nothing(left, retry_after):
    m1, redis, places = place(), FakeRedis(ttl=left), None
    places = FakePlaces(m1)
    await service.call(Session(), redis, m1.token, "waiter", repository=places)
    m1.call_waiter, m1.call_kind = False, None  # staff answered meanwhile
    session = Session()
    with pytest.raises(CalledTooSoon) as refused:
        await service.call(session, redis, m1.token, "bill", repository=places)
    assert refused.value.status_code == 429 and refused.value.headers == {"Retry-After": str(retry_after)}
    assert answer_of(refused.value, "en") == {
        "detail": f"The waiter has been told. You can call again in {retry_after} seconds.", "code": "waiter_call_too_soon"}
    assert session.events() == [] and (m1.call_waiter, m1.call_kind) == (False, None)
    assert places.locked == [True, True]  # the place's row is held while its call is decided


async def test_each_place_has_its_own_allowance():
    m1, m2, redis = place(), place(id=8, name="M2", token="U" * 24), FakeRedis()
    places = FakePlaces(m1, m2)
    await service.call(Session(), redis, m1.token, "waiter", repository=places)
    await service.call(Session(), redis, m2.token, "waiter", repository=places)
    assert set(redis.values) == {"floor:waiter-call:7", "floor:waiter-call:8"}


def test_clearing_a_pending_call_resets_the_place_and_is_announced_once():
    m1 = place(call_waiter=True, call_kind="bill", called_at=datetime.now(UTC))
    cleared = service.clear_call(m1)
    assert (cleared.type, cleared.place_id, cleared.restaurant_id, cleared.place_name) == ("floor.waiter.cleared", 7, 10, "M1")
    assert (m1.call_waiter, m1.call_kind, m1.called_at) == (False, None, None)
    assert service.clear_call(m1) is None  # nothing pending, nothing announced
