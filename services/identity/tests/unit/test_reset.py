"""Password reset and change (identity/user/service.py): links bound to the account's state, mails
limited per address and per e-mail, every rule of the new password. Accounts come from a fake."""
import re
import time
from datetime import UTC, datetime

import pytest

from identity.user.passwords import hash_password
from identity.user.service import (
    change_password, confirm_password_reset, decode_uid, encode_uid, make_reset_token, password_reset_mail, reset_token_valid,
)
from kit.errors import FieldErrors
from tests.unit.helpers import LIMITS, Throttle, Users, account, answer_of, settings

SECRET, HOUR = b"k" * 32, 3600
LINK = re.compile(r"https://resto\.example/recuperar-contrasena/(?P<uid>[^/\s]+)/(?P<token>[^/\s]+)")


def lucia(**fields):
    return account(password_hash="$argon2id$v=19$m=8192,t=1,p=1$c2FsdA$aGFzaA", last_login=datetime(2026, 11, 1, tzinfo=UTC), **fields)


@pytest.mark.parametrize(("user_id", "uid"), [(1, "MQ"), (5, "NQ"), (999, "OTk5"), (12345, "MTIzNDU")])
def test_a_uid_is_the_accounts_id_in_url_safe_base64_without_padding(user_id, uid):
    assert encode_uid(user_id) == uid and decode_uid(uid) == user_id


@pytest.mark.parametrize("uid", ["", "!!", "YWJj", "/w"])  # nothing, not base64, "abc", a lone 0xff byte
def test_a_uid_that_is_no_number_is_none(uid):
    assert decode_uid(uid) is None


def test_a_reset_token_is_valid_for_an_hour_for_this_account_as_it_is():
    user, now = lucia(), int(time.time())
    token = make_reset_token(SECRET, user, now=now)
    stamp, _, signature = token.partition("-")
    assert int(stamp, 16) == now and re.fullmatch(r"[0-9a-f]{40}", signature)
    assert reset_token_valid(SECRET, user, token, HOUR) is True
    assert reset_token_valid(SECRET, user, make_reset_token(SECRET, user, now=now - HOUR + 5), HOUR) is True
    assert reset_token_valid(SECRET, user, make_reset_token(SECRET, user, now=now - HOUR - 5), HOUR) is False  # expired
    assert reset_token_valid(SECRET, user, make_reset_token(SECRET, user, now=now + 60), HOUR) is False  # from the future
    assert reset_token_valid(b"other" * 7, user, token, HOUR) is False


@pytest.mark.parametrize("change", [
    {"password_hash": "$argon2id$another"},  # used: the password changed
    {"last_login": datetime(2026, 11, 2, tzinfo=UTC)},  # the account signed in since
    {"id": 6},
])
def test_a_reset_token_dies_with_the_state_it_was_made_for(change):
    user = lucia()
    token = make_reset_token(SECRET, user)
    for name, value in change.items():
        setattr(user, name, value)
    assert reset_token_valid(SECRET, user, token, HOUR) is False


@pytest.mark.parametrize("token", ["", "x-y", "zz-", "-abc", "nodash", "1" * 80])
def test_a_malformed_token_is_not_valid(token):
    assert reset_token_valid(SECRET, lucia(), token, HOUR) is False


async def test_a_reset_mail_is_counted_per_address_and_per_e_mail_before_the_account_is_looked_up():
    throttle, users = Throttle(), Users(lucia())
    await password_reset_mail(None, throttle, settings(), "  LUCIA@example.com ", "203.0.113.9", "es", users=users)
    assert throttle.calls == [("take", (LIMITS.reset_address, "203.0.113.9"), (LIMITS.reset_email, "lucia@example.com"))]
    assert users.asked == [("get_by_email", "lucia@example.com")]


@pytest.mark.parametrize(("lang", "subject", "greeting"), [("es", "Restablecer su contraseña", "Hola Lucía:"), ("en", "Reset your password", "Hello Lucía,")])
async def test_the_reset_mail_carries_a_link_that_resets_this_account(lang, subject, greeting):
    mail = await password_reset_mail(None, Throttle(), settings(), "lucia@example.com", "a", lang, users=Users(lucia()))
    assert (mail.to, mail.subject) == ("lucia@example.com", subject)
    assert mail.body.startswith(greeting) and "lucia@example.com" in mail.body
    link = LINK.search(mail.body)
    assert decode_uid(link["uid"]) == 5 and reset_token_valid(SECRET, lucia(), link["token"], HOUR)


