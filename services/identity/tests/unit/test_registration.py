"""Registering a client or an owner (spec part 1 §5, §8): the form's fields, the account's rules,
the terms of use, every problem at once; the attempt is counted first, and nothing is made when
anything is wrong. Accounts are looked up in a fake of identity.user.repository."""
from datetime import UTC, datetime

import pytest

from identity.auth.errors import TooManyAttempts
from identity.restaurant.schemas import RestaurantRegistration
from identity.restaurant.service import register_owner
from identity.user.models import ClientProfile, User
from identity.user.schemas import ClientCreate
from identity.user.service import new_account_problems, register_client, terms_problems
from kit.auth import CLIENT
from kit.errors import FieldErrors
from tests.unit.helpers import LIMITS, Session, Throttle, Users, account, answer_of, refusal, settings

PASSWORD = "Tomate-Rojo-81"
CLIENT_FORM = {"fk_user": {"first_name": "Lucía Pérez", "email": "lucia@example.com", "password": PASSWORD, "password2": PASSWORD}}
OWNER_FORM = {"nombre_local": "La Parrilla", "telefono": "1145678901",
              "fk_user": {"email": "duenio@example.com", "password": "Brasa-Fuego-44", "password2": "Brasa-Fuego-44"}}


def with_user(base: dict, **user) -> dict:
    return {**base, "fk_user": {**base["fk_user"], **user}}


@pytest.mark.parametrize(("user", "body"), [
    ({"first_name": "Lu"}, {"first_name": ["Asegúrese de que este campo tenga al menos 3 caracteres."]}),
    ({"first_name": "L" * 31}, {"first_name": ["Asegúrese de que este campo no tenga más de 30 caracteres."]}),
    ({"first_name": "   "}, {"first_name": ["Asegúrese de que este campo tenga al menos 3 caracteres."]}),
    ({"email": "a" * 63 + "@example.com"}, {"email": ["Asegúrese de que este campo no tenga más de 74 caracteres."]}),
    ({"email": ""}, {"email": ["Este campo no puede estar en blanco."]}),
    ({"password": "x" * 129}, {"password": ["Asegúrese de que este campo no tenga más de 128 caracteres."]}),
    ({"password2": ""}, {"password2": ["Este campo no puede estar en blanco."]}),
])
def test_the_client_forms_fields_are_bounded(user, body):
    assert refusal(ClientCreate, with_user(CLIENT_FORM, **user)) == {"fk_user": body}


def test_a_missing_field_is_reported_as_required():
    assert refusal(ClientCreate, {"fk_user": {"email": "x@example.com", "password": "a", "password2": "a"}}) == {
        "fk_user": {"first_name": ["Este campo es requerido."]}}
    assert refusal(ClientCreate, {}, "en") == {"fk_user": ["This field is required."]}


@pytest.mark.parametrize(("change", "body"), [
    ({"telefono": "1234567"}, {"telefono": ["Asegúrese de que este campo tenga al menos 8 caracteres."]}),
    ({"telefono": "1" * 21}, {"telefono": ["Asegúrese de que este campo no tenga más de 20 caracteres."]}),
    ({"nombre_local": "N" * 41}, {"nombre_local": ["Asegúrese de que este campo no tenga más de 40 caracteres."]}),
    ({"nombre_local": "  "}, {"nombre_local": ["Este campo no puede estar en blanco."]}),
])
def test_the_owner_forms_fields_are_bounded(change, body):
    assert refusal(RestaurantRegistration, {**OWNER_FORM, **change}) == body


async def account_problems(users: Users, clash_field="username", **user) -> dict:
    fields = {"email": "lucia@example.com", "password": PASSWORD, "password2": PASSWORD, "first_name": "Lucía Pérez", **user}
    return answer_of(FieldErrors(await new_account_problems(None, clash_field=clash_field, users=users, **fields)))


