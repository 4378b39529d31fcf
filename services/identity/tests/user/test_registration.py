"""Client and restaurant-owner registration (spec part 1 §5 and §8)."""
from datetime import UTC, datetime

import pytest
from sqlalchemy import select

from identity.user.models import User
from kit.outbox import OutboxMessage
from tests.helpers import PASSWORD, refused_at

CLIENT = {"fk_user": {"first_name": "Lucía Pérez", "email": "lucia@example.com", "password": "Tomate-Rojo-81", "password2": "Tomate-Rojo-81"}}
OWNER = {"nombre_local": "La Parrilla", "telefono": "1145678901", "fk_user": {"email": "duenio@example.com", "password": "Brasa-Fuego-44", "password2": "Brasa-Fuego-44"}}


def with_user(base: dict, **user) -> dict:
    return {**base, "fk_user": {**base["fk_user"], **user}}


async def test_a_client_registers_and_gets_a_working_token(client):
    answer = await client.post("/api/cliente/", json=CLIENT)
    assert answer.status_code == 201, answer.text
    body = answer.json()
    assert body["success"] is True and body["username"] == "lucia@example.com" and body["id"] > 0
    check = await client.post("/api/token-auth/check-authentication/", headers={"Authorization": f"Token {body['auth_token']}"})
    assert check.status_code == 200
    assert check.json()["groups"] == [{"id": 3}]


async def test_registration_writes_the_user_registered_event_in_the_same_transaction(client, app):
    await client.post("/api/cliente/", json=CLIENT)
    async with app.state.session_factory() as session:
        types = (await session.scalars(select(OutboxMessage.event_type))).all()
    assert types == ["identity.user.registered"]


async def test_a_client_e_mail_in_use_gives_the_username_message(client):
    assert (await client.post("/api/cliente/", json=CLIENT)).status_code == 201
    again = await client.post("/api/cliente/", json=with_user(CLIENT, email="LUCIA@example.com"))
    assert again.status_code == 400
    assert again.json() == {"fk_user": {"username": ["Ya existe un usuario registrado con este e-mail."]}}


async def test_messages_follow_accept_language(client):
    answer = await client.post("/api/cliente/", json=with_user(CLIENT, password2="Otra-Cosa-99"), headers={"Accept-Language": "en-US,en;q=0.9"})
    assert answer.json()["fk_user"]["password2"] == ["The two password fields didn't match."]


async def test_an_owner_registers_with_the_first_restaurant(client):
    answer = await client.post("/api/restaurant/", json=OWNER)
    assert answer.status_code == 201, answer.text
    body = answer.json()
    assert body["success"] is True
    assert (body["username"], body["name"], body["phone"], body["address"]) == ("duenio@example.com", "La Parrilla", "1145678901", "")
    login = await client.post("/api/auth/token/login/", json={"username": "duenio@example.com", "password": "Brasa-Fuego-44"})
    assert login.json()["user"]["groups"] == [{"id": 2}]


async def test_owner_registration_announces_user_and_restaurant(client, app):
    await client.post("/api/restaurant/", json=OWNER)
    async with app.state.session_factory() as session:
        rows = (await session.scalars(select(OutboxMessage).order_by(OutboxMessage.created_at))).all()
    assert {row.event_type for row in rows} == {"identity.user.registered", "identity.restaurant.created"}
    created = next(row.payload for row in rows if row.event_type == "identity.restaurant.created")
    assert created["nombre_local"] == "La Parrilla" and created["owner_id"] > 0


async def test_an_owner_e_mail_in_use_gives_the_e_mail_message(client):
    await client.post("/api/cliente/", json=with_user(CLIENT, email="duenio@example.com"))
    answer = await client.post("/api/restaurant/", json=OWNER)
    assert answer.status_code == 400
    assert answer.json() == {"fk_user": {"email": ["Ya existe un usuario con este e-mail."]}}


async def test_a_failed_registration_stores_nothing(client, app):
    await client.post("/api/restaurant/", json=with_user(OWNER, password2="different-one"))
    async with app.state.session_factory() as session:
        assert (await session.scalars(select(OutboxMessage))).all() == []


async def test_registrations_are_limited_per_address(client):
    here, elsewhere = {"X-Forwarded-For": "203.0.113.5"}, {"X-Forwarded-For": "198.51.100.5"}

    def body(n):
        return {"fk_user": {"first_name": "Cliente", "email": f"c{n}@example.com", "password": PASSWORD, "password2": PASSWORD}}

    for n in range(10):
        assert (await client.post("/api/cliente/", json=body(n), headers=here)).status_code == 201
    refused = await client.post("/api/cliente/", json=body(10), headers=here)
    assert refused.status_code == 429 and refused.json()["code"] == "too_many_attempts"
    owner = {"nombre_local": "El Patio", "telefono": "1145678901", "fk_user": {"email": "o@example.com", "password": PASSWORD, "password2": PASSWORD}}
    assert (await client.post("/api/restaurant/", json=owner, headers=here)).status_code == 429
    assert (await client.post("/api/restaurant/", json=owner, headers=elsewhere)).status_code == 201


async def account(app, username: str) -> User:
    async with app.state.session_factory() as session:
        return await session.scalar(select(User).where(User.username == username))


@pytest.mark.parametrize(("path", "body", "username"), [("/api/cliente/", CLIENT, "lucia@example.com"), ("/api/restaurant/", OWNER, "duenio@example.com")])
async def test_a_registration_records_when_and_which_terms_were_accepted(client, app, path, body, username):
    before = datetime.now(UTC)
    answer = await client.post(path, json={**body, "acepta_terminos": True})
    assert answer.status_code == 201, answer.text
    user = await account(app, username)
    assert user.terms_version == app.state.settings.terms_version == "2026-11"
    assert before <= user.terms_accepted_at <= datetime.now(UTC)


@pytest.mark.parametrize(("path", "body"), [("/api/cliente/", CLIENT), ("/api/restaurant/", OWNER)])
async def test_terms_not_accepted_refuse_the_registration_in_the_callers_language(client, app, path, body):
    refused = await client.post(path, json={**body, "acepta_terminos": False})
    assert refused.json() == {"acepta_terminos": ["Debés aceptar los términos y condiciones."]}
    english = await client.post(path, json={**body, "acepta_terminos": False}, headers={"Accept-Language": "en"})
    assert refused_at(english, ["acepta_terminos"]) == ["You must accept the terms and conditions."]
    async with app.state.session_factory() as session:
        assert (await session.scalars(select(User))).all() == []


@pytest.mark.parametrize(("path", "body"), [("/api/cliente/", CLIENT), ("/api/restaurant/", OWNER)])
async def test_where_the_terms_are_required_a_registration_must_say_so(client, app, path, body):
    app.state.settings.terms_acceptance_required = True
    refused = await client.post(path, json=body)
    assert refused_at(refused, ["acepta_terminos"]) == ["Debés aceptar los términos y condiciones."]
    assert (await client.post(path, json={**body, "acepta_terminos": True})).status_code == 201


@pytest.mark.parametrize(("path", "body", "username"), [("/api/cliente/", CLIENT, "lucia@example.com"), ("/api/restaurant/", OWNER, "duenio@example.com")])
async def test_the_specs_request_without_the_field_still_registers_with_no_acceptance_on_record(client, app, path, body, username):
    assert app.state.settings.terms_acceptance_required is False
    assert (await client.post(path, json=body)).status_code == 201
    user = await account(app, username)
    assert (user.terms_accepted_at, user.terms_version) == (None, None)
