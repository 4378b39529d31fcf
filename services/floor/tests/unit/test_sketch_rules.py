"""The sketch's rules (floor/place/service.py, spec part 1 §4, §8, §9): names by kind, one name per
restaurant, the restaurant's own menus, the 24-column grid; every refused item by its index."""
import hashlib
import re

import pytest

from floor import messages
from floor.place import service
from floor.place.errors import NoItems, PlaceNotFound, PlaceTokenRevoked
from floor.place.schemas import SitItem, SitItems
from kit.errors import NonFieldError
from tests.unit.helpers import answer_of, place, read, refusal

MENU, OTHER_MENU = 100, 101


def item(name: str, kind: str = "mesa", x: int = 0, w: int = 2, menu: int | None = MENU, restaurant: int = 10, **extra) -> SitItem:
    return SitItem.model_validate({"fk_resto": restaurant, "fk_menu": menu, "i_name": name, "sit_type": kind, "x_axis": x,
                                   "w_width": w, "h_high": 2, **extra})


@pytest.mark.parametrize(("name", "kind", "problem"), [
    ("M1", "mesa", None), ("M123", "mesa", None), ("M01", "mesa", None), ("S1", "silla", None), ("S12", "silla", None),
    ("D999", "delivery", None),
    ("", "mesa", messages.NAME_REQUIRED),
    ("M1234", "mesa", messages.NAME_TOO_LONG),
    ("M12345", "mesa", messages.NAME_TOO_LONG),
    ("S1", "mesa", messages.NAME_INVALID),
    ("M1", "silla", messages.NAME_INVALID),
    ("D1", "silla", messages.NAME_INVALID),
    ("M1", "delivery", messages.NAME_INVALID),
    ("BAR", "mesa", messages.NAME_INVALID),
    ("S", "silla", messages.NAME_INVALID),
    ("M", "mesa", messages.NAME_INVALID),
    ("M1A", "mesa", messages.NAME_INVALID),
    ("M-1", "mesa", messages.NAME_INVALID),
    ("M١", "mesa", messages.NAME_INVALID),  # an Arabic-Indic digit is no number here
    ("m1", "mesa", messages.NAME_INVALID),  # names are upper-cased before the rule (below)
])
def test_a_name_is_m_s_or_d_by_kind_then_a_number_at_most_four_characters(name, kind, problem):
    assert service._name_errors(name, kind) == ([] if problem is None else [problem])


def test_each_name_problem_reads_in_both_languages():
    assert [read(service._name_errors(n, "mesa")[0]) for n in ("", "M12345", "Bar")] == [
        "El nombre es obligatorio.",
        "El nombre tiene como máximo 4 caracteres.",
        "Nombre inválido: una mesa se llama M y un número (M1), una silla S y un número (S1), un punto de delivery D y un número (D1).",
    ]
    assert read(service._name_errors("", "silla")[0], "en") == "The name is required."


def test_a_sketch_that_keeps_every_rule_has_no_errors():
    items = [item("M1"), item(" s1 ", kind="silla", x=3), item("d1", kind="delivery", x=22, menu=OTHER_MENU)]
    assert service.item_errors(items, {MENU, OTHER_MENU}, {"M2"}) == {}


def test_names_are_unique_in_the_restaurant_and_in_the_batch_whatever_the_case():
    items = [item("M2"), item("m1", x=3), item("M2", x=6), item(" m3", x=9)]
    errors = service.item_errors(items, {MENU}, taken={"M1", "M3"})
    assert {index: read(fields) for index, fields in errors.items()} == {
        1: {"i_name": ["Ya hay un elemento llamado M1 en el croquis."]},
        2: {"i_name": ["Ya hay un elemento llamado M2 en el croquis."]},
        3: {"i_name": ["Ya hay un elemento llamado M3 en el croquis."]},
    }
    assert read(errors[1], "en") == {"i_name": ["There is already an item called M1 on the sketch."]}


