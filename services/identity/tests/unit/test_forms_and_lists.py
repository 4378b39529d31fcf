"""Multipart forms as the spec's client sends them (identity/forms.py), lists' paging
(identity/listing.py), the providers' profiles (identity/social/service.py) and the admin's rows."""
from datetime import UTC, datetime

import pytest
from fastapi.exceptions import RequestValidationError
from starlette.datastructures import FormData, UploadFile

from identity.admin.service import dashboard_row
from identity.forms import as_bool, nest
from identity.listing import listing, real_id
from identity.social.service import _profile, provider_settings, redirect_uri
from identity.admin.models import RestaurantActivity
from identity.restaurant.models import Restaurant
from kit.errors import FieldErrors, NotFound
from kit.pagination import MAX_PAGE, Paging
from tests.unit.helpers import SETTINGS, account, answer_of

WHOLE_AND_IN_PARTS = "Este campo se envió entero y también por partes: envíe solo una de las dos formas."


def test_a_flattened_form_nests_its_fields_and_keeps_files_apart():
    logo = UploadFile(file=None, filename="logo.png")
    values, uploads = nest(FormData([("nombre_local", "La Parrilla"), ("fk_user.first_name", "Marta"), ("fk_user.last_name", "Gutiérrez"),
                                     ("logo", logo), ("imagen", "unchanged")]), files={"imagen"})
    assert values == {"nombre_local": "La Parrilla", "fk_user": {"first_name": "Marta", "last_name": "Gutiérrez"}}
    assert uploads == {"logo": logo, "imagen": "unchanged"}  # a file field sent as text: 'no new file'


@pytest.mark.parametrize("fields", [
    [("fk_user", "Juan"), ("fk_user.first_name", "Juana")],
    [("fk_user.first_name", "Juana"), ("fk_user", "Juan")],
], ids=["whole first", "parts first"])
def test_a_field_sent_whole_and_in_parts_is_a_field_error_in_either_order(fields):
    with pytest.raises(FieldErrors) as refused:
        nest(FormData(fields))
    assert answer_of(refused.value) == {"fk_user": [WHOLE_AND_IN_PARTS]}


def test_a_clash_deeper_in_the_form_names_the_nested_field():
    with pytest.raises(FieldErrors) as refused:
        nest(FormData([("fk_user.first_name", "Lucía"), ("fk_user.first_name.x", "y")]))
    assert answer_of(refused.value, "en") == {"fk_user": {"first_name": ["This field was sent both whole and in parts: send only one of the two."]}}


def test_a_nul_character_in_any_text_field_is_a_field_error_where_it_stands():
    with pytest.raises(FieldErrors) as refused:
        nest(FormData([("nombre_local", "Bar\x00 Nuevo"), ("fk_user.first_name", "Ju\x00ana"), ("telefono", "1145678901")]))
    nul = "El texto contiene un carácter nulo, que no es válido."
    assert answer_of(refused.value) == {"nombre_local": [nul], "fk_user": {"first_name": [nul]}}


@pytest.mark.parametrize(("sent", "flag"), [
    (True, True), (False, False), ("true", True), ("True", True), ("1", True), ("on", True), ("yes", True),
    ("false", False), ("0", False), ("no", False), ("off", False), ("", False), (" FALSE ", False),
])
def test_a_forms_switch_is_false_only_for_the_words_of_false(sent, flag):
    assert as_bool(sent) is flag


@pytest.mark.parametrize(("page", "size", "paginate", "paging"), [
    (1, 10, True, Paging(page=1, size=10, paginate=True)),
    (3, 9, True, Paging(page=3, size=9, paginate=True)),
    (1, -1, True, Paging(page=1, size=None, paginate=True)),  # every row, in the page's shape
    (1, 0, True, Paging(page=1, size=None, paginate=True)),
    (2, 10, False, Paging(page=2, size=None, paginate=False)),  # the plain list
    (MAX_PAGE, 10, True, Paging(page=MAX_PAGE, size=10, paginate=True)),
])
def test_a_lists_parameters_become_the_kits_paging(page, size, paginate, paging):
    assert listing(page, size, paginate) == paging


def test_a_page_past_the_kits_last_is_a_400_on_page():
    with pytest.raises(RequestValidationError) as refused:
        listing(MAX_PAGE + 1, 10)
    [error] = refused.value.errors()
    assert (error["loc"], error["type"], error["ctx"]) == (("query", "page"), "less_than_equal", {"le": MAX_PAGE})


@pytest.mark.parametrize(("value", "possible"), [(1, True), (2**31 - 1, True), (0, False), (-1, False), (2**31, False)])
def test_an_id_is_possible_only_within_the_databases_integer(value, possible):
    assert real_id(value) is possible


def test_a_google_profile_is_read_from_openid_connect_claims():
    profile = _profile("google-oauth2", {"sub": 1234, "email": "ana@gmail.com", "given_name": "Ana", "family_name": "Paz", "email_verified": "true"})
    assert (profile.uid, profile.email, profile.first_name, profile.last_name, profile.email_verified) == ("1234", "ana@gmail.com", "Ana", "Paz", True)
    unverified = _profile("google-oauth2", {"sub": "9", "email_verified": False})
    assert (unverified.email, unverified.first_name, unverified.email_verified) == ("", "", False)


def test_a_facebook_profile_is_verified_unless_it_says_otherwise():
    assert _profile("facebook", {"id": "77", "email": "bo@fb.com", "first_name": "Bo"}).email_verified is True
    assert _profile("facebook", {"id": "77", "email": "bo@fb.com", "email_verified": "False"}).email_verified is False
    with pytest.raises(KeyError):
        _profile("facebook", {"email": "no-id@fb.com"})  # no provider id: the sign-in fails (SocialFailed)


def test_only_google_and_facebook_are_providers_and_each_calls_back_to_its_own_page():
    assert provider_settings(SETTINGS, "google-oauth2") is SETTINGS.google and provider_settings(SETTINGS, "facebook") is SETTINGS.facebook
    with pytest.raises(NotFound) as unknown:
        provider_settings(SETTINGS, "twitter")
    assert answer_of(unknown.value) == {"detail": "Proveedor desconocido."}
    assert redirect_uri(SETTINGS, "facebook") == f"{SETTINGS.public_base_url}/login/social/facebook/callback"


def test_the_dashboard_row_shows_the_owner_and_the_last_order():
    owner = account(pk=5, email="duenio@example.com", last_login=datetime(2026, 11, 30, tzinfo=UTC))
    owner.date_joined = datetime(2026, 10, 1, tzinfo=UTC)
    local = Restaurant(id=3, owner_id=5, nombre_local="La Parrilla")
    placed = datetime(2026, 11, 30, 21, 0, tzinfo=UTC)
    activity = RestaurantActivity(restaurant_id=3, total_orders=12, last_order_at=placed, last_order_user="Ana", last_order_dish="Bife")
    assert dashboard_row(local, owner, activity) == {
        "id": 5, "username": "duenio@example.com", "date_joined": owner.date_joined, "id_resto": 3, "nombre_local": "La Parrilla",
        "last_login": owner.last_login, "num_orders": 12,
        "last_order": {"creation_date": placed, "fk_dish": "Bife", "fk_user_client": "Ana"},
    }
    assert (dashboard_row(local, owner, None)["num_orders"], dashboard_row(local, owner, None)["last_order"]) == (0, None)
