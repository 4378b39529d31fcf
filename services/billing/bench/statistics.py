"""Statistics over a million paid lines: a month's page for one restaurant, and the chart's all-rows
query, against a real billing process.

    cd services/billing && ../../.venv/bin/python bench/statistics.py [--lines 1000000] [--restaurants 50] \
        [--days 90] [--rounds 3] [--runs 200]

Builds a scratch database (`bench_billing`) with billing's migrations and fills it the way
production does, through the handlers' bulk path (`ledger.service.record_payments`: the ledger's
sales, lines and commissions, and the statistics read model), from ordering's `PaymentRecorded`
events: `--lines` paid lines across `--restaurants` restaurants over the last `--days` days, 1 to 5
lines a payment, 30 dishes in 6 categories a restaurant, every payment method. Then starts
`uvicorn billing.main:app` on a spare port (a broker namespace, a Redis database and a throwaway
key pair of its own, never the stack's) and asks it, over HTTP and one request at a time, for:

- a month's page: `GET obtener-balance/resto-statistics/?pk=<r>&start_date=<30 days ago>&end_date=<today>`
  (10 rows, the screen's default), for a different restaurant each time;
- the chart's all-rows query: the same with `paginate=0`;
- and, for reference, the restaurant's balance for the month and the admin's fee table (a page of
  20 over the month, every restaurant summed over the ledger).

Prints the machine, the load time, and per query each round's p95 with the min/median/max over the
rounds (target: p95 at most 100 ms for the two statistics queries). Then stops the process and
removes its database, queues and exchanges.
"""
import sys
from pathlib import Path

# This file shares its name with the standard library's `statistics`: run as a script, its folder
# comes first on the path and `import statistics` would find it instead.
sys.path[:] = [entry for entry in sys.path if Path(entry or ".").resolve() != Path(__file__).resolve().parent]

import argparse
import asyncio
import os
import platform
import random
import statistics
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, date, datetime, time as clock, timedelta
from decimal import Decimal

import asyncpg
import httpx

from contracts.identity import RestaurantCreated
from contracts.ordering import PaidLine, PaymentRecorded
from kit.testing.scratch import Scratch, scratch_service

DATABASE = "bench_billing"
TARGET_MS = 100.0
ADMIN_ID = 1
BATCH = 2_000  # payments per transaction while loading
METHODS = ("cash",) * 5 + ("debit",) * 2 + ("credit",) * 2 + ("online",)
CATEGORIES = ("Entradas", "Principales", "Pastas", "Postres", "Bebidas", "Cafetería")


def owner_of(restaurant: int) -> int:
    return 1000 + restaurant


def menu(restaurant: int) -> list[tuple[int, str, str, Decimal]]:
    """30 dishes: (dish id, name, category, price)."""
    prices = random.Random(restaurant)
    return [
        (restaurant * 100 + n, f"Plato {n:02}", CATEGORIES[n % len(CATEGORIES)], Decimal(prices.randrange(800, 25_000)) / 10)
        for n in range(30)
    ]


def payments(restaurants: int, days: int, lines: int, today: date) -> Iterator[list[PaymentRecorded]]:
    """About `lines` paid lines in payments of 1 to 5 lines, spread evenly over restaurants and days
    (lunch and dinner, local time), in batches (made as they are recorded: a million lines of
    events at once would take gigabytes)."""
    from kit import localtime

    shuffle = random.Random(21)
    menus = {r: menu(r) for r in range(1, restaurants + 1)}
    per_day = lines / (restaurants * days)
    batch: list[PaymentRecorded] = []
    payment_id = line_id = 0
    written = 0
    for day_index in range(days):
        day = today - timedelta(days=days - day_index)
        for restaurant in range(1, restaurants + 1):
            target = round(per_day * (day_index * restaurants + restaurant)) - written
            while target > 0:
                count = min(shuffle.randint(1, 5), target)
                target -= count
                written += count
                payment_id += 1
                paid_lines = []
                for _ in range(count):
                    line_id += 1
                    dish_id, name, category, price = shuffle.choice(menus[restaurant])
                    quantity = shuffle.randint(1, 3)
                    paid_lines.append(PaidLine(
                        line_id=line_id, order_id=payment_id, dish_id=dish_id, dish_name=name, category_name=category,
                        unit_price=price, quantity=quantity, amount=price * quantity,
                    ))
                moment = datetime.combine(day, clock(shuffle.choice((12, 13, 20, 21, 22)), shuffle.randint(0, 59)), localtime.zone())
                batch.append(PaymentRecorded(
                    payment_id=payment_id, restaurant_id=restaurant, place_id=1, method=shuffle.choice(METHODS),
                    amount=sum((l.amount for l in paid_lines), Decimal("0.00")), paid_at=moment.astimezone(UTC),
                    lines=paid_lines,
                ))
                if len(batch) == BATCH:
                    yield batch
                    batch = []
    if batch:
        yield batch


