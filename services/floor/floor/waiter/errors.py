from floor import messages
from kit.errors import Throttled


class CalledTooSoon(Throttled, code="waiter_call_too_soon", text=messages.WAITER_CALL_TOO_SOON):
    """One call a place every CALL_INTERVAL_SECONDS: a diner tapping again does not page the waiter twice."""
