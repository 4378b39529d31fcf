"""Every service serves Prometheus metrics at /metrics (kit.metrics): requests by route template,
the outbox's backlog and its oldest event's age, the broker's queues (consumer lag, retries, dead
letters), the consumers' outcomes, PDF renders in line and payments by method."""
import asyncio
from decimal import Decimal

import httpx
import pytest
from fastapi import APIRouter
from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy import text

from contracts.identity import OperatorAdded, RestaurantCreated
from kit.app import create_app
from kit.db import SessionDep
from kit.errors import ServiceBusy
from kit.metrics import count_payment
from kit.outbox import add_event
from kit.pdf import Turns
from kit.settings import ServiceSettings
from kit.testing import RABBITMQ_URL, purge_queues
from kit.bus import broker_user
from tests.conftest import eventually, record_event, router as things
from tests.test_bus import BrokerDoor

# What the dashboard and the alert rules of deploy/ read from every service.
EVERY_SERVICE_EXPORTS = {
    "http_requests_total", "http_request_duration_seconds",
    "resto_outbox_backlog_events", "resto_outbox_oldest_age_seconds",
    "resto_events_published_total", "resto_events_unroutable_total",
    "resto_broker_connected", "resto_consumer_lag_messages", "resto_event_retries_waiting", "resto_dead_letters",
    "resto_events_consumed_total", "resto_event_retries_total", "resto_events_dead_lettered_total",
    "resto_pdf_renders_waiting", "resto_pdf_renders_running", "resto_pdf_renders_total", "resto_pdf_render_seconds",
    "resto_payments_total", "resto_payments_amount_total",
    "resto_websocket_connections", "resto_websocket_frames_sent_total", "resto_websocket_closed_total",
    "process_cpu_seconds_total", "process_resident_memory_bytes",
}

payments = APIRouter()


@payments.post("/pay/{method}")
async def pay(method: str, session: SessionDep, fail: bool = False):
    await session.execute(text("SELECT 1"))
    count_payment(session, method, Decimal("12.50"))
    if fail:
        raise RuntimeError("the payment's transaction rolls back")
    return {"paid": method}


@pytest.fixture
def build_app(test_env):
    return lambda: create_app(ServiceSettings(service_name="kit"), routers=[things, payments])


@pytest.fixture(autouse=True)
async def no_event_outlives_its_test(session_queues):
    """The events these tests publish are routed to every queue of the session that takes them,
    the test service's own among them: left there, the next test's service would record them."""
    yield
    await purge_queues(sorted(session_queues))


# --- reading /metrics --------------------------------------------------------------------------

async def scrape(app) -> str:
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://kit") as http:
        answer = await http.get("/metrics")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/plain; version=")
    return answer.text


def families(exposition: str) -> set[str]:
    """Every family's name as the exposition's TYPE lines give it (a counter's with `_total`)."""
    names = set()
    for line in exposition.splitlines():
        if line.startswith("# TYPE "):
            _, _, name, kind = line.split()
            names.add(name + "_total" if kind == "counter" and not name.endswith("_total") else name)
    return names


def value(exposition: str, sample: str, **labels: str) -> float | None:
    for family in text_string_to_metric_families(exposition):
        for s in family.samples:
            if s.name == sample and all(s.labels.get(k) == v for k, v in labels.items()):
                return s.value
    return None


def handlers(exposition: str) -> set[str]:
    return {s.labels["handler"] for family in text_string_to_metric_families(exposition)
            for s in family.samples if s.name == "http_requests_total"}


# --- every service -----------------------------------------------------------------------------

@pytest.mark.broker  # what the broker answers is part of it
async def test_every_service_serves_the_families_the_dashboard_and_alerts_read(app):
    exposition = await scrape(app)
    assert EVERY_SERVICE_EXPORTS <= families(exposition), EVERY_SERVICE_EXPORTS - families(exposition)
    assert value(exposition, "resto_broker_connected") == 1
    assert value(exposition, "resto_payments_total", method="cash") is not None, "known labels start at 0"


async def test_metrics_are_not_part_of_the_api_document(client):
    assert "/metrics" not in (await client.get("/openapi.json")).json()["paths"]


