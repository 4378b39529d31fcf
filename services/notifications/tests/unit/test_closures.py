"""Close-code decisions (live/errors.py, live/connection.py): each refusal's close code is the
protocol's (contracts.live.CloseCode) and says whether the web's clients reconnect; the `error` frame
before it names the case and tells the person why, in the socket's language; the first message is
read within its deadline and size, and must be the auth message."""
import asyncio

import pytest

from contracts import live
from contracts.live import CloseCode, StaffAuth
from notifications.live import errors
from notifications.live.connection import receive_auth, send_closure
from notifications.live.errors import Closure, Refused
from tests.unit.fakes import WebSocket

CLOSURES = {name: value for name, value in vars(errors).items() if isinstance(value, Closure)}


def test_every_refusal_closes_with_the_protocols_code():
    assert {c.code: int(c.close_code) for c in CLOSURES.values()} == {
        "bad_auth_message": 4400, "restaurant_required": 4400,
        "invalid_token": 4401, "token_revoked": 4401, "token_expired": 4401,
        "permission_denied": 4403,
        "place_unknown": 4404, "place_closed": 4404, "tracking_unknown": 4404, "tracking_closed": 4404,
        "auth_timeout": 4408,
        "too_many_from_address": 4429, "too_many_for_restaurant": 4429, "too_many_at_place": 4429,
        "message_too_big": 1009,
        "too_slow": 1013, "busy": 1013,
        "server_error": 1011,
    }
    assert all(isinstance(c.close_code, CloseCode) for c in CLOSURES.values())


def test_every_error_code_of_the_protocol_is_one_refusal_and_no_refusal_is_outside_it():
    assert sorted(c.code for c in CLOSURES.values()) == sorted(live.ErrorCode.__args__)


@pytest.mark.parametrize("name, final", [
    ("BAD_AUTH_MESSAGE", True), ("RESTAURANT_REQUIRED", True), ("INVALID_TOKEN", True), ("TOKEN_REVOKED", True),
    ("TOKEN_EXPIRED", True), ("PERMISSION_DENIED", True), ("PLACE_UNKNOWN", True), ("PLACE_CLOSED", True),
    ("TRACKING_UNKNOWN", True), ("TRACKING_CLOSED", True), ("TOO_MANY_FROM_ADDRESS", True), ("TOO_MANY_FOR_RESTAURANT", True),
    ("TOO_MANY_AT_PLACE", True),
    # retried: a slow network, the server's own trouble (caught up on reconnecting)
    ("AUTH_TIMEOUT", False), ("TOO_SLOW", False), ("BUSY", False), ("SERVER_ERROR", False), ("MESSAGE_TOO_BIG", False),
])
def test_the_web_stops_reconnecting_exactly_after_the_refusals_reconnecting_cannot_mend(name, final):
    assert (CLOSURES[name].close_code in live.FINAL_CLOSE_CODES) is final


@pytest.mark.parametrize("closure, es, en", [
    (errors.BAD_AUTH_MESSAGE, 'El primer mensaje debe ser {"type": "auth", ...} con sus campos válidos.',
     'The first message must be {"type": "auth", ...} with valid fields.'),
    (errors.INVALID_TOKEN, "Token inválido.", "Invalid token."),
    (errors.TOKEN_EXPIRED, "La sesión terminó: inicie sesión otra vez.", "The session ended: log in again."),
    (errors.PERMISSION_DENIED, "Usted no tiene permiso para realizar esta acción.", "You do not have permission to perform this action."),
    (errors.PLACE_UNKNOWN, "Código QR inválido o vencido.", "Invalid or expired QR code."),
    (errors.TRACKING_CLOSED, "El seguimiento de este pedido terminó.", "Tracking of this order has ended."),
    (errors.AUTH_TIMEOUT, "No se recibió la autenticación a tiempo.", "Authentication was not received in time."),
    (errors.TOO_MANY_AT_PLACE, "Hay demasiados teléfonos conectados a esta mesa: cierre alguno y vuelva a escanear el código.",
     "Too many phones are connected to this table: close one and scan the code again."),
])
def test_a_refusal_tells_the_person_why_in_both_languages(closure, es, en):
    assert (closure.text.render("es"), closure.text.render("en")) == (es, en)


