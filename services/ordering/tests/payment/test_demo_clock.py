"""The local demo's clock (`ordering.clock`): only where `demo_clock` is on (the local stack) does a
staff call's X-Demo-Time name when an order was placed and paid; anywhere else it is ignored."""
from datetime import UTC, datetime, timedelta

import pytest

from tests.helpers import A, delivered, order, outbox, pay

LAST_MONTH = datetime(2026, 10, 28, 21, 15, tzinfo=UTC)


async def test_without_the_demo_clock_the_header_is_ignored(client, people, app):
    at = {**people.owner_a, "X-Demo-Time": LAST_MONTH.isoformat()}
    [line] = await order(client, at, (11, 1, 1))
    assert datetime.fromisoformat(line["creation_date"]) > datetime.now(UTC) - timedelta(minutes=5)
    answer = await pay(client, at, (await delivered(client, people.owner_a, (11, 1, 1)))[0]["id"])
    assert datetime.fromisoformat(answer["paid_at"]) > datetime.now(UTC) - timedelta(minutes=5)


class TestWithTheDemoClock:
    @pytest.fixture
    def build_app(self, test_env):
        from ordering.main import build_app
        from ordering.settings import Settings

        return lambda: build_app(Settings(demo_clock=True))

    async def test_orders_and_payments_happen_when_the_header_says(self, client, people, app):
        at = {**people.owner_a, "X-Demo-Time": LAST_MONTH.isoformat()}
        [line] = await order(client, at, (11, 1, 2))
        assert datetime.fromisoformat(line["creation_date"]) == LAST_MONTH
        for status in ("2", "4"):
            await client.put(f"/api/ordenes/{line['id']}/", json={"status": status}, headers=people.owner_a)
        paid_at = LAST_MONTH + timedelta(minutes=50)
        answer = await pay(client, {**people.owner_a, "X-Demo-Time": paid_at.isoformat()}, line["id"])
        assert datetime.fromisoformat(answer["paid_at"]) == paid_at
        [placed] = await outbox(app, "ordering.order.placed")
        assert datetime.fromisoformat(placed["placed_at"]) == LAST_MONTH
        [recorded] = await outbox(app, "ordering.payment.recorded")
        assert datetime.fromisoformat(recorded["paid_at"]) == paid_at
        delivery = await client.post("/api/delivery/", headers=at, json={
            "fk_resto": A, "fk_menu": 100, "type_delivery": 2, "contact_info": {"name": "Ana", "phone": "1144556677"},
            "ordenes": [{"fk_dish": 1, "quantity": 1}]})
        assert datetime.fromisoformat(delivery.json()["creation_date"]) == LAST_MONTH

    async def test_a_time_without_a_zone_or_in_the_future_is_refused(self, client, people):
        for given in ("2026-10-28T21:15:00", "ayer", (datetime.now(UTC) + timedelta(hours=1)).isoformat()):
            answer = await client.post("/api/ordenes/", json={"fk_resto": A, "ordenes": [{"fk_sit": 11, "fk_dish": 1, "quantity": 1}]},
                                       headers={**people.owner_a, "X-Demo-Time": given})
            assert (answer.status_code, answer.json()["code"]) == (400, "demo_time_invalid"), given
        answer = await client.post("/api/ordenes/", json={"fk_resto": A, "ordenes": [{"fk_sit": 11, "fk_dish": 1, "quantity": 1}]},
                                   headers={**people.owner_a, "X-Demo-Time": "ayer", "Accept-Language": "en"})
        assert answer.json()["detail"] == "X-Demo-Time must be an ISO date and time with a time zone, not in the future."
