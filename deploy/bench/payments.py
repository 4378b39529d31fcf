#!/usr/bin/env python3
"""Benchmark: paying a table's lines at the counter through the gateway (issue 21).

    .venv/bin/python deploy/bench/payments.py [--clients 50] [--interval 1] [--seconds 20] [--runs 3]

Needs the local stack (`make up`). Builds a new restaurant through the API (menu, three dishes, a
table per client: deploy/bench/stack_restaurant.py). Each run first stages what its clients will
pay, before the clock starts: for every table, one 3-line order per second of the run (and of a
3 s warm-up), placed, accepted and delivered through the gateway (the table's bulk buttons), and
waits until the stack's consumers have handled every event that caused (its RabbitMQ queues empty,
read with `rabbitmqctl`, which is also when billing has recorded the previous run's payments); on a
PostgreSQL whose autovacuum is off it then vacuums and analyzes the stack's databases, as
autovacuum would have (`vacuum_if_nobody_does`). Then
`--clients` clients each pay one order's three lines every `--interval` seconds, as a tablet's
'pay all' does: `POST /api/pagar-orden/recibir-varios-pagos/` through the gateway with a fresh
Idempotency-Key (cash, debit and credit in turn), each one a transaction that locks the table and
the lines, moves them to paid, writes the payment and its outbox events. Prints each run's
p50/p95/p99 and errors, and min/median/max of p95 over the runs (target p95 <= 150 ms, 0 errors).
Each run also prints what a payment costs in CPU: every process group's milliseconds (each
service's processes, PostgreSQL, RabbitMQ, Redis, the gateway; from /proc) from the first payment
until the consumers have handled every event the payments caused, less what the idle stack uses
in as long (read over a few calm seconds before the clock starts), divided by the payments; and
the cores that cost comes to at the rate offered, against the machine's.

Afterwards it waits for billing to record every payment from its event (as long as the ledger's
sales keep growing: at most a minute without progress, 15 minutes in all; it prints how long), and
checks through the gateway that the ledger's sales for the restaurant (the owner's balance: every
method, all time) equal, to the cent, the sum of the paid lines as ordering lists them (status 6)
and as the clients added them up.
"""
from __future__ import annotations

import asyncio
import json
import os
import statistics
import subprocess
import sys
import time
import uuid
from collections import Counter
from decimal import Decimal
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "local"))
import config  # noqa: E402
from common import Runs, caught_up_with, machine, paced_clients_options, stack_cpu_ms  # noqa: E402
from stack_restaurant import DISHES, autovacuum_on, new_restaurant, vacuum_analyze  # noqa: E402

GATEWAY = f"http://127.0.0.1:{config.GATEWAY_PORT}"
TARGET_P95_MS = 150.0
WARM_UP_SECONDS = 3
METHODS = ("Efectivo", "Debito", "Credito")
STALL_SECONDS = 60  # the ledger's sales not growing for this long: billing is not catching up
LEDGER_WAIT_SECONDS = 900
QUIET_WAIT_SECONDS = 600
IDLE_SECONDS = 3.0  # the calm stack's own CPU (relays' and jobs' polls), read before each run's clock
ORDER_AMOUNT = sum((Decimal(price) for _, price in DISHES), Decimal("0.00"))  # one of each dish


async def stage(http: httpx.AsyncClient, restaurant, tables: list[int], orders: int) -> dict[int, list[list[int]]]:
    """`orders` delivered 3-line orders at each table: {table: [[line ids of an order], ...]}."""
    staged: dict[int, list[list[int]]] = {table: [] for table in tables}
    gate = asyncio.Semaphore(25)

    async def one_table(table: int) -> None:
        async with gate:
            for _ in range(orders):
                placed = await http.post("/api/ordenes/", json=restaurant.order(table), headers=restaurant.headers)
                placed.raise_for_status()
                staged[table].append([line["id"] for line in placed.json()])
            for action in ("aceptar", "entregar"):
                moved = await http.post(f"/api/ordenes/mesa/{table}/{action}/", headers=restaurant.headers)
                moved.raise_for_status()

    await asyncio.gather(*(one_table(table) for table in tables))
    return staged


def say_staged(run: int, per_table: int, clients: int, started: float) -> None:
    """How long the run's staging took since it `started` (time.perf_counter), on stderr."""
    print(f"run {run}: staged {per_table} delivered orders at each of {clients} tables in "
          f"{time.perf_counter() - started:.0f} s", file=sys.stderr)


def events_waiting() -> int:
    """Events the stack's consumers have not yet handled: the messages in its services' queues
    (ready or being handled), not counting retry delays and dead letters."""
    listed = subprocess.run(["rabbitmqctl", "-q", "list_queues", "name", "messages", "--formatter", "json"],
                            capture_output=True, text=True, check=True)
    waiting = 0
    for queue in json.loads(listed.stdout):
        service, _, rest = queue["name"].partition(".")
        if service in config.SERVICES and not rest.startswith(("retry.", "dead-letter")):
            waiting += queue["messages"]
    return waiting


