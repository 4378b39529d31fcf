"""The server's password rules (identity/user/passwords.py): at least 8 characters, not like the
person's own names or e-mail, not a common password, not only digits; every rule broken is named."""
import pytest

from identity import messages
from identity.user import passwords
from identity.user.passwords import _too_similar, hash_password, password_problems, verify_password
from tests.unit.helpers import read

PERSON = {"username": "lucia@example.com", "first_name": "Lucía Pérez", "email": "lucia@example.com"}


@pytest.mark.parametrize(("password", "problems"), [
    ("Tomate-Rojo-81", []),
    ("Brasa-Fuego-44", []),
    ("Ab1-xyz", [messages.PASSWORD_TOO_SHORT.format(min_length=8)]),
    ("Ab1-xyzw", []),  # exactly 8
    ("password123", [messages.PASSWORD_TOO_COMMON]),
    ("  Password123 ", [messages.PASSWORD_TOO_COMMON]),  # common whatever the case and the spaces around it
    ("qwertyuiop", [messages.PASSWORD_TOO_COMMON]),
    ("90817263545", [messages.PASSWORD_ENTIRELY_NUMERIC]),
    ("1234567", [messages.PASSWORD_TOO_SHORT.format(min_length=8), messages.PASSWORD_TOO_COMMON, messages.PASSWORD_ENTIRELY_NUMERIC]),
    ("lucia@example.com1", [messages.PASSWORD_SIMILAR["username"]]),  # the first attribute like it is named, only it
    ("example-81", [messages.PASSWORD_SIMILAR["username"]]),  # like a word of the value ("example")
    ("example-Rojo-81", []),  # 64% like "example": under the 70%
])
def test_every_rule_a_password_breaks_is_named_in_order(password, problems):
    assert password_problems(password, **PERSON) == problems


def test_a_password_like_the_first_name_is_refused_for_it():
    assert password_problems("bartolomeo!", first_name="Bartolomeo", email="b@example.com") == [messages.PASSWORD_SIMILAR["first_name"]]
    assert password_problems("pedro@example", username="pedro@example.com", email="pedro@example.com") == [messages.PASSWORD_SIMILAR["username"]]
    assert password_problems("pedro@example", email="pedro@example.com") == [messages.PASSWORD_SIMILAR["email"]]


def test_attributes_that_are_no_rule_or_empty_are_ignored():
    assert password_problems("Tomate-Rojo-81", phone="Tomate-Rojo-81", first_name="", last_name=None) == []


def test_a_maximum_length_applies_only_where_given():
    long = "Una-Clave-Demasiado-Larga-Para-El-Limite"
    assert password_problems(long) == []
    assert password_problems(long, max_length=30) == [messages.PASSWORD_TOO_LONG.format(max_length=30)]
    assert password_problems("x" * 30 + "Aa1-", max_length=34) == []


@pytest.mark.parametrize(("password", "value", "similar"), [
    ("lucia2026", "lucia@example.com", True),  # "lucia" is a word of the e-mail
    ("Lucia2026", "LUCIA", True),
    ("tomate", "lucia@example.com", False),
    ("ab", "ab", False),  # a word under 3 characters is never compared
    ("anything", "", False),
    ("pepe123", "pepe", True),  # 2 x 4 matches / 11 characters: 73%
    ("pepe1234", "pepe", False),  # 8 / 12: 67%
])
def test_similarity_is_djangos_seventy_percent_with_any_word_of_the_value(password, value, similar):
    assert _too_similar(password, value) is similar


def test_the_rules_read_in_both_languages():
    problems = password_problems("1234567")
    assert read(problems) == [
        "La contraseña es demasiado corta. Debe contener al menos 8 caracteres.",
        "La contraseña es demasiado común.",
        "La contraseña es completamente numérica.",
    ]
    assert read(problems, "en") == [
        "This password is too short. It must contain at least 8 characters.",
        "This password is too common.",
        "This password is entirely numeric.",
    ]


def test_the_common_list_is_loaded_once_and_holds_the_usual_suspects():
    common = passwords.common_passwords()
    assert common is passwords.common_passwords()
    assert {"password", "123456", "qwerty"} <= common and "tomate-rojo-81" not in common
    assert len(common) > 10_000


async def test_a_hash_verifies_its_password_only():
    stored = await hash_password("Tomate-Rojo-81")
    assert stored.startswith("$argon2id$") and "Tomate" not in stored
    assert await verify_password("Tomate-Rojo-81", stored) is True
    assert await verify_password("tomate-rojo-81", stored) is False
    assert await hash_password("Tomate-Rojo-81") != stored  # salted


async def test_an_account_without_a_password_never_verifies():
    assert await verify_password("", None) is False
    assert await verify_password("not-a-real-password", None) is False  # not even the stand-in's own


def test_the_deployed_cost_is_argon2_cffis_default_and_only_the_suites_lower_it():
    from identity.settings import Settings

    fields = Settings.model_fields
    assert (fields["password_hash_time_cost"].default, fields["password_hash_memory_kib"].default) == (3, 65_536)
    assert fields["password_hash_concurrency"].default == 4
