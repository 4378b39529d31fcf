"""What identity's unit tests share beyond kit.testing.unit: fakes of the accounts' repository and
of the throttle, an account, the settings a step reads."""
from types import SimpleNamespace

from identity.auth.throttle import AttemptLimits
from identity.settings import Settings
from identity.user.models import User
from kit.testing.unit import Session, answer_of, read, refusal, speaking  # noqa: F401  (the unit tests' one import)

SETTINGS = Settings()
LIMITS = AttemptLimits.from_settings(SETTINGS)


class Users:
    """identity.user.repository over a few accounts, noting what it was asked."""

    def __init__(self, *accounts: User):
        self.accounts = list(accounts)
        self.asked: list[tuple] = []

    async def get(self, session, user_id):
        self.asked.append(("get", user_id))
        return next((u for u in self.accounts if u.id == user_id), None)

    async def get_by_email(self, session, email):
        self.asked.append(("get_by_email", email))
        return next((u for u in self.accounts if u.email == email.strip().lower()), None)

    async def get_by_login(self, session, login):
        self.asked.append(("get_by_login", login))
        login = login.strip().lower()
        return next((u for u in self.accounts if login in (u.username, u.email)), None)

    async def username_or_email_taken(self, session, username, email):
        self.asked.append(("username_or_email_taken", username, email))
        return (any(u.username == username.lower() for u in self.accounts), any(u.email == email.lower() for u in self.accounts))


class Throttle:
    """identity.auth.throttle.Throttle's calls, noted; `refuse` makes `take` answer 429."""

    def __init__(self, refuse: Exception | None = None):
        self.limits = LIMITS
        self.calls: list[tuple] = []
        self.refuse = refuse

    async def take(self, *counters):
        self.calls.append(("take", *counters))
        if self.refuse is not None:
            raise self.refuse

    async def give_back(self, *counters):
        self.calls.append(("give_back", *counters))

    async def forget(self, *counters):
        self.calls.append(("forget", *counters))


def account(pk: int = 5, email: str = "lucia@example.com", **fields) -> User:
    values = dict(id=pk, username=email, email=email, first_name="Lucía", last_name="", password_hash=None, group=3,
                  is_active=True, email_verified=False, last_login=None, token_generation=1)
    return User(**{**values, **fields})


def settings(**fields) -> SimpleNamespace:
    """The settings a step reads, as a plain object (no key files to read)."""
    values = dict(reset_secret=b"k" * 32, public_base_url="https://resto.example", demo_username=SETTINGS.demo_username,
                  terms_acceptance_required=False, terms_version=SETTINGS.terms_version)
    return SimpleNamespace(**{**values, **fields})
