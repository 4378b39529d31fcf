"""What catalog's unit tests share beyond kit.testing.unit: principals, and a note of a fake's calls."""
from dataclasses import dataclass, field

from kit.auth import ADMIN, OWNER
from kit.testing.unit import answer_of, read, refusal, speaking  # noqa: F401  (the unit tests' one import)
from kit.tokens import Principal

OWNER_1 = Principal(user_id=1, username="owner@example.com", groups=(OWNER,), token_id="t", issued_at=0, expires_at=0)
AN_ADMIN = Principal(user_id=9, username="admin@example.com", groups=(ADMIN,), token_id="t", issued_at=0, expires_at=0)


@dataclass
class Calls:
    """What a fake repository was asked, in order."""

    made: list[tuple] = field(default_factory=list)

    def note(self, *call) -> None:
        self.made.append(call)
