"""The moment a staff call places or pays an order.

The local stack's demo fills a month of business through the API (deploy/local/demo.py), placing
and paying orders on past days; only there is `demo_clock` on (deploy/local/config.py
STACK_ONLY_ENV: compose and k8s never set it, deploy/tests check), and only there may a staff call
name its moment in `X-Demo-Time` (ISO 8601 with a time zone, not in the future). Anywhere else the
header is ignored: the moment is the server's.
"""
from datetime import UTC, datetime, timedelta
from typing import Annotated

from fastapi import Depends, Request

from kit.errors import DetailError
from ordering import messages

HEADER = "X-Demo-Time"
SKEW = timedelta(seconds=5)  # the demo's clock and the server's may differ this much


class DemoTimeInvalid(DetailError, code="demo_time_invalid", text=messages.DEMO_TIME_INVALID): ...


def moment(request: Request) -> datetime:
    real = datetime.now(UTC)
    given = request.headers.get(HEADER)
    if given is None or not request.app.state.settings.demo_clock:
        return real
    try:
        named = datetime.fromisoformat(given)
    except ValueError:
        raise DemoTimeInvalid() from None
    if named.tzinfo is None or named > real + SKEW:
        raise DemoTimeInvalid()
    return named.astimezone(UTC)


Now = Annotated[datetime, Depends(moment)]