async def load(dsn: str, restaurants: int, days: int, lines: int, today: date) -> tuple[int, int, float]:
    """Announce the restaurants and record the payments through the handlers; answers payments,
    lines and seconds."""
    from billing import models  # noqa: F401
    from billing.ledger.service import record_payments
    from billing.store import Store
    from billing.projections.handlers import on_restaurant_profile
    from kit.db import make_engine, make_session_factory
    from kit.membership import on_restaurant_created

    engine = make_engine(dsn.replace("postgresql://", "postgresql+asyncpg://"))
    factory = make_session_factory(engine)
    opened = datetime.now(UTC) - timedelta(days=days + 400)
    async with factory() as session, session.begin():
        for restaurant in range(1, restaurants + 1):
            event = RestaurantCreated(restaurant_id=restaurant, owner_id=owner_of(restaurant), nombre_local=f"Resto {restaurant:02}", occurred_at=opened)
            await on_restaurant_created(session, event)
            await on_restaurant_profile(session, event)
    started = time.perf_counter()
    count = 0
    for number, batch in enumerate(payments(restaurants, days, lines, today), 1):
        async with factory() as session, session.begin():
            count += len(await record_payments(Store(session), batch))
        if number % 25 == 0:
            print(f"  {count:,} payments recorded ({time.perf_counter() - started:.0f} s)", file=sys.stderr)
    seconds = time.perf_counter() - started
    await engine.dispose()
    conn = await asyncpg.connect(dsn)
    try:
        await conn.execute("VACUUM ANALYZE")
        paid_lines = await conn.fetchval("SELECT count(*) FROM sale_line")
    finally:
        await conn.close()
    return count, paid_lines, seconds


async def measure(http: httpx.AsyncClient, runs: int, request) -> list[float]:
    """`runs` requests one after another; answers each one's seconds (a failed one stops the bench)."""
    latencies = []
    for run in range(runs):
        started = time.perf_counter()
        answer = await request(run)
        latencies.append(time.perf_counter() - started)
        if answer.status_code != 200:
            raise SystemExit(f"{answer.request.url} answered {answer.status_code}: {answer.text[:300]}")
    return latencies


def p95(latencies: list[float]) -> float:
    return statistics.quantiles(latencies, n=100)[94] * 1000


async def bench(base: str, tokens: dict[int, str], admin: str, restaurants: int, rounds: int, runs: int, today: date) -> dict[str, list[float]]:
    month = {"start_date": (today - timedelta(days=30)).isoformat(), "end_date": today.isoformat()}

    def as_owner(run: int) -> tuple[int, dict]:
        restaurant = run % restaurants + 1
        return restaurant, {"Authorization": f"Token {tokens[restaurant]}"}

    async def page(http, run):
        restaurant, headers = as_owner(run)
        return await http.get("/api/obtener-balance/resto-statistics/", params={"pk": restaurant, **month}, headers=headers)

    async def chart(http, run):
        restaurant, headers = as_owner(run)
        return await http.get("/api/obtener-balance/resto-statistics/", params={"pk": restaurant, "paginate": 0, **month}, headers=headers)

    async def balance(http, run):
        restaurant, headers = as_owner(run)
        return await http.post("/api/obtener-balance/resto-balance/", json={"fk_resto": restaurant, **month}, headers=headers)

    async def fee_table(http, run):
        params = {"date_start": month["start_date"], "date_end": month["end_date"]}
        return await http.get("/api/obtener-balance/resto-fee/", params=params, headers={"Authorization": f"Token {admin}"})

    queries = {"statistics: a month's page": page, "statistics: the chart's all rows": chart,
               "balance: a month (reference)": balance, "fee table: a month (reference)": fee_table}
    found: dict[str, list[float]] = {name: [] for name in queries}
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        for request in queries.values():  # warm-up: connections, prepared statements, caches
            await measure(http, 20, lambda run, request=request: request(http, run))
        for number in range(1, rounds + 1):
            for name, request in queries.items():
                latencies = await measure(http, runs, lambda run, request=request: request(http, run))
                found[name].append(p95(latencies))
                print(f"  round {number}: {name}: p95 {found[name][-1]:.1f} ms (median {statistics.median(latencies) * 1000:.1f} ms)", file=sys.stderr)
    return found


