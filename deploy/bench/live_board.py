#!/usr/bin/env python3
"""Benchmark: from a new order to the websocket frame on the restaurant's tablets (issue 12).

    .venv/bin/python deploy/bench/live_board.py [--tablets 50] [--rate 20] [--seconds 30] [--restaurants 5]

Needs the local stack running (`make up`). Loopback only, bounded in time and count:
1. uses every notifications process of the stack's process table (deploy/local/config.py); with
   only one there, starts a second one of the same app on a free port for the run;
2. registers restaurant owners through the gateway and waits until notifications knows them;
3. connects the tablets (owner sockets, `/ws/notificaciones/` with the auth frame), spread evenly
   over the restaurants and over the notifications processes;
4. announces orders at a steady rate, round robin over the restaurants, as ordering's outbox relay
   does: `ordering.order.placed` published with publisher confirms on the platform's exchange
   (ordering's order placement is not built yet, so its HTTP call and commit are not in the
   figures; the event is stamped the moment it is published, and that is the start);
5. each tablet stamps the `new_order` frame when it arrives: latency = arrival - the event's time
   (`created_at`, same clock), for every (order, tablet) pair; prints p50/p95/p99/max, the frames
   missing or repeated, and the verdict against the targets (p95 <= 500 ms, p99 <= 1 s).
The orders land in the new restaurants only (identity counts them for its dashboard too).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

import aio_pika
import httpx
from websockets.asyncio.client import connect

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "deploy" / "local"))
import config  # noqa: E402  (the stack's process table)

from contracts.ordering import LineFacts, OrderPlaced  # noqa: E402

GATEWAY = f"http://127.0.0.1:{config.GATEWAY_PORT}"
RABBITMQ_URL = config.ENV["RABBITMQ_URL"]
EXCHANGE = "platform.events"
TARGETS = {"p95": 500.0, "p99": 1000.0}  # milliseconds
SETTLE_SECONDS = 15  # after the last order, how long frames may still arrive


@dataclass
class Tablet:
    restaurant: int
    url: str
    latencies: list[float] = field(default_factory=list)  # ms
    ids: Counter = field(default_factory=Counter)


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


# ----------------------------------------------------------------------------------- set-up
def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


async def wait_ready(http: httpx.AsyncClient, url: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if (await http.get(url)).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        await asyncio.sleep(0.2)
    raise SystemExit(f"{url} is not ready: is the stack up (`make up`)?")


async def notifications_processes(http: httpx.AsyncClient) -> tuple[list[int], subprocess.Popen | None]:
    """The ports of the stack's notifications processes, plus a second one started here if needed."""
    ports = [p.port for p in config.PROCESSES if p.name.startswith("notifications")]
    for port in ports:
        await wait_ready(http, f"http://127.0.0.1:{port}/readyz", seconds=5)
    extra = None
    if len(ports) < 2:
        port = free_port()
        extra = subprocess.Popen(
            [config.PY, "-m", "uvicorn", "notifications.main:app", "--host", "127.0.0.1", "--port", str(port), "--no-access-log"],
            cwd=REPO / "services" / "notifications",
            env={**os.environ, **config.service_env("notifications")},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        await wait_ready(http, f"http://127.0.0.1:{port}/readyz")
        ports.append(port)
    return ports, extra


async def register_owner(http: httpx.AsyncClient) -> tuple[int, str]:
    password = "Bench-Campana-77"
    answer = await http.post(
        f"{GATEWAY}/api/restaurant/",
        json={"nombre_local": f"Bench {uuid.uuid4().hex[:6]}", "telefono": "1145678901",
              "fk_user": {"email": f"bench-live-{uuid.uuid4().hex[:10]}@example.com", "password": password, "password2": password}},
    )
    answer.raise_for_status()
    restaurant, token = answer.json()["id"], answer.json()["auth_token"]
    known = f"{GATEWAY}/api/notificaciones/sin-leer/?fk_resto={restaurant}"
    deadline = time.monotonic() + 30
    while (await http.get(known, headers={"Authorization": f"Token {token}"})).status_code != 200:
        if time.monotonic() > deadline:
            raise SystemExit("notifications never learnt the new restaurant (is the broker up?)")
        await asyncio.sleep(0.1)
    return restaurant, token


# ----------------------------------------------------------------------------------- the run
async def listen(tablet: Tablet, token: str, connected: asyncio.Event, done: asyncio.Event) -> None:
    async with connect(tablet.url + "/ws/notificaciones/", max_queue=None) as ws:
        await ws.send(json.dumps({"type": "auth", "token": token, "fk_resto": tablet.restaurant}))
        assert json.loads(await ws.recv())["type"] == "ready"
        connected.set()
        while not done.is_set():
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=0.5)
            except TimeoutError:
                continue
            arrived = time.time()
            frame = json.loads(raw)
            if frame.get("type") == "new_order" and frame["fk_resto"] == tablet.restaurant:
                tablet.ids[frame["id"]] += 1
                tablet.latencies.append((arrived - datetime.fromisoformat(frame["created_at"]).timestamp()) * 1000)


