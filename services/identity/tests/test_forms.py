"""Multipart forms (restaurant create and edit, a client's profile): nested fields come flattened
as `fk_user.first_name`; a form the spec's client could not have sent is a field error, never a 500."""
import pytest

from tests.helpers import png, register_owner

RESTAURANT = {"nombre_local": "Segundo Local", "telefono": "1145670000", "direccion": "Av. Santa Fe 1234, CABA"}
WHOLE_AND_IN_PARTS = "Este campo se envió entero y también por partes: envíe solo una de las dos formas."


def both_ways(order: str) -> list[tuple[str, str]]:
    whole, parts = ("fk_user", "Juan"), ("fk_user.first_name", "Juana")
    return [whole, parts] if order == "whole first" else [parts, whole]


async def send_form(client, method: str, url: str, fields: list[tuple[str, str]], headers, files=()):
    """multipart/form-data with the fields in the order given (a part without a file name is text)."""
    parts = [(name, (None, value)) for name, value in fields] + list(files)
    return await client.request(method, url, files=parts, headers=headers)


@pytest.mark.parametrize("order", ["whole first", "parts first"])
async def test_a_restaurant_edit_with_a_field_sent_whole_and_in_parts_is_a_field_error(client, order):
    owner = await register_owner(client)
    url = f"/api/restaurant-atributes/{owner['id']}/"
    answer = await send_form(client, "PUT", url, both_ways(order), owner["headers"])
    assert answer.status_code == 400, answer.text
    assert answer.json() == {"fk_user": [WHOLE_AND_IN_PARTS]}
    unchanged = await client.get(url, headers=owner["headers"])
    assert unchanged.json()["fk_user"]["first_name"] == ""


@pytest.mark.parametrize("order", ["whole first", "parts first"])
async def test_a_new_restaurant_with_a_field_sent_whole_and_in_parts_is_a_field_error(client, order):
    owner = await register_owner(client)
    logo = [("logo", ("logo.png", png(), "image/png"))]
    answer = await send_form(client, "POST", "/api/restaurant-atributes/", [*RESTAURANT.items(), *both_ways(order)], owner["headers"], logo)
    assert answer.status_code == 400, answer.text
    assert answer.json() == {"fk_user": [WHOLE_AND_IN_PARTS]}
    assert (await client.get("/api/restaurant-atributes/", headers=owner["headers"])).json()["count"] == 1


async def test_a_field_in_parts_alone_still_edits_the_owner_names(client):
    owner = await register_owner(client)
    url = f"/api/restaurant-atributes/{owner['id']}/"
    answer = await send_form(client, "PUT", url, [("fk_user.first_name", "Juana"), ("fk_user.last_name", "Pérez")], owner["headers"])
    assert answer.status_code == 200, answer.text
    assert (answer.json()["fk_user"]["first_name"], answer.json()["fk_user"]["last_name"]) == ("Juana", "Pérez")


async def test_a_nul_character_in_a_text_field_is_a_field_error(client):
    """PostgreSQL cannot store a NUL; the kit refuses them in JSON and query strings, identity in its forms."""
    owner = await register_owner(client)
    url = f"/api/restaurant-atributes/{owner['id']}/"
    fields = [("nombre_local", "Bar\x00 Nuevo"), ("fk_user.first_name", "Ju\x00ana")]
    answer = await send_form(client, "PUT", url, fields, owner["headers"])
    assert answer.status_code == 400, answer.text
    nul = "El texto contiene un carácter nulo, que no es válido."
    assert answer.json() == {"nombre_local": [nul], "fk_user": {"first_name": [nul]}}
    assert (await client.get(url, headers=owner["headers"])).json()["nombre_local"] == "La Parrilla"
