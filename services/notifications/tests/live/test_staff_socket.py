"""The staff socket: authenticated by its first message (never the URL), it carries only the
restaurants its user works in, and it is closed once the token is revoked or expires, or the user
leaves the restaurant."""
import asyncio
import json

from websockets.asyncio.client import connect

from contracts.floor import WaiterCalled
from contracts.identity import OperatorRemoved, RestaurantCreated
from kit.auth import ADMIN, CLIENT, OPERATOR, OWNER
from kit.tokens import TokenSigner
from tests.helpers import A, AN_ADMIN, B, OPERATOR_A, OWNER_A, OWNER_B, STAFF, closing, deliver, next_frame, open_socket, order, staff_socket


def call(restaurant=A, place_id=1, name="M1", kind="waiter") -> WaiterCalled:
    return WaiterCalled(restaurant_id=restaurant, place_id=place_id, place_name=name, kind=kind)


async def refused(url: str, hello: dict, headers: dict | None = None) -> tuple[list[dict], int, str]:
    return await closing(await open_socket(url, STAFF, hello, headers))


async def test_staff_authenticate_with_their_first_message_and_hear_their_restaurant_only(app, people, ws_url):
    ws, ready = await staff_socket(ws_url, people.token(OWNER_A, OWNER))
    assert ready == {"type": "ready", "last_id": 0, "last_ids": {str(A): 0}, "resync": False, "restaurants": [A]}
    await deliver(app, order(restaurant=B), order(restaurant=A))
    first = await next_frame(ws)
    assert (first["type"], first["fk_resto"]) == ("new_order", A)
    await deliver(app, call(restaurant=B), call(restaurant=A))
    second = await next_frame(ws)
    assert (second["type"], second["fk_resto"]) == ("waiter_call", A)  # B's order and call never came


async def test_an_operator_hears_the_restaurant_they_operate(app, people, ws_url):
    ws, ready = await staff_socket(ws_url, people.token(OPERATOR_A, OPERATOR))
    assert ready["restaurants"] == [A]
    await deliver(app, call())
    assert (await next_frame(ws))["type"] == "waiter_call"


async def test_a_socket_that_does_not_authenticate_in_time_is_closed(app, ws_url):
    ws = await connect(ws_url + STAFF)
    frames, code, reason = await closing(ws)
    assert (code, reason) == (4408, "auth_timeout")
    assert frames == [{"type": "error", "code": "auth_timeout", "detail": "No se recibió la autenticación a tiempo."}]


async def test_a_first_message_that_never_finishes_arriving_is_closed_at_the_deadline(app, ws_url):
    """The deadline covers the whole first message: a client trickling a frame's fragments holds
    its socket no longer than one that sends nothing."""
    ws = await connect(ws_url + STAFF)

    async def trickle():
        yield '{"type": "auth", '
        await asyncio.Event().wait()  # the rest never comes

    sending = asyncio.create_task(ws.send(trickle()))
    try:
        assert (await closing(ws))[1:] == (4408, "auth_timeout")
    finally:
        sending.cancel()


async def test_a_first_message_that_is_not_the_auth_message_is_refused(app, people, ws_url):
    ws = await connect(ws_url + STAFF)
    await ws.send("hola")
    assert (await closing(ws))[1:] == (4400, "bad_auth_message")
    assert (await refused(ws_url, {"type": "auth"}))[1:] == (4400, "bad_auth_message")
    assert (await refused(ws_url, {"type": "auth", "token": people.token(OWNER_A, OWNER), "last_id": -1}))[1:] == (4400, "bad_auth_message")
    assert (await refused(ws_url, {"type": "auth", "token": "x" * 3000}))[1:] == (4400, "bad_auth_message")


async def test_a_bad_token_is_refused_in_the_sockets_language(app, ws_url):
    frames, code, reason = await refused(ws_url, {"type": "auth", "token": "not.a.jwt"})
    assert (code, reason) == (4401, "invalid_token")
    assert frames[0]["detail"] == "Token inválido."
    frames, _, _ = await refused(ws_url, {"type": "auth", "token": "not.a.jwt"}, {"Accept-Language": "en"})
    assert frames[0]["detail"] == "Invalid token."


async def test_a_token_revoked_before_connecting_is_refused(app, people, ws_url):
    token = people.token(OWNER_A, OWNER)
    await app.state.revocations.revoke_token(app.state.token_verifier.verify(token))
    assert (await refused(ws_url, {"type": "auth", "token": token}))[1:] == (4401, "invalid_token")


