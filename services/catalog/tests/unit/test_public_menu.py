"""The public menu's rules without Redis or the database: what diners see of a tree, when a menu
takes orders, and the cached answer's headers (gzip, ETag, 304)."""
import gzip
from collections import defaultdict
from decimal import Decimal

import pytest

from catalog.menu.models import Category, Dish, DishImage
from catalog.menu.tree import Layout
from catalog.public_menu.cache import body_key, make_etag, version_key
from catalog.public_menu.fast_path import CACHE_CONTROL, accepts_gzip, answer, etag_matches, menu_id_of
from catalog.public_menu.service import public_tree, restaurant_public
from catalog.restaurant.models import RestaurantProfile
from catalog.restaurant.service import order_enabled

WA_ME = "https://wa.me/5491145678901"


def profile(**fields) -> RestaurantProfile:
    values = dict(restaurant_id=7, nombre_local="La Parrilla", logo="/media/identity/logos/p.png", whatsapp=WA_ME,
                  takeaway=True, stop_orders=False, horario_apertura="12:00", horario_cierre="23:30")
    return RestaurantProfile(**{**values, **fields})


@pytest.mark.parametrize(("delivery_menu", "fields", "enabled"), [
    (True, {}, True),
    (False, {}, False),  # only the delivery / take-away menu takes orders
    (True, {"whatsapp": "1145678901"}, False),
    (True, {"whatsapp": "http://wa.me/5491145678901"}, False),
    (True, {"whatsapp": "https://wa.me/54911abc"}, False),
    (True, {"whatsapp": "https://wa.me/"}, False),
    (True, {"whatsapp": ""}, False),
    (True, {"whatsapp": None}, False),
    (True, {"takeaway": False}, False),
    (True, {"stop_orders": True}, False),
])
def test_a_menu_takes_orders_only_as_the_delivery_menu_with_a_wa_me_link_take_away_on_and_orders_not_stopped(delivery_menu, fields, enabled):
    assert order_enabled(profile(**fields), delivery_menu) is enabled


def test_a_restaurant_whose_events_have_not_arrived_is_nameless_and_takes_no_orders():
    assert order_enabled(None, True) is False
    assert restaurant_public(7, None, True).model_dump() == {
        "id": 7, "nombre_local": "", "logo": "", "whatsapp": "", "takeaway": False, "stop_orders": False,
        "order_enabled": False, "horario_apertura": None, "horario_cierre": None,
    }


def test_the_restaurant_diners_see_is_its_profile():
    assert restaurant_public(7, profile(), True).model_dump() == {
        "id": 7, "nombre_local": "La Parrilla", "logo": "/media/identity/logos/p.png", "whatsapp": WA_ME, "takeaway": True,
        "stop_orders": False, "order_enabled": True, "horario_apertura": "12:00", "horario_cierre": "23:30",
    }
    assert restaurant_public(7, profile(), False).order_enabled is False


def layout(categories: list[Category], dishes: list[Dish]) -> Layout:
    children, by_category = defaultdict(list), defaultdict(list)
    for category in categories:
        children[category.parent_id].append(category)
    for dish in dishes:
        by_category[dish.menu_group_id].append(dish)
    return Layout(children, by_category)


def category(pk, name, parent=None, order=0) -> Category:
    return Category(id=pk, menu_id=1, name=name, parent_id=parent, order=order)


def dish(pk, category_id, name, price="10.00", order=0) -> Dish:
    return Dish(id=pk, menu_group_id=category_id, name=name, description="", price=Decimal(price), disable=False, order=order)


def test_diners_see_the_categories_holding_something_to_order_at_any_depth_in_order():
    found = layout(
        [category(1, "Principales"), category(2, "Carnes", parent=1), category(3, "Vacía", parent=1),
         category(4, "Postres", order=1), category(5, "Bebidas", order=2), category(6, "Sin nada", parent=5)],
        [dish(10, 2, "Bife", "5200.50"), dish(11, 4, "Flan", order=0), dish(12, 4, "Helado", order=1)],
    )
    data = public_tree(found, {10: [DishImage(id=100, dish_id=10, path="dishes/bife.png", soft_delete=False)]})
    assert [(c.name, [s.name for s in c.sub_categories], [d.name for d in c.dishes]) for c in data] == [
        ("Principales", ["Carnes"], []),  # Vacía has nothing: left out
        ("Postres", [], ["Flan", "Helado"]),
    ]  # Bebidas holds only an empty sub-category: left out too
    [bife] = data[0].sub_categories[0].dishes
    assert (bife.pk, bife.price, bife.order) == (10, Decimal("5200.50"), 0)
    assert [(i.id, i.image) for i in bife.dish_dimage] == [(100, "/media/catalog/dishes/bife.png")]
    assert data[0].sub_categories[0].sub_category == 1 and data[1].dishes[0].dish_dimage == []


