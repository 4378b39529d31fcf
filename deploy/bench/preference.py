#!/usr/bin/env python3
"""Benchmark: a diner's 'Pay' at the table to the provider's checkout page, through the gateway (issue 22).

    .venv/bin/python deploy/bench/preference.py [--clients 10] [--interval 1] [--seconds 20] [--runs 3]

Needs the local stack (`make up`), whose billing talks to the marketplace simulator on :8202. Sets
the simulator's answer delay to 100 ms (`PUT /_control/settings {delay_ms: 100}`, as the issue's
target says) and puts it back to 0 at the end, whatever happens. Builds a new restaurant through
the API (deploy/bench/stack_restaurant.py) and links it to a marketplace account through the
simulator's OAuth page, as an owner does. Each run first stages, before the clock starts, one
delivered 3-line order per second of the run (and of a 3 s warm-up) at each client's table; then
`--clients` diners each ask, every `--interval` seconds, to pay one of those orders from the
table's QR (`POST /api/pagar-orden/mercadopago/mesa/` `{t, mode: "mine", orders: [order]}` with a
fresh Idempotency-Key): billing reads the table's lines from ordering, holds them in a checkout,
makes the preference at the provider with the seller's token and answers its `init_point`. Prints
each run's p50/p95/p99 and errors, and min/median/max of p95 over the runs (target p95 <= 300 ms,
0 errors).

Afterwards one checkout is paid at the provider's checkout page, and the bench waits for the whole
way to happen through the gateway: the signed notification to billing, billing's approval,
ordering paying the lines, and billing's ledger recording the online sale with the retained fee.
"""
from __future__ import annotations

import asyncio
import subprocess
import sys
import time
import uuid
from decimal import Decimal
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "local"))
import config  # noqa: E402
from common import Runs, machine, paced_clients_options  # noqa: E402
from payments import quiet, say_staged, stage  # noqa: E402
from stack_restaurant import DISHES, authorize_at_simulator, eventually, new_restaurant  # noqa: E402

GATEWAY = f"http://127.0.0.1:{config.GATEWAY_PORT}"
SIMULATOR = config.MARKETPLACE_SIM_URL
TARGET_P95_MS = 300.0
PROVIDER_DELAY_MS = 100
WARM_UP_SECONDS = 3
PAY = "/api/pagar-orden/mercadopago/mesa/"
ORDER_AMOUNT = sum((Decimal(price) for _, price in DISHES), Decimal("0.00"))


class Patient(httpx.AsyncBaseTransport):
    """Staging's transport: a 503 `busy` (another suite on this machine restarting PostgreSQL or
    Redis under the stack) is asked again after its Retry-After, up to five times. Never used for
    the measured calls."""

    def __init__(self):
        self.inner = httpx.AsyncHTTPTransport()

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        for _ in range(5):
            answer = await self.inner.handle_async_request(request)
            if answer.status_code != 503:
                return answer
            await answer.aread()
            await asyncio.sleep(float(answer.headers.get("retry-after") or 1))
        return await self.inner.handle_async_request(request)

    async def aclose(self) -> None:
        await self.inner.aclose()


async def settled(what: str, tries: int = 5) -> None:
    """`payments.quiet`, asked again when `rabbitmqctl` fails to list the queues (another suite on the
    machine deleting its own at that moment makes it exit 64)."""
    for attempt in range(1, tries + 1):
        try:
            return await quiet(what)
        except subprocess.CalledProcessError:
            if attempt == tries:
                raise
            await asyncio.sleep(1)


async def link(http: httpx.AsyncClient, restaurant) -> None:
    """The owner links the restaurant at the provider's authorization page (the simulator's)."""
    async def billing_knows_it():  # billing learns the restaurant and its owner from identity's events
        answer = await http.get(f"/api/autorizacion/url/?fk_resto={restaurant.id}", headers=restaurant.headers)
        return answer.status_code == 200 and answer

    started = await eventually(billing_knows_it, "billing to learn the restaurant")
    await authorize_at_simulator(http, restaurant, started.json()["url"], "bench")


async def orders_of(http: httpx.AsyncClient, restaurant, staged: dict[int, list[list[int]]]) -> dict[int, list[int]]:
    """Each table's staged orders (the placements' ids), as the diners' phones would have kept them."""
    by_table: dict[int, list[int]] = {}
    for table, orders in staged.items():
        tab = await http.get(f"/api/ordenes/lugar/{restaurant.qr_tokens[table]}/")
        tab.raise_for_status()
        order_of = {line["id"]: line["order"] for line in tab.json()["lines"]}
        by_table[table] = [order_of[lines[0]] for lines in orders]
    return by_table