async def quiet(what: str) -> None:
    """Staging places, accepts and delivers over a thousand orders: their events keep the
    consumers (live frames, the floor's table states) busy for a while after the last answer. The
    clock starts once they are handled, so a run measures paying, not the staging's aftermath (and
    the previous run's payments are in the ledger before the next run stages)."""
    await drained(what)
    await vacuum_if_nobody_does(what)


async def drained(what: str) -> None:
    """Waits until the stack's consumers have handled every event published so far."""
    started = time.monotonic()
    calm = 0
    while calm < 2:  # empty twice in a row: the relays had nothing in flight either
        if time.monotonic() - started > QUIET_WAIT_SECONDS:
            raise SystemExit(f"{what}: the consumers still had {events_waiting()} events after {QUIET_WAIT_SECONDS} s")
        calm = calm + 1 if await asyncio.to_thread(events_waiting) == 0 else 0
        await asyncio.sleep(0.5)
    print(f"  {what}: every event handled after {time.monotonic() - started:.0f} s", file=sys.stderr)


async def vacuum_if_nobody_does(what: str) -> None:
    """A PostgreSQL with autovacuum off never refreshes the planner's statistics nor clears dead
    rows: after a few runs' thousands of line updates, the open-lines queries read tens of
    thousands of dead index entries (5 ms each instead of 0.05). A production server has autovacuum
    on, so the bench does its work before the clock starts, and says so."""
    if await autovacuum_on():
        return
    started = time.monotonic()
    for db in config.SERVICES:
        await vacuum_analyze(db)
    print(f"  {what}: autovacuum is off on this PostgreSQL; VACUUM ANALYZE of the stack's databases took "
          f"{time.monotonic() - started:.0f} s", file=sys.stderr)


async def idle_cpu_ms_per_second() -> Counter:
    """What each part of the calm stack uses a second (its relays' and jobs' polls)."""
    before = stack_cpu_ms(config.SERVICES)
    await asyncio.sleep(IDLE_SECONDS)
    return Counter({group: ms / IDLE_SECONDS for group, ms in (stack_cpu_ms(config.SERVICES) - before).items()})


def say_cpu(run: int, spent: Counter, idle: Counter, seconds: float, payments: int, rate: float) -> float:
    """Prints a run's CPU milliseconds per payment of each part of the stack (`spent` over
    `seconds`, less the idle stack's share) and the cores that comes to at `rate` payments a
    second; answers the milliseconds in all."""
    cost = {group: max(0.0, spent[group] - idle[group] * seconds) / payments for group in spent}
    total = sum(cost.values())
    parts = ", ".join(f"{group} {ms:.1f}" for group, ms in sorted(cost.items(), key=lambda item: -item[1]) if ms >= 0.05)
    print(f"run {run}: CPU ms per payment, less the idle stack: {parts}; {total:.1f} in all, "
          f"{total * rate / 1000:.1f} cores at {rate:g} payments a second (this machine has {os.cpu_count()})")
    return total


async def pay_for(http: httpx.AsyncClient, restaurant, staged: dict[int, list[list[int]]], tables: list[int],
                  seconds: float, interval: float, clients: int) -> tuple[list[float], int, Decimal]:
    latencies: list[float] = []
    errors = 0
    paid = Decimal("0.00")
    deadline = time.perf_counter() + seconds

    async def client(index: int) -> None:
        nonlocal errors, paid
        table = tables[index]
        await asyncio.sleep(interval * index / clients)  # spread the clients over the interval
        n = 0
        while time.perf_counter() < deadline and staged[table]:
            lines = staged[table].pop(0)
            headers = {**restaurant.headers, "Idempotency-Key": f"bench-{uuid.uuid4()}"}
            body = {"payment_orders": lines, "type_pay": METHODS[(index + n) % len(METHODS)]}
            started = time.perf_counter()
            answer = await http.post("/api/pagar-orden/recibir-varios-pagos/", json=body, headers=headers)
            latencies.append((time.perf_counter() - started) * 1000)
            if answer.status_code == 200:
                paid += Decimal(answer.json()["amount"])
            else:
                errors += 1
                if errors <= 3:
                    print(f"  error: {answer.status_code} {answer.text[:200]}", file=sys.stderr)
            n += 1
            await asyncio.sleep(max(0.0, interval - (time.perf_counter() - started)))

    await asyncio.gather(*(client(i) for i in range(clients)))
    return latencies, errors, paid


