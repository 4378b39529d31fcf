"""public-menu/: anonymous, enabled dishes only, prices, images, the restaurant; ETag and 304."""
import gzip
import json

from sqlalchemy import update

from catalog.menu.models import Menu
from catalog.public_menu.schemas import PublicMenu
from contracts.identity import RestaurantCreated, RestaurantUpdated
from tests.helpers import A, B, create_category, create_dish, create_menu, deliver, simple_menu

PROFILE = dict(
    restaurant_id=A,
    owner_id=1,
    nombre_local="La Parrilla",
    logo="/media/identity/logos/parrilla.png",
    whatsapp="https://wa.me/5491145678901",
    takeaway=True,
    horario_apertura="12:00",
    horario_cierre="23:30",
)


async def diners_menu(client, people, app) -> tuple[dict, dict]:
    """La Parrilla's menu: Principales > Carnes > Bife (with an image); Postres > Flan, disabled."""
    await deliver(app, RestaurantCreated(**PROFILE))
    menu = await create_menu(client, people.owner_a, delivery=True)
    principales = await create_category(client, people.owner_a, menu["id"], name="Principales")
    carnes = await create_category(client, people.owner_a, menu["id"], name="Carnes", sub_category=principales["id"])
    postres = await create_category(client, people.owner_a, menu["id"], name="Postres", order=1)
    bife = await create_dish(client, people.owner_a, carnes["id"], name="Bife", price="5200.5", images=1, description="Jugoso")
    flan = await create_dish(client, people.owner_a, postres["id"], name="Flan")
    await client.post(f"/api/dish/{flan['pk']}/habilitar-inhabilitar/", headers=people.owner_a)
    return menu, bife


async def test_diners_see_the_tree_with_enabled_dishes_prices_images_and_the_restaurant(client, people, app):
    menu, bife = await diners_menu(client, people, app)
    answer = await client.get(f"/api/public-menu/?menu={menu['id']}")  # no token
    assert answer.status_code == 200
    body = answer.json()
    assert body["menu"] == {"id": menu["id"], "name": "Carta", "restaurant": A, "delivery": True}
    assert body["restaurant"] == {
        "id": A,
        "nombre_local": "La Parrilla",
        "logo": "/media/identity/logos/parrilla.png",
        "whatsapp": "https://wa.me/5491145678901",
        "takeaway": True,
        "stop_orders": False,
        "order_enabled": True,
        "horario_apertura": "12:00",
        "horario_cierre": "23:30",
    }
    [top] = body["data"]  # Postres shows nothing enabled, so diners do not see it
    assert top["name"] == "Principales" and top["dishes"] == []
    [sub] = top["sub_categories"]
    [dish] = sub["dishes"]
    assert (dish["pk"], dish["name"], dish["price"], dish["description"]) == (bife["pk"], "Bife", "5200.50", "Jugoso")
    assert dish["dish_dimage"] == [{"id": bife["dish_dimage"][0]["id"], "image": bife["dish_dimage"][0]["image"]}]


async def test_the_answer_built_and_the_answer_cached_have_the_documented_shape(client, people, app):
    """What the app builds and what the fast path serves from the cache validate strictly against
    the response model (the OpenAPI document's PublicMenu): no field missing, none extra, no type off."""
    menu, _ = await diners_menu(client, people, app)
    no_profile, _, _ = await simple_menu(client, people.owner_b, restaurant=B)  # its restaurant's events not in yet
    for menu_id in (menu["id"], no_profile["id"]):
        for attempt in ("built", "cached"):
            for encoding in ("gzip", "identity"):
                answer = await client.get(f"/api/public-menu/?menu={menu_id}", headers={"Accept-Encoding": encoding})
                assert answer.status_code == 200, (attempt, encoding)
                PublicMenu.model_validate_json(answer.content, strict=True)
            assert await app.state.menu_cache.get(menu_id) is not None


async def test_a_menu_is_order_enabled_only_as_the_delivery_menu_with_a_wa_me_link_take_away_on_and_orders_not_stopped(client, people, app):
    menu, _, _ = await simple_menu(client, people.owner_a)
    await deliver(app, RestaurantUpdated(**PROFILE))
    body = (await client.get(f"/api/public-menu/?menu={menu['id']}")).json()
    assert body["restaurant"]["order_enabled"] is False  # not the delivery / take-away menu
    await client.put(f"/api/menu/{menu['id']}/", json={"name": menu["name"], "delivery": True}, headers=people.owner_a)
    # every case of the rule itself: tests/unit/test_public_menu.py; here, that the profile's
    # events reach the public menu's answer
    cases = [(dict(PROFILE), True), ({**PROFILE, "stop_orders": True}, False)]
    for profile, enabled in cases:
        await deliver(app, RestaurantUpdated(**profile))
        body = (await client.get(f"/api/public-menu/?menu={menu['id']}")).json()
        assert body["restaurant"]["order_enabled"] is enabled, profile


