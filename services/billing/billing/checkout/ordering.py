"""Ordering's HTTP API, read where a checkout must see the lines as they are now (ARCHITECTURE:
'where it must be current, by an HTTP call with a timeout'), and nothing else.

The caller's own credential goes along, so ordering's tenancy applies: a diner's place token reads
that place's tab (`GET ordenes/lugar/{token}/`), a staff member's token reads a delivery order's
lines (`GET delivery/ordenes/?fk_delivery=`) only if it is of their restaurant. Ordering's 404 is
ours; anything else it cannot answer in time is `OrderingUnavailable`. Every read is a GET, so a
refused connection (a process restarting) is tried again within the same timeout.
"""
import asyncio
import time
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from urllib.parse import quote

import httpx
import structlog

from billing.checkout.rules import Line

log = structlog.get_logger()
CONNECT_RETRY_SECONDS = 0.2


class OrderingUnavailable(Exception):
    """No answer in time, no connection, or an answer we cannot read."""


class NotFoundAtOrdering(Exception):
    """Ordering answered 404: an unknown place token, or a delivery that is not the caller's."""


class RefusedByOrdering(Exception):
    def __init__(self, status: int):
        super().__init__(status)
        self.status = status


@dataclass(frozen=True)
class Tab:
    place_id: int
    place_name: str
    restaurant_id: int
    lines: list[Line]


@dataclass(frozen=True)
class DeliveryLines:
    delivery_id: int
    restaurant_id: int | None  # None when it has no lines
    lines: list[Line]


def _line(row: dict) -> Line:
    """A line of ordering's answer (the staff's `LinePublic`, the diner's `TabLine`): its `amount` and
    `payable` are ordering's word, required, never worked out here again."""
    if not isinstance(row["payable"], bool):
        raise ValueError(row["payable"])
    return Line(
        line_id=int(row["id"]), order_id=int(row.get("order") or 0), title=str(row.get("dish_name") or ""),
        unit_price=Decimal(str(row["price"])), quantity=int(row["quantity"]), amount=Decimal(str(row["amount"])),
        payable=row["payable"],
    )


class OrderingApi:
    def __init__(self, settings, http: httpx.AsyncClient):
        self.base = settings.ordering_url.rstrip("/")
        self.timeout = settings.ordering_timeout_seconds
        self.http = http

    async def tab(self, token: str, language: str | None = None) -> Tab:
        """The place's tab, by its token (ordering's 404 for a token it does not know)."""
        body = await self._get(f"/api/ordenes/lugar/{quote(token, safe='')}/", language=language)
        try:
            return Tab(place_id=int(body["fk_sit"]), place_name=str(body.get("i_name") or ""),
                       restaurant_id=int(body["fk_resto"]), lines=[_line(row) for row in body["lines"]])
        except (KeyError, TypeError, ValueError, InvalidOperation) as bad:
            raise OrderingUnavailable("unexpected tab") from bad

    async def delivery_lines(self, delivery_id: int, authorization: str, language: str | None = None) -> DeliveryLines:
        """A delivery order's lines, as the staff member `authorization` may see them."""
        body = await self._get("/api/delivery/ordenes/", params={"fk_delivery": delivery_id, "paginate": 0},
                               authorization=authorization, language=language)
        try:
            rows = body if isinstance(body, list) else body["results"]
            restaurants = {int(row["fk_resto"]) for row in rows}
            if len(restaurants) > 1:
                raise ValueError(restaurants)
            return DeliveryLines(delivery_id, restaurants.pop() if restaurants else None,
                                 [_line(row) for row in rows if int(row.get("fk_delivery") or delivery_id) == delivery_id])
        except (KeyError, TypeError, ValueError, InvalidOperation) as bad:
            raise OrderingUnavailable("unexpected delivery lines") from bad

    async def _get(self, path: str, params: dict | None = None, authorization: str | None = None,
                   language: str | None = None):
        headers = {}
        if authorization:
            headers["Authorization"] = authorization
        if language:
            headers["Accept-Language"] = language
        deadline = time.monotonic() + self.timeout
        while True:
            try:
                answer = await self.http.get(f"{self.base}{path}", params=params, headers=headers,
                                             timeout=max(deadline - time.monotonic(), 0.1))
                break
            except httpx.ConnectError as failed:
                # a process restarting (its port closed for a moment): a read may be asked again
                # within the same time allowance
                if time.monotonic() + CONNECT_RETRY_SECONDS < deadline:
                    await asyncio.sleep(CONNECT_RETRY_SECONDS)
                    continue
                log.warning("ordering_unreachable", path=path.split("/lugar/")[0], error=type(failed).__name__)
                raise OrderingUnavailable(type(failed).__name__) from failed
            except httpx.HTTPError as failed:
                log.warning("ordering_unreachable", path=path.split("/lugar/")[0], error=type(failed).__name__)
                raise OrderingUnavailable(type(failed).__name__) from failed
        if answer.status_code == 404:
            raise NotFoundAtOrdering()
        if answer.status_code in (401, 403):
            raise RefusedByOrdering(answer.status_code)
        if answer.status_code != 200:
            log.warning("ordering_refused", status=answer.status_code)
            raise OrderingUnavailable(str(answer.status_code))
        try:
            return answer.json()
        except ValueError as bad:
            raise OrderingUnavailable("not json") from bad