async def test_clients_and_staff_of_no_restaurant_are_refused(app, people, ws_url):
    for token in (people.token(3, CLIENT), people.token(77, OPERATOR), people.token(78, OWNER)):
        frames, code, reason = await refused(ws_url, {"type": "auth", "token": token})
        assert (code, reason) == (4403, "permission_denied")
        assert frames[0]["detail"] == "Usted no tiene permiso para realizar esta acción."


async def test_staff_of_another_restaurant_cannot_listen_to_it(app, people, ws_url):
    for user, group, other in ((OWNER_B, OWNER, A), (OPERATOR_A, OPERATOR, B), (OWNER_A, OWNER, B)):
        hello = {"type": "auth", "token": people.token(user, group), "fk_resto": other}
        assert (await refused(ws_url, hello))[1:] == (4403, "permission_denied")


async def test_an_admin_chooses_one_restaurant_to_hear(app, people, ws_url):
    token = people.token(AN_ADMIN, ADMIN)
    assert (await refused(ws_url, {"type": "auth", "token": token}))[1:] == (4400, "restaurant_required")
    ws, ready = await staff_socket(ws_url, token, fk_resto=B)
    assert ready["restaurants"] == [B]
    await deliver(app, call(restaurant=A), call(restaurant=B))
    assert (await next_frame(ws))["fk_resto"] == B


async def test_an_owner_choosing_one_of_their_restaurants_hears_only_that_one(app, people, ws_url):
    await deliver(app, RestaurantCreated(restaurant_id=30, owner_id=OWNER_A, nombre_local="C"))
    ws, ready = await staff_socket(ws_url, people.token(OWNER_A, OWNER), fk_resto=30)
    assert ready["restaurants"] == [30]
    await deliver(app, call(restaurant=A), call(restaurant=30))
    assert (await next_frame(ws))["fk_resto"] == 30


async def test_a_restaurant_gained_while_connected_is_heard_too(app, people, ws_url):
    ws, _ = await staff_socket(ws_url, people.token(OWNER_A, OWNER))
    await deliver(app, RestaurantCreated(restaurant_id=30, owner_id=OWNER_A, nombre_local="C"))
    await app.state.hub.check_sockets()
    await deliver(app, call(restaurant=30))
    assert (await next_frame(ws))["fk_resto"] == 30


async def test_the_socket_of_a_token_revoked_later_is_closed(app, people, ws_url):
    token = people.token(OWNER_A, OWNER)
    ws, _ = await staff_socket(ws_url, token)
    await app.state.revocations.revoke_token(app.state.token_verifier.verify(token))
    frames, code, reason = await closing(ws)
    assert (code, reason) == (4401, "token_revoked")
    assert frames == [{"type": "error", "code": "token_revoked", "detail": "La sesión terminó: inicie sesión otra vez."}]


async def test_a_password_change_closes_the_sockets_of_older_tokens(app, people, ws_url):
    ws, _ = await staff_socket(ws_url, people.token(OWNER_A, OWNER))
    await app.state.revocations.revoke_user_tokens(OWNER_A, 600)
    assert (await closing(ws))[1:] == (4401, "token_revoked")


async def test_the_socket_of_an_expired_token_is_closed(app, people, ws_url, keys_dir):
    short = TokenSigner((keys_dir / "jwt_private.pem").read_text(), issuer="identity", lifetime_seconds=1)
    ws, _ = await staff_socket(ws_url, short.issue(OWNER_A, "owner@example.com", [OWNER]))
    assert (await closing(ws))[1:] == (4401, "token_expired")


async def test_an_operator_removed_from_the_restaurant_is_disconnected(app, people, ws_url):
    ws, _ = await staff_socket(ws_url, people.token(OPERATOR_A, OPERATOR))
    await deliver(app, OperatorRemoved(restaurant_id=A, user_id=OPERATOR_A))
    assert (await closing(ws))[1:] == (4403, "permission_denied")


async def test_the_token_never_travels_in_the_url(app, people, ws_url):
    """A token in the query string is ignored: only the first message authenticates."""
    ws = await connect(f"{ws_url}{STAFF}?token={people.token(OWNER_A, OWNER)}")
    await ws.send(json.dumps({"type": "auth", "token": "not.a.jwt"}))
    assert (await closing(ws))[1:] == (4401, "invalid_token")