async def test_a_menu_missing_or_without_enabled_dishes_is_not_found_in_both_languages(client, people):
    answer = await client.get("/api/public-menu/?menu=999")
    assert answer.status_code == 404 and answer.json() == {"detail": "Menu no encontrado"}
    menu, _, dish = await simple_menu(client, people.owner_a)
    await client.post(f"/api/dish/{dish['pk']}/habilitar-inhabilitar/", headers=people.owner_a)
    answer = await client.get(f"/api/public-menu/?menu={menu['id']}", headers={"Accept-Language": "en"})
    assert answer.status_code == 404 and answer.json() == {"detail": "Menu not found"}
    empty = await create_menu(client, people.owner_a, name="Vacía")
    assert (await client.get(f"/api/public-menu/?menu={empty['id']}")).status_code == 404


async def test_an_unchanged_menu_answers_304_to_its_etag_and_phones_revalidate_every_time(client, people):
    menu, _, _ = await simple_menu(client, people.owner_a)
    first = await client.get(f"/api/public-menu/?menu={menu['id']}")
    etag = first.headers["etag"]
    assert etag.startswith('"') and first.headers["cache-control"] == "public, max-age=0, must-revalidate"
    again = await client.get(f"/api/public-menu/?menu={menu['id']}", headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.content == b"" and again.headers["etag"] == etag
    weak = await client.get(f"/api/public-menu/?menu={menu['id']}", headers={"If-None-Match": f'"other", W/{etag}'})
    assert weak.status_code == 304
    other = await client.get(f"/api/public-menu/?menu={menu['id']}", headers={"If-None-Match": '"old"'})
    assert other.status_code == 200 and other.content == first.content


async def test_the_answer_comes_from_redis_once_cached(client, people, app):
    menu, _, _ = await simple_menu(client, people.owner_a)
    first = await client.get(f"/api/public-menu/?menu={menu['id']}")
    etag, compressed = await app.state.menu_cache.get(menu["id"])
    assert gzip.decompress(compressed) == first.content and first.headers["etag"] == etag.decode()[:-1] + '-gz"'
    # Change the database behind the service's back: the cached bytes are still what is served.
    async with app.state.session_factory() as session, session.begin():
        await session.execute(update(Menu).where(Menu.id == menu["id"]).values(name="Cambiada a mano"))
    assert (await client.get(f"/api/public-menu/?menu={menu['id']}")).content == first.content


async def test_the_menu_parameter_is_required(client):
    answer = await client.get("/api/public-menu/")
    assert answer.status_code == 400 and answer.json() == {"menu": ["Este campo es requerido."]}


async def test_the_menu_travels_gzipped_to_phones_and_plain_to_clients_without_gzip(client, people):
    menu, _, _ = await simple_menu(client, people.owner_a)
    url = f"/api/public-menu/?menu={menu['id']}"
    for attempt in ("built", "cached"):
        raw = await client.get(url, headers={"Accept-Encoding": "gzip"}, extensions={})
        assert raw.headers["content-encoding"] == "gzip" and raw.headers["vary"] == "Accept-Encoding", attempt
        plain = await client.get(url, headers={"Accept-Encoding": "identity"})
        assert "content-encoding" not in plain.headers, attempt
        assert json.loads(plain.content) == raw.json()
        assert plain.headers["etag"] != raw.headers["etag"]  # one strong ETag per encoding...
        again = await client.get(url, headers={"Accept-Encoding": "identity", "If-None-Match": raw.headers["etag"]})
        assert again.status_code == 304  # ...and either revalidates the menu


async def test_a_cached_answer_carries_the_same_headers_as_a_freshly_built_one(client, people):
    menu, _, _ = await simple_menu(client, people.owner_a)
    url = f"/api/public-menu/?menu={menu['id']}"
    built = await client.get(url, headers={"X-Request-ID": "phone-1"})
    cached = await client.get(url, headers={"X-Request-ID": "phone-2"})
    assert built.content == cached.content
    for name in ("etag", "cache-control", "vary", "content-type", "content-encoding", "x-service"):
        assert built.headers[name] == cached.headers[name], name
    assert (built.headers["x-request-id"], cached.headers["x-request-id"]) == ("phone-1", "phone-2")
    assert len((await client.get(url)).headers["x-request-id"]) >= 32  # made up when the phone sends none
    head = await client.head(url)
    assert head.status_code == 200 and head.content == b"" and head.headers["etag"] == built.headers["etag"]