async def test_a_new_account_that_keeps_every_rule_has_no_problems():
    users = Users()
    assert await new_account_problems(None, email="lucia@example.com", password=PASSWORD, password2=PASSWORD,
                                      first_name="Lucía", clash_field="username", users=users) == {}
    assert users.asked == [("username_or_email_taken", "lucia@example.com", "lucia@example.com")]


@pytest.mark.parametrize(("user", "body"), [
    ({"email": "not-an-email"}, {"email": ["Introduzca una dirección de e-mail válida."]}),
    ({"email": "lucia@"}, {"email": ["Introduzca una dirección de e-mail válida."]}),
    ({"password": "Ab1-xyz", "password2": "Ab1-xyz"}, {"password": ["La contraseña es demasiado corta. Debe contener al menos 8 caracteres."]}),
    ({"password": "password123", "password2": "password123"}, {"password": ["La contraseña es demasiado común."]}),
    ({"password": "90817263545", "password2": "90817263545"}, {"password": ["La contraseña es completamente numérica."]}),
    ({"password": "lucia@example.com1", "password2": "lucia@example.com1"}, {"password": ["La contraseña es demasiado similar al nombre de usuario."]}),
    ({"first_name": "Bartolomeo", "password": "bartolomeo!", "password2": "bartolomeo!"}, {"password": ["La contraseña es demasiado similar al nombre."]}),
    ({"password2": "Otra-Cosa-99"}, {"password2": ["Las contraseñas no coinciden."]}),
    ({"email": "nope", "password": "123", "password2": "1234"}, {
        "email": ["Introduzca una dirección de e-mail válida."],
        "password": ["La contraseña es demasiado corta. Debe contener al menos 8 caracteres.", "La contraseña es demasiado común.",
                     "La contraseña es completamente numérica."],
        "password2": ["Las contraseñas no coinciden."],
    }),
])
async def test_every_rule_of_a_new_account_has_its_message(user, body):
    assert await account_problems(Users(), **user) == body


async def test_an_invalid_e_mail_is_never_looked_up():
    users = Users()
    await account_problems(users, email="not-an-email")
    assert users.asked == []


@pytest.mark.parametrize(("clash_field", "body"), [
    ("username", {"username": ["Ya existe un usuario registrado con este e-mail."]}),  # the client form
    ("email", {"email": ["Ya existe un usuario con este e-mail."]}),  # the owner form
])
async def test_an_e_mail_in_use_is_said_where_the_form_shows_it(clash_field, body):
    assert await account_problems(Users(account(email="lucia@example.com")), clash_field, email="LUCIA@example.com") == body


@pytest.mark.parametrize(("accepted", "required", "refused"), [
    (True, False, False), (True, True, False),
    (None, False, False),  # the spec's requests carry no such field
    (None, True, True),
    (False, False, True), (False, True, True),  # `false` is always refused
])
def test_the_terms_are_refused_when_declined_and_when_left_out_where_required(accepted, required, refused):
    problems = terms_problems(accepted, settings(terms_acceptance_required=required))
    assert answer_of(FieldErrors(problems)) == ({"acepta_terminos": ["Debés aceptar los términos y condiciones."]} if refused else {})


def test_the_terms_are_not_required_unless_a_deployment_says_so():
    from identity.settings import Settings

    assert (Settings.model_fields["terms_acceptance_required"].default, Settings.model_fields["terms_version"].default) == (False, "2026-11")


async def test_a_registration_counts_against_its_address_before_anything_else():
    throttle, users = Throttle(refuse=TooManyAttempts(retry_after=120)), Users()
    with pytest.raises(TooManyAttempts) as refused:
        await register_client(None, ClientCreate.model_validate(CLIENT_FORM), throttle, "203.0.113.5", settings(), users=users)
    assert throttle.calls == [("take", (LIMITS.registration, "203.0.113.5"))]
    assert users.asked == [] and refused.value.headers == {"Retry-After": "120"}
    assert answer_of(refused.value) == {"detail": "Demasiados intentos. Intente de nuevo en 120 segundos.", "code": "too_many_attempts"}


