from kit.errors import DetailError, NotFound
from ordering import messages


class PlaceTokenInvalid(NotFound):
    code = "place_token_invalid"

    text = messages.PLACE_TOKEN_INVALID


class OrdersStopped(DetailError):
    code = "orders_stopped"

    text = messages.ORDERS_STOPPED


class RestaurantClosed(DetailError):
    code = "restaurant_closed"

    def __init__(self, opens: str, closes: str):
        super().__init__(messages.RESTAURANT_CLOSED.format(opens=opens, closes=closes))


class TooManyOrders(DetailError):
    status_code = 429
    code = "too_many_orders"

    def __init__(self, retry_after: int):
        super().__init__(messages.TOO_MANY_ORDERS.format(seconds=retry_after))
        self.headers = {"Retry-After": str(retry_after)}


class IdempotencyKeyInvalid(DetailError):
    code = "idempotency_key_required"

    text = messages.IDEMPOTENCY_KEY_INVALID
