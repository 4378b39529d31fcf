"""The collection dialog's refusals (spec part 2 §5 'Commission payment', §8 'Commission failure
shows the detail'): each a `{"detail", "code"}` the dialog tells apart by its code."""
from decimal import Decimal

from billing import messages
from kit.errors import DetailError
from kit.i18n import money


class CreditRequired(DetailError, code="credit_required", text=messages.CREDIT_REQUIRED):
    """rulesCommision.required"""


class CreditNotPositive(DetailError, code="credit_min", text=messages.CREDIT_MIN):
    """rulesCommision.min"""


class CreditOverDebt(DetailError, code="credit_max", text=messages.CREDIT_MAX):
    """rulesCommision.max: more than the restaurant owes."""

    def __init__(self, owed: Decimal):
        super().__init__(self.text.format(owed=money(owed)))


class CreditDecimals(DetailError, code="credit_decimals", text=messages.CREDIT_DECIMALS): ...


class IdempotencyKeyInvalid(DetailError, code="idempotency_key_invalid", text=messages.IDEMPOTENCY_KEY_INVALID): ...


class IdempotencyKeyReused(DetailError, status_code=409, code="idempotency_key_reused", text=messages.IDEMPOTENCY_KEY_REUSED):
    """The key already named another collection (another restaurant or amount): refused, never replayed."""
