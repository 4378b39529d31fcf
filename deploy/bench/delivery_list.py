#!/usr/bin/env python3
"""Benchmark: the delivery list of a restaurant with 10,000 delivery orders, first page filtered by
status, through the gateway (issue 20; target p95 <= 50 ms).

    .venv/bin/python deploy/bench/delivery_list.py [--deliveries 10000] [--requests 300] [--runs 5] [--p95-ms 50]
    make bench-delivery

Needs the local stack (`make up`). Loopback only, bounded in time and count:
1. a restaurant built through the gateway as its owner would (menu, three dishes, tables:
   stack_restaurant.py), kept for the next runs in `.run/bench/delivery-list.json` (its owner logs
   in again; a restaurant that no longer answers is built anew);
2. its deliveries, up to `--deliveries`, written in a bulk seed step by ordering's own service
   functions (`delivery.service.create`, then `order.changing.update_all` for the status moves) on
   the stack's ordering database, in transactions of 250: the same rows, derived status and
   checks as `POST /api/delivery/` and `POST /api/ordenes/update-all/`, in 7-8 minutes instead
   of the much longer 10,000 HTTP orders and their status moves take on this machine, loaded by
   their 50,000 events. Their events are dropped
   in the same transaction (the seed's outbox rows are deleted before it commits): 10,000 new
   deliveries ringing on no tablet would load the machine the measurement runs on, and the list
   reads nothing the events feed. Statuses: 40% new, 25% accepted, 25% delivered, 10% rejected;
   1 to 3 lines each. Then `VACUUM (ANALYZE)` of the two tables: this machine's PostgreSQL runs
   with autovacuum off (/etc/postgresql/15/main/conf.d/90-ci.conf), and a bulk load is followed by
   what autovacuum would do (statistics, the visibility map the count's index-only scan reads);
3. `--runs` rounds of `--requests` sequential `GET /api/delivery/?fk_resto=&status_delivery=&page=1`
   (size 10, the screen's page) through the gateway with the owner's token, cycling over the
   statuses 1, 2, 4 and 3, after a warm-up; each round's p50/p95/p99;
4. the machine, min/median/max of the rounds' p95, and the verdict (every round's p95 <= `--p95-ms`).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import time
from pathlib import Path

import httpx
from sqlalchemy import delete
from sqlalchemy.ext.asyncio import async_sessionmaker, create_async_engine

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "deploy" / "local"))
import config  # noqa: E402  (the stack's ports, databases and keys)

from common import machine  # noqa: E402
from stack_restaurant import PASSWORD, eventually, new_restaurant, vacuum_analyze  # noqa: E402

GATEWAY = f"http://127.0.0.1:{config.GATEWAY_PORT}"
STATE = config.RUN / "bench" / "delivery-list.json"
BATCH = 250
STATUSES = ("1", "2", "4", "3")
MIX = (("1", 40), ("2", 25), ("4", 25), ("3", 10))  # the seed's statuses, percent


async def login(http: httpx.AsyncClient, email: str) -> str | None:
    answer = await http.post("/api/auth/token/login/", json={"username": email, "password": PASSWORD})
    return answer.json()["auth_token"] if answer.status_code == 200 else None


async def restaurant(http: httpx.AsyncClient) -> tuple[int, int, list[int], str]:
    """(restaurant, menu, dishes, owner's token): the kept one, else a new one."""
    if STATE.exists():
        kept = json.loads(STATE.read_text())
        token = await login(http, kept["email"])
        if token and (await http.get(f"/api/delivery/?fk_resto={kept['id']}&size=1",
                                     headers={"Authorization": f"Token {token}"})).status_code == 200:
            return kept["id"], kept["menu"], kept["dishes"], token
    built = await new_restaurant(http, tables=2)
    [menu] = (await http.get(f"/api/menu/?restaurant={built.id}", headers={"Authorization": f"Token {built.token}"})).json()
    email = owner(built.token).username  # the username is the e-mail
    STATE.parent.mkdir(parents=True, exist_ok=True)
    STATE.write_text(json.dumps({"id": built.id, "menu": menu["id"], "dishes": built.dishes, "email": email}))
    return built.id, menu["id"], built.dishes, built.token


def owner(token: str):
    """The owner as ordering sees the token (kit.tokens.Principal)."""
    from kit.tokens import TokenVerifier

    return TokenVerifier(config.JWT_PUBLIC.read_text(), "identity").verify(token)


async def count(http: httpx.AsyncClient, restaurant_id: int, token: str) -> int:
    answer = await http.get(f"/api/delivery/?fk_resto={restaurant_id}&size=1", headers={"Authorization": f"Token {token}"})
    answer.raise_for_status()
    return answer.json()["count"]


async def seed(restaurant_id: int, menu_id: int, dishes: list[int], token: str, missing: int) -> float:
    """Write `missing` deliveries with ordering's service functions; the seconds it took."""
    from kit.outbox import OutboxMessage
    from ordering import models  # noqa: F401  (every table, as ordering.main knows them: a line's payment_id names one)
    from ordering.delivery import service as deliveries
    from ordering.delivery.schemas import DeliveryCreate
    from ordering.main import line_works
    from ordering.order.changing import update_all
    from ordering.order.schemas import UpdateAll
    from ordering.settings import Settings

    works = line_works()  # order lines' unit of work, wired as the app wires it
    principal = owner(token)
    settings = Settings()
    engine = create_async_engine(config.database_url("ordering"), pool_size=1)
    sessions = async_sessionmaker(engine, expire_on_commit=False)
    moves = {"1": [], "2": ["2"], "4": ["2", "4"], "3": ["3"]}
    weights = [w for _, w in MIX]
    rng = random.Random(restaurant_id)
    started = time.perf_counter()
    done = 0
    try:
        while done < missing:
            async with sessions() as session, session.begin():
                for _ in range(min(BATCH, missing - done)):
                    lines = [{"fk_dish": rng.choice(dishes), "quantity": rng.randint(1, 3)} for _ in range(rng.randint(1, 3))]
                    pickup = rng.random() < 0.4
                    data = DeliveryCreate(
                        fk_resto=restaurant_id, fk_menu=menu_id, type_delivery=2 if pickup else 1,
                        contact_info={"name": "Bench", "phone": "1144556677"},
                        address="" if pickup else "Av. Corrientes 1234", ordenes=lines,
                    )
                    async with works.begin(session) as work:
                        created, _ = await deliveries.create(
                            work, session, None, settings, principal, data, idempotency_key=None, client_address="bench",
                        )
                    for status in moves[rng.choices([s for s, _ in MIX], weights)[0]]:
                        async with works.begin(session) as work:
                            await update_all(work, principal, UpdateAll(
                                pk_resto=restaurant_id, lines=[{"pk": line.id, "status": status} for line in created.ordenes],
                            ))
                    done += 1
                await session.flush()
                staged = [o.event_id for o in session.identity_map.values() if isinstance(o, OutboxMessage)]
                await session.execute(delete(OutboxMessage).where(OutboxMessage.event_id.in_(staged)))
            print(f"  seeded {done:,} of {missing:,} deliveries ({time.perf_counter() - started:.0f} s)", file=sys.stderr)
    finally:
        await engine.dispose()
    return time.perf_counter() - started


async def measure(http: httpx.AsyncClient, restaurant_id: int, token: str, requests: int) -> list[float]:
    headers = {"Authorization": f"Token {token}"}
    latencies = []
    for n in range(requests):
        url = f"/api/delivery/?fk_resto={restaurant_id}&status_delivery={STATUSES[n % len(STATUSES)]}&page=1"
        started = time.perf_counter()
        answer = await http.get(url, headers=headers)
        latencies.append((time.perf_counter() - started) * 1000)
        if answer.status_code != 200 or len(answer.json()["results"]) != 10:
            raise SystemExit(f"{url}: {answer.status_code} {answer.text[:200]}")
    return latencies


async def main(wanted: int, requests: int, runs: int, p95_ms: float) -> int:
    async with httpx.AsyncClient(base_url=GATEWAY, timeout=30) as http:
        restaurant_id, menu_id, dishes, token = await restaurant(http)
        have = await count(http, restaurant_id, token)
        if have < wanted:
            print(f"restaurant {restaurant_id}: {have:,} deliveries, seeding {wanted - have:,} with ordering's service functions",
                  file=sys.stderr)
            seconds = await seed(restaurant_id, menu_id, dishes, token, wanted - have)
            print(f"  seeded in {seconds:.0f} s", file=sys.stderr)
            have = await eventually(lambda: _at_least(http, restaurant_id, token, wanted), "the seeded deliveries")
            await vacuum_analyze("ordering", "delivery_order, order_line")
        await measure(http, restaurant_id, token, 40)  # warm-up: connections, caches, plans
        rounds = []
        for _ in range(runs):
            latencies = await measure(http, restaurant_id, token, requests)
            cuts = statistics.quantiles(latencies, n=100)
            rounds.append((statistics.median(latencies), cuts[94], cuts[98], max(latencies)))
    p95s = [r[1] for r in rounds]
    print(f"machine: {machine()}")
    print(f"restaurant {restaurant_id}: {have:,} delivery orders; first page (10) filtered by status 1/2/4/3 through the gateway, "
          f"{runs} runs of {requests} sequential requests")
    for n, (p50, p95, p99, worst) in enumerate(rounds, 1):
        print(f"  run {n}: p50 {p50:.1f} ms, p95 {p95:.1f} ms, p99 {p99:.1f} ms, max {worst:.1f} ms")
    print(f"p95 over the runs: min {min(p95s):.1f} ms, median {statistics.median(p95s):.1f} ms, max {max(p95s):.1f} ms")
    met = max(p95s) <= p95_ms
    print(f"target p95 <= {p95_ms:g} ms in every run: " + ("met" if met else "NOT met"))
    return 0 if met else 1


async def _at_least(http, restaurant_id, token, wanted) -> int | None:
    have = await count(http, restaurant_id, token)
    return have if have >= wanted else None


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deliveries", type=int, default=10_000)
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--p95-ms", type=float, default=50.0)
    arguments = parser.parse_args()
    sys.exit(asyncio.run(main(arguments.deliveries, arguments.requests, arguments.runs, arguments.p95_ms)))
