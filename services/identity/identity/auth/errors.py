from identity import messages
from kit.errors import DetailError, NonFieldError, PermissionDenied, Throttled


class TooManyAttempts(Throttled, code="too_many_attempts"):
    """429 with Retry-After; the code lets a screen tell a lockout from other refusals."""


class InvalidCredentials(NonFieldError, text=messages.INVALID_CREDENTIALS): ...


class DemoUnavailable(DetailError, status_code=404, code="demo_unavailable", text=messages.DEMO_UNAVAILABLE): ...


class DemoAccountLocked(PermissionDenied, code="demo_account_locked", text=messages.DEMO_ACCOUNT_LOCKED):
    """The shared demo owner may look around and edit, but not lock others out of it."""
