"""An owner's restaurants: list, create with a logo, profile edit, schedule, delete (spec part 1 §5)."""
import json

import pytest
from sqlalchemy import select

from kit.outbox import OutboxMessage
from tests.helpers import png, register_client, register_owner

VALID = {"nombre_local": "Segundo Local", "telefono": "1145670000", "direccion": "Av. Santa Fe 1234, CABA"}


async def create(client, headers, data=None, logo=True):
    files = {"logo": ("logo.png", png(), "image/png")} if logo else None
    return await client.post("/api/restaurant-atributes/", data=data or VALID, files=files, headers=headers)


async def test_an_owner_creates_a_restaurant_with_a_logo_and_lists_both(client):
    owner = await register_owner(client)
    created = await create(client, owner["headers"])
    assert created.status_code == 201, created.text
    body = created.json()
    assert body["logo"].startswith("/media/identity/logos/") and body["direccion"] == VALID["direccion"]
    logo = await client.get(body["logo"])
    assert logo.status_code == 200 and logo.headers["content-type"] in ("image/png", "image/jpeg")
    listing = await client.get("/api/restaurant-atributes/?page=1&size=9", headers=owner["headers"])
    assert listing.json()["count"] == 2
    assert {r["nombre_local"] for r in listing.json()["results"]} == {"La Parrilla", "Segundo Local"}


async def test_the_list_searches_orders_and_pages(client):
    owner = await register_owner(client)
    for name in ("Bodegón Norte", "Café Sur", "Bodegón Este"):
        await create(client, owner["headers"], {**VALID, "nombre_local": name})
    found = await client.get("/api/restaurant-atributes/?search=bodeg&ordering=-nombre_local", headers=owner["headers"])
    assert [r["nombre_local"] for r in found.json()["results"]] == ["Bodegón Norte", "Bodegón Este"]
    second = await client.get("/api/restaurant-atributes/?page=2&size=2&ordering=nombre_local", headers=owner["headers"])
    assert second.json()["count"] == 4 and len(second.json()["results"]) == 2
    flat = await client.get("/api/restaurant-atributes/?paginate=false", headers=owner["headers"])
    assert isinstance(flat.json(), list) and len(flat.json()) == 4


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        # the owner's names, whatever the case, in the database; every other rule of the fields:
        # tests/unit/test_restaurant_rules.py
        ({"nombre_local": "la parrilla"}, "nombre_local", "único para el propietario"),
    ],
)
async def test_restaurant_rules_are_enforced_on_create(client, change, field, message):
    owner = await register_owner(client)
    answer = await create(client, owner["headers"], {**VALID, **change})
    assert answer.status_code == 400
    assert any(message in text for text in answer.json()[field]), answer.json()


def stored_logos(app) -> set:
    folder = app.state.settings.media_dir / "logos"
    return {p.name for p in folder.glob("*")} if folder.exists() else set()


async def test_a_logo_is_required_on_create_and_must_be_an_image(client, app):
    owner = await register_owner(client)
    before = stored_logos(app)
    missing = await create(client, owner["headers"], logo=False)
    assert missing.status_code == 400 and missing.json()["logo"] == ["Los datos enviados no contienen un archivo."]
    lying = await client.post("/api/restaurant-atributes/", data=VALID, files={"logo": ("logo.png", b"<html>not an image</html>", "image/png")}, headers=owner["headers"])
    assert lying.status_code == 400 and "no es una imagen válida" in lying.json()["logo"][0]
    listing = await client.get("/api/restaurant-atributes/", headers=owner["headers"])
    assert listing.json()["count"] == 1  # nothing was stored
    assert stored_logos(app) == before


async def test_a_replaced_logo_is_no_longer_served(client, app):
    owner = await register_owner(client)
    first = (await create(client, owner["headers"])).json()
    replaced = await client.put(f"/api/restaurant-atributes/{first['id']}/", files={"logo": ("new.png", png((30, 30)), "image/png")}, headers=owner["headers"])
    assert replaced.status_code == 200, replaced.text
    assert replaced.json()["logo"] != first["logo"]
    assert (await client.get(replaced.json()["logo"])).status_code == 200
    assert first["logo"].rsplit("/", 1)[1] not in stored_logos(app)


