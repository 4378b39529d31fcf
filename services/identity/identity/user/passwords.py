"""Password hashing (Argon2id via pwdlib) and the server's password rules."""
import asyncio
import gzip
import re
from difflib import SequenceMatcher
from functools import cache
from pathlib import Path

import argon2
from pwdlib import PasswordHash
from pwdlib.hashers.argon2 import Argon2Hasher

from identity import messages
from kit.i18n import Text

MIN_LENGTH = 8
_cost = (argon2.DEFAULT_TIME_COST, argon2.DEFAULT_MEMORY_COST)
_hasher = PasswordHash((Argon2Hasher(*_cost),))
# A real hash to verify against when the account does not exist, so timing does not tell.
_DUMMY_HASH = _hasher.hash("not-a-real-password")


# Each Argon2 hash takes 64 MiB and tens of milliseconds of CPU. Unbounded, a burst of sign-ins
# would run as many at once as the thread pool has threads; the slots bound the memory they take.
# Set at start-up, inside the running event loop.
_slots: asyncio.Semaphore | None = None


def configure_hashing(concurrency: int, time_cost: int, memory_kib: int) -> None:
    """At start-up: how many hashes at once, and Argon2id's cost for new hashes (a stored hash keeps
    the cost it was made with, so changing it never locks anyone out)."""
    global _slots, _cost, _hasher, _DUMMY_HASH
    _slots = asyncio.Semaphore(concurrency)
    if (time_cost, memory_kib) != _cost:
        _cost = (time_cost, memory_kib)
        _hasher = PasswordHash((Argon2Hasher(*_cost),))
        _DUMMY_HASH = _hasher.hash("not-a-real-password")


async def _off_loop(function, *args):
    # Off the event loop, and at most `concurrency` at a time; queued callers wait their turn.
    if _slots is None:
        return await asyncio.to_thread(function, *args)
    async with _slots:
        return await asyncio.to_thread(function, *args)


async def hash_password(password: str) -> str:
    return await _off_loop(_hasher.hash, password)


async def verify_password(password: str, password_hash: str | None) -> bool:
    return await _off_loop(_hasher.verify, password, password_hash or _DUMMY_HASH) and bool(password_hash)


@cache
def common_passwords() -> frozenset[str]:
    path = Path(__file__).with_name("common-passwords.txt.gz")
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        return frozenset(line.strip() for line in lines)


def _too_similar(password: str, value: str) -> bool:
    """Django's attribute-similarity rule: any word of the value is 70% like the password."""
    if not value:
        return False
    password = password.lower()
    for part in {value.lower(), *re.split(r"\W+", value.lower())}:
        if len(part) < 3:
            continue
        if SequenceMatcher(a=password, b=part).quick_ratio() >= 0.7:
            return True
    return False


def password_problems(password: str, *, max_length: int | None = None, **attributes: str) -> list[Text]:
    """Every rule the password breaks; `attributes` are the user's username, first_name, email..."""
    problems: list[Text] = []
    if len(password) < MIN_LENGTH:
        problems.append(messages.PASSWORD_TOO_SHORT.format(min_length=MIN_LENGTH))
    if max_length is not None and len(password) > max_length:
        problems.append(messages.PASSWORD_TOO_LONG.format(max_length=max_length))
    for name, value in attributes.items():
        if name in messages.PASSWORD_SIMILAR and _too_similar(password, value or ""):
            problems.append(messages.PASSWORD_SIMILAR[name])
            break
    if password.lower().strip() in common_passwords():
        problems.append(messages.PASSWORD_TOO_COMMON)
    if password.isdigit():
        problems.append(messages.PASSWORD_ENTIRELY_NUMERIC)
    return problems
