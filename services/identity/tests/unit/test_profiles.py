"""A person's own profile (identity/client) and an owner's staff (identity/operator): the forms'
fields, digits only, the e-mail read only, an operator's name and password rules; operators are
made on a fake of identity.user.repository."""
import pytest

from identity.client.schemas import ProfileUpdate
from identity.client.service import profile_problems
from identity.operator.models import Operator
from identity.operator.schemas import OperatorCreate, OperatorUpdate
from identity.operator.service import _name_problems, _password_problems, add_operator
from identity.restaurant.models import Restaurant
from identity.user.schemas import ProfileNames
from kit.auth import OPERATOR
from kit.errors import FieldErrors
from tests.unit.helpers import Session, Users, account, answer_of, read, refusal


@pytest.mark.parametrize(("data", "body"), [
    ({"fk_user": {"first_name": "Ana"}}, {"fk_user": {"first_name": ["Asegúrese de que este campo tenga al menos 4 caracteres."]}}),
    ({"fk_user": {"last_name": "Paz"}}, {"fk_user": {"last_name": ["Asegúrese de que este campo tenga al menos 4 caracteres."]}}),
    ({"fk_user": {"last_name": "P" * 101}}, {"fk_user": {"last_name": ["Asegúrese de que este campo no tenga más de 100 caracteres."]}}),
    ({"telefono": "11-4567"}, {"telefono": ["Asegúrese de que este campo tenga al menos 8 caracteres."]}),
    ({"genero": "7"}, {"genero": ["Asegúrese de que este valor sea menor o igual a 1."]}),
    ({"genero": "-1"}, {"genero": ["Asegúrese de que este valor sea mayor o igual a 0."]}),
])
def test_the_profile_forms_fields_are_bounded(data, body):
    assert refusal(ProfileUpdate, data) == body


@pytest.mark.parametrize(("sent", "gender"), [("0", 0), ("1", 1), ("", None), ("null", None), (None, None)])
def test_an_empty_gender_clears_it(sent, gender):
    assert ProfileUpdate.model_validate({"genero": sent}).genero == gender


@pytest.mark.parametrize(("data", "body"), [
    ({"telefono": "1145678901"}, {}),
    ({"telefono": "11-4567-8901"}, {"telefono": ["Solo se permiten números."]}),
    ({"telefono": "١١٤٥٦٧٨٩٠١"}, {"telefono": ["Solo se permiten números."]}),  # Arabic-Indic digits
    ({"fk_user": {"email": "otro@example.com"}}, {"fk_user": {"email": ["El e-mail no se puede cambiar."]}}),
    ({"fk_user": {"email": " Lucia@Example.com"}}, {}),  # the form sends back the read-only e-mail as it shows it
    ({"fk_user": {"first_name": "Lucía"}}, {}),
    ({"telefono": "11-4567-8901", "fk_user": {"email": "otro@example.com"}},
     {"telefono": ["Solo se permiten números."], "fk_user": {"email": ["El e-mail no se puede cambiar."]}}),
])
def test_the_profiles_own_rules(data, body):
    assert answer_of(FieldErrors(profile_problems(account(email="lucia@example.com"), ProfileUpdate.model_validate(data)))) == body


@pytest.mark.parametrize(("sent", "current", "changes"), [
    (None, "a@example.com", False), ("a@example.com", "a@example.com", False), ("  A@Example.COM ", "a@example.com", False),
    ("b@example.com", "a@example.com", True), ("", "a@example.com", True),
])
def test_the_e_mail_a_form_shows_back_is_no_change_unless_it_differs(sent, current, changes):
    assert ProfileNames(email=sent).changes_email(current) is changes


@pytest.mark.parametrize(("name", "refused"), [("Pedro", False), ("Ñandú", False), ("9Pedro", True), ("-Pedro", True), (" Pedro", True), ("", True)])
def test_an_operators_name_starts_with_a_letter(name, refused):
    assert read(_name_problems(name)) == (["El nombre debe comenzar con una letra."] if refused else [])


PERSON = {"username": "pedro@example.com", "email": "pedro@example.com", "first_name": "Pedro"}


