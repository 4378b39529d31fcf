"""A restaurant's profile rules (identity/restaurant): digits, links stored whole, the card's last
four digits, HH:MM hours given both or neither, one name per owner; what its events carry."""
from datetime import time
from decimal import Decimal

import pytest

from identity.restaurant.links import facebook, instagram, website, whatsapp
from identity.restaurant.models import Restaurant
from identity.restaurant.schemas import RestaurantCreate, RestaurantFields, Schedule, all_digits
from identity.restaurant.service import _field_problems, is_profile_complete, profile_event, set_schedule
from contracts.identity import RestaurantUpdated
from kit.errors import FieldErrors
from tests.unit.helpers import Session, account, answer_of, read, refusal

VALID = {"nombre_local": "Segundo Local", "telefono": "1145670000", "direccion": "Av. Santa Fe 1234, CABA"}


@pytest.mark.parametrize(("value", "digits"), [
    ("1145678901", True), ("0", True), ("", False), ("11-4567", False), ("+5411", False), ("11 45", False),
    ("١١٤٥", False), ("¹¹⁴⁵", False), ("１２３", False),  # other scripts' digits, superscripts, full-width: no phone's
])
def test_only_the_digits_0_to_9_are_digits(value, digits):
    assert all_digits(value) is digits


@pytest.mark.parametrize(("sent", "stored", "problem"), [
    ("", "", None),
    ("https://facebook.com/laparrilla", "https://facebook.com/laparrilla", None),
    ("https://www.facebook.com/laparrilla", "https://www.facebook.com/laparrilla", None),
    ("https://m.fb.com/laparrilla", "https://m.fb.com/laparrilla", None),
    ("http://facebook.com/x", "http://facebook.com/x", "URL de Facebook inválida: debe comenzar con https://facebook.com/"),
    ("https://facebook.com/", "https://facebook.com/", "URL de Facebook inválida: debe comenzar con https://facebook.com/"),
    ("https://evil.com/facebook.com/x", "https://evil.com/facebook.com/x", "URL de Facebook inválida: debe comenzar con https://facebook.com/"),
])
def test_a_facebook_link_is_an_https_facebook_page(sent, stored, problem):
    value, text = facebook(sent)
    assert (value, read(text) if text else None) == (stored, problem)


@pytest.mark.parametrize(("sent", "stored", "problem"), [
    ("@la.parrilla", "https://www.instagram.com/la.parrilla/", None),
    ("la_parrilla", "https://www.instagram.com/la_parrilla/", None),
    ("https://instagram.com/laparrilla", "https://www.instagram.com/laparrilla/", None),
    ("http://www.instagram.com/laparrilla/", "https://www.instagram.com/laparrilla/", None),
    ("", "", None),
    ("la parrilla", "la parrilla", "Usuario de Instagram inválido."),
    ("x" * 31, "x" * 31, "Usuario de Instagram inválido."),
    ("https://instagram.com/a/b", "https://instagram.com/a/b", "Usuario de Instagram inválido."),
])
def test_an_instagram_user_or_link_is_stored_as_the_profiles_link(sent, stored, problem):
    value, text = instagram(sent)
    assert (value, read(text) if text else None) == (stored, problem)


@pytest.mark.parametrize(("sent", "stored", "problem"), [
    ("5491145678901", "https://wa.me/5491145678901", None),
    ("+54 9 11 4567 8901", "https://wa.me/5491145678901", None),
    ("https://wa.me/5491145678901", "https://wa.me/5491145678901", None),
    ("", "", None),
    ("+54 9 11 abc", "+54 9 11 abc", "Solo se permiten números."),
    ("¹¹⁴⁵⁶⁷", "¹¹⁴⁵⁶⁷", "Solo se permiten números."),  # superscripts are no wa.me link
    ("1" * 20, "https://wa.me/" + "1" * 20, None),
    ("1" * 21, "1" * 21, "El WhatsApp admite hasta 20 números."),
])
def test_a_whatsapp_number_or_link_is_stored_as_a_wa_me_link(sent, stored, problem):
    value, text = whatsapp(sent)
    assert (value, read(text) if text else None) == (stored, problem)


@pytest.mark.parametrize(("sent", "valid"), [
    ("https://laparrilla.com.ar", True), ("http://laparrilla.com", True), ("", True),
    ("no es una url", False), ("laparrilla.com", False), ("https://localhost", False), ("ftp://laparrilla.com", False),
])
def test_a_website_is_a_full_http_link(sent, valid):
    value, text = website(sent)
    assert value == sent and (text is None) is valid
    if not valid:
        assert read(text, "en") == "Enter a valid URL."


