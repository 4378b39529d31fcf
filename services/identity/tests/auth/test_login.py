"""Signing in and out, the session check, throttling and the demo login."""
import asyncio

import pytest

from identity.seed import seed
from identity.settings import Settings
from tests.helpers import PASSWORD, assert_nothing_was_mailed, register_client, token_header

CHECK = "/api/token-auth/check-authentication/"


@pytest.mark.parametrize("login", ["lucia@example.com", "LUCIA@Example.com "])
async def test_a_user_logs_in_with_username_or_e_mail_in_any_case(client, login):
    await register_client(client)
    answer = await client.post("/api/auth/token/login/", json={"username": login, "password": PASSWORD})
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["user"]["username"] == "lucia@example.com"
    assert body["user"]["groups"] == [{"id": 3}]
    assert (await client.post(CHECK, headers=token_header(body["auth_token"]))).status_code == 200


async def test_a_wrong_password_is_refused_with_the_credentials_message(client):
    await register_client(client)
    answer = await client.post("/api/auth/token/login/", json={"username": "lucia@example.com", "password": "wrong-password"})
    assert answer.status_code == 400
    assert answer.json() == {"non_field_errors": ["No puede iniciar sesión con las credenciales proporcionadas."]}


async def test_an_unknown_account_gets_the_same_answer_as_a_wrong_password(client):
    answer = await client.post("/api/auth/token/login/", json={"username": "nobody@example.com", "password": PASSWORD})
    assert answer.status_code == 400
    assert "non_field_errors" in answer.json()


async def test_the_session_check_refuses_a_missing_token(client):
    answer = await client.post(CHECK)
    assert answer.status_code == 401
    assert answer.json()["detail"] == "Las credenciales de autenticación no se proveyeron."


async def test_logout_revokes_that_token_only(client):
    await register_client(client)
    first = (await client.post("/api/auth/token/login/", json={"username": "lucia@example.com", "password": PASSWORD})).json()["auth_token"]
    second = (await client.post("/api/auth/token/login/", json={"username": "lucia@example.com", "password": PASSWORD})).json()["auth_token"]
    assert (await client.post("/api/auth/token/logout/", headers=token_header(first))).status_code == 204
    assert (await client.post(CHECK, headers=token_header(first))).status_code == 401
    assert (await client.post(CHECK, headers=token_header(second))).status_code == 200


async def test_repeated_failures_for_an_account_are_throttled_with_retry_after(client):
    await register_client(client)
    for _ in range(5):
        answer = await client.post("/api/auth/token/login/", json={"username": "lucia@example.com", "password": "wrong-password"})
        assert answer.status_code == 400
    blocked = await client.post("/api/auth/token/login/", json={"username": "lucia@example.com", "password": PASSWORD})
    assert blocked.status_code == 429
    assert int(blocked.headers["Retry-After"]) > 0
    assert blocked.json()["detail"].startswith("Demasiados intentos")
    english = await client.post("/api/auth/token/login/", json={"username": "lucia@example.com", "password": PASSWORD}, headers={"Accept-Language": "en"})
    assert english.json()["detail"].startswith("Too many attempts")


def at(address: str) -> dict[str, str]:
    return {"X-Forwarded-For": address}


async def attempt(client, username: str, password: str, address: str):
    return await client.post("/api/auth/token/login/", json={"username": username, "password": password}, headers=at(address))


async def test_failures_lock_the_account_only_at_that_address(client):
    await register_client(client)
    await register_client(client, email="bruno@example.com", first_name="Bruno")
    for _ in range(5):
        assert (await attempt(client, "lucia@example.com", "wrong-password", "203.0.113.9")).status_code == 400
    locked = await attempt(client, "lucia@example.com", PASSWORD, "203.0.113.9")
    assert locked.status_code == 429
    assert 0 < int(locked.headers["Retry-After"]) <= 15 * 60
    assert locked.json()["code"] == "too_many_attempts"
    # Another diner on the same Wi-Fi, and the account's owner from elsewhere, are not locked out.
    assert (await attempt(client, "bruno@example.com", PASSWORD, "203.0.113.9")).status_code == 200
    assert (await attempt(client, "lucia@example.com", PASSWORD, "198.51.100.7")).status_code == 200


async def test_a_burst_of_concurrent_wrong_passwords_cannot_pass_the_limit(client):
    await register_client(client)
    answers = await asyncio.gather(
        *(attempt(client, "lucia@example.com", "wrong-password", "203.0.113.9") for _ in range(25))
    )
    codes = sorted(answer.status_code for answer in answers)
    assert codes == [400] * 5 + [429] * 20


async def test_spraying_many_accounts_from_one_address_is_stopped(client):
    await register_client(client)
    codes = [
        (await attempt(client, f"guess{n}@example.com", "Verano-2026", "203.0.113.9")).status_code
        for n in range(130)
    ]
    assert codes == [400] * 100 + [429] * 30
    assert (await attempt(client, "lucia@example.com", PASSWORD, "203.0.113.9")).status_code == 429
    assert (await attempt(client, "lucia@example.com", PASSWORD, "198.51.100.7")).status_code == 200


