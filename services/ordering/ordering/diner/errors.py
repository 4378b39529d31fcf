from kit.errors import DetailError, NotFound, Throttled
from ordering import messages


class PlaceTokenInvalid(NotFound, code="place_token_invalid", text=messages.PLACE_TOKEN_INVALID): ...


class OrdersStopped(DetailError, code="orders_stopped", text=messages.ORDERS_STOPPED): ...


class RestaurantClosed(DetailError, code="restaurant_closed"):
    def __init__(self, opens: str, closes: str):
        super().__init__(messages.RESTAURANT_CLOSED.format(opens=opens, closes=closes))


class TooManyOrders(Throttled, code="too_many_orders", text=messages.TOO_MANY_ORDERS): ...


class IdempotencyKeyInvalid(DetailError, code="idempotency_key_required", text=messages.IDEMPOTENCY_KEY_INVALID): ...


class IdempotencyKeyReused(DetailError, status_code=422, code="idempotency_key_reused", text=messages.IDEMPOTENCY_KEY_REUSED):
    """The key already named another caller's request (another table, restaurant or body): its
    stored answer is never sent to someone else."""
