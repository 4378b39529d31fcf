"""The public menu's cache: the answer's bytes and ETag in Redis, one key per menu.

Why a version counter besides deleting the key: a reader that missed the cache builds the menu
from a snapshot of the database; if a change commits and invalidates while it builds, its
(stale) answer must not land in the cache. The reader notes the menu's version before reading
the database and stores only if the version is still the same (one Lua script, atomic in
Redis). Writers bump the version and drop the cached answer *after* their commit.

A cached answer also expires after `TTL_SECONDS`, which bounds staleness if a process dies
between its commit and its invalidation.

The answer is kept gzip-compressed (about a sixth of the JSON): phones on a weak connection
download less, Redis and the gateway move less, and the rare client that does not accept gzip
gets it decompressed on the way out.

Redis away (restarting, its users not set again yet) is a miss, never an error: the menu is built
from the database and answered, and not stored (its version could not be read). Diners' phones
keep opening the menu; found by `make chaos`, where every menu request answered 500 while Redis
restarted, the cache's hits being read before the application's error handling.
"""
import gzip
import hashlib
from collections.abc import Iterable

import structlog
from redis.asyncio import Redis
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

log = structlog.get_logger()
AWAY = (RedisConnectionError, RedisTimeoutError)  # authentication and too many connections included

TTL_SECONDS = 600
# The number is the stored format's: bump it when the format changes, so a new release never
# reads what an old one stored (and the old one's keys expire by themselves).
PREFIX = "catalog:public-menu:2:"

_STORE_IF_CURRENT = """
local current = redis.call('GET', KEYS[2]) or '0'
if current == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[2], 'EX', ARGV[3])
  return 1
end
return 0
"""


def body_key(menu_id: int) -> str:
    return f"{PREFIX}{menu_id}"


def version_key(menu_id: int) -> str:
    return f"{PREFIX}{menu_id}:v"


def make_etag(body: bytes) -> bytes:
    return b'"' + hashlib.blake2b(body, digest_size=12).hexdigest().encode() + b'"'


class MenuCache:
    """Stores `etag + b"\\n" + gzipped body`, so the hot path is one GET and no JSON work."""

    def __init__(self, redis: Redis):
        self._redis = redis  # a bytes client (decode_responses=False)
        self._store = redis.register_script(_STORE_IF_CURRENT)

    async def get(self, menu_id: int) -> tuple[bytes, bytes] | None:
        """The cached answer; None on a miss, or while Redis is away."""
        try:
            raw = await self._redis.get(body_key(menu_id))
        except AWAY as exc:
            log.warning("menu_cache_unavailable", error=f"{type(exc).__name__}: {exc}"[:200])
            return None
        if raw is None:
            return None
        etag, _, body = raw.partition(b"\n")
        return etag, body

    async def version(self, menu_id: int) -> bytes | None:
        """The menu's version before a build; None while Redis is away (the build is not stored)."""
        try:
            return await self._redis.get(version_key(menu_id)) or b"0"
        except AWAY:
            return None

    async def put(self, menu_id: int, version: bytes | None, body: bytes) -> tuple[bytes, bytes]:
        """Cache the JSON `body` unless the menu changed since `version` (or Redis is away);
        answers (etag, gzipped body) either way."""
        etag = make_etag(body)
        compressed = gzip.compress(body, compresslevel=6, mtime=0)
        if version is not None:
            try:
                await self._store(
                    keys=[body_key(menu_id), version_key(menu_id)], args=[version, etag + b"\n" + compressed, TTL_SECONDS]
                )
            except AWAY:
                pass  # answered all the same; the next reader builds it again
        return etag, compressed

    async def invalidate(self, menu_ids: Iterable[int]) -> None:
        ids = sorted(set(menu_ids))
        if not ids:
            return
        async with self._redis.pipeline(transaction=True) as pipe:
            for menu_id in ids:
                pipe.incr(version_key(menu_id))
                pipe.delete(body_key(menu_id))
            await pipe.execute()
