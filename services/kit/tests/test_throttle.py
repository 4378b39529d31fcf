"""kit.throttle: per-minute limits counted in Redis, and the caller's address as the gateway saw it."""
import asyncio
import time

import pytest
from starlette.requests import Request

from kit.errors import Throttled
from kit.throttle import Limit, client_address, take


def request(forwarded: str | None = None, peer: str = "10.0.0.9") -> Request:
    headers = [(b"x-forwarded-for", forwarded.encode())] if forwarded is not None else []
    return Request({"type": "http", "headers": headers, "client": (peer, 5000)})


def test_the_address_is_the_right_most_forwarded_one_or_the_peer():
    assert client_address(request("198.51.100.1, 203.0.113.7")) == "203.0.113.7"  # the left one is the caller's word
    assert client_address(request()) == "10.0.0.9"


async def test_each_subject_has_its_own_allowance_and_a_refusal_says_when_to_come_back(redis):
    if time.time() % 60 > 50:  # a fixed window restarts on the minute
        await asyncio.sleep(61 - time.time() % 60)
    per_address, per_table = Limit("address", 3), Limit("table", 2)
    for _ in range(2):
        await take(redis, "test", (per_address, "a"), (per_table, "t1"))
    with pytest.raises(Throttled) as refused:
        await take(redis, "test", (per_address, "a"), (per_table, "t1"))
    assert 0 < int(refused.value.headers["Retry-After"]) <= 60
    await take(redis, "test", (per_address, "b"), (per_table, "t2"))  # other subjects are untouched
    with pytest.raises(Throttled):
        await take(redis, "test", (per_address, "a"))  # a refused call counted too: 4 over 3
    keys = await redis.keys("test:throttle:*")
    assert keys and all(0 < ttl <= 61 for ttl in [await redis.ttl(key) for key in keys])  # nothing outlives its window
