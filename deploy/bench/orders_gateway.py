#!/usr/bin/env python3
"""Benchmark: placing a 3-line table order through the gateway (issue 12).

    .venv/bin/python deploy/bench/orders_gateway.py [--clients 50] [--interval 1] [--seconds 20]

Needs the local stack (`make up`). Builds a new restaurant through the API (menu, three dishes,
50 tables: deploy/bench/stack_restaurant.py), then 50 clients each place a 3-line order every
`--interval` seconds (50 orders a second in all, far above a busy night's pace; 0 for back to
back, a throughput test) with `POST /api/ordenes/` through the gateway, as a tablet does: identity's token checked by
ordering, prices copied from its projection, one transaction with its outbox rows, published by
the relay while the load runs. After a 3 s warm-up, prints p50/p95/p99, throughput and errors, and
the verdict against the target (p95 <= 150 ms, 0 errors).
"""
from __future__ import annotations

import asyncio
import statistics
import sys
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "local"))
import config  # noqa: E402
from common import paced_clients_options  # noqa: E402
from stack_restaurant import new_restaurant, verdict  # noqa: E402

GATEWAY = f"http://127.0.0.1:{config.GATEWAY_PORT}"
TARGET_P95_MS = 150.0


async def load(http: httpx.AsyncClient, restaurant, clients: int, seconds: float, interval: float) -> tuple[list[float], int]:
    latencies: list[float] = []
    errors = 0
    deadline = time.perf_counter() + seconds

    async def client(index: int) -> None:
        nonlocal errors
        body = restaurant.order(restaurant.places[index % len(restaurant.places)])
        await asyncio.sleep(interval * index / clients)  # spread the clients over the interval
        while time.perf_counter() < deadline:
            started = time.perf_counter()
            answer = await http.post("/api/ordenes/", json=body, headers=restaurant.headers)
            latencies.append((time.perf_counter() - started) * 1000)
            errors += answer.status_code != 201
            await asyncio.sleep(max(0.0, interval - (time.perf_counter() - started)))

    await asyncio.gather(*(client(i) for i in range(clients)))
    return latencies, errors


async def main(clients: int, seconds: float, interval: float) -> int:
    limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)
    async with httpx.AsyncClient(base_url=GATEWAY, timeout=30, limits=limits) as http:
        restaurant = await new_restaurant(http, tables=50)
        await load(http, restaurant, clients, 3, interval)  # warm-up: connections, caches
        latencies, errors = await load(http, restaurant, clients, seconds, interval)
    cuts = statistics.quantiles(latencies, n=100)
    p95 = cuts[94]
    pace = f"one order every {interval:g} s each" if interval else "back to back"
    print(f"{clients} clients ({pace}) through the gateway, {seconds:g} s: {len(latencies)} orders of 3 lines, "
          f"{len(latencies) / seconds:.0f}/s, {errors} errors; p50 {statistics.median(latencies):.1f} ms, "
          f"p95 {p95:.1f} ms, p99 {cuts[98]:.1f} ms")
    met = p95 <= TARGET_P95_MS and errors == 0
    return verdict(f"target p95 <= {TARGET_P95_MS:g} ms with 0 errors", met)


if __name__ == "__main__":
    parser = paced_clients_options(__doc__, 50, "one client's orders (0: back to back)")
    arguments = parser.parse_args()
    sys.exit(asyncio.run(main(arguments.clients, arguments.seconds, arguments.interval)))
