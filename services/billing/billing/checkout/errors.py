"""Online checkout's refusals: each a `{"detail", "code"}` the diner's phone or the staff's screen
tells apart by its code. The provider not answering is the marketplace's `provider_unreachable` /
`provider_error` (502, `marketplace/errors.py`); a checkout, a line or a delivery order that is not
the caller's is the kit's plain 404 'No encontrado.'."""
from billing import messages
from kit.errors import DetailError, NotFound, Throttled


class PlaceTokenInvalid(NotFound, code="place_token_invalid", text=messages.PLACE_TOKEN_INVALID):
    """The table's QR token is unknown or was replaced (ordering's same 404)."""


class MarketplaceNotLinked(DetailError, status_code=409, code="marketplace_not_linked", text=messages.CHECKOUT_NOT_LINKED):
    """The restaurant has no marketplace account linked: pay at the counter."""


class NothingToPay(DetailError, code="nothing_to_pay", text=messages.CHECKOUT_NOTHING_TO_PAY):
    """No accepted or delivered, unpaid line (of the orders named, for 'my lines')."""


class LinesInCheckout(DetailError, status_code=409, code="lines_in_checkout", text=messages.CHECKOUT_LINES_HELD):
    """The lines are held by another open checkout (another phone got there first)."""


class TipsOff(DetailError, code="tips_off", text=messages.CHECKOUT_TIPS_OFF): ...


class TipInvalid(DetailError, code="tip_invalid", text=messages.CHECKOUT_TIP_INVALID): ...


class ShareTooSmall(DetailError, code="share_too_small", text=messages.CHECKOUT_SHARE_TOO_SMALL): ...


class NoShareLeft(DetailError, status_code=409, code="no_share_left", text=messages.CHECKOUT_NO_SHARE_LEFT):
    """Every share of the split was handed out already."""


class CheckoutNotOpen(DetailError, status_code=409, code="checkout_closed", text=messages.CHECKOUT_NOT_OPEN):
    """The checkout ended (paid, cancelled, expired, refunded) or every charge was approved."""


class CheckoutAlreadyApproved(DetailError, status_code=409, code="checkout_approved", text=messages.CHECKOUT_ALREADY_APPROVED):
    """Cancel came after the provider approved every charge: ordering is paying the lines."""


class OrderingUnavailable(DetailError, status_code=503, code="ordering_unavailable",
                          text=messages.CHECKOUT_ORDERING_UNAVAILABLE):
    """Ordering did not answer in time: nothing was changed, try again."""

    headers = {"Retry-After": "2"}


class IdempotencyKeyInvalid(DetailError, code="idempotency_key_invalid", text=messages.CHECKOUT_KEY_INVALID): ...


class IdempotencyKeyReused(DetailError, status_code=409, code="idempotency_key_reused", text=messages.CHECKOUT_KEY_REUSED):
    """The key already made another checkout (another table, mode, tip or share)."""


class TooManyPaymentCalls(Throttled, code="too_many_requests", text=messages.CHECKOUT_TOO_MANY):
    """An anonymous caller (an address, a table's token, a charge) went over its per-minute limit."""


class SaleNotRecordedYet(DetailError, status_code=503, code="sale_not_recorded_yet", text=messages.CHECKOUT_SALE_NOT_RECORDED):
    """A payment given back at the provider before its sale reached the ledger: the provider sends
    the notification again, by when ordering's payment is a sale here."""

    headers = {"Retry-After": "30"}