def test_a_menu_with_nothing_to_order_shows_no_category():
    assert public_tree(layout([category(1, "Postres"), category(2, "Sub", parent=1)], []), {}) == []


@pytest.mark.parametrize(("header", "gzipped"), [
    (None, False), (b"", False), (b"gzip", True), (b"GZIP", True), (b"gzip, deflate, br", True), (b"br, gzip;q=0.5", True),
    (b"gzip;q=0", False), (b"gzip;q=0.0", False), (b"gzip;q=abc", False), (b"*", True), (b"deflate, *;q=0", False),
    (b"identity", False), (b"deflate", False), (b" gzip ; q=1", True),
])
def test_gzip_is_sent_only_to_clients_that_accept_it(header, gzipped):
    assert accepts_gzip(header) is gzipped


ETAG = b'"0123456789abcdef01234567"'
GZ_ETAG = b'"0123456789abcdef01234567-gz"'


@pytest.mark.parametrize(("if_none_match", "matches"), [
    (None, False), (b"", False), (ETAG, True), (GZ_ETAG, True), (b"W/" + ETAG, True), (b'"other", W/' + GZ_ETAG, True),
    (b"*", True), (b'"other"', False), (ETAG[:-1], False), (b'"0123456789abcdef01234567-br"', False),
])
def test_an_etag_matches_either_encoding_of_the_same_menu_weakly(if_none_match, matches):
    assert etag_matches(if_none_match, ETAG) is matches


def test_a_cached_menu_is_answered_gzipped_with_its_etag_to_a_phone():
    body = b'{"menu": 1}'
    status, headers, sent = answer(ETAG, gzip.compress(body), [(b"accept-encoding", b"gzip")])
    assert status == 200 and gzip.decompress(sent) == body
    assert dict(headers) == {
        b"etag": GZ_ETAG, b"cache-control": CACHE_CONTROL, b"vary": b"Accept-Encoding", b"content-type": b"application/json",
        b"content-length": str(len(sent)).encode(), b"content-encoding": b"gzip",
    }
    assert CACHE_CONTROL == b"public, max-age=0, must-revalidate"


def test_a_client_without_gzip_gets_the_plain_json_and_the_plain_etag():
    body = b'{"menu": 1}'
    status, headers, sent = answer(ETAG, gzip.compress(body), [(b"accept-encoding", b"identity")])
    assert (status, sent) == (200, body)
    assert dict(headers)[b"etag"] == ETAG and dict(headers)[b"content-length"] == b"11" and b"content-encoding" not in dict(headers)


def test_an_unchanged_menu_is_a_304_without_a_body_and_a_head_request_gets_no_body():
    status, headers, sent = answer(ETAG, gzip.compress(b"{}"), [(b"if-none-match", GZ_ETAG), (b"accept-encoding", b"gzip")])
    assert (status, sent) == (304, b"") and dict(headers)[b"etag"] == GZ_ETAG and b"content-length" not in dict(headers)
    status, headers, sent = answer(ETAG, gzip.compress(b'{"a": 1}'), [], head=True)
    assert (status, sent, dict(headers)[b"content-length"]) == (200, b"", b"8")


@pytest.mark.parametrize(("query", "menu"), [
    (b"menu=12", 12), (b"x=1&menu=7", 7), (b"menu=7&x=1", 7), (b"menu=123456789", 123456789),
    (b"menu=1234567890", None), (b"menu=abc", None), (b"menu=", None), (b"menu=-1", None), (b"", None), (b"menus=3", None),
])
def test_the_fast_path_reads_only_a_plain_menu_number(query, menu):
    assert menu_id_of(query) == menu


def test_an_etag_is_a_quoted_hash_of_the_body_and_the_cache_keys_name_the_stored_format():
    etag = make_etag(b'{"menu": 1}')
    assert etag == make_etag(b'{"menu": 1}') != make_etag(b'{"menu": 2}')
    assert etag.startswith(b'"') and etag.endswith(b'"') and len(etag) == 26
    int(etag[1:-1], 16)  # hexadecimal
    assert (body_key(5), version_key(5)) == ("catalog:public-menu:2:5", "catalog:public-menu:2:5:v")
