"""Notifications are kept for a bounded time: the bell's history 30 days; what a place's phones may
read, only the place's current sitting and at most 12 hours back. A job does it every few minutes,
one process at a time. The diner catch-up reads through its own indexes, however big the table."""
import asyncio
import json
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select, text

from contracts.catalog import PricesChanged
from contracts.floor import WaiterCalled
from contracts.ordering import TabClosed
from notifications.live.scope import DinerScope
from notifications.notification.models import Notification, ReadNotification
from notifications.notification.repository import newest_in_query
from notifications.notification.retention import LOCK, purge
from notifications.settings import Settings
from tests.helpers import A, deliver, order

NOW = datetime.now(UTC)


def ago(**delta) -> datetime:
    return NOW - timedelta(**delta)


async def kept(app) -> list[tuple[str, str, bool, bool]]:
    """(description, type, for staff, for phones) of every row left, oldest first."""
    async with app.state.session_factory() as session:
        rows = await session.execute(
            select(Notification.description, Notification.type, Notification.for_staff, Notification.for_diners).order_by(Notification.created_at)
        )
        return [tuple(row) for row in rows]


def call(name: str, when: datetime, place_id: int = 1) -> WaiterCalled:
    return WaiterCalled(restaurant_id=A, place_id=place_id, place_name=name, occurred_at=when)


async def test_the_bell_keeps_30_days_of_history(app, client, people):
    await deliver(app, call("old", ago(days=31)), call("month", ago(days=29)), call("today", ago(hours=1)))
    async with app.state.session_factory() as session, session.begin():
        oldest = await session.scalar(select(Notification.id).where(Notification.description == "old"))
        session.add(ReadNotification(user_id=1, notification_id=oldest))
    await purge(app.state.background_session_factory, Settings(), NOW)
    bell = (await client.get("/api/notificaciones/", params={"fk_resto": A}, headers=people.owner_a)).json()
    assert sorted(n["description"] for n in bell["results"]) == ["month", "today"]
    async with app.state.session_factory() as session:
        assert await session.scalar(select(ReadNotification.notification_id)) is None  # its read mark went with it


async def test_a_places_phones_keep_only_its_current_sitting(app):
    await deliver(
        app,
        order(place_id=1, place_name="M1 before", occurred_at=ago(hours=2)),
        TabClosed(restaurant_id=A, place_id=1, occurred_at=ago(minutes=30)),
        call("M1 now", ago(minutes=20)),
        call("M2 open", ago(hours=3), place_id=2),
    )
    await purge(app.state.background_session_factory, Settings(), NOW)
    assert await kept(app) == [
        ("M2 open", "waiter_call", True, True),
        ("M1 before", "new_order", True, False),  # the staff's still, the phones' no more
        ("#1", "tab_closed", False, True),
        ("M1 now", "waiter_call", True, True),
    ]


async def test_phones_read_12_hours_back_at_most_at_a_table_never_freed(app):
    await deliver(
        app,
        PricesChanged(restaurant_id=A, menu_id=30, prices=[], occurred_at=ago(hours=13, minutes=1)),
        call("M1 yesterday", ago(hours=13)),
        call("M1 tonight", ago(hours=11, minutes=1)),
        PricesChanged(restaurant_id=A, menu_id=30, prices=[], occurred_at=ago(hours=11)),
    )
    await purge(app.state.background_session_factory, Settings(), NOW)
    assert await kept(app) == [
        ("M1 yesterday", "waiter_call", True, False),
        ("M1 tonight", "waiter_call", True, True),
        ("", "menu_changed", False, True),
    ]  # the phones' own message of 13 hours ago is gone


async def test_one_process_purges_at_a_time(app):
    await deliver(app, call("old", ago(days=31)))
    async with app.state.session_factory() as other, other.begin():
        await other.execute(select(text(f"pg_advisory_xact_lock({LOCK})")))
        assert await purge(app.state.background_session_factory, Settings(), NOW) == 0
    assert [row[0] for row in await kept(app)] == ["old"]
    assert await purge(app.state.background_session_factory, Settings(), NOW) == 1


@pytest.mark.parametrize("overrides", [{"retention_minutes": 0.005}], ids=["every 0.3 s"])
async def test_the_job_runs_by_itself(app):
    await deliver(app, call("old", ago(days=31)), call("today", ago(hours=1)))
    async with asyncio.timeout(10):
        while [row[0] for row in await kept(app)] != ["today"]:
            await asyncio.sleep(0.1)


# ---------------------------------------------------------------------------------- the index
ROWS = 100_000  # 30 days of 500 restaurants of 30 places; a menu message in 20, a delivery in 4
FILL = """
INSERT INTO notification (id, restaurant_id, seq, place_id, menu_id, type, order_type, description, from_admin,
                          msg_es, msg_en, data, for_staff, for_diners, created_at)
SELECT g, g % 500 + 1, g / 500 + 1,
       CASE WHEN g % 20 = 0 OR g % 4 = 1 THEN NULL ELSE (g % 500) * 30 + (g / 500) % 30 + 1 END,
       CASE WHEN g % 20 = 0 THEN g % 500 + 1 END,
       CASE WHEN g % 20 = 0 THEN 'menu_changed' ELSE 'new_order' END,
       'other', 'M1', true, 'x', 'x', '{}'::jsonb, g % 20 <> 0, g % 20 = 0 OR g % 4 <> 1,
       now() - interval '30 days' + g * interval '26 seconds'
FROM generate_series(1, :rows) g;
"""


def scans(plan: dict) -> list[tuple[str, str | None]]:
    """(node type, index) of every scan of the plan."""
    found = [(plan["Node Type"], plan.get("Index Name"))] if "Scan" in plan["Node Type"] else []
    return found + [scan for child in plan.get("Plans", ()) for scan in scans(child)]


async def test_the_diner_catch_up_reads_through_its_indexes(app):
    async with app.state.session_factory() as session, session.begin():
        await session.execute(text(FILL), {"rows": ROWS})
        await session.execute(text("ANALYZE notification"))
    # a phone at place 186 of restaurant 7, reading menu 7: a catch-up of the whole history, and a recent one
    scope = DinerScope(restaurant_id=7, place_id=186, menu_id=7, token_hash="", since=None)
    for after in (0, ROWS - 500):
        query = newest_in_query(scope.audiences({7: (after, ROWS)}), 201)
        async with app.state.session_factory() as session:
            compiled = query.compile(dialect=session.bind.dialect, compile_kwargs={"literal_binds": True})
            (plan,) = (await session.execute(text(f"EXPLAIN (FORMAT JSON) {compiled}"))).scalar()
        read = scans(plan["Plan"])
        assert "Seq Scan" not in {node for node, _ in read}, json.dumps(plan)
        assert {index for _, index in read if index} == {"ix_notification_place", "ix_notification_menu"}, json.dumps(plan)
