"""Errors that always say the same only name their text (and code); the body shapes stay the spec's."""
from kit import messages
from kit.errors import DetailError, NonFieldError, NotFound
from kit.i18n import Text

GONE = Text(es="Ya no está.", en="It is gone.")
TAKEN = Text(es="Ese nombre ya existe.", en="That name exists already.")


class Gone(NotFound, text=GONE): ...


class NameTaken(NonFieldError, code="name_taken", text=TAKEN): ...


class Late(DetailError, status_code=409, code="late", text=GONE): ...


def test_a_fixed_message_is_named_once_on_the_class():
    assert Gone().body == {"detail": GONE} and Gone.status_code == 404
    assert NotFound().body == {"detail": messages.NOT_FOUND}
    assert NameTaken().body == {"non_field_errors": [TAKEN], "code": "name_taken"}
    # the class line names the status too; a subclass keeps what it does not name
    assert Late().body == {"detail": GONE, "code": "late"} and Late.status_code == 409
    assert DetailError.status_code == 400 and DetailError.code is None


def test_a_message_given_when_raised_wins_over_the_class_one():
    assert Gone(TAKEN).body == {"detail": TAKEN}
    assert NonFieldError(GONE, TAKEN).body == {"non_field_errors": [GONE, TAKEN]}
    assert DetailError(GONE, status_code=409).status_code == 409


async def test_redis_away_is_a_503_to_come_back_not_a_500():
    """Found by `make chaos`: while Redis restarted (or before its users were set again), a
    diner's order (its per-place count) and every staff call (the token's revocation check) were
    answered 500 'contact support'; a real client gives up on that. Now: 503 busy + Retry-After,
    the request's transaction rolled back, as for a database pool that is exhausted."""
    from fastapi import FastAPI
    from httpx import ASGITransport, AsyncClient
    from redis.exceptions import AuthenticationError, ConnectionError, TimeoutError

    from kit.errors import install_error_handlers

    app = FastAPI()
    install_error_handlers(app)
    failures = {"refused": ConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused."),
                "closed": ConnectionError("Connection closed by server."),
                "users not set yet": AuthenticationError("WRONGPASS invalid username-password pair"),
                "slow": TimeoutError("Timeout reading from socket")}

    @app.get("/redis/{what}")
    async def uses_redis(what: str):
        raise failures[what]

    transport = ASGITransport(app=app, raise_app_exceptions=False)
    async with AsyncClient(transport=transport, base_url="http://testserver") as http:
        for what in failures:
            answer = await http.get(f"/redis/{what}")
            assert answer.status_code == 503, (what, answer.text)
            assert answer.json()["code"] == "busy" and answer.headers["Retry-After"] == "2"
