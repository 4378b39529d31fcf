"""Prometheus metrics, the one way for every service: `GET /metrics` on every process.

Each process counts only its own work and serves only its own figures: uvicorn processes and k8s
replicas are scraped one by one (deploy/prometheus/), and Prometheus adds `job` (the service) and
`instance` (the process) to what it scrapes, so nothing here names the service. `/metrics` is for
Prometheus only: the gateway routes no public path to it (the route table sends nothing but
`/api/...`, `/ws/...` and `/media/...` to a service), and in k8s only the gateway and Prometheus may
reach a service's port.

What every service exports (the dashboard and the alert rules in deploy/ use these names; a test
checks they exist):

- requests, by route template (`/api/dish/{dish_id}/`, never the raw path; a path no route matches
  is `none`), method and status class: `http_requests_total`, `http_request_duration_seconds`
  (prometheus-fastapi-instrumentator; the probes and `/metrics` itself are not counted);
- the outbox, read when scraped: `resto_outbox_backlog_events` (events not yet published) and
  `resto_outbox_oldest_age_seconds`; `resto_events_published_total{event_type}`,
  `resto_events_unroutable_total{event_type}` (kept in the outbox: the consumer's queue is missing);
- the broker, read when scraped: `resto_broker_connected`, `resto_consumer_lag_messages{event_type}`
  (events waiting in this service's queues), `resto_event_retries_waiting` and `resto_dead_letters`
  (messages in its retry and dead-letter queues); the outbox and broker readings are the same from
  every process of a service (take `max by (job)`), the counters are each process's own (`sum`);
- consumers: `resto_events_consumed_total{event_type, outcome}` (applied, duplicate),
  `resto_event_retries_total{event_type}`, `resto_events_dead_lettered_total{event_type, reason}`;
- PDFs (`kit.pdf`): `resto_pdf_renders_waiting`, `resto_pdf_renders_running`,
  `resto_pdf_renders_total{outcome}`, `resto_pdf_render_seconds`;
- payments: `resto_payments_total{method}` and `resto_payments_amount_total{method}`, counted by
  `count_payment` once the payment's transaction commits;
- websockets (notifications' live stream, defined here so the names stay in one list):
  `resto_websocket_connections{kind}`, `resto_websocket_frames_sent_total{kind}`,
  `resto_websocket_closed_total{code}`;
- the process (prometheus-client's own): `process_cpu_seconds_total`, `process_resident_memory_bytes`, ...
"""
import asyncio
from collections.abc import Iterable
from decimal import Decimal
from typing import Protocol

import structlog
from fastapi import FastAPI
from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY, Counter, Gauge, Histogram, disable_created_metrics, generate_latest
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_fastapi_instrumentator import metrics as http
from prometheus_fastapi_instrumentator.middleware import PrometheusInstrumentatorMiddleware
from sqlalchemy.ext.asyncio import AsyncSession
from starlette.requests import Request
from starlette.responses import Response

from kit.db import after_commit

log = structlog.get_logger()

PATH = "/metrics"
# Probes come every few seconds from every kubelet: counted, they would drown the real traffic.
NOT_COUNTED = frozenset({PATH, "/healthz", "/readyz"})
LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30)
READ_SECONDS = 2.0  # a scrape answers within Prometheus' timeout even when the database or broker hangs

disable_created_metrics()  # no `_created` twin of every counter: half the series, nothing the rules read

# Made once per process: every app of the process (tests build many) shares them.
HTTP_REQUESTS = Counter("http_requests_total", "Requests by route template, method and status class.",
                        ["handler", "method", "status"])
HTTP_LATENCY = Histogram("http_request_duration_seconds", "Time to answer, by route template and method.",
                         ["handler", "method"], buckets=LATENCY_BUCKETS)


def route_template(scope: dict) -> str:
    """The template of the route that answered (FastAPI's router leaves it in the scope), a mount's
    prefix (`/media/catalog`), or `none` when no route matched."""
    route = scope.get("route")
    if route is not None and getattr(route, "path", None):
        return route.path
    return scope.get("root_path") or "none"