async def test_stuffing_one_account_from_many_addresses_is_stopped(client):
    await register_client(client)
    for n in range(50):
        assert (await attempt(client, "lucia@example.com", "wrong-password", f"10.0.{n}.1")).status_code == 400
    assert (await attempt(client, "lucia@example.com", "wrong-password", "10.9.9.9")).status_code == 429


async def test_a_successful_login_resets_the_account_counter(client):
    await register_client(client)
    for _ in range(4):
        await client.post("/api/auth/token/login/", json={"username": "lucia@example.com", "password": "wrong-password"}, headers={"X-Forwarded-For": "198.51.100.1"})
    assert (await client.post("/api/auth/token/login/", json={"username": "lucia@example.com", "password": PASSWORD}, headers={"X-Forwarded-For": "198.51.100.2"})).status_code == 200
    answer = await client.post("/api/auth/token/login/", json={"username": "lucia@example.com", "password": "wrong-password"}, headers={"X-Forwarded-For": "198.51.100.3"})
    assert answer.status_code == 400


async def test_the_demo_login_signs_in_the_seeded_owner(client, app):
    assert (await client.post("/api/auth/token/demo/")).status_code == 404
    assert await seed(Settings()) == ["demo@resto.local", "admin@resto.local"]
    assert await seed(Settings()) == []  # seeding twice changes nothing
    answer = await client.post("/api/auth/token/demo/")
    assert answer.status_code == 200
    assert answer.json()["user"] == {"id": answer.json()["user"]["id"], "username": "demo@resto.local", "first_name": "Demo", "groups": [{"id": 2}]}


async def test_concurrent_sign_ins_never_hash_more_than_the_bound_at_once(client, monkeypatch):
    import threading
    import time

    from identity.user import passwords

    bound = Settings().password_hash_concurrency
    running, peak, lock = 0, 0, threading.Lock()
    real_verify = passwords._hasher.verify

    def counted_verify(password, password_hash):
        nonlocal running, peak
        with lock:
            running += 1
            peak = max(peak, running)
        try:
            time.sleep(0.05)  # hold the slot long enough for the others to pile up
            return real_verify(password, password_hash)
        finally:
            with lock:
                running -= 1

    await register_client(client)
    monkeypatch.setattr(passwords._hasher, "verify", counted_verify)
    answers = await asyncio.gather(*(attempt(client, "lucia@example.com", PASSWORD, f"10.3.0.{n}") for n in range(12)))
    assert [answer.status_code for answer in answers] == [200] * 12
    # The default thread pool (6 threads here, more on larger machines) would run more at once.
    assert peak == bound == 4


async def test_the_demo_login_is_off_unless_a_setting_turns_it_on(client, app):
    await seed(Settings())
    app.state.settings.demo_login_enabled = False
    answer = await client.post("/api/auth/token/demo/")
    assert answer.status_code == 404 and answer.json()["code"] == "demo_unavailable"
    assert Settings.model_fields["demo_login_enabled"].default is False


async def test_anyone_may_ask_whether_the_demo_login_is_on_here(client, app):
    """The login form shows the demo button only where this says so."""
    assert (await client.get("/api/auth/token/demo/")).json() == {"enabled": True}  # the tests turn it on
    app.state.settings.demo_login_enabled = False
    assert (await client.get("/api/auth/token/demo/")).json() == {"enabled": False}


async def test_the_demo_owner_cannot_lock_other_visitors_out(client, app, mailbox):
    await seed(Settings())
    demo = token_header((await client.post("/api/auth/token/demo/")).json()["auth_token"])
    restaurant = (await client.get("/api/restaurant/", headers=demo)).json()[0]["id_resto"]
    staff = {"first_name": "Pedro", "last_name": "Mozo", "email": "pedro@example.com", "password": "Bandeja-Llena-7", "password2": "Bandeja-Llena-7"}
    refusals = [
        await client.post("/api/registrar-operador/", json={"fk_resto": restaurant, "fk_user": staff}, headers=demo),
        await client.post("/api/auth/users/set_password/", json={"current_password": "Demo-Resto-2026", "new_password": "Otra-Clave-2027", "new_password_confirm": "Otra-Clave-2027"}, headers=demo),
        await client.delete(f"/api/restaurant-atributes/{restaurant}/", headers=demo),
    ]
    assert [(r.status_code, r.json()["code"]) for r in refusals] == [(403, "demo_account_locked")] * 3
    assert (await client.get(f"/api/restaurant-atributes/{restaurant}/", headers=demo)).status_code == 200
    assert (await client.post("/api/auth/users/reset_password/", json={"email": "demo@resto.local"})).status_code == 204
    await assert_nothing_was_mailed(client, mailbox)


async def test_outside_the_local_stack_the_admin_never_gets_the_published_password(client, app, monkeypatch, capsys):
    monkeypatch.delenv("ADMIN_PASSWORD", raising=False)
    monkeypatch.setenv("DEMO_LOGIN_ENABLED", "false")
    await seed(Settings())
    printed = capsys.readouterr().out
    password = printed.split("generated password ")[1].split()[0]
    published = await client.post("/api/auth/token/login/", json={"username": "admin@resto.local", "password": "Admin-Resto-2026"})
    assert published.status_code == 400
    assert (await client.post("/api/auth/token/login/", json={"username": "admin@resto.local", "password": password})).status_code == 200
