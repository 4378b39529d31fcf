"""Password reset by e-mail and password change."""
import re

from tests.helpers import PASSWORD, assert_nothing_was_mailed, register_client, token_header

LINK = re.compile(r"http://\S+/recuperar-contrasena/(?P<uid>[^/\s]+)/(?P<token>[^/\s]+)")


async def wait_for_mail(mailbox, count=1):
    import asyncio

    for _ in range(100):
        if len(mailbox.messages) >= count:
            return mailbox.messages
        await asyncio.sleep(0.05)
    raise AssertionError("no mail arrived")


async def request_reset(client, mailbox, email="lucia@example.com"):
    answer = await client.post("/api/auth/users/reset_password/", json={"email": email, "is_resto": False})
    assert answer.status_code == 204
    message = (await wait_for_mail(mailbox))[-1]
    return LINK.search(message.get_content())


async def test_a_reset_request_mails_a_link_to_the_reset_page(client, mailbox):
    await register_client(client)
    match = await request_reset(client, mailbox)
    assert match is not None
    assert mailbox.messages[0]["To"] == "lucia@example.com"
    assert mailbox.messages[0]["Subject"] == "Restablecer su contraseña"


async def test_a_reset_request_for_an_unknown_e_mail_answers_the_same_and_sends_nothing(client, mailbox):
    answer = await client.post("/api/auth/users/reset_password/", json={"email": "nobody@example.com", "is_resto": True})
    assert answer.status_code == 204
    await assert_nothing_was_mailed(client, mailbox)


async def test_a_reset_request_for_an_e_mail_holding_a_nul_character_is_refused_and_sends_nothing(client, mailbox):
    """PostgreSQL cannot compare text holding a NUL: the request is a 400, never a 500 (attack suite)."""
    await register_client(client, email="ab@example.com")
    answer = await client.post("/api/auth/users/reset_password/", json={"email": "a\u0000b@example.com", "is_resto": False})
    assert answer.status_code == 400, answer.text
    assert answer.json() == {"detail": "El texto contiene un carácter nulo, que no es válido."}
    await assert_nothing_was_mailed(client, mailbox)


async def test_the_link_sets_a_new_password_once_and_ends_every_session(client, mailbox):
    token = (await register_client(client))["auth_token"]
    match = await request_reset(client, mailbox)
    confirm = {"uid": match["uid"], "token": match["token"], "new_password": "Nueva-Clave-2026"}
    assert (await client.post("/api/auth/users/reset_password_confirm/", json=confirm)).status_code == 204
    assert (await client.post("/api/token-auth/check-authentication/", headers=token_header(token))).status_code == 401
    login = await client.post("/api/auth/token/login/", json={"username": "lucia@example.com", "password": "Nueva-Clave-2026"})
    assert login.status_code == 200
    again = await client.post("/api/auth/users/reset_password_confirm/", json={**confirm, "new_password": "Otra-Clave-2027"})
    assert again.status_code == 400
    assert "token" in again.json()


def set_password(client, token: str, current: str, new: str, repeat: str | None = None):
    body = {"current_password": current, "new_password": new, "new_password_confirm": new if repeat is None else repeat}
    return client.post("/api/auth/users/set_password/", json=body, headers=token_header(token))


async def test_a_password_change_answers_204_and_revokes_older_tokens(client):
    token = (await register_client(client))["auth_token"]
    answer = await set_password(client, token, PASSWORD, "Nueva-Clave-2026")
    assert answer.status_code == 204
    assert (await client.post("/api/token-auth/check-authentication/", headers=token_header(token))).status_code == 401
    fresh = await client.post("/api/auth/token/login/", json={"username": "lucia@example.com", "password": "Nueva-Clave-2026"})
    assert (await client.post("/api/token-auth/check-authentication/", headers=token_header(fresh.json()["auth_token"]))).status_code == 200


async def test_a_password_change_needs_a_session(client):
    answer = await client.post("/api/auth/users/set_password/", json={"current_password": PASSWORD, "new_password": "x", "new_password_confirm": "x"})
    assert answer.status_code == 401


async def test_reset_mails_are_limited_per_e_mail_and_per_address(client, mailbox):
    await register_client(client)
    ask = lambda email, address: client.post(  # noqa: E731
        "/api/auth/users/reset_password/", json={"email": email, "is_resto": False}, headers={"X-Forwarded-For": address}
    )
    for n in range(3):
        assert (await ask("lucia@example.com", f"10.1.0.{n}")).status_code == 204
    refused = await ask("lucia@example.com", "10.1.0.9")
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0
    await wait_for_mail(mailbox, 3)
    # One address asking for many e-mail addresses (known or not) is stopped too.
    for n in range(10):
        assert (await ask(f"someone{n}@example.com", "10.2.0.1")).status_code == 204
    assert (await ask("other@example.com", "10.2.0.1")).status_code == 429
    assert (await ask("other@example.com", "10.2.0.2")).status_code == 204


async def test_new_hashes_take_the_configured_argon2_cost_and_older_ones_still_sign_in(app, client):
    """The suite runs Argon2id at its least cost (conftest); every deployment keeps argon2-cffi's
    defaults. A hash made at another cost keeps working: the cost travels in the hash."""
    from sqlalchemy import select

    from identity.settings import Settings
    from identity.user import passwords
    from identity.user.models import User

    defaults = Settings.model_fields
    assert (defaults["password_hash_time_cost"].default, defaults["password_hash_memory_kib"].default) == (3, 65_536)
    await register_client(client)
    async with app.state.session_factory() as session:
        stored = await session.scalar(select(User.password_hash).where(User.email == "lucia@example.com"))
    assert stored.startswith("$argon2id$v=19$m=8192,t=1,")
    passwords.configure_hashing(4, 3, 65_536)
    try:
        assert await passwords.verify_password(PASSWORD, stored)
        assert (await passwords.hash_password(PASSWORD)).startswith("$argon2id$v=19$m=65536,t=3,")
    finally:
        passwords.configure_hashing(4, 1, 8192)
