"""Why a socket is refused or closed: a close code (4xxx mirror HTTP statuses), a stable `code` the
screen branches on, and a text for the person. Sent as an `error` frame, then the close."""
from dataclasses import dataclass

from kit import messages as kit_messages
from kit.i18n import Text
from notifications import messages


@dataclass(frozen=True)
class Closure:
    close_code: int
    code: str
    text: Text


BAD_AUTH_MESSAGE = Closure(4400, "bad_auth_message", messages.BAD_AUTH_MESSAGE)
RESTAURANT_REQUIRED = Closure(4400, "restaurant_required", messages.RESTAURANT_REQUIRED)
INVALID_TOKEN = Closure(4401, "invalid_token", kit_messages.INVALID_TOKEN)
TOKEN_REVOKED = Closure(4401, "token_revoked", messages.TOKEN_REVOKED)
TOKEN_EXPIRED = Closure(4401, "token_expired", messages.TOKEN_REVOKED)
PERMISSION_DENIED = Closure(4403, "permission_denied", kit_messages.PERMISSION_DENIED)
PLACE_UNKNOWN = Closure(4404, "place_unknown", messages.PLACE_UNKNOWN)
PLACE_CLOSED = Closure(4404, "place_closed", messages.PLACE_CLOSED)
TRACKING_UNKNOWN = Closure(4404, "tracking_unknown", messages.TRACKING_UNKNOWN)  # unknown token, or its order long closed
TRACKING_CLOSED = Closure(4404, "tracking_closed", messages.TRACKING_CLOSED)  # its time ran out while connected
AUTH_TIMEOUT = Closure(4408, "auth_timeout", messages.AUTH_TIMEOUT)
# 4429 mirrors 'too many requests'; final for the web's clients (reconnecting would be refused again).
TOO_MANY_FROM_ADDRESS = Closure(4429, "too_many_from_address", messages.TOO_MANY_FROM_ADDRESS)
TOO_MANY_FOR_RESTAURANT = Closure(4429, "too_many_for_restaurant", messages.TOO_MANY_FOR_RESTAURANT)
TOO_MANY_AT_PLACE = Closure(4429, "too_many_at_place", messages.TOO_MANY_AT_PLACE)
MESSAGE_TOO_BIG = Closure(1009, "message_too_big", messages.MESSAGE_TOO_BIG)  # 1009 as uvicorn's --ws-max-size
TOO_SLOW = Closure(1013, "too_slow", messages.TOO_SLOW)  # 1013: try again later (reconnect and catch up)
BUSY = Closure(1013, "busy", messages.BUSY)  # no database connection in time, revocations being restored
SERVER_ERROR = Closure(1011, "server_error", kit_messages.SERVER_ERROR)  # reconnect and catch up


class Refused(Exception):
    def __init__(self, closure: Closure):
        super().__init__(closure.code)
        self.closure = closure
