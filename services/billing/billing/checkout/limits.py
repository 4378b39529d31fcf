"""How often a caller without an account may ask online checkout (issue 38): per minute, per
address, per table token and per charge (`settings.anonymous_per_*`), so no diner, nor a script
with a table's QR, can spend a restaurant's provider rate limit or billing's database. Counted
in Redis (`kit.throttle`) before anything else is done; over a limit: 429 `too_many_requests`."""
import hashlib

from starlette.requests import Request

from billing.checkout.errors import TooManyPaymentCalls
from kit import throttle
from kit.throttle import Limit


def _hashed(secret: str) -> str:
    # a table token or a charge's reference is a credential: its counter's key never shows it
    return hashlib.sha256(secret.encode()).hexdigest()[:32]


async def anonymous(request: Request, table: str | None = None, charge: str | None = None) -> None:
    settings = request.app.state.settings
    counted = [(Limit("address", settings.anonymous_per_address_per_minute), throttle.client_address(request))]
    if table is not None:
        counted.append((Limit("table", settings.anonymous_per_table_per_minute), _hashed(table)))
    if charge is not None:
        counted.append((Limit("charge", settings.anonymous_per_charge_per_minute), _hashed(charge)))
    await throttle.take(request.app.state.redis, "billing", *counted, error=TooManyPaymentCalls)
