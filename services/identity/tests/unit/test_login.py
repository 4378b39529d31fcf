"""Signing in (identity/auth/service.py) and its attempt limits (identity/auth/throttle.py): what is
counted, on which counters, what a right password gives back; the tokens a session gets and what
they claim. Redis's counting itself (the Lua scripts, bursts) is the infrastructure suites'."""
from types import SimpleNamespace

import pytest

from identity.auth.errors import InvalidCredentials, TooManyAttempts
from identity.auth.service import SessionIssuer, authenticate, log_in, login_answer
from identity.auth.throttle import AttemptLimits, Limit, Throttle
from identity.deps import not_demo
from identity.auth.errors import DemoAccountLocked
from identity.settings import Settings
from identity.user.passwords import hash_password
from kit.tokens import Principal, TokenSigner, TokenVerifier, generate_key_pair
from tests.unit.helpers import LIMITS, Throttle as FakeThrottle, Users, account, answer_of

PASSWORD = "Tomate-Rojo-81"


def test_the_limits_are_the_readmes():
    limits = AttemptLimits.from_settings(Settings())
    assert limits == AttemptLimits(
        login_pair=Limit("login-pair", 5, 900),
        login_account=Limit("login-account", 50, 900),
        login_address=Limit("login-address", 100, 900),
        registration=Limit("register-address", 10, 3600),
        reset_address=Limit("reset-address", 10, 3600),
        reset_email=Limit("reset-email", 3, 3600),
    )


def test_the_limits_follow_the_settings():
    limits = AttemptLimits.from_settings(Settings(login_window_seconds=60, login_failures_per_account_and_address=2, registrations_per_address=1))
    assert (limits.login_pair, limits.login_account.window_seconds, limits.registration.attempts) == (Limit("login-pair", 2, 60), 60, 1)


@pytest.mark.parametrize("login", ["lucia@example.com", "LUCIA@Example.com ", "  lucia@EXAMPLE.COM"])
def test_a_login_counts_on_its_account_and_address_pair_its_account_and_its_address(login):
    assert LIMITS.login(login, "203.0.113.9") == (
        (LIMITS.login_pair, "lucia@example.com|203.0.113.9"),
        (LIMITS.login_account, "lucia@example.com"),
        (LIMITS.login_address, "203.0.113.9"),
    )


class ScriptedRedis:
    """register_script and delete, noting the keys and arguments each call sends; `wait` is what the
    take script answers (0: every counter had room)."""

    def __init__(self, wait: int = 0):
        self.wait, self.calls = wait, []

    def register_script(self, source):
        name = "take" if "INCR" in source else "give_back"

        async def run(keys, args=()):
            self.calls.append((name, keys, list(args)))
            return self.wait if name == "take" else 0

        return run

    async def delete(self, *keys):
        self.calls.append(("delete", list(keys), []))


async def test_taking_an_attempt_sends_every_counter_with_its_allowance_and_window():
    redis = ScriptedRedis()
    throttle = Throttle(redis, LIMITS)
    await throttle.take(*LIMITS.login("Lucia@example.com", "10.0.0.1"))
    assert redis.calls == [("take", ["throttle:login-pair:lucia@example.com|10.0.0.1", "throttle:login-account:lucia@example.com",
                                     "throttle:login-address:10.0.0.1"], [5, 900, 50, 900, 100, 900])]


@pytest.mark.parametrize("wait", [1, 42, 900])
async def test_a_used_up_counter_is_a_429_with_the_seconds_until_it_resets(wait):
    throttle = Throttle(ScriptedRedis(wait=wait), LIMITS)
    with pytest.raises(TooManyAttempts) as refused:
        await throttle.take((LIMITS.registration, "203.0.113.5"))
    assert (refused.value.status_code, refused.value.headers) == (429, {"Retry-After": str(wait)})
    assert answer_of(refused.value) == {"detail": f"Demasiados intentos. Intente de nuevo en {wait} segundos.", "code": "too_many_attempts"}
    assert answer_of(refused.value, "en")["detail"] == f"Too many attempts. Try again in {wait} seconds."


async def test_an_attempt_is_given_back_or_forgotten_on_its_own_counters():
    redis = ScriptedRedis()
    throttle = Throttle(redis, LIMITS)
    pair, by_account, by_address = LIMITS.login("lucia@example.com", "10.0.0.1")
    await throttle.give_back(by_account, by_address)
    await throttle.forget(pair)
    assert redis.calls == [
        ("give_back", ["throttle:login-account:lucia@example.com", "throttle:login-address:10.0.0.1"], []),
        ("delete", ["throttle:login-pair:lucia@example.com|10.0.0.1"], []),
    ]


@pytest.fixture(scope="module")
async def lucia():
    return account(password_hash=await hash_password(PASSWORD))