def count_request(info: http.Info) -> None:
    handler = route_template(info.request.scope)
    if handler in NOT_COUNTED:
        return
    HTTP_REQUESTS.labels(handler, info.method, info.modified_status).inc()
    HTTP_LATENCY.labels(handler, info.method).observe(info.modified_duration)


class RouteTemplates(PrometheusInstrumentatorMiddleware):
    """prometheus-fastapi-instrumentator's middleware (timing, status class, `Info`), but the route
    template is read after the request from what the router chose, instead of matching the request
    against every route once more before it: that second matching cost about 0.1 ms a request with
    sixty routes, a third of the public menu's whole time in the service."""

    def _get_handler(self, request: Request) -> tuple[str, bool]:
        return "", True  # not known yet: `count_request` reads it from the scope afterwards


# --- events ---------------------------------------------------------------------------------------
EVENTS_PUBLISHED = Counter(
    "resto_events_published_total", "Events the broker confirmed, by type (a republish after a crash counts again).",
    ["event_type"])
EVENTS_UNROUTABLE = Counter(
    "resto_events_unroutable_total", "Events the broker returned as unroutable; they stay in the outbox.", ["event_type"])
EVENTS_CONSUMED = Counter(
    "resto_events_consumed_total", "Events handled: applied, or a duplicate skipped.", ["event_type", "outcome"])
EVENT_BATCHES = Counter(
    "resto_event_batches_total", "Transactions that applied events, by type: events consumed / batches is the mean batch.",
    ["event_type"])
EVENT_RETRIES = Counter("resto_event_retries_total", "Failed handlings sent to wait for another try.", ["event_type"])
EVENTS_DEAD_LETTERED = Counter(
    "resto_events_dead_lettered_total",
    "Events given up on: retries_used_up, untrusted_publisher, invalid.", ["event_type", "reason"])
CONSUMED_OUTCOMES = ("applied", "duplicate")
DEAD_LETTER_REASONS = ("retries_used_up", "untrusted_publisher", "invalid")

# --- PDFs -----------------------------------------------------------------------------------------
PDF_WAITING = Gauge("resto_pdf_renders_waiting", "PDF renders waiting in line for a turn in this process.")
PDF_RUNNING = Gauge("resto_pdf_renders_running", "PDF renders running in this process.")
PDF_RENDERS = Counter(
    "resto_pdf_renders_total",
    "PDF renders: rendered; refused (line full or waited too long); stopped (time, memory, shutdown); failed.",
    ["outcome"])
PDF_RENDER_SECONDS = Histogram(
    "resto_pdf_render_seconds", "Time of one render, its turn taken.", buckets=(0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30))
PDF_OUTCOMES = ("rendered", "refused", "stopped", "failed")

# --- payments -------------------------------------------------------------------------------------
PAYMENTS = Counter("resto_payments_total", "Payments recorded, by method.", ["method"])
PAYMENTS_AMOUNT = Counter("resto_payments_amount_total", "Sum of the payments recorded, by method.", ["method"])
PAYMENT_METHODS = ("cash", "debit", "credit", "online")

# --- websockets -----------------------------------------------------------------------------------
WEBSOCKET_CONNECTIONS = Gauge("resto_websocket_connections", "Open websockets of this process, by kind.", ["kind"])
WEBSOCKET_FRAMES = Counter("resto_websocket_frames_sent_total", "Frames sent on websockets, by kind.", ["kind"])
WEBSOCKET_CLOSED = Counter("resto_websocket_closed_total", "Websockets the server closed, by reason code.", ["code"])
WEBSOCKET_KINDS = ("staff", "diner", "tracking")

# Children made up front: a family with no sample yet is still scraped (at 0), so `rate()` and the
# dashboard see it before the first event.
for _outcome in PDF_OUTCOMES:
    PDF_RENDERS.labels(_outcome)
for _method in PAYMENT_METHODS:
    PAYMENTS.labels(_method)
    PAYMENTS_AMOUNT.labels(_method)
for _kind in WEBSOCKET_KINDS:
    WEBSOCKET_CONNECTIONS.labels(_kind)
    WEBSOCKET_FRAMES.labels(_kind)


def watch_published(event_types: Iterable[str]) -> None:
    """Make the publisher's counters of the event types this service produces, at 0."""
    for event_type in event_types:
        EVENTS_PUBLISHED.labels(event_type)
        EVENTS_UNROUTABLE.labels(event_type)