async def test_a_refused_client_registration_names_every_problem_and_makes_nothing():
    session, body = Session(), ClientCreate.model_validate({**with_user(CLIENT_FORM, password2="Otra-Cosa-99"), "acepta_terminos": False})
    with pytest.raises(FieldErrors) as refused:
        await register_client(session, body, Throttle(), "203.0.113.5", settings(), users=Users())
    assert answer_of(refused.value, "en") == {
        "acepta_terminos": ["You must accept the terms and conditions."],
        "fk_user": {"password2": ["The two password fields didn't match."]},
    }
    assert session.added == []


@pytest.mark.parametrize(("accepted", "version"), [(True, "2026-11"), (None, None)])
async def test_a_client_is_made_with_its_e_mail_as_username_and_the_terms_it_accepted(accepted, version):
    session = Session()
    body = ClientCreate.model_validate({**with_user(CLIENT_FORM, email=" Lucia@Example.com "), "acepta_terminos": accepted})
    before = datetime.now(UTC)
    user = await register_client(session, body, Throttle(), "203.0.113.5", settings(), users=Users())
    assert (user.username, user.email, user.first_name, user.group) == ("lucia@example.com", "lucia@example.com", "Lucía Pérez", CLIENT)
    assert user.password_hash.startswith("$argon2id$") and user.terms_version == version
    assert (user.terms_accepted_at is not None) is (accepted is True)
    assert user.terms_accepted_at is None or before <= user.terms_accepted_at <= datetime.now(UTC)
    assert [type(row) for row in session.added if not hasattr(row, "event_type")] == [User, ClientProfile]
    assert session.rows(ClientProfile)[0].user_id == user.id
    [(kind, event)] = session.events()
    assert kind == "identity.user.registered"
    assert (event["user_id"], event["username"], event["email"], event["group"]) == (user.id, "lucia@example.com", "lucia@example.com", CLIENT)


@pytest.mark.parametrize(("telefono", "body"), [
    ("11-4567-8901", {"telefono": ["Solo se permiten números."]}),
    ("١١٤٥٦٧٨٩٠١", {"telefono": ["Solo se permiten números."]}),  # Arabic-Indic digits are no phone's
    ("¹¹⁴⁵⁶⁷⁸⁹⁰¹", {"telefono": ["Solo se permiten números."]}),
])
async def test_an_owners_phone_is_digits_only(telefono, body):
    with pytest.raises(FieldErrors) as refused:
        await register_owner(Session(), RestaurantRegistration.model_validate({**OWNER_FORM, "telefono": telefono}), Throttle(), "a", settings(),
                             users=Users())
    assert answer_of(refused.value) == body


async def test_a_refused_owner_registration_names_every_problem_at_once():
    body = RestaurantRegistration.model_validate({**with_user(OWNER_FORM, email="lucia@example.com"), "telefono": "11-4567-89", "acepta_terminos": False})
    session, throttle = Session(), Throttle()
    with pytest.raises(FieldErrors) as refused:
        await register_owner(session, body, throttle, "198.51.100.5", settings(), users=Users(account(email="lucia@example.com")))
    assert answer_of(refused.value) == {
        "acepta_terminos": ["Debés aceptar los términos y condiciones."],
        "telefono": ["Solo se permiten números."],
        "fk_user": {"email": ["Ya existe un usuario con este e-mail."]},
    }
    assert throttle.calls == [("take", (LIMITS.registration, "198.51.100.5"))] and session.added == []


async def test_where_the_terms_are_required_an_owner_registration_must_say_so():
    body = RestaurantRegistration.model_validate(OWNER_FORM)
    with pytest.raises(FieldErrors) as refused:
        await register_owner(Session(), body, Throttle(), "a", settings(terms_acceptance_required=True), users=Users())
    assert answer_of(refused.value, "en") == {"acepta_terminos": ["You must accept the terms and conditions."]}