async def test_a_request_is_counted_under_its_route_template_never_its_raw_path(app, client):
    before = await scrape(app)
    for thing_id in (123, 124, 125):
        assert (await client.get(f"/things/{thing_id}")).status_code == 200
    await client.get("/nowhere/at/all/42")  # no route: one series for every such path
    after = await scrape(app)
    counted = {"handler": "/things/{thing_id}", "method": "GET", "status": "2xx"}
    assert value(after, "http_requests_total", **counted) - (value(before, "http_requests_total", **counted) or 0) == 3
    assert value(after, "http_request_duration_seconds_count", handler="/things/{thing_id}", method="GET") >= 3
    assert value(after, "http_requests_total", handler="none", status="4xx") >= 1
    assert not [h for h in handlers(after) if any(c.isdigit() for c in h)], handlers(after)


async def test_probes_and_scrapes_are_not_counted(app, client):
    for path in ("/healthz", "/readyz", "/metrics"):
        await client.get(path)
    assert not {"/healthz", "/readyz", "/metrics"} & handlers(await scrape(app))


# --- the outbox and the broker -----------------------------------------------------------------

async def test_the_outbox_backlog_and_its_oldest_age_while_the_broker_is_away(start_service):
    door = BrokerDoor()  # closed: connections are refused
    # identity: its events' consumers have their queues declared by it, so they are routable
    settings = {"service_name": "identity", "rabbitmq_url": door.url, "broker_connect_timeout_seconds": 1.0,
                "broker_reconnect_seconds": 0.2}
    try:
        async with start_service({}, **settings) as app:
            async with app.state.session_factory() as session, session.begin():
                for n in (1, 2):
                    add_event(session, RestaurantCreated(restaurant_id=n, owner_id=1, nombre_local=f"Espera {n}"))
                # the oldest waits since a minute and a half ago (the database's clock stamps them)
                await session.flush()
                await session.execute(text("UPDATE outbox_message SET created_at = now() - interval '90 seconds' "
                                           "WHERE payload->>'nombre_local' = 'Espera 1'"))
            waiting = await scrape(app)
            assert value(waiting, "resto_outbox_backlog_events") == 2
            assert 90 <= value(waiting, "resto_outbox_oldest_age_seconds") < 120
            assert value(waiting, "resto_broker_connected") == 0
            assert value(waiting, "resto_dead_letters") is None, "not read from a broker that is away"
            published = value(waiting, "resto_events_published_total", event_type=RestaurantCreated.type) or 0

            await door.open()

            async def emptied() -> bool:
                return value(await scrape(app), "resto_outbox_backlog_events") == 0

            await eventually(emptied)
            left = await scrape(app)
            assert value(left, "resto_outbox_oldest_age_seconds") == 0
            assert value(left, "resto_broker_connected") == 1
            assert value(left, "resto_events_published_total", event_type=RestaurantCreated.type) == published + 2
    finally:
        await door.close()


async def publish(app, event, **properties) -> None:
    await app.state.broker.publish(event.model_dump(mode="json"), exchange=app.state.bus.events,
                                   routing_key=event.type, persist=True, message_id=str(event.event_id), **properties)


async def test_events_nobody_takes_yet_are_the_consumers_lag(start_service):
    event_type = RestaurantCreated.type
    async with start_service({event_type: record_event}, service_name="kit-lagging") as app:
        assert value(await scrape(app), "resto_consumer_lag_messages", event_type=event_type) == 0
        for subscriber in app.state.broker.subscribers:  # the service's consumers stop taking events
            await subscriber.stop()
        for n in range(3):
            await publish(app, RestaurantCreated(restaurant_id=n, owner_id=1, nombre_local=f"Cola {n}"))

        async def lagging() -> bool:
            return value(await scrape(app), "resto_consumer_lag_messages", event_type=event_type) == 3

        await eventually(lagging)


