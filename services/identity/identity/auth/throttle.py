"""Login throttling: failed attempts counted in Redis per account and per client address."""
import time

from fastapi import Request
from limits import parse
from limits.aio.storage import RedisStorage
from limits.aio.strategies import MovingWindowRateLimiter

from kit.errors import Throttled


def client_address(request: Request) -> str:
    # The gateway appends the peer address to X-Forwarded-For; the right-most entry is the
    # one it saw, the rest could be forged by the client.
    forwarded = request.headers.get("x-forwarded-for", "")
    if forwarded:
        return forwarded.split(",")[-1].strip()
    return request.client.host if request.client else "unknown"


class LoginThrottle:
    def __init__(self, redis_url: str, allowance: str):
        storage = RedisStorage(redis_url.replace("redis://", "async+redis://", 1), implementation="redispy")
        self._limiter = MovingWindowRateLimiter(storage)
        self._item = parse(allowance)

    def _keys(self, login: str, address: str) -> list[tuple[str, str]]:
        return [("login-account", login.strip().lower()), ("login-address", address)]

    async def check(self, login: str, address: str) -> None:
        """Raise 429 (with Retry-After) while either counter is exhausted."""
        for scope, key in self._keys(login, address):
            if not await self._limiter.test(self._item, scope, key):
                stats = await self._limiter.get_window_stats(self._item, scope, key)
                raise Throttled(retry_after=max(int(stats.reset_time - time.time()) + 1, 1))

    async def failed(self, login: str, address: str) -> None:
        for scope, key in self._keys(login, address):
            await self._limiter.hit(self._item, scope, key)

    async def succeeded(self, login: str) -> None:
        await self._limiter.clear(self._item, "login-account", login.strip().lower())
