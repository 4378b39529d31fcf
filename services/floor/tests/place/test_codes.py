"""Every place's QR: a random token, its PNG and SVG, the diner's lookup, and a renewed code."""
import io

import pytest
from PIL import Image

from tests.helpers import A, create, item, outbox

pytestmark = pytest.mark.usefixtures("floor_world")


def token_of(place: dict) -> str:
    return place["qr"].split("?p=")[1]


async def test_a_diner_learns_the_place_restaurant_and_menu_from_the_code_and_nothing_else(client, people):
    (m1,) = await create(client, people.owner_a, item("M1", admin=False))
    answer = await client.get(f"/api/sit/lugar/{token_of(m1)}/")  # anonymous
    assert answer.status_code == 200
    assert answer.json() == {"id": m1["id"], "fk_resto": A, "restaurant_name": "La Esquina", "i_name": "M1", "sit_type": "mesa",
                             "fk_menu": m1["fk_menu"], "menu_name": "Carta", "admin": False, "blocked": False}
    assert (await client.get("/api/sit/lugar/NoEsUnTokenValido123/")).status_code == 404
    assert (await client.get("/api/sit/lugar/a%20b/")).status_code == 400


async def test_the_code_is_a_png_and_an_svg_of_the_diner_link(client, people):
    (m1,) = await create(client, people.owner_a, item("M1"))
    png = await client.get(m1["qr_code"])
    assert png.status_code == 200 and png.headers["content-type"] == "image/png"
    with Image.open(io.BytesIO(png.content)) as image:
        assert image.format == "PNG" and image.width == image.height >= 200
    svg = await client.get(m1["qr_code"].replace(".png", ".svg"))
    assert svg.status_code == 200 and svg.headers["content-type"].startswith("image/svg+xml") and b"<svg" in svg.content

    from floor.qr.service import qr_png

    assert png.content == qr_png(m1["qr"])  # the very link the place answers with


async def test_a_renewed_code_replaces_the_old_one_which_then_says_it_is_no_longer_valid(client, people, app):
    (m1,) = await create(client, people.owner_a, item("M1"))
    renewed = await client.post(f"/api/sit/{m1['id']}/nuevo-qr/", headers=people.operator_a)
    assert renewed.status_code == 200
    new = renewed.json()
    assert token_of(new) != token_of(m1) and new["i_name"] == "M1"
    old = await client.get(f"/api/sit/lugar/{token_of(m1)}/", headers={"Accept-Language": "en"})
    assert old.status_code == 410
    assert old.json() == {"detail": "This QR code is no longer valid. Ask the staff for your table's new code.", "code": "place_token_revoked"}
    assert (await client.get(m1["qr_code"])).status_code == 410
    assert (await client.get(f"/api/sit/lugar/{token_of(new)}/")).status_code == 200
    (changed,) = await outbox(app, "floor.place.changed")
    import hashlib

    assert changed["token_hash"] == hashlib.sha256(token_of(new).encode()).hexdigest()