# ---------------------------------------------------------------------------------- telling, then closing
@pytest.mark.parametrize("lang, detail", [
    ("es", "Hay demasiadas conexiones abiertas desde esta dirección: cierre alguna pestaña y vuelva a intentar."),
    ("en", "Too many connections are open from this address: close a tab and try again."),
])
async def test_a_refused_socket_gets_an_error_frame_in_its_language_then_the_close(lang, detail):
    ws = WebSocket()
    await send_closure(ws, errors.TOO_MANY_FROM_ADDRESS, lang)
    assert ws.frames == [{"type": "error", "code": "too_many_from_address", "detail": detail}]
    assert ws.closed == (4429, "too_many_from_address")


async def test_a_socket_already_gone_is_told_nothing():
    ws = WebSocket()
    await ws.close(1001, "")
    await send_closure(ws, errors.TOO_SLOW, "es")
    assert (ws.sent, ws.closed) == ([], (1001, ""))


async def test_a_client_that_reads_nothing_is_not_waited_for_long(monkeypatch):
    from notifications.live import connection

    monkeypatch.setattr(connection, "CLOSE_SECONDS", 0.01)
    ws = WebSocket()
    ws.stalled = True
    async with asyncio.timeout(1):
        await send_closure(ws, errors.TOO_SLOW, "es")
    assert ws.closed is None  # dropped, not told


# ---------------------------------------------------------------------------------- the first message
async def first_message(ws: WebSocket, seconds=1.0, max_bytes=4096):
    return await receive_auth(ws, StaffAuth, seconds, max_bytes)


async def refusal(ws: WebSocket, **limits) -> str:
    with pytest.raises(Refused) as refused:
        await first_message(ws, **limits)
    return refused.value.closure.code


async def test_the_first_message_is_the_auth_message():
    ws = WebSocket()
    ws.say('{"type": "auth", "token": "t", "fk_resto": 3, "lang": "en"}')
    hello = await first_message(ws)
    assert (hello.token, hello.fk_resto, hello.lang, hello.last_id) == ("t", 3, "en", None)


@pytest.mark.parametrize("text", [
    "hola", "", '{"type": "auth"}', '{"type": "auth", "token": "t", "last_id": -1}', '{"type": "auth", "token": ""}',
    '{"type": "auth", "token": "t", "colour": "red"}', '{"type": "ready", "token": "t"}',
])
async def test_a_first_message_that_is_not_a_valid_auth_message_is_refused(text):
    ws = WebSocket()
    ws.say(text)
    assert await refusal(ws) == "bad_auth_message"


@pytest.mark.parametrize("size, refused", [(4096, False), (4097, True)])
async def test_a_first_frame_past_the_limit_is_too_big_whatever_it_holds(size, refused):
    text = '{"type": "auth", "token": "' + "x" * (size - 29) + '"}'
    assert len(text.encode()) == size
    ws = WebSocket()
    ws.say(text)
    if refused:
        assert await refusal(ws) == "message_too_big"
    else:
        assert await refusal(ws) == "bad_auth_message"  # within the size; a token past its 2048 characters


async def test_a_binary_first_frame_counts_its_bytes_too():
    ws = WebSocket()
    ws.say(data=b"x" * 5000)
    assert await refusal(ws) == "message_too_big"


async def test_a_socket_that_says_nothing_in_time_is_refused():
    assert await refusal(WebSocket(), seconds=0.01) == "auth_timeout"


async def test_a_client_that_leaves_before_authenticating_is_let_go():
    ws = WebSocket()
    ws.leave()
    assert await first_message(ws) is None