async def test_a_person_without_a_first_name_is_greeted_by_username():
    mail = await password_reset_mail(None, Throttle(), settings(), "lucia@example.com", "a", "es", users=Users(lucia(first_name="")))
    assert mail.body.startswith("Hola lucia@example.com:")


@pytest.mark.parametrize("users", [
    Users(),  # no such account
    Users(lucia(is_active=False)),
    Users(lucia(email="demo@resto.local", username="demo@resto.local")),  # the shared demo owner's is nobody's to reset
], ids=["unknown", "inactive", "demo"])
async def test_no_mail_goes_to_an_account_that_cannot_reset(users):
    email = users.accounts[0].email if users.accounts else "lucia@example.com"
    assert await password_reset_mail(None, Throttle(), settings(), email, "a", "es", users=users) is None


async def refused_reset(users, uid, token, new="Nueva-Clave-2026") -> dict:
    with pytest.raises(FieldErrors) as refused:
        await confirm_password_reset(None, None, SECRET, HOUR, uid, token, new, users=users)
    return answer_of(refused.value)


async def test_a_reset_for_no_account_or_an_inactive_one_is_refused_on_the_uid():
    user = lucia()
    token = make_reset_token(SECRET, user)
    assert await refused_reset(Users(), encode_uid(5), token) == {"uid": ["Usuario inválido."]}
    assert await refused_reset(Users(lucia(is_active=False)), encode_uid(5), token) == {"uid": ["Usuario inválido."]}
    users = Users(user)
    assert await refused_reset(users, "!!", token) == {"uid": ["Usuario inválido."]}
    assert users.asked == []  # a uid that is no number is never looked up


async def test_a_reset_with_an_expired_or_forged_token_is_refused_on_the_token():
    user = lucia()
    expired = make_reset_token(SECRET, user, now=1_000_000)
    forged = make_reset_token(b"forged" * 6, user)
    for token in (expired, forged, "x-y"):
        assert await refused_reset(Users(user), encode_uid(5), token) == {
            "token": ["El enlace para restablecer la contraseña es inválido o ha vencido."]}


async def test_a_reset_to_a_weak_password_names_each_rule():
    user = lucia()
    assert await refused_reset(Users(user), encode_uid(5), make_reset_token(SECRET, user), new="1234567") == {"new_password": [
        "La contraseña es demasiado corta. Debe contener al menos 8 caracteres.",
        "La contraseña es demasiado común.",
        "La contraseña es completamente numérica.",
    ]}
    assert await refused_reset(Users(user), encode_uid(5), make_reset_token(SECRET, user), new="lucia@example.com!") == {
        "new_password": ["La contraseña es demasiado similar al nombre de usuario."]}


async def changed(current: str, new: str, confirm: str) -> dict:
    user = account(password_hash=await hash_password("Tomate-Rojo-81"))
    with pytest.raises(FieldErrors) as refused:
        await change_password(None, None, user, current, new, confirm)  # refused before any database work
    return answer_of(refused.value)


async def test_changing_the_password_checks_the_current_one():
    assert await changed("not-my-password", "Nueva-Clave-2026", "Nueva-Clave-2026") == {"current_password": ["Contraseña inválida."]}


async def test_the_new_password_follows_the_rules_at_most_30_characters_and_the_repeat_must_match():
    assert await changed("Tomate-Rojo-81", "Una-Clave-Demasiado-Larga-Para-El-Limite", "otra") == {
        "new_password": ["La contraseña no puede tener más de 30 caracteres."],
        "new_password_confirm": ["Las contraseñas no coinciden."],
    }
    assert await changed("wrong", "123", "123") == {
        "current_password": ["Contraseña inválida."],
        "new_password": ["La contraseña es demasiado corta. Debe contener al menos 8 caracteres.", "La contraseña es demasiado común.",
                         "La contraseña es completamente numérica."],
    }
