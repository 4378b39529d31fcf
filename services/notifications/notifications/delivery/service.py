"""Ordering's diners' deliveries, projected: a tracking socket is let in by its order's token (only
its SHA-256 travels) until a day after the order closed (`tracking_hours_after_close`).

Written the projections' one way (`kit.db.upsert_unless_older` on `changed_at`): events arrive in
any order and more than once, and an older one changes nothing. Staff's orders have no token and
no row.
"""
from datetime import datetime, timedelta

from sqlalchemy.ext.asyncio import AsyncSession

from contracts.ordering import DeliveryChanged, tracking_hash  # noqa: F401  (tracking_hash: live/service.py and the tests)
from kit.db import upsert_unless_older
from notifications.delivery.models import TrackedDelivery


async def on_delivery_changed(session: AsyncSession, event: DeliveryChanged) -> None:
    if event.tracking_hash is None:
        return
    await upsert_unless_older(session, TrackedDelivery, "delivery_id", {
        "delivery_id": event.delivery_id, "restaurant_id": event.restaurant_id, "token_hash": event.tracking_hash,
        "closed_at": event.closed_at, "changed_at": event.occurred_at,
    }, stamp="changed_at")


def live(delivery: TrackedDelivery | None, hours: int, now: datetime) -> bool:
    """Whether its tracking still works: the order open, or closed less than `hours` ago."""
    return delivery is not None and (delivery.closed_at is None or now < delivery.closed_at + timedelta(hours=hours))
