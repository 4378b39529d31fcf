"""Signing in and out, the session check, throttling and the demo login."""
import pytest

from identity.seed import seed
from identity.settings import Settings
from tests.helpers import PASSWORD, register_client, token_header

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


async def test_failures_from_one_address_across_accounts_are_throttled(client):
    headers = {"X-Forwarded-For": "203.0.113.9"}
    for n in range(5):
        await client.post("/api/auth/token/login/", json={"username": f"guess{n}@example.com", "password": "wrong-password"}, headers=headers)
    await register_client(client)
    blocked = await client.post("/api/auth/token/login/", json={"username": "lucia@example.com", "password": PASSWORD}, headers=headers)
    assert blocked.status_code == 429
    elsewhere = await client.post("/api/auth/token/login/", json={"username": "lucia@example.com", "password": PASSWORD}, headers={"X-Forwarded-For": "198.51.100.7"})
    assert elsewhere.status_code == 200


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