@pytest.mark.parametrize(("change", "body"), [
    ({"nombre_local": "Bar"}, {"nombre_local": ["Asegúrese de que este campo tenga al menos 4 caracteres."]}),
    ({"nombre_local": "N" * 41}, {"nombre_local": ["Asegúrese de que este campo no tenga más de 40 caracteres."]}),
    ({"telefono": "12345"}, {"telefono": ["Asegúrese de que este campo tenga al menos 8 caracteres."]}),
    ({"direccion": "Calle 1"}, {"direccion": ["Asegúrese de que este campo tenga al menos 10 caracteres."]}),
    ({"direccion": "D" * 101}, {"direccion": ["Asegúrese de que este campo no tenga más de 100 caracteres."]}),
    ({"wait_time": "601"}, {"wait_time": ["Asegúrese de que este valor sea menor o igual a 600."]}),
    ({"facebook": "x" * 301}, {"facebook": ["Asegúrese de que este campo no tenga más de 300 caracteres."]}),
])
def test_a_new_restaurants_fields_are_bounded(change, body):
    assert refusal(RestaurantCreate, {**VALID, **change}) == body


def test_a_new_restaurant_needs_its_name_phone_and_address_but_an_edit_sends_what_changes():
    assert refusal(RestaurantCreate, {}) == {f: ["Este campo es requerido."] for f in ("nombre_local", "telefono", "direccion")}
    assert RestaurantFields.model_validate({"wait_time": "20"}).model_dump(exclude_unset=True) == {"wait_time": 20}


@pytest.mark.parametrize(("sent", "kept"), [("4509 9535 6623 3704", "3704"), ("4509-9535-6623-3704", "3704"), ("12", "12"), ("", "")])
def test_only_the_last_four_digits_of_a_card_number_are_kept(sent, kept):
    assert RestaurantFields.model_validate({"nro_tarjeta": sent}).nro_tarjeta == kept


@pytest.mark.parametrize(("sent", "flag"), [("true", True), ("1", True), ("on", True), ("false", False), ("0", False), ("", False), (True, True)])
def test_a_forms_switches_are_read_as_the_browser_sends_them(sent, flag):
    assert RestaurantFields.model_validate({"takeaway": sent}).takeaway is flag


@pytest.mark.parametrize("sent", ["09:30:00", "09:30:00Z", "09:30+03:00", "9:30", "24:00", "25:99", 34200, "nueve"])
def test_an_opening_time_other_than_hh_mm_is_refused(sent):
    assert refusal(Schedule, {"horario_apertura": sent, "horario_cierre": "23:00"}) == {"horario_apertura": ["Hora inválida: use el formato HH:MM."]}


def test_opening_hours_are_read_and_answered_as_hh_mm():
    schedule = Schedule.model_validate({"horario_apertura": "08:05", "horario_cierre": "23:59"})
    assert (schedule.horario_apertura, schedule.horario_cierre) == (time(8, 5), time(23, 59))
    assert schedule.model_dump(mode="json") == {"horario_apertura": "08:05", "horario_cierre": "23:59"}


def restaurant(**fields) -> Restaurant:
    values = dict(id=3, owner_id=5, nombre_local="La Parrilla", direccion="", telefono="1145678901", logo="", whatsapp="", takeaway=False,
                  tips=False, stop_orders=False, mp_active=False, wait_time=0, horario_apertura=None, horario_cierre=None)
    return Restaurant(**{**values, **fields})


@pytest.mark.parametrize("hours", [(time(9, 30), None), (None, time(23, 0))])
async def test_opening_hours_are_given_both_or_neither(hours):
    with pytest.raises(FieldErrors) as refused:
        await set_schedule(None, restaurant(), Schedule(horario_apertura=hours[0], horario_cierre=hours[1]))
    assert answer_of(refused.value) == {"non_field_errors": ["Indique la hora de apertura y la de cierre, o borre ambas."]}


@pytest.mark.parametrize(("hours", "announced"), [((time(9, 30), time(23, 0)), ("09:30", "23:00")), ((None, None), (None, None))])
async def test_a_schedule_set_or_cleared_is_announced_with_the_profile(hours, announced):
    session, place = Session(), restaurant()
    await set_schedule(session, place, Schedule(horario_apertura=hours[0], horario_cierre=hours[1]))
    assert (place.horario_apertura, place.horario_cierre) == hours
    [(kind, event)] = session.events()
    assert kind == "identity.restaurant.updated" and (event["horario_apertura"], event["horario_cierre"]) == announced


