"""Why a socket is refused or closed: a close code (the protocol's, `contracts.live.CloseCode`: 4xxx
mirror HTTP statuses; which of them the web's clients take as final is the protocol's too), a stable
`code` the screen branches on, and a text for the person. Sent as an `error` frame, then the close."""
from dataclasses import dataclass

from contracts.live import CloseCode
from kit import messages as kit_messages
from kit.i18n import Text
from notifications import messages


@dataclass(frozen=True)
class Closure:
    close_code: CloseCode
    code: str
    text: Text


BAD_AUTH_MESSAGE = Closure(CloseCode.BAD_AUTH, "bad_auth_message", messages.BAD_AUTH_MESSAGE)
RESTAURANT_REQUIRED = Closure(CloseCode.BAD_AUTH, "restaurant_required", messages.RESTAURANT_REQUIRED)
INVALID_TOKEN = Closure(CloseCode.UNAUTHORIZED, "invalid_token", kit_messages.INVALID_TOKEN)
TOKEN_REVOKED = Closure(CloseCode.UNAUTHORIZED, "token_revoked", messages.TOKEN_REVOKED)
TOKEN_EXPIRED = Closure(CloseCode.UNAUTHORIZED, "token_expired", messages.TOKEN_REVOKED)
PERMISSION_DENIED = Closure(CloseCode.FORBIDDEN, "permission_denied", kit_messages.PERMISSION_DENIED)
PLACE_UNKNOWN = Closure(CloseCode.NOT_FOUND, "place_unknown", messages.PLACE_UNKNOWN)
PLACE_CLOSED = Closure(CloseCode.NOT_FOUND, "place_closed", messages.PLACE_CLOSED)
TRACKING_UNKNOWN = Closure(CloseCode.NOT_FOUND, "tracking_unknown", messages.TRACKING_UNKNOWN)  # unknown token, or its order long closed
TRACKING_CLOSED = Closure(CloseCode.NOT_FOUND, "tracking_closed", messages.TRACKING_CLOSED)  # its time ran out while connected
AUTH_TIMEOUT = Closure(CloseCode.AUTH_TIMEOUT, "auth_timeout", messages.AUTH_TIMEOUT)
# 4429 mirrors 'too many requests'; final for the web's clients (contracts.live.FINAL_CLOSE_CODES).
TOO_MANY_FROM_ADDRESS = Closure(CloseCode.TOO_MANY, "too_many_from_address", messages.TOO_MANY_FROM_ADDRESS)
TOO_MANY_FOR_RESTAURANT = Closure(CloseCode.TOO_MANY, "too_many_for_restaurant", messages.TOO_MANY_FOR_RESTAURANT)
TOO_MANY_AT_PLACE = Closure(CloseCode.TOO_MANY, "too_many_at_place", messages.TOO_MANY_AT_PLACE)
MESSAGE_TOO_BIG = Closure(CloseCode.MESSAGE_TOO_BIG, "message_too_big", messages.MESSAGE_TOO_BIG)  # as uvicorn's --ws-max-size
TOO_SLOW = Closure(CloseCode.TRY_AGAIN_LATER, "too_slow", messages.TOO_SLOW)  # reconnect and catch up
BUSY = Closure(CloseCode.TRY_AGAIN_LATER, "busy", messages.BUSY)  # no database connection in time, revocations being restored
SERVER_ERROR = Closure(CloseCode.SERVER_ERROR, "server_error", kit_messages.SERVER_ERROR)  # reconnect and catch up


class Refused(Exception):
    def __init__(self, closure: Closure):
        super().__init__(closure.code)
        self.closure = closure