async def test_only_the_last_four_digits_of_a_card_number_are_kept(client):
    owner = await register_owner(client)
    answer = await client.put(f"/api/restaurant-atributes/{owner['id']}/", data={"nro_tarjeta": "4509 9535 6623 3704"}, headers=owner["headers"])
    assert answer.status_code == 200, answer.text
    assert answer.json()["nro_tarjeta"] == "3704"
    stored = await client.get(f"/api/restaurant-atributes/{owner['id']}/", headers=owner["headers"])
    assert stored.json()["nro_tarjeta"] == "3704"


async def test_the_profile_edit_stores_links_and_owner_names(client):
    owner = await register_owner(client)
    rid = owner["id"]
    answer = await client.put(
        f"/api/restaurant-atributes/{rid}/",
        data={
            "direccion": "Av. Rivadavia 5000, CABA",
            "fk_user.first_name": "Marta",
            "fk_user.last_name": "Gutiérrez",
            "fk_user.email": "owner@example.com",
            "facebook": "https://facebook.com/laparrilla",
            "instagram": "@la.parrilla",
            "whatsapp": "5491145678901",
            "website": "https://laparrilla.com.ar",
            "mute_sound": "true",
            "stop_orders": "false",
            "takeaway": "true",
            "wait_time": "20",
            "logo": "unchanged",
        },
        headers=owner["headers"],
    )
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["instagram"] == "https://www.instagram.com/la.parrilla/"
    assert body["whatsapp"] == "https://wa.me/5491145678901"
    assert (body["mute_sound"], body["stop_orders"], body["takeaway"], body["wait_time"]) == (True, False, True, 20)
    assert body["fk_user"]["first_name"] == "Marta" and body["profile_complete"] is True
    assert body["logo"] == ""  # a text 'logo' field keeps the current logo


async def test_a_restaurant_without_names_or_address_is_flagged_incomplete(client):
    owner = await register_owner(client)
    detail = await client.get(f"/api/restaurant-atributes/{owner['id']}/", headers=owner["headers"])
    assert detail.json()["profile_complete"] is False
    assert detail.json()["avg_permanence"] in ("0", "0.00", 0)


async def test_updates_and_deletes_are_announced(client, app):
    owner = await register_owner(client)
    await client.put(f"/api/restaurant-atributes/{owner['id']}/", data={"nombre_local": "Parrilla Nueva", "tips": "true"}, headers=owner["headers"])
    assert (await client.delete(f"/api/restaurant-atributes/{owner['id']}/", headers=owner["headers"])).status_code == 204
    async with app.state.session_factory() as session:
        rows = (await session.scalars(select(OutboxMessage).order_by(OutboxMessage.created_at))).all()
    kinds = [row.event_type for row in rows]
    assert kinds[-2:] == ["identity.restaurant.updated", "identity.restaurant.deleted"]
    assert rows[-2].payload["nombre_local"] == "Parrilla Nueva"
    assert rows[-2].payload["tips"] is True  # billing offers diners a tip on online payments only then


async def test_the_schedule_is_stored_and_cleared(client):
    owner = await register_owner(client)
    url = f"/api/restaurant-atributes/{owner['id']}/horario/"
    saved = await client.put(url, json={"horario_apertura": "09:30", "horario_cierre": "23:00"}, headers=owner["headers"])
    assert saved.status_code == 200 and saved.json() == {"horario_apertura": "09:30", "horario_cierre": "23:00"}
    half = await client.put(url, json={"horario_apertura": "09:30", "horario_cierre": None}, headers=owner["headers"])
    assert half.status_code == 400
    bad = await client.put(url, json={"horario_apertura": "25:99", "horario_cierre": "23:00"}, headers=owner["headers"])
    assert bad.status_code == 400 and "HH:MM" in bad.json()["horario_apertura"][0]
    cleared = await client.put(url, json={"horario_apertura": None, "horario_cierre": None}, headers=owner["headers"])
    assert cleared.json() == {"horario_apertura": None, "horario_cierre": None}