def test_the_profile_event_carries_what_other_services_show():
    event = profile_event(RestaurantUpdated, restaurant(logo="logos/p.png", whatsapp="https://wa.me/54911", takeaway=True, tips=True,
                                                        horario_apertura=time(8, 5)))
    assert (event.restaurant_id, event.owner_id, event.logo, event.whatsapp, event.takeaway, event.tips) == (
        3, 5, "/media/identity/logos/p.png", "https://wa.me/54911", True, True)
    assert (event.horario_apertura, event.horario_cierre) == ("08:05", None)


class Restaurants:
    def __init__(self, *names: str):
        self.names, self.asked = {n.lower() for n in names}, []

    async def name_taken(self, session, owner_id, name, exclude_id=None):
        self.asked.append((owner_id, name, exclude_id))
        return name.strip().lower() in self.names


async def problems(data: dict, *, owner_email="owner@example.com", restaurants=None, exclude_id=None):
    return await _field_problems(None, account(email=owner_email), RestaurantFields.model_validate(data), exclude_id,
                                 restaurants=restaurants or Restaurants())


async def test_the_fields_sent_are_normalized_and_only_they_are_kept():
    errors, values = await problems({"instagram": "@la.parrilla", "whatsapp": "5491145678901", "wait_time": "20", "stop_orders": "false"})
    assert errors == {}
    assert values == {"instagram": "https://www.instagram.com/la.parrilla/", "whatsapp": "https://wa.me/5491145678901", "wait_time": 20,
                      "stop_orders": False}


async def test_every_problem_of_the_profile_comes_at_once():
    restaurants = Restaurants("La Parrilla")
    errors, _ = await problems({"nombre_local": "la parrilla", "telefono": "11-4567-0000", "facebook": "http://facebook.com/x",
                                "website": "no es una url", "whatsapp": "1" * 21, "fk_user": {"email": "new@example.com"}},
                               restaurants=restaurants, exclude_id=3)
    assert answer_of(FieldErrors(errors)) == {
        "telefono": ["Solo se permiten números."],
        "nombre_local": ["Ya tiene un local con este nombre: el nombre debe ser único para el propietario."],
        "facebook": ["URL de Facebook inválida: debe comenzar con https://facebook.com/"],
        "whatsapp": ["El WhatsApp admite hasta 20 números."],
        "website": ["Introduzca una URL válida."],
        "fk_user": {"email": ["El e-mail no se puede cambiar."]},
    }
    assert restaurants.asked == [(5, "la parrilla", 3)]  # the restaurant being edited is not its own clash


async def test_a_name_is_looked_up_only_when_sent_and_the_e_mail_shown_back_is_no_change():
    restaurants = Restaurants()
    errors, _ = await problems({"wait_time": "5", "fk_user": {"email": "  Owner@Example.com"}}, restaurants=restaurants)
    assert errors == {} and restaurants.asked == []


@pytest.mark.parametrize(("direccion", "first", "last", "complete"), [
    ("Av. Rivadavia 5000", "Marta", "Gutiérrez", True), ("", "Marta", "Gutiérrez", False), ("Av. Rivadavia 5000", "", "Gutiérrez", False),
    ("Av. Rivadavia 5000", "Marta", "", False),
])
def test_a_profile_is_complete_with_an_address_and_the_owners_names(direccion, first, last, complete):
    assert is_profile_complete(restaurant(direccion=direccion), account(first_name=first, last_name=last)) is complete
    assert is_profile_complete(restaurant(direccion=direccion), None) is False


def test_an_average_stay_has_at_most_two_decimals():
    assert RestaurantFields.model_validate({"avg_permanence": "12.50"}).avg_permanence == Decimal("12.50")
    assert refusal(RestaurantFields, {"avg_permanence": "1.234"}).keys() == {"avg_permanence"}


def test_the_owners_names_follow_the_profile_rules():
    assert refusal(RestaurantFields, {"fk_user": {"first_name": "Al", "last_name": "Li"}}) == {"fk_user": {
        "first_name": ["Asegúrese de que este campo tenga al menos 3 caracteres."],
        "last_name": ["Asegúrese de que este campo tenga al menos 3 caracteres."],
    }}
    names = RestaurantFields.model_validate({"fk_user": {"first_name": " Marta ", "last_name": "Gutiérrez"}}).fk_user
    assert (names.first_name, names.last_name, names.email) == ("Marta", "Gutiérrez", None)