@pytest.mark.parametrize(("password", "password2", "body"), [
    ("Bandeja-Llena-7", "Bandeja-Llena-7", {}),
    ("Bandeja Llena 7", "Bandeja Llena 7", {"password": ["La contraseña no puede contener espacios."]}),
    ("Bandeja\tLlena7", "Bandeja\tLlena7", {"password": ["La contraseña no puede contener espacios."]}),
    ("Bandeja\u00a0Llena7", "Bandeja\u00a0Llena7", {"password": ["La contraseña no puede contener espacios."]}),
    ("Ab1-xyz", "Ab1-xyz", {"password": ["La contraseña es demasiado corta. Debe contener al menos 8 caracteres."]}),
    ("qwertyuiop", "qwertyuiop", {"password": ["La contraseña es demasiado común."]}),
    ("pedro@example", "pedro@example", {"password": ["La contraseña es demasiado similar al nombre de usuario."]}),
    ("Bandeja-Llena-7", "Otra-Cosa-99", {"password2": ["Las contraseñas no coinciden."]}),
    ("a b", None, {"password": ["La contraseña no puede contener espacios.", "La contraseña es demasiado corta. Debe contener al menos 8 caracteres."],
                   "password2": ["Las contraseñas no coinciden."]}),  # spaces are said first
])
def test_an_operators_password_rules(password, password2, body):
    assert answer_of(FieldErrors(_password_problems(password, password2, PERSON))) == body


STAFF = {"first_name": "Pedro", "last_name": "Mozo", "email": "pedro@example.com", "password": "Bandeja-Llena-7", "password2": "Bandeja-Llena-7"}
LOCAL = Restaurant(id=3, owner_id=5, nombre_local="La Parrilla")


@pytest.mark.parametrize(("user", "body"), [
    ({"first_name": ""}, {"first_name": ["Este campo no puede estar en blanco."]}),
    ({"first_name": "P" * 32}, {"first_name": ["Asegúrese de que este campo no tenga más de 31 caracteres."]}),
    ({"email": "p" * 130 + "@example.com"}, {"email": ["Asegúrese de que este campo no tenga más de 140 caracteres."]}),
    ({"last_name": "M" * 151}, {"last_name": ["Asegúrese de que este campo no tenga más de 150 caracteres."]}),
])
def test_the_operator_forms_fields_are_bounded(user, body):
    assert refusal(OperatorCreate, {"fk_resto": 3, "fk_user": {**STAFF, **user}}) == {"fk_user": body}


async def refused_operator(users: Users, **user) -> dict:
    with pytest.raises(FieldErrors) as refused:
        await add_operator(Session(), LOCAL, OperatorCreate.model_validate({"fk_resto": 3, "fk_user": {**STAFF, **user}}), users=users)
    return answer_of(refused.value)


async def test_every_problem_of_a_new_operator_comes_at_once_under_its_user():
    users = Users()
    assert await refused_operator(users, first_name="9Pedro", email="pedro", password="a b", password2="a c") == {"fk_user": {
        "first_name": ["El nombre debe comenzar con una letra."],
        "email": ["Introduzca una dirección de e-mail válida."],
        "password": ["La contraseña no puede contener espacios.", "La contraseña es demasiado corta. Debe contener al menos 8 caracteres."],
        "password2": ["Las contraseñas no coinciden."],
    }}
    assert users.asked == []  # an invalid e-mail is never looked up


async def test_an_e_mail_in_use_whatever_its_case_is_refused():
    users = Users(account(email="pedro@example.com"))
    assert await refused_operator(users, email="PEDRO@example.com") == {"fk_user": {"email": ["Ya existe un usuario con este e-mail."]}}
    assert users.asked == [("get_by_login", "PEDRO@example.com")]


async def test_an_operator_is_an_account_of_the_operators_group_for_one_restaurant_and_is_announced():
    session = Session()
    operator, user = await add_operator(session, LOCAL, OperatorCreate.model_validate({"fk_resto": 3, "fk_user": STAFF}), users=Users())
    assert (user.username, user.first_name, user.last_name, user.group) == ("pedro@example.com", "Pedro", "Mozo", OPERATOR)
    assert user.password_hash.startswith("$argon2id$") and (user.terms_version, user.terms_accepted_at) == (None, None)
    assert isinstance(operator, Operator) and (operator.user_id, operator.restaurant_id) == (user.id, 3)
    assert [kind for kind, _ in session.events()] == ["identity.user.registered", "identity.operator.added"]
    assert session.events()[1][1]["restaurant_id"] == 3 and session.events()[1][1]["user_id"] == user.id


def test_an_operator_update_changes_only_what_it_names():
    assert OperatorUpdate.model_validate({"fk_user": {"first_name": "Pablo"}}).fk_user.model_dump(exclude_none=True) == {"first_name": "Pablo"}