async def test_a_right_password_clears_the_pairs_failures_and_gives_the_attempt_back(lucia):
    throttle = FakeThrottle()
    assert await log_in(None, throttle, " LUCIA@example.com", PASSWORD, "10.0.0.1", users=Users(lucia)) is lucia
    pair, by_account, by_address = LIMITS.login("lucia@example.com", "10.0.0.1")
    assert throttle.calls == [("take", pair, by_account, by_address), ("forget", pair), ("give_back", by_account, by_address)]


@pytest.mark.parametrize(("login", "password", "accounts"), [
    ("lucia@example.com", "wrong-password", "lucia"),
    ("lucia@example.com", PASSWORD.lower(), "lucia"),
    ("nobody@example.com", PASSWORD, "lucia"),  # the same answer as a wrong password
    ("lucia@example.com", PASSWORD, "inactive"),
    ("lucia@example.com", PASSWORD, "social only"),  # an account without a password of its own
])
async def test_a_wrong_password_or_account_is_refused_alike_and_its_attempt_stays_counted(lucia, login, password, accounts):
    user = {"lucia": lucia, "inactive": account(password_hash=lucia.password_hash, is_active=False),
            "social only": account(password_hash=None)}[accounts]
    throttle = FakeThrottle()
    with pytest.raises(InvalidCredentials) as refused:
        await log_in(None, throttle, login, password, "10.0.0.1", users=Users(user))
    assert answer_of(refused.value) == {"non_field_errors": ["No puede iniciar sesión con las credenciales proporcionadas."]}
    assert [call[0] for call in throttle.calls] == ["take"]


async def test_a_locked_out_login_never_reaches_the_password(lucia):
    users = Users(lucia)
    with pytest.raises(TooManyAttempts):
        await log_in(None, FakeThrottle(refuse=TooManyAttempts(retry_after=600)), "lucia@example.com", PASSWORD, "10.0.0.1", users=users)
    assert users.asked == []


async def test_an_account_signs_in_by_username_or_e_mail(lucia):
    other = account(pk=6, email="bruno@example.com", username="bruno", password_hash=lucia.password_hash)
    users = Users(lucia, other)
    assert await authenticate(None, "bruno", PASSWORD, users=users) is other
    assert await authenticate(None, "BRUNO@example.com", PASSWORD, users=users) is other


@pytest.fixture(scope="module")
def keys(tmp_path_factory):
    directory = tmp_path_factory.mktemp("keys")
    generate_key_pair(directory)
    return (directory / "jwt_private.pem").read_text(), (directory / "jwt_public.pem").read_text()


class Revocations:
    def __init__(self):
        self.mirrored: list[tuple[int, int]] = []

    async def mirror_generation(self, user_id, generation):
        self.mirrored.append((user_id, generation))


async def test_a_session_token_claims_the_account_its_group_and_its_generation(keys):
    private, public = keys
    revocations = Revocations()
    issuer = SessionIssuer(TokenSigner(private, "identity", 3600), revocations)
    owner = account(pk=12, email="duenio@example.com", group=2, token_generation=4)
    token = await issuer.start(owner)
    claims = TokenVerifier(public, "identity").verify(token)
    assert (claims.user_id, claims.username, claims.groups, claims.generation) == (12, "duenio@example.com", (2,), 4)
    assert claims.expires_at - claims.issued_at == 3600 and len(claims.token_id) == 32
    assert revocations.mirrored == [(12, 4)]  # the generation's copy exists before the token is used anywhere
    assert owner.last_login is not None and abs(owner.last_login.timestamp() - claims.issued_at) < 5
    again = TokenVerifier(public, "identity").verify(await issuer.start(owner))
    assert again.token_id != claims.token_id


def test_a_login_answers_the_token_and_who_signed_in():
    user = account(pk=12, email="duenio@example.com", first_name="Marta", group=2)
    assert login_answer(user, "the-token") == {
        "auth_token": "the-token",
        "user": {"id": 12, "username": "duenio@example.com", "first_name": "Marta", "groups": [{"id": 2}]},
    }


def principal(username: str) -> Principal:
    return Principal(user_id=1, username=username, groups=(2,), token_id="t", issued_at=0, expires_at=0)


async def test_the_shared_demo_owner_may_not_lock_other_visitors_out():
    demo_settings = SimpleNamespace(demo_username="demo@resto.local")
    with pytest.raises(DemoAccountLocked) as refused:
        await not_demo(principal("demo@resto.local"), demo_settings)
    assert (refused.value.status_code, answer_of(refused.value, "en")) == (403, {
        "detail": "The demo account cannot create operators, change its password or delete its restaurant.", "code": "demo_account_locked"})
    owner = principal("duenio@example.com")
    assert await not_demo(owner, demo_settings) is owner
    assert Settings.model_fields["demo_login_enabled"].default is False