async def test_applied_and_duplicate_events_are_counted_apart(start_service):
    event = RestaurantCreated(restaurant_id=31, owner_id=1, nombre_local="Dos veces")
    async with start_service({event.type: record_event}, service_name="kit-counting") as app:
        before = await scrape(app)
        await publish(app, event)
        await publish(app, event)  # redelivered: applied once

        async def both_seen() -> bool:
            now = await scrape(app)
            return all(value(now, "resto_events_consumed_total", event_type=event.type, outcome=outcome)
                       - value(before, "resto_events_consumed_total", event_type=event.type, outcome=outcome) == 1
                       for outcome in ("applied", "duplicate"))

        await eventually(both_seen)


async def test_retries_and_dead_letters_are_counted_and_the_dead_letters_read(start_service):
    async def always_fails(session, event) -> None:
        raise RuntimeError("handler bug")

    event = RestaurantCreated(restaurant_id=32, owner_id=1, nombre_local="Rota")
    settings = {"service_name": "kit-metrics-failing", "consumer_retry_delays": (0.05, 0.1)}
    async with start_service({event.type: always_fails}, **settings) as app:
        before = await scrape(app)
        assert value(before, "resto_dead_letters") == 0
        await publish(app, event)

        async def dead() -> bool:
            return value(await scrape(app), "resto_dead_letters") == 1

        await eventually(dead)
        after = await scrape(app)
        retries = {"event_type": event.type}
        assert value(after, "resto_event_retries_total", **retries) - value(before, "resto_event_retries_total", **retries) == 2
        reason = {"event_type": event.type, "reason": "retries_used_up"}
        assert value(after, "resto_events_dead_lettered_total", **reason) - value(before, "resto_events_dead_lettered_total", **reason) == 1
        assert value(after, "resto_event_retries_waiting") == 0


async def test_an_event_from_an_untrusted_publisher_is_counted_as_refused(start_service):
    event = OperatorAdded(restaurant_id=10, user_id=667)

    async def spy(session, event) -> None:
        raise AssertionError("never handled")

    settings = {"service_name": "kit-metrics-forged", "event_publisher_user": "{producer}"}
    async with start_service({event.type: spy}, **settings) as app:
        reason = {"event_type": event.type, "reason": "untrusted_publisher"}
        before = value(await scrape(app), "resto_events_dead_lettered_total", **reason)
        await publish(app, event, user_id=broker_user(RABBITMQ_URL))

        async def refused() -> bool:
            return value(await scrape(app), "resto_events_dead_lettered_total", **reason) == before + 1

        await eventually(refused)


# --- payments ----------------------------------------------------------------------------------

async def test_a_payment_is_counted_by_method_once_its_transaction_commits(app, client):
    before = await scrape(app)
    assert (await client.post("/pay/debit")).status_code == 200
    assert (await client.post("/pay/debit", params={"fail": True})).status_code == 500
    after = await scrape(app)
    for sample, paid in (("resto_payments_total", 1), ("resto_payments_amount_total", 12.5)):
        assert value(after, sample, method="debit") - value(before, sample, method="debit") == paid


# --- PDFs --------------------------------------------------------------------------------------

async def test_pdf_renders_waiting_and_running_are_read_from_every_line(app):
    line = Turns(slots=1, length=2, per_tenant=2, patience=30)
    base = await scrape(app)
    waiting, running = value(base, "resto_pdf_renders_waiting"), value(base, "resto_pdf_renders_running")
    refused = value(base, "resto_pdf_renders_total", outcome="refused")
    release = asyncio.Event()

    async def render(tenant: str) -> None:
        async with line.turn(tenant):
            await release.wait()

    tasks = [asyncio.create_task(render(tenant)) for tenant in ("A", "B", "C")]
    try:
        async def lined_up() -> bool:
            now = await scrape(app)
            return (value(now, "resto_pdf_renders_running"), value(now, "resto_pdf_renders_waiting")) == (running + 1, waiting + 2)

        await eventually(lined_up)
        with pytest.raises(ServiceBusy):  # the line is full
            await render("D")
        assert value(await scrape(app), "resto_pdf_renders_total", outcome="refused") == refused + 1
    finally:
        release.set()
        await asyncio.gather(*tasks)
    done = await scrape(app)
    assert (value(done, "resto_pdf_renders_running"), value(done, "resto_pdf_renders_waiting")) == (running, waiting)