def watch_event_types(event_types: Iterable[str]) -> None:
    """Make the consumers' counters of these event types, at 0."""
    for event_type in event_types:
        for outcome in CONSUMED_OUTCOMES:
            EVENTS_CONSUMED.labels(event_type, outcome)
        EVENT_BATCHES.labels(event_type)
        EVENT_RETRIES.labels(event_type)
        for reason in DEAD_LETTER_REASONS:
            EVENTS_DEAD_LETTERED.labels(event_type, reason)


def count_payment(session: AsyncSession, method: str, amount: Decimal | float) -> None:
    """Count a payment once the transaction that records it commits (never one rolled back, nor a
    repeated request answered from the first one: call it where the payment row is written)."""
    async def count() -> None:
        PAYMENTS.labels(method).inc()
        PAYMENTS_AMOUNT.labels(method).inc(float(amount))

    after_commit(session, count)


# --- what is read when scraped --------------------------------------------------------------------
class Relay(Protocol):
    async def backlog(self) -> tuple[int, float]: ...


class Broker(Protocol):
    async def reachable(self) -> bool: ...
    async def queue_depths(self) -> tuple[dict[str, int], int, int]: ...


async def outbox_readings(relay: Relay) -> list[Metric]:
    count, oldest = await relay.backlog()
    return [
        GaugeMetricFamily("resto_outbox_backlog_events", "Events in the outbox not yet published.", value=count),
        GaugeMetricFamily("resto_outbox_oldest_age_seconds",
                          "Age of the oldest event not yet published (0 when none waits).", value=oldest),
    ]


async def broker_readings(bus: Broker) -> list[Metric]:
    connected = GaugeMetricFamily("resto_broker_connected", "1 while this process is connected to the broker.",
                                  value=0)
    if not await bus.reachable():
        return [connected]
    lag, retrying, dead = await bus.queue_depths()
    connected = GaugeMetricFamily("resto_broker_connected", "1 while this process is connected to the broker.",
                                  value=1)
    by_type = GaugeMetricFamily("resto_consumer_lag_messages", "Events ready in this service's queue of each type.",
                                labels=["event_type"])
    for event_type, count in sorted(lag.items()):
        by_type.add_metric([event_type], count)
    return [
        connected, by_type,
        GaugeMetricFamily("resto_event_retries_waiting", "Events waiting out a retry delay.", value=retrying),
        GaugeMetricFamily("resto_dead_letters", "Events in this service's dead-letter queue.", value=dead),
    ]


async def read_state(app: FastAPI) -> list[Metric]:
    """The outbox and the broker as they are now; a part that does not answer in time is left out
    (the scrape still answers, and `absent()` or the broker gauge tells)."""
    readings: list[Metric] = []
    parts = (("outbox", outbox_readings(app.state.relay)), ("broker", broker_readings(app.state.bus)))
    results = await asyncio.gather(*(asyncio.wait_for(read, READ_SECONDS) for _, read in parts),
                                   return_exceptions=True)
    for (part, _), result in zip(parts, results):
        if isinstance(result, BaseException):
            log.warning("metrics_reading_failed", part=part, error=repr(result))
            if part == "broker":
                readings.append(GaugeMetricFamily(
                    "resto_broker_connected", "1 while this process is connected to the broker.", value=0))
            continue
        readings.extend(result)
    return readings


class _Readings:
    """What `generate_latest` takes: anything with `collect()`."""

    def __init__(self, metrics: list[Metric]):
        self.metrics = metrics

    def collect(self) -> list[Metric]:
        return self.metrics


def install(app: FastAPI) -> None:
    """Count every request by route template, and serve `/metrics` (outside the OpenAPI document)."""
    app.add_middleware(RouteTemplates, instrumentations=[count_request], should_group_status_codes=True)

    @app.get(PATH, include_in_schema=False)
    async def metrics(request: Request) -> Response:
        state = _Readings(await read_state(request.app) if hasattr(request.app.state, "relay") else [])
        return Response(generate_latest(REGISTRY) + generate_latest(state), media_type=CONTENT_TYPE_LATEST)
