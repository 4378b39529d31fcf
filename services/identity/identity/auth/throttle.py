"""Attempt limits kept in Redis: login lockouts, registrations and reset mails per address.

Each limit is a fixed window counter. An attempt is counted *before* the password is verified,
in one Lua script that checks every counter and increments them all or none: a burst of
concurrent wrong passwords cannot slip past the check before the first failure is recorded.
A login that turns out right gives its attempt back, so only failures use up the allowance.
"""
from dataclasses import dataclass

from redis.asyncio import Redis

from identity.auth.errors import TooManyAttempts


@dataclass(frozen=True)
class Limit:
    name: str
    attempts: int
    window_seconds: int


# KEYS: the counters; ARGV: for each counter its allowance and window. Answers 0 when every
# counter had room (and all were incremented), else the seconds until the fullest one resets.
_TAKE = """
local wait = 0
for i, key in ipairs(KEYS) do
  local used = tonumber(redis.call('GET', key) or '0')
  if used >= tonumber(ARGV[2 * i - 1]) then
    local ttl = redis.call('TTL', key)
    if ttl < 1 then ttl = tonumber(ARGV[2 * i]) end
    if ttl > wait then wait = ttl end
  end
end
if wait > 0 then return wait end
for i, key in ipairs(KEYS) do
  if redis.call('INCR', key) == 1 then redis.call('EXPIRE', key, tonumber(ARGV[2 * i])) end
end
return 0
"""

# Gives back one attempt on each counter that still exists (never below zero).
_GIVE_BACK = """
for _, key in ipairs(KEYS) do
  if tonumber(redis.call('GET', key) or '0') > 0 then redis.call('DECR', key) end
end
return 0
"""


class Throttle:
    def __init__(self, redis: Redis, limits: "AttemptLimits"):
        self.limits = limits
        self._redis = redis
        self._take = redis.register_script(_TAKE)
        self._give_back = redis.register_script(_GIVE_BACK)

    @staticmethod
    def _key(limit: Limit, subject: str) -> str:
        return f"throttle:{limit.name}:{subject}"

    async def take(self, *counters: tuple[Limit, str]) -> None:
        """Count one attempt on every counter, or raise 429 (with Retry-After) if one is used up."""
        keys = [self._key(limit, subject) for limit, subject in counters]
        args = [value for limit, _ in counters for value in (limit.attempts, limit.window_seconds)]
        wait = int(await self._take(keys=keys, args=args))
        if wait > 0:
            raise TooManyAttempts(retry_after=wait)

    async def give_back(self, *counters: tuple[Limit, str]) -> None:
        await self._give_back(keys=[self._key(limit, subject) for limit, subject in counters])

    async def forget(self, *counters: tuple[Limit, str]) -> None:
        await self._redis.delete(*(self._key(limit, subject) for limit, subject in counters))


@dataclass(frozen=True)
class AttemptLimits:
    """Every attempt limit of identity, from the settings (stated in the README)."""

    login_pair: Limit
    login_account: Limit
    login_address: Limit
    registration: Limit
    reset_address: Limit
    reset_email: Limit

    @classmethod
    def from_settings(cls, settings) -> "AttemptLimits":
        login_window, reset_window = settings.login_window_seconds, settings.reset_mail_window_seconds
        return cls(
            login_pair=Limit("login-pair", settings.login_failures_per_account_and_address, login_window),
            login_account=Limit("login-account", settings.login_failures_per_account, login_window),
            login_address=Limit("login-address", settings.login_failures_per_address, login_window),
            registration=Limit("register-address", settings.registrations_per_address, settings.registration_window_seconds),
            reset_address=Limit("reset-address", settings.reset_mails_per_address, reset_window),
            reset_email=Limit("reset-email", settings.reset_mails_per_email, reset_window),
        )

    def login(self, login: str, address: str) -> tuple[tuple[Limit, str], ...]:
        account = login.strip().lower()
        return (
            (self.login_pair, f"{account}|{address}"),
            (self.login_account, account),
            (self.login_address, address),
        )