def machine() -> str:
    model = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines() if line.startswith("model name")), "?")
    memory = next((int(line.split()[1]) // 1024 // 1024 for line in Path("/proc/meminfo").read_text().splitlines() if line.startswith("MemTotal")), 0)
    load = ", ".join(f"{value:.2f}" for value in os.getloadavg())
    return f"{os.cpu_count()} CPUs ({model}), {memory} GiB, {platform.system()} {platform.release()}, Python {platform.python_version()}; load average {load}"


@dataclass
class Filled:
    """What `filled_billing` loaded, and tokens for its restaurants' owners and the admin."""

    payments: int
    lines: int
    load_seconds: float
    tokens: dict[int, str]
    admin: str


@asynccontextmanager
async def filled_billing(database: str, arguments: argparse.Namespace, today: date) -> AsyncIterator[tuple[Scratch, Filled]]:
    """A scratch billing database (kit.testing.scratch) holding `arguments.lines` paid lines; the
    caller starts the process (`scratch.serve`)."""
    async with scratch_service("billing", database) as scratch:
        conn = await asyncpg.connect(scratch.dsn)
        try:
            await conn.executemany("INSERT INTO restaurant_member (restaurant_id, user_id, role) VALUES ($1, $2, 2)",
                                   [(r, owner_of(r)) for r in range(1, arguments.restaurants + 1)])
        finally:
            await conn.close()
        print(f"loading {arguments.lines:,} lines across {arguments.restaurants} restaurants over {arguments.days} days ...", file=sys.stderr)
        payment_count, line_count, load_seconds = await load(scratch.dsn, arguments.restaurants, arguments.days, arguments.lines, today)
        signer = scratch.signer()
        tokens = {r: signer.issue(owner_of(r), f"owner{r}@example.com", [2]) for r in range(1, arguments.restaurants + 1)}
        admin = signer.issue(ADMIN_ID, "admin@example.com", [1])
        yield scratch, Filled(payment_count, line_count, load_seconds, tokens, admin)


async def main(arguments: argparse.Namespace) -> None:
    today = datetime.now(UTC).date()
    async with filled_billing(DATABASE, arguments, today) as (scratch, filled):
        base = await scratch.serve(arguments.port)
        found = await bench(base, filled.tokens, filled.admin, arguments.restaurants, arguments.rounds, arguments.runs, today)

    print(f"machine: {machine()}")
    print(f"data: {filled.lines:,} paid lines in {filled.payments:,} payments, {arguments.restaurants} restaurants, {arguments.days} days; "
          f"loaded through the handlers' bulk path in {filled.load_seconds:.0f} s ({filled.lines / filled.load_seconds:,.0f} lines/s)")
    print(f"runs: {arguments.rounds} rounds of {arguments.runs} sequential requests per query, direct to billing (no gateway)")
    for name, values in found.items():
        verdict = f" (target {TARGET_MS:.0f} ms: {'met' if max(values) <= TARGET_MS else 'NOT met'})" if name.startswith("statistics") else ""
        print(f"{name}: p95 min {min(values):.1f} / median {statistics.median(values):.1f} / max {max(values):.1f} ms{verdict}")


def data_and_rounds(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """What `filled_billing` loads and how many rounds `bench` runs (deploy/bench/statistics_gateway.py takes them too)."""
    parser.add_argument("--lines", type=int, default=1_000_000)
    parser.add_argument("--restaurants", type=int, default=50)
    parser.add_argument("--days", type=int, default=90)
    parser.add_argument("--rounds", type=int, default=3)
    return parser


if __name__ == "__main__":
    parser = data_and_rounds(argparse.ArgumentParser(description=__doc__.splitlines()[0]))
    parser.add_argument("--runs", type=int, default=200, help="requests per query and round")
    parser.add_argument("--port", type=int, default=8195)
    asyncio.run(main(parser.parse_args()))
