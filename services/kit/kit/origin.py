"""The screen that caused a change: a staff tab names itself in `X-Client-Id`, the events its
request writes carry that name (`Event.origin`), and so do the events their consumers write in turn.
notifications puts it on the live message, so the tab that acted can leave out the toast of what it
just did itself while every other screen still shows it.

Only an authenticated staff request names a screen (`kit.auth`): a diner could otherwise send a
tablet's name with an order and silence that tablet's toast for it."""
import re
from contextvars import ContextVar

from starlette.requests import Request

ORIGIN: ContextVar[str | None] = ContextVar("origin", default=None)
HEADER = "x-client-id"
_NAME = re.compile(r"[A-Za-z0-9-]{8,64}")


def name_screen(request: Request) -> None:
    """Take the request's screen name, if it sent a well-formed one (anything else is ignored)."""
    value = request.headers.get(HEADER, "")
    if _NAME.fullmatch(value):
        ORIGIN.set(value)