def test_the_menu_is_required_and_must_be_the_restaurants_own():
    errors = service.item_errors([item("M1", menu=None), item("M2", menu=999, x=3), item("M3", menu=OTHER_MENU, x=6)], {MENU, OTHER_MENU}, set())
    assert {index: read(fields, "en") for index, fields in errors.items()} == {
        0: {"fk_menu": ["You must select a menu."]},
        1: {"fk_menu": ["The menu does not belong to this restaurant."]},
    }


@pytest.mark.parametrize(("x", "w", "inside"), [(0, 24, True), (22, 2, True), (23, 1, True), (23, 2, False), (12, 13, False), (1, 24, False)])
def test_an_item_stays_inside_the_24_column_grid(x, w, inside):
    errors = service.item_errors([item("M1", x=x, w=w)], {MENU}, set())
    assert errors == ({} if inside else {0: {"x_axis": [messages.OUTSIDE_GRID]}})


def test_every_problem_of_an_item_comes_at_once_and_only_refused_items_are_named():
    errors = service.item_errors([item("M1"), item("Bar", menu=None, x=23)], {MENU}, set())
    assert list(errors) == [1]
    assert read(errors[1]) == {
        "i_name": ["Nombre inválido: una mesa se llama M y un número (M1), una silla S y un número (S1), un punto de delivery D y un número (D1)."],
        "fk_menu": ["Tenés que seleccionar un menú."],
        "x_axis": ["El elemento queda fuera del croquis de 24 columnas."],
    }


def test_a_save_is_of_one_restaurant_and_holds_something():
    assert service._one_restaurant([item("M1"), item("M2")]) == 10
    with pytest.raises(NoItems) as empty:
        service._one_restaurant([])
    assert answer_of(empty.value) == {"detail": "No hay datos para guardar.", "code": "sketch_no_data"}
    with pytest.raises(NonFieldError) as mixed:
        service._one_restaurant([item("M1"), item("M2", restaurant=11)])
    assert answer_of(mixed.value, "en") == {"non_field_errors": ["All items must belong to the same restaurant."]}


@pytest.mark.parametrize(("change", "body"), [
    ({"x_axis": 24}, {"x_axis": ["Asegúrese de que este valor sea menor que 24."]}),
    ({"x_axis": -1}, {"x_axis": ["Asegúrese de que este valor sea mayor o igual a 0."]}),
    ({"w_width": 0}, {"w_width": ["Asegúrese de que este valor sea mayor o igual a 1."]}),
    ({"w_width": 25}, {"w_width": ["Asegúrese de que este valor sea menor o igual a 24."]}),
    ({"h_high": 0}, {"h_high": ["Asegúrese de que este valor sea mayor o igual a 1."]}),
    ({"y_axis": 10**9}, {"y_axis": ["Asegúrese de que este valor sea menor que 200."]}),
    ({"details": "x" * 501}, {"details": ["Asegúrese de que este campo no tenga más de 500 caracteres."]}),
    ({"i_name": "x" * 41}, {"i_name": ["Asegúrese de que este campo no tenga más de 40 caracteres."]}),
    ({"fk_resto": 2**31}, {"fk_resto": ["Asegúrese de que este valor sea menor o igual a 2147483647."]}),
])
def test_positions_and_sizes_are_bounded_where_the_request_is_read(change, body):
    base = {"fk_resto": 10, "fk_menu": MENU, "i_name": "M1"}
    assert refusal(SitItem, {**base, **change}) == body
    assert SitItem.model_validate({**base, "x_axis": 23, "y_axis": 199, "w_width": 24, "h_high": 200}).y_axis == 199


def test_a_kind_is_a_table_a_chair_or_a_delivery_point_and_defaults_to_a_table():
    assert refusal(SitItem, {"fk_resto": 10, "sit_type": "barra"}).keys() == {"sit_type"}
    made = SitItem.model_validate({"fk_resto": 10})
    assert (made.sit_type, made.w_width, made.h_high, made.admin, made.blocked, made.fk_menu) == ("mesa", 1, 1, True, False, None)


def test_one_save_holds_at_most_300_places():
    assert len(SitItems.model_validate({"location": [{"fk_resto": 10}] * 300}).location) == 300
    assert refusal(SitItems, {"location": [{"fk_resto": 10}] * 301}, "en") == {"location": ["Invalid value."]}


