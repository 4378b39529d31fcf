"""Per-minute limits on anonymous calls, counted in Redis, so no one caller (an address, a table's
token, a checkout) can spend what every diner shares: a service's database, a provider's rate limit.

Each limit is a fixed window: a counter per (name, subject, window), incremented and given an
expiry in one transaction. A call over any of its limits is refused (429 with Retry-After, the
kit's `Throttled`) before it does anything.
"""
import time
from dataclasses import dataclass

from redis.asyncio import Redis
from starlette.requests import Request

from kit.errors import Throttled


@dataclass(frozen=True)
class Limit:
    name: str
    per_window: int
    window_seconds: int = 60


def client_address(request: Request) -> str:
    """The caller's address: the gateway appends the peer it saw to X-Forwarded-For, so the
    right-most entry is the one to trust; the others could be forged by the caller."""
    forwarded = request.headers.get("x-forwarded-for", "")
    if forwarded:
        return forwarded.split(",")[-1].strip()
    return request.client.host if request.client else "unknown"


async def take(redis: Redis, prefix: str, *counted: tuple[Limit, str], error: type[Throttled] = Throttled) -> None:
    """Count one call on each (limit, subject); over any of them, `error` (429, Retry-After: the
    seconds until that window ends). A refused call is counted too: a flood stays refused."""
    now = int(time.time())
    keys = [f"{prefix}:throttle:{limit.name}:{subject}:{now // limit.window_seconds}" for limit, subject in counted]
    async with redis.pipeline(transaction=True) as pipe:
        for key, (limit, _) in zip(keys, counted):
            pipe.incr(key).expire(key, limit.window_seconds + 1)
        counts = (await pipe.execute())[0::2]
    over = [limit for (limit, _), count in zip(counted, counts) if count > limit.per_window]
    if over:
        raise error(retry_after=max(limit.window_seconds - now % limit.window_seconds for limit in over))