async def pay_for(http: httpx.AsyncClient, restaurant, orders: dict[int, list[int]], tables: list[int],
                  seconds: float, interval: float, clients: int) -> tuple[list[float], int, list[dict]]:
    latencies: list[float] = []
    errors = 0
    made: list[dict] = []
    deadline = time.perf_counter() + seconds

    async def client(index: int) -> None:
        nonlocal errors
        table = tables[index]
        await asyncio.sleep(interval * index / clients)  # spread the clients over the interval
        while time.perf_counter() < deadline and orders[table]:
            body = {"t": restaurant.qr_tokens[table], "mode": "mine", "orders": [orders[table].pop(0)]}
            started = time.perf_counter()
            answer = await http.post(PAY, json=body, headers={"Idempotency-Key": f"bench-{uuid.uuid4()}"})
            latencies.append((time.perf_counter() - started) * 1000)
            if answer.status_code == 201 and answer.json()["amount"] == str(ORDER_AMOUNT):
                made.append(answer.json())
            else:
                errors += 1
                if errors <= 3:
                    print(f"  error: {answer.status_code} {answer.text[:200]}", file=sys.stderr)
            await asyncio.sleep(max(0.0, interval - (time.perf_counter() - started)))

    await asyncio.gather(*(client(i) for i in range(clients)))
    return latencies, errors, made


async def paid_through(http: httpx.AsyncClient, restaurant, charge: dict) -> str:
    """Pay one checkout at the provider's page and follow it: notification, approval, ordering's
    payment, the ledger's sale. Answers what happened."""
    async with httpx.AsyncClient(timeout=10) as browser:
        back = await browser.post(charge["init_point"], data={"decision": "approve"})
    reference = parse_qs(urlsplit(back.headers["location"]).query)["external_reference"][0]
    deadline = time.monotonic() + 60
    state = None
    while time.monotonic() < deadline:
        state = (await http.get(f"/api/pagar-orden/mercadopago/estado/?ref={reference}")).json().get("state")
        sales = await http.post("/api/obtener-balance/resto-balance/", json={"fk_resto": restaurant.id, "payment_type": "4"},
                                headers=restaurant.headers)
        body = sales.json()
        if state == "approved" and body.get("importe_total") == charge["amount"]:
            return (f"one checkout paid at the provider: approved, paid by ordering and in the ledger as an online sale of "
                    f"{body['importe_total']} with {body['importe_resto']} retained by the marketplace and "
                    f"{body['cta_cte_resto']} owed")
        await asyncio.sleep(0.5)
    return f"one checkout paid at the provider: state {state!r}, the ledger's online sales not there after 60 s"


async def main(clients: int, seconds: float, interval: float, runs: int) -> int:
    limits = httpx.Limits(max_connections=clients + 10, max_keepalive_connections=clients + 10)
    per_table = int((WARM_UP_SECONDS + seconds) / max(interval, 0.05)) + 2
    measured = Runs()
    async with httpx.AsyncClient(base_url=GATEWAY, timeout=30, limits=limits) as http, \
            httpx.AsyncClient(base_url=GATEWAY, timeout=30, transport=Patient()) as staging, \
            httpx.AsyncClient(base_url=SIMULATOR, timeout=10) as simulator:
        (await simulator.put("/_control/settings", json={"delay_ms": PROVIDER_DELAY_MS})).raise_for_status()
        try:
            restaurant = await new_restaurant(staging, tables=clients + 1)
            await link(staging, restaurant)
            tables = restaurant.places[:clients]  # the last table holds new_restaurant's first order
            made: list[dict] = []
            for run in range(1, runs + 1):
                started = time.perf_counter()
                staged = await stage(staging, restaurant, tables, per_table)
                orders = await orders_of(staging, restaurant, staged)
                say_staged(run, per_table, clients, started)
                await settled(f"run {run}: staging")
                _, warm_errors, _ = await pay_for(http, restaurant, orders, tables, WARM_UP_SECONDS, interval, clients)
                latencies, errors, made = await pay_for(http, restaurant, orders, tables, seconds, interval, clients)
                figures = measured.add(latencies, errors + warm_errors)
                print(f"run {run}: {clients} diners, one 'Pay' every {interval:g} s each, {seconds:g} s, provider "
                      f"{PROVIDER_DELAY_MS} ms: {len(latencies)} checkouts ({len(latencies) / seconds:.0f}/s), {errors} errors; "
                      f"{figures}")
            (await simulator.put("/_control/settings", json={"delay_ms": 0})).raise_for_status()
            followed = await paid_through(http, restaurant, made[0]) if made else "no checkout to follow"
        finally:
            (await simulator.put("/_control/settings", json={"delay_ms": 0})).raise_for_status()
    print(f"machine: {machine()}")
    print(measured.summary())
    print(followed)
    met = max(measured.p95s) <= TARGET_P95_MS and measured.errors == 0
    print(f"target p95 <= {TARGET_P95_MS:g} ms with the provider answering in {PROVIDER_DELAY_MS} ms, 0 errors: "
          f"{'met' if met else 'NOT met'}")
    return 0 if met else 1


if __name__ == "__main__":
    parser = paced_clients_options(__doc__, 10, "one diner's 'Pay' calls")
    parser.add_argument("--runs", type=int, default=3)
    arguments = parser.parse_args()
    sys.exit(asyncio.run(main(arguments.clients, arguments.seconds, arguments.interval, arguments.runs)))
