"""Whole flows through the running stack: what a person does, end to end, across services."""
import re
import subprocess
import time
import uuid
from pathlib import Path

import pytest

MAIL_DIR = Path(__file__).resolve().parents[2] / ".run" / "mail"
PASSWORD = "Tomate-Rojo-81"
PROJECTING_SERVICES = ("catalog", "floor", "ordering", "billing", "notifications")


def unique_email(kind: str) -> str:
    return f"{kind}-{uuid.uuid4().hex[:10]}@example.com"


def psql(database: str, sql: str) -> str:
    return subprocess.run(
        ["psql", "-w", "-h", "127.0.0.1", "-U", "postgres", "-d", database, "-Atc", sql],
        capture_output=True, text=True, check=True,
    ).stdout.strip()


def eventually(check, seconds=15.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.1)
    raise AssertionError("not reached in time")


def test_an_account_registers_logs_in_out_and_resets_its_password(client):
    email = unique_email("cliente")
    registered = client.post("/api/cliente/", json={"fk_user": {"first_name": "Ana Ruiz", "email": email, "password": PASSWORD, "password2": PASSWORD}})
    assert registered.status_code == 201 and registered.json()["username"] == email
    token = client.post("/api/auth/token/login/", json={"username": email.upper(), "password": PASSWORD}).json()["auth_token"]
    auth = {"Authorization": f"Token {token}"}
    assert client.post("/api/token-auth/check-authentication/", headers=auth).status_code == 200
    assert client.post("/api/auth/token/logout/", headers=auth).status_code == 204
    assert client.post("/api/token-auth/check-authentication/", headers=auth).status_code == 401

    assert client.post("/api/auth/users/reset_password/", json={"email": email, "is_resto": False}).status_code == 204
    link = {}

    def mailed() -> bool:
        for mail in sorted(MAIL_DIR.glob("*.txt"), key=lambda p: p.stat().st_mtime, reverse=True)[:20]:
            text = mail.read_text(errors="replace")
            if email in text and (found := re.search(r"/recuperar-contrasena/([^/\s]+)/([^/\s]+)", text)):
                link.update(uid=found.group(1), token=found.group(2))
                return True
        return False

    eventually(mailed)
    confirmed = client.post("/api/auth/users/reset_password_confirm/", json={**link, "new_password": "Nueva-Clave-2026"})
    assert confirmed.status_code == 204
    assert client.post("/api/auth/token/login/", json={"username": email, "password": "Nueva-Clave-2026"}).status_code == 200


def test_a_new_restaurant_reaches_every_service_exactly_once(client):
    """identity announces the restaurant; each service's membership projection applies it once."""
    owner = client.post(
        "/api/restaurant/",
        json={"nombre_local": "Flujo Completo", "telefono": "1145678901", "fk_user": {"email": unique_email("duenio"), "password": PASSWORD, "password2": PASSWORD}},
    )
    assert owner.status_code == 201
    restaurant, auth = owner.json()["id"], {"Authorization": f"Token {owner.json()['auth_token']}"}
    eventually(lambda: client.get(f"/api/menu/?restaurant={restaurant}", headers=auth).status_code == 200)
    for service in PROJECTING_SERVICES:
        eventually(lambda: psql(service, f"SELECT count(*) FROM restaurant_member WHERE restaurant_id = {restaurant}") == "1")
        assert psql(service, f"SELECT role FROM restaurant_member WHERE restaurant_id = {restaurant}") == "2"


@pytest.mark.parametrize("token", ["not-a-token", "eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0."])
def test_a_bad_token_is_refused_through_the_gateway(client, token):
    answer = client.post("/api/token-auth/check-authentication/", headers={"Authorization": f"Token {token}"})
    assert answer.status_code == 401


def test_an_operator_reaches_the_restaurant_everywhere_until_removed(client):
    owner = client.post(
        "/api/restaurant/",
        json={"nombre_local": "Con Operador", "telefono": "1145678901", "fk_user": {"email": unique_email("duenio"), "password": PASSWORD, "password2": PASSWORD}},
    ).json()
    restaurant, owner_auth = owner["id"], {"Authorization": f"Token {owner['auth_token']}"}
    email = unique_email("mozo")
    added = client.post(
        "/api/registrar-operador/",
        json={"fk_resto": restaurant, "fk_user": {"first_name": "Pedro", "email": email, "password": PASSWORD, "password2": PASSWORD}},
        headers=owner_auth,
    )
    assert added.status_code == 201
    login = client.post("/api/auth/token/login/", json={"username": email, "password": PASSWORD}).json()
    assert login["user"]["groups"] == [{"id": 4}]
    operator = {"Authorization": f"Token {login['auth_token']}"}
    assert [r["id_resto"] for r in client.get("/api/restaurant/", headers=operator).json()] == [restaurant]
    eventually(lambda: client.get(f"/api/menu/?restaurant={restaurant}", headers=operator).status_code == 200)
    user_id = added.json()["fk_user"]["id"]
    for service in PROJECTING_SERVICES:
        eventually(lambda: psql(service, f"SELECT role FROM restaurant_member WHERE restaurant_id = {restaurant} AND user_id = {user_id}") == "4")

    assert client.delete(f"/api/registrar-operador/{added.json()['id']}/", headers=owner_auth).status_code == 204
    assert client.get(f"/api/menu/?restaurant={restaurant}", headers=operator).status_code == 401  # the token died with the job
    for service in PROJECTING_SERVICES:
        eventually(lambda: psql(service, f"SELECT count(*) FROM restaurant_member WHERE restaurant_id = {restaurant} AND user_id = {user_id} AND active") == "0")