def test_an_item_is_copied_onto_its_place_and_only_the_facts_others_follow_count_as_a_change():
    m1 = place()
    moved = item("m1", x=10, w=3, blocked=True, details="junto a la ventana")
    assert service._apply(m1, moved) is False  # position, size, blocked, details: the sketch's own business
    assert (m1.name, m1.x, m1.w, m1.h, m1.blocked, m1.details) == ("M1", 10, 3, 2, True, "junto a la ventana")
    for changed in (item("M7"), item("M1", menu=OTHER_MENU), item("M1", admin=False), item("S1", kind="silla")):
        assert service._apply(place(), changed) is True, changed


def test_an_update_that_leaves_out_the_admin_switch_keeps_the_places():
    locked = place(admin=False)
    assert service._update(locked, item("M1", x=5)) is False
    assert (locked.x, locked.admin) == (5, False)
    assert service._update(locked, item("M1", x=5, admin=True)) is True and locked.admin is True
    assert service._update(locked, item("M1", admin=False)) is True and locked.admin is False


def test_a_place_answers_with_its_diner_link_and_its_code():
    answered = service.public(place(token="abc123DEF456ghi789JKL012", call_waiter=True, call_kind="bill", active=True), "Carta", "https://resto.example")
    assert answered.model_dump() == {
        "id": 7, "fk_resto": 10, "fk_menu": 100, "menu_name": "Carta", "i_name": "M1", "sit_type": "mesa", "x_axis": 0, "y_axis": 0,
        "w_width": 2, "h_high": 2, "blocked": False, "admin": True, "details": "", "call_waiter": True, "call_kind": "bill",
        "is_active": True, "qr": "https://resto.example/menus?p=abc123DEF456ghi789JKL012",
        "qr_code": "/api/qr/lugar/abc123DEF456ghi789JKL012.png", "resizable": True, "static": False,
    }


def test_a_token_is_random_url_safe_and_long_and_other_services_learn_only_its_hash():
    tokens = {service.new_token() for _ in range(200)}
    assert len(tokens) == 200
    assert all(re.fullmatch(r"[A-Za-z0-9_-]{24}", token) for token in tokens)
    m1 = place(token="abc123DEF456ghi789JKL012")
    facts = service._facts(m1)
    assert facts == {"place_id": 7, "restaurant_id": 10, "name": "M1", "kind": "mesa", "menu_id": 100, "admin": True,
                     "token_hash": hashlib.sha256(b"abc123DEF456ghi789JKL012").hexdigest()}


class FakePlaces:
    def __init__(self, places=(), revoked=()):
        self.places = {p.token: p for p in places}
        self.revoked = set(revoked)
        self.asked: list = []

    async def by_token(self, session, token, *, lock=False):
        self.asked.append(("by_token", token, lock))
        return self.places.get(token)

    async def is_revoked(self, session, token_hash):
        self.asked.append(("is_revoked", token_hash))
        return token_hash in self.revoked


async def test_a_code_opens_its_place_says_so_when_replaced_and_is_unknown_otherwise():
    m1 = place(token="current-token-0123456789")
    old = hashlib.sha256(b"replaced-token-012345678").hexdigest()
    fake = FakePlaces([m1], revoked=[old])
    assert await service.by_token(None, "current-token-0123456789", lock=True, repository=fake) is m1
    assert fake.asked == [("by_token", "current-token-0123456789", True)]
    with pytest.raises(PlaceTokenRevoked) as revoked:
        await service.by_token(None, "replaced-token-012345678", repository=fake)
    assert (revoked.value.status_code, answer_of(revoked.value, "en")) == (410, {
        "detail": "This QR code is no longer valid. Ask the staff for your table's new code.", "code": "place_token_revoked"})
    assert fake.asked[-1] == ("is_revoked", old)  # asked by its hash: the token itself is never stored
    with pytest.raises(PlaceNotFound) as unknown:
        await service.by_token(None, "never-issued-0123456789", repository=fake)
    assert (unknown.value.status_code, answer_of(unknown.value)) == (404, {"detail": "No encontramos ese lugar."})