async def place_orders(restaurants: list[int], rate: float, seconds: float) -> list[int]:
    """Publish `rate` orders a second for `seconds`, each stamped as it is published; how many each restaurant got."""
    placed = [0] * len(restaurants)
    line = LineFacts(line_id=1, dish_id=1, dish_name="Empanada", price=Decimal("1500.00"), quantity=2, status="1")
    connection = await aio_pika.connect(RABBITMQ_URL)
    async with connection:
        exchange = await (await connection.channel(publisher_confirms=True)).get_exchange(EXCHANGE)
        start = time.monotonic()
        for n in range(round(rate * seconds)):
            await asyncio.sleep(max(0.0, start + n / rate - time.monotonic()))
            which = n % len(restaurants)
            event = OrderPlaced(restaurant_id=restaurants[which], order_id=n + 1, placed_at=datetime.now(UTC),
                                place_id=None, kind="table", place_name="M1", lines=[line])
            body = json.dumps(event.model_dump(mode="json")).encode()
            await exchange.publish(
                aio_pika.Message(body, content_type="application/json", message_id=str(event.event_id), delivery_mode=aio_pika.DeliveryMode.PERSISTENT),
                routing_key=event.type,
            )
            placed[which] += 1
    return placed


async def main(args: argparse.Namespace) -> int:
    async with httpx.AsyncClient(timeout=10) as http:
        await wait_ready(http, GATEWAY + "/")
        ports, extra = await notifications_processes(http)
        try:
            owners = [await register_owner(http) for _ in range(args.restaurants)]
            tokens = dict(owners)
            tablets = [
                Tablet(restaurant=owners[i % len(owners)][0], url=f"ws://127.0.0.1:{ports[i % len(ports)]}")
                for i in range(args.tablets)
            ]
            done = asyncio.Event()
            connected = [asyncio.Event() for _ in tablets]
            listeners = [asyncio.create_task(listen(t, tokens[t.restaurant], c, done)) for t, c in zip(tablets, connected)]
            await asyncio.wait_for(asyncio.gather(*(c.wait() for c in connected)), timeout=30)
            print(f"{len(tablets)} tablets connected to notifications on ports {ports}, {len(owners)} restaurants;"
                  f" {args.rate:g} orders/s for {args.seconds:g} s ...", flush=True)

            placed = await place_orders([r for r, _ in owners], args.rate, args.seconds)
            expected = {r: n for (r, _), n in zip(owners, placed)}
            deadline = time.monotonic() + SETTLE_SECONDS
            while time.monotonic() < deadline and any(len(t.ids) < expected[t.restaurant] for t in tablets):
                await asyncio.sleep(0.1)
            done.set()
            await asyncio.gather(*listeners)
        finally:
            if extra is not None:
                extra.terminate()
                extra.wait(timeout=30)

    latencies = [ms for t in tablets for ms in t.latencies]
    wanted = sum(expected[t.restaurant] for t in tablets)
    received = sum(len(t.ids) for t in tablets)
    repeated = sum(count - 1 for t in tablets for count in t.ids.values())
    figures = {"p50": statistics.median(latencies), "p95": percentile(latencies, 0.95),
               "p99": percentile(latencies, 0.99), "max": max(latencies)}
    print(f"orders: {sum(placed)}; frames expected {wanted}, received {received}, missing {wanted - received}, repeated {repeated}")
    print("latency ms: " + ", ".join(f"{name} {value:.1f}" for name, value in figures.items()))
    met = all(figures[name] <= limit for name, limit in TARGETS.items()) and received == wanted and not repeated
    print("targets p95 <= 500 ms, p99 <= 1000 ms, every frame once: " + ("met" if met else "NOT met"))
    return 0 if met else 1


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tablets", type=int, default=50)
    parser.add_argument("--restaurants", type=int, default=5)
    parser.add_argument("--rate", type=float, default=20.0, help="orders a second")
    parser.add_argument("--seconds", type=float, default=30.0)
    sys.exit(asyncio.run(main(parser.parse_args())))
