from kit.errors import NotFound, Throttled
from ordering import messages


class PlaceTokenInvalid(NotFound, code="place_token_invalid", text=messages.PLACE_TOKEN_INVALID): ...


class TooManyOrders(Throttled, code="too_many_orders", text=messages.TOO_MANY_ORDERS): ...
