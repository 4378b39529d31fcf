"""A client's own profile (spec part 1 §5 'Client profile')."""
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


async def test_the_profiles_own_rules_are_enforced_by_the_server(client):
    """One of them through the form; every rule of the profile: tests/unit/test_profiles.py."""
    headers = token_header((await register_client(client))["auth_token"])
    answer = await client.put("/api/cliente/actualizar/", data={"fk_user.email": "otro@example.com"}, headers=headers)
    assert refused_at(answer, ["fk_user", "email"]) == ["El e-mail no se puede cambiar."]


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
