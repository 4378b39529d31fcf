"""A diner's tracking link: a delivery or take-away order from the menu link gets a random token
(like a table's QR), and its page reads that order only, until a day after it closed.

The token is never stored: `tracking_hash` is its SHA-256 (`contracts.ordering.tracking_hash`, which
notifications uses for the tracking socket), and `tracking_sealed` the token sealed with the order's
Idempotency-Key (XOR with an HMAC of the key), so a replay of that key, whose first answer may
have been lost, gets the same token back; the key itself is stored only as its SHA-256. Whoever
reads the database finds neither the token nor a way to it.
"""
import base64
import hashlib
import hmac
import secrets
from datetime import datetime, timedelta

from contracts.ordering import tracking_hash
from ordering.delivery.models import DELIVERY
from ordering.order.statuses import ACCEPTED, CLOSING, DELIVERED, NEW, ON_THE_WAY, PAID, REJECTED

TOKEN_BYTES = 32  # 43 characters of base64url
TOKEN_MAX = 100  # longer is not a token (refused before any hashing or query)
_SEAL = b"ordering:delivery-tracking"


def key_hash(idempotency_key: str) -> str:
    """What is stored of an Idempotency-Key (the lookup hashes the key it is given)."""
    return hashlib.sha256(idempotency_key.encode()).hexdigest()


def _pad(idempotency_key: str) -> bytes:
    return hmac.new(idempotency_key.encode(), _SEAL, hashlib.sha256).digest()


def _text(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def new_token(idempotency_key: str | None) -> tuple[str, str, str | None]:
    """A fresh token: (token, its hash, the token sealed with the key). An order sent without a key
    is never replayed, so nothing is sealed: the token is in its first answer only."""
    raw = secrets.token_bytes(TOKEN_BYTES)
    token = _text(raw)
    if idempotency_key is None:
        return token, tracking_hash(token), None
    return token, tracking_hash(token), bytes(a ^ b for a, b in zip(raw, _pad(idempotency_key))).hex()


def unseal(sealed: str, idempotency_key: str) -> str:
    return _text(bytes(a ^ b for a, b in zip(bytes.fromhex(sealed), _pad(idempotency_key))))


def expires_at(closed_at: datetime | None, hours: int) -> datetime | None:
    return None if closed_at is None else closed_at + timedelta(hours=hours)


def live(closed_at: datetime | None, hours: int, now: datetime) -> bool:
    """Whether the link still works: its order open, or closed less than `hours` ago."""
    until = expires_at(closed_at, hours)
    return until is None or now < until


def stage(status: str | None, type_delivery: int) -> str:
    """What the diner is shown (issue 20: received, preparing, on the way, delivered). A delivery's
    4 ('delivered' on the board) is the order leaving the kitchen, shown as on the way (the spec's
    status 7 label, which one of its screens shows for 4); it is delivered once paid (6). A pickup's 4
    is handed over."""
    if status is None:
        return "cancelled"
    return {
        NEW: "received",
        ACCEPTED: "preparing",
        DELIVERED: "on_the_way" if type_delivery == DELIVERY else "delivered",
        ON_THE_WAY: "on_the_way",
        CLOSING: "delivered",
        PAID: "delivered",
        REJECTED: "rejected",
    }[status]
