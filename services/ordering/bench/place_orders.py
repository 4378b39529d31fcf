"""Placing a 3-line order: latency with concurrent clients against a real ordering process.

    cd services/ordering && ../../.venv/bin/python bench/place_orders.py [--clients 50] [--seconds 20]
    BENCH_TOKEN=<a staff token> ../../.venv/bin/python bench/place_orders.py --base-url http://127.0.0.1:8080 \
        --restaurant 7 --tables 1-10 --dishes 1,2,3     # a running stack, through the gateway

Starts `uvicorn ordering.main:app` on a spare port against a scratch database (`bench_ordering`),
with a broker namespace and a Redis database of its own and a throwaway key pair, never the
stack's (kit.testing.scratch), seeds what the projections would hold (membership, dishes, 50 tables), then every client
places 3-line orders through HTTP, back to back or one every `--interval` seconds. Prints p50/p95/p99, throughput and errors, then
stops the process and removes its database, queues and exchanges. Each order is one transaction
with its outbox rows, published to RabbitMQ by the process's relay as in production.
"""
import argparse
import asyncio
import os
import statistics
import time
import uuid

import asyncpg
import httpx

from kit.testing.scratch import scratch_service

DATABASE = "bench_ordering"
RESTAURANT, OWNER_ID, TABLES = 10, 1, 50
DISHES = (1, 2, 3)


async def seed(dsn: str) -> None:
    conn = await asyncpg.connect(dsn)
    try:
        await conn.execute("INSERT INTO restaurant_member (restaurant_id, user_id, role) VALUES ($1, $2, 2)", RESTAURANT, OWNER_ID)
        for dish_id, (name, price) in enumerate((("Empanada", "100.00"), ("Milanesa", "250.50"), ("Flan", "80.00")), 1):
            await conn.execute(
                "INSERT INTO dish_facts VALUES ($1, $2, 100, 1, $3, $4::numeric, false, false, now())",
                dish_id, RESTAURANT, name, price,
            )
        for place_id in range(1, TABLES + 1):
            await conn.execute(
                "INSERT INTO place_facts VALUES ($1, $2, $3, 'mesa', 100, true, $4, false, now())",
                place_id, RESTAURANT, f"M{place_id}", uuid.uuid4().hex,
            )
    finally:
        await conn.close()


async def load(
    base: str, token: str, clients: int, seconds: float, interval: float = 0,
    restaurant: int = RESTAURANT, tables: list[int] = list(range(1, TABLES + 1)), dishes: tuple[int, ...] = DISHES,
) -> tuple[list[float], int, int]:
    latencies: list[float] = []
    errors = 0
    deadline = time.perf_counter() + seconds
    limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=30, headers={"Authorization": f"Token {token}"}) as http:

        async def client(index: int) -> None:
            nonlocal errors
            table = tables[index % len(tables)]
            body = {"fk_resto": restaurant, "ordenes": [
                {"fk_sit": table, "fk_dish": dish, "quantity": 1, "extra_commentary": ""} for dish in dishes
            ]}
            await asyncio.sleep(interval * index / clients)  # spread the clients over the interval
            while time.perf_counter() < deadline:
                started = time.perf_counter()
                answer = await http.post("/api/ordenes/", json=body)
                latencies.append(time.perf_counter() - started)
                if answer.status_code != 201:
                    errors += 1
                await asyncio.sleep(max(0.0, interval - (time.perf_counter() - started)))

        await asyncio.gather(*(client(i) for i in range(clients)))
    return latencies, errors, len(latencies)


async def main(clients: int, seconds: float, port: int, interval: float) -> None:
    async with scratch_service("ordering", DATABASE) as scratch:
        await seed(scratch.dsn)
        token = scratch.signer().issue(OWNER_ID, "bench@example.com", [2])
        base = await scratch.serve(port)
        await load(base, token, clients, 3)  # warm-up: connections, caches, the relay
        latencies, errors, count = await load(base, token, clients, seconds, interval)
    report(latencies, errors, count, clients, seconds, interval)


def report(latencies: list[float], errors: int, count: int, clients: int, seconds: float, interval: float) -> None:
    cuts = statistics.quantiles(latencies, n=100)
    pace = f"one order every {interval:g} s each" if interval else "back to back"
    print(f"{clients} clients ({pace}), {seconds:.0f} s: {count} orders of 3 lines, {count / seconds:.0f}/s, {errors} errors; "
          f"p50 {statistics.median(latencies) * 1000:.1f} ms, p95 {cuts[94] * 1000:.1f} ms, p99 {cuts[98] * 1000:.1f} ms")


async def against(base: str, clients: int, seconds: float, interval: float, restaurant: int, tables: list[int], dishes: tuple[int, ...]) -> None:
    """A running stack (the gateway, say): the token, restaurant, tables and dishes are given."""
    token = os.environ["BENCH_TOKEN"]
    await load(base, token, clients, 3, interval, restaurant, tables, dishes)  # warm-up
    latencies, errors, count = await load(base, token, clients, seconds, interval, restaurant, tables, dishes)
    report(latencies, errors, count, clients, seconds, interval)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--port", type=int, default=8194)
    parser.add_argument("--interval", type=float, default=0, help="seconds between one client's orders (0: back to back)")
    parser.add_argument("--base-url", help="a running stack instead of a process of its own (token in BENCH_TOKEN)")
    parser.add_argument("--restaurant", type=int, default=RESTAURANT)
    parser.add_argument("--tables", default=f"1-{TABLES}", help="place ids: 1-10")
    parser.add_argument("--dishes", default="1,2,3", help="three dish ids of the tables' menu")
    arguments = parser.parse_args()
    if arguments.base_url:
        first, _, last = arguments.tables.partition("-")
        tables = list(range(int(first), int(last or first) + 1))
        dishes = tuple(int(d) for d in arguments.dishes.split(","))
        asyncio.run(against(arguments.base_url, arguments.clients, arguments.seconds, arguments.interval, arguments.restaurant, tables, dishes))
    else:
        asyncio.run(main(arguments.clients, arguments.seconds, arguments.port, arguments.interval))