async def test_opening_hours_are_answered_as_hh_mm_wherever_a_restaurant_is(client):
    """The spec keeps opening hours as HH:MM and the schedule page reads them so."""
    owner = await register_owner(client)
    rid, headers = owner["id"], owner["headers"]
    await client.put(f"/api/restaurant-atributes/{rid}/horario/", json={"horario_apertura": "08:05", "horario_cierre": "23:59"}, headers=headers)
    answers = [
        (await client.get(f"/api/restaurant-atributes/{rid}/horario/", headers=headers)).json(),
        (await client.get(f"/api/restaurant-atributes/{rid}/", headers=headers)).json(),
        (await client.get("/api/restaurant-atributes/", headers=headers)).json()["results"][0],
        (await client.get("/api/restaurant/", headers=headers)).json()[0],
    ]
    assert [(a["horario_apertura"], a["horario_cierre"]) for a in answers] == [("08:05", "23:59")] * 4


def test_the_published_document_declares_opening_hours_as_hh_mm():
    """Its answers must fit the document (schemathesis): `format: time` asks for an offset, which
    HH:MM has not."""
    import re

    from kit.openapi import document

    schemas = json.loads(document("identity"))["components"]["schemas"]
    for name in ("Schedule", "RestaurantPublic"):
        for field in ("horario_apertura", "horario_cierre"):
            declared = schemas[name]["properties"][field]["anyOf"]
            assert {"type": "null"} in declared
            (time,) = [option for option in declared if option != {"type": "null"}]
            assert time["type"] == "string" and "format" not in time
            assert [bool(re.fullmatch(time["pattern"], v)) for v in ("00:00", "09:30", "23:59", "24:00", "09:30:00", "9:30")] == [
                True, True, True, False, False, False,
            ]


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("get", "/api/restaurant-atributes/{rid}/"),
        ("put", "/api/restaurant-atributes/{rid}/"),
        ("delete", "/api/restaurant-atributes/{rid}/"),
        ("get", "/api/restaurant-atributes/{rid}/horario/"),
        ("put", "/api/restaurant-atributes/{rid}/horario/"),
    ],
)
async def test_owner_a_cannot_reach_owner_b_restaurant(client, method, path):
    a = await register_owner(client, email="a@example.com", nombre_local="Local A")
    b = await register_owner(client, email="b@example.com", nombre_local="Local B")
    kwargs = {"json": {"horario_apertura": None, "horario_cierre": None}} if path.endswith("horario/") and method == "put" else {}
    if method == "put" and not path.endswith("horario/"):
        kwargs = {"data": {"nombre_local": "Robado"}}
    answer = await getattr(client, method)(path.format(rid=b["id"]), headers=a["headers"], **kwargs)
    assert answer.status_code == 404
    still = await client.get(f"/api/restaurant-atributes/{b['id']}/", headers=b["headers"])
    assert still.json()["nombre_local"] == "Local B"
    listing = await client.get("/api/restaurant-atributes/", headers=a["headers"])
    assert [r["nombre_local"] for r in listing.json()["results"]] == ["Local A"]


async def test_a_client_reaches_no_owner_endpoint(client):
    owner = await register_owner(client)
    diner = {"Authorization": f"Token {(await register_client(client))['auth_token']}"}
    for method, path in [("get", "/api/restaurant-atributes/"), ("post", "/api/restaurant-atributes/"), ("get", f"/api/restaurant-atributes/{owner['id']}/"), ("get", "/api/restaurant/")]:
        assert (await getattr(client, method)(path, headers=diner)).status_code == 403


async def test_an_admin_reads_and_changes_any_restaurant(client, app):
    from identity.seed import ADMIN_USERNAME, LOCAL_ADMIN_PASSWORD as ADMIN_PASSWORD, seed
    from tests.helpers import login

    owner = await register_owner(client)
    await seed(app.state.settings)
    admin = await login(client, ADMIN_USERNAME, ADMIN_PASSWORD)
    assert (await client.get(f"/api/restaurant-atributes/{owner['id']}/", headers=admin)).status_code == 200
    changed = await client.put(f"/api/restaurant-atributes/{owner['id']}/", data={"wait_time": "15"}, headers=admin)
    assert changed.json()["wait_time"] == 15