async def paid_lines_total(http: httpx.AsyncClient, restaurant) -> tuple[int, Decimal]:
    """The paid lines (status 6) as ordering lists them, and their sum (price x quantity)."""
    count, total, page = 0, Decimal("0.00"), 1
    while True:
        answer = await http.get("/api/ordenes/", headers=restaurant.headers, params={
            "fk_sit__fk_resto": restaurant.id, "status": "6", "page": page, "size": 500})
        answer.raise_for_status()
        results = answer.json()["results"]
        count += len(results)
        total += sum((Decimal(line["price"]) * line["quantity"] for line in results), Decimal("0.00"))
        if len(results) < 500:
            return count, total
        page += 1


async def ledger_sales(http: httpx.AsyncClient, restaurant) -> Decimal:
    answer = await http.post("/api/obtener-balance/resto-balance/", json={"fk_resto": restaurant.id}, headers=restaurant.headers)
    answer.raise_for_status()
    return Decimal(answer.json().get("importe_total", "0.00"))


async def ledger_caught_up(http: httpx.AsyncClient, restaurant, expected: Decimal) -> tuple[float | None, Decimal]:
    """Waits for billing to record every payment from its event: (seconds it took, or None when it
    gave up; the ledger's sales). On a busy machine billing's consumer can be minutes behind 50
    payments a second, and that backlog is not an error: the wait goes on while the ledger's sales
    keep growing, and gives up only after `STALL_SECONDS` without any progress (or `LEDGER_WAIT_SECONDS`
    in all), so a lost event shows as a shortfall, never as a wait cut short."""
    return await caught_up_with(lambda: ledger_sales(http, restaurant), expected, STALL_SECONDS, LEDGER_WAIT_SECONDS)


async def main(clients: int, seconds: float, interval: float, runs: int) -> int:
    limits = httpx.Limits(max_connections=clients + 10, max_keepalive_connections=clients + 10)
    per_table = int((WARM_UP_SECONDS + seconds) / max(interval, 0.05)) + 2
    measured = Runs()
    cpu_per_payment: list[float] = []
    paid = Decimal("0.00")
    async with httpx.AsyncClient(base_url=GATEWAY, timeout=30, limits=limits) as http:
        restaurant = await new_restaurant(http, tables=clients + 1)
        tables = restaurant.places[:clients]  # the last table holds new_restaurant's first order
        for run in range(1, runs + 1):
            started = time.perf_counter()
            staged = await stage(http, restaurant, tables, per_table)
            say_staged(run, per_table, clients, started)
            await quiet(f"run {run}: staging")
            idle = await idle_cpu_ms_per_second()
            before, clock = stack_cpu_ms(config.SERVICES), time.perf_counter()
            warm, warm_errors, warm_paid = await pay_for(http, restaurant, staged, tables, WARM_UP_SECONDS, interval, clients)
            latencies, errors, run_paid = await pay_for(http, restaurant, staged, tables, seconds, interval, clients)
            await drained(f"run {run}: payments")
            spent, elapsed = stack_cpu_ms(config.SERVICES) - before, time.perf_counter() - clock
            paid += warm_paid + run_paid
            figures = measured.add(latencies, errors + warm_errors)
            print(f"run {run}: {clients} clients, one payment of 3 lines every {interval:g} s each, {seconds:g} s: "
                  f"{len(latencies)} payments ({len(latencies) / seconds:.0f}/s), {errors} errors; {figures}")
            cpu_per_payment.append(say_cpu(run, spent, idle, elapsed, len(warm) + len(latencies), clients / interval))
        lines, ordering_total = await paid_lines_total(http, restaurant)
        caught_up, sales = await ledger_caught_up(http, restaurant, ordering_total)
    print(f"machine: {machine()}")
    print(measured.summary())
    print(f"CPU per payment over {runs} runs: min {min(cpu_per_payment):.1f} / median {statistics.median(cpu_per_payment):.1f} / "
          f"max {max(cpu_per_payment):.1f} ms")
    print(f"paid: {lines} lines; ordering's paid lines {ordering_total}, the clients' sum {paid}, billing's ledger sales {sales} "
          f"({'recorded ' + format(caught_up, '.0f') + ' s after the last payment' if caught_up is not None else 'still behind when the bench gave up'})")
    latency_met = max(measured.p95s) <= TARGET_P95_MS and measured.errors == 0
    money_met = sales == ordering_total == paid
    print(f"target p95 <= {TARGET_P95_MS:g} ms with 0 errors: {'met' if latency_met else 'NOT met'}; "
          f"ledger's sales equal the paid lines exactly: {'yes' if money_met else 'NO'}")
    return 0 if latency_met and money_met else 1


if __name__ == "__main__":
    parser = paced_clients_options(__doc__, 50, "one client's payments")
    parser.add_argument("--runs", type=int, default=3)
    arguments = parser.parse_args()
    sys.exit(asyncio.run(main(arguments.clients, arguments.seconds, arguments.interval, arguments.runs)))
