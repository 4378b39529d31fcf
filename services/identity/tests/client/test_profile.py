"""A client's own profile (spec part 1 §5 'Client profile')."""
import pytest

from tests.helpers import png, refused_at, register_client, token_header


async def test_a_client_reads_and_updates_the_profile_with_an_image(client):
    headers = token_header((await register_client(client))["auth_token"])
    empty = await client.get("/api/cliente/detalles/", headers=headers)
    assert empty.json()["fk_user"]["email"] == "lucia@example.com" and empty.json()["telefono"] == ""
    answer = await client.put(
        "/api/cliente/actualizar/",
        # the form sends back the read-only e-mail as it shows it
        data={"fk_user.first_name": "Lucía", "fk_user.last_name": "Fernández", "fk_user.email": " Lucia@Example.com", "telefono": "1145678901", "genero": "0"},
        files={"imagen": ("yo.bmp", png(), "image/bmp")},
        headers=headers,
    )
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert (body["fk_user"]["last_name"], body["telefono"], body["genero"]) == ("Fernández", "1145678901", 0)
    assert body["imagen"].startswith("/media/identity/avatars/")
    again = await client.get("/api/cliente/detalles/", headers=headers)
    assert again.json() == body


@pytest.mark.parametrize(
    ("data", "path", "message"),
    [
        ({"fk_user.first_name": "Ana"}, ["fk_user", "first_name"], "al menos 4 caracteres"),
        ({"fk_user.last_name": "Paz"}, ["fk_user", "last_name"], "al menos 4 caracteres"),
        ({"telefono": "11-4567"}, ["telefono"], "al menos 8 caracteres"),
        ({"telefono": "11-4567-8901"}, ["telefono"], "Solo se permiten números"),
        ({"telefono": "١١٤٥٦٧٨٩٠١"}, ["telefono"], "Solo se permiten números"),  # Arabic-Indic digits
        ({"genero": "7"}, ["genero"], "menor o igual a 1"),
        ({"fk_user.email": "otro@example.com"}, ["fk_user", "email"], "no se puede cambiar"),
    ],
)
async def test_profile_rules_are_enforced_by_the_server(client, data, path, message):
    headers = token_header((await register_client(client))["auth_token"])
    answer = await client.put("/api/cliente/actualizar/", data=data, headers=headers)
    assert any(message in text for text in refused_at(answer, path)), answer.json()


async def test_a_bad_image_is_refused_and_the_profile_is_unchanged(client):
    headers = token_header((await register_client(client))["auth_token"])
    answer = await client.put("/api/cliente/actualizar/", data={"telefono": "1145678901"}, files={"imagen": ("x.jpg", b"GIF89a...", "image/jpeg")}, headers=headers)
    assert answer.status_code == 400 and "imagen" in answer.json()
    assert (await client.get("/api/cliente/detalles/", headers=headers)).json()["telefono"] == ""


async def test_each_person_sees_only_their_own_profile(client):
    lucia = token_header((await register_client(client))["auth_token"])
    other = token_header((await register_client(client, email="otra@example.com", first_name="Otra"))["auth_token"])
    await client.put("/api/cliente/actualizar/", data={"telefono": "1111111111"}, headers=lucia)
    assert (await client.get("/api/cliente/detalles/", headers=other)).json()["telefono"] == ""
    assert (await client.get("/api/cliente/detalles/")).status_code == 401
