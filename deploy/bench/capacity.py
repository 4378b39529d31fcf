#!/usr/bin/env python3
"""Benchmark: how many table orders a second the stack carries, with one ordering process and with
two (issue 23, 'Capacity and cost').

    .venv/bin/python deploy/bench/capacity.py [--start 20] [--step 10] [--seconds 12] [--max-rate 400]

Needs the local stack (`make up`); holds its lock (/tmp/resto-stack.lock) while it changes
ordering's processes and puts back the REPLICAS it found. For each number of ordering processes
(1, then 2) it builds a restaurant through the API (50 tables, three dishes), then offers 3-line
table orders through the gateway (`POST /api/ordenes/`, as a tablet) at a fixed rate, open loop:
each order leaves at its moment whether or not the ones before were answered, as diners do. The
rate starts at `--start` a second and grows by `--step` each `--seconds` step (the first 3 s of a
step are its warm-up) until the step's p95 passes 150 ms, an order fails, or the stack falls
behind the offered rate. The capacity is the last rate met. Between steps it waits until the
consumers have handled the step's events, so a step measures its own load.

For each step it prints the rate offered and carried, p50/p95/p99 and errors, and CPU
milliseconds per order of each process group (every service's processes, PostgreSQL, RabbitMQ,
the gateway), read from /proc over the step. At the end: both capacities, their ratio (two
processes must carry at least 1.6x what one does: the machine's second core is the limit), and
the curve of p95 against the offered rate, written to deploy/bench/results/capacity.svg (and the
figures to capacity.json).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import time
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path

import httpx

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "local"))
import config  # noqa: E402
from common import machine, stack_cpu_ms  # noqa: E402
from payments import events_waiting  # noqa: E402
from stack_restaurant import new_restaurant, vacuum_analyze, verdict  # noqa: E402

GATEWAY = f"http://127.0.0.1:{config.GATEWAY_PORT}"
STACK = [config.PY, str(HERE.parent / "local" / "stack.py")]
RESULTS = HERE / "results"
TARGET_P95_MS = 150.0
TARGET_RATIO = 1.6
WARM_UP_SECONDS = 3.0
IN_FLIGHT = 1000  # orders waiting for an answer at once: past it the stack is far behind anyway
LOCK_WAIT_SECONDS = 600


@dataclass
class Step:
    offered: float
    carried: float
    orders: int
    errors: int
    p50: float
    p95: float
    p99: float
    cpu_ms_per_order: dict[str, float] = field(default_factory=dict)

    @property
    def met(self) -> bool:
        return self.errors == 0 and self.p95 <= TARGET_P95_MS and self.carried >= 0.95 * self.offered


# ------------------------------------------------------------------------------------ the stack
def set_ordering_processes(count: int, others: dict[str, int]) -> None:
    """`stack.py up` with ordering at `count` processes and every other service as it was."""
    chosen = {**others, "ordering": count}
    replicas = " ".join(f"{name}={n}" for name, n in chosen.items() if n != 1) or "default"
    env = {**os.environ, "REPLICAS": replicas}
    done = subprocess.run([*STACK, "up"], env=env, capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        raise SystemExit(f"stack.py up with REPLICAS={replicas!r} failed:\n{done.stdout}{done.stderr}")


def replicas_now() -> dict[str, int]:
    listed = json.loads(subprocess.run([*STACK, "status", "--json"], capture_output=True, text=True).stdout)
    return dict(Counter(p["service"] for p in listed if p.get("service")))


# ------------------------------------------------------------------------------------ load
async def offer(http: httpx.AsyncClient, restaurant, rate: float, seconds: float) -> tuple[list[float], int, int]:
    """Orders at `rate` a second for `seconds`, open loop: (latencies, errors, orders sent)."""
    latencies: list[float] = []
    errors = 0
    gate = asyncio.Semaphore(IN_FLIGHT)
    tasks = []

    async def one(place: int) -> None:
        nonlocal errors
        async with gate:
            started = time.perf_counter()
            try:
                answer = await http.post("/api/ordenes/", json=restaurant.order(place), headers=restaurant.headers)
                ok = answer.status_code == 201
            except httpx.HTTPError:
                ok = False
            latencies.append((time.perf_counter() - started) * 1000)
            errors += not ok

    start = time.perf_counter()
    count = int(rate * seconds)
    for n in range(count):
        await asyncio.sleep(max(0.0, start + n / rate - time.perf_counter()))
        tasks.append(asyncio.create_task(one(restaurant.places[n % len(restaurant.places)])))
    await asyncio.gather(*tasks)
    return latencies, errors, count


async def quiet() -> None:
    """The step's events handled by every consumer (queues empty twice in a row)."""
    calm = 0
    deadline = time.monotonic() + 600
    while calm < 2:
        if time.monotonic() > deadline:
            raise SystemExit(f"the consumers still had {events_waiting()} events after 600 s")
        calm = calm + 1 if await asyncio.to_thread(events_waiting) == 0 else 0
        await asyncio.sleep(0.5)


async def step(http: httpx.AsyncClient, restaurant, rate: float, seconds: float) -> Step:
    await offer(http, restaurant, rate, WARM_UP_SECONDS)
    before, started = stack_cpu_ms(config.SERVICES), time.perf_counter()
    latencies, errors, orders = await offer(http, restaurant, rate, seconds - WARM_UP_SECONDS)
    elapsed = time.perf_counter() - started
    await quiet()  # the step's events too: their CPU belongs to its orders
    after = stack_cpu_ms(config.SERVICES)
    cuts = statistics.quantiles(latencies, n=100) if len(latencies) > 1 else [latencies[0]] * 99
    return Step(
        offered=rate, carried=orders / elapsed, orders=orders, errors=errors, p50=statistics.median(latencies),
        p95=cuts[94], p99=cuts[98],
        cpu_ms_per_order={group: (after[group] - before[group]) / orders for group in sorted(after)},
    )


async def ramp(processes: int, start: float, increment: float, seconds: float, max_rate: float) -> list[Step]:
    limits = httpx.Limits(max_connections=IN_FLIGHT, max_keepalive_connections=200)
    steps: list[Step] = []
    async with httpx.AsyncClient(base_url=GATEWAY, timeout=30, limits=limits) as http:
        restaurant = await new_restaurant(http, tables=50)
        await quiet()
        for db in ("ordering",):
            await vacuum_analyze(db)
        rate = start
        while rate <= max_rate:
            done = await step(http, restaurant, rate, seconds)
            steps.append(done)
            print(f"  ordering x{processes}: offered {done.offered:.0f}/s, carried {done.carried:.1f}/s, {done.errors} errors; "
                  f"p50 {done.p50:.1f} / p95 {done.p95:.1f} / p99 {done.p99:.1f} ms; CPU ms per order: "
                  + ", ".join(f"{g} {ms:.1f}" for g, ms in done.cpu_ms_per_order.items() if ms >= 0.05), flush=True)
            if not done.met:
                break
            rate += increment
    return steps


def capacity(steps: list[Step]) -> Step | None:
    met = [s for s in steps if s.met]
    return met[-1] if met else None


# ------------------------------------------------------------------------------------ the curve
def svg(curves: dict[str, list[Step]]) -> str:
    """p95 against the offered rate, one line per configuration, the 150 ms target dashed."""
    width, height, left, bottom, top, right = 640, 400, 60, 50, 20, 20
    rates = [s.offered for steps in curves.values() for s in steps] or [1]
    y_max = max([TARGET_P95_MS * 2] + [min(s.p95, 1000) for steps in curves.values() for s in steps])
    x_max = max(rates) * 1.05

    def x(rate: float) -> float:
        return left + rate / x_max * (width - left - right)

    def y(ms: float) -> float:
        return height - bottom - min(ms, y_max) / y_max * (height - bottom - top)

    colors = ["#1f77b4", "#d62728", "#2ca02c"]
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="12">',
             f'<rect width="{width}" height="{height}" fill="white"/>',
             f'<line x1="{left}" y1="{height - bottom}" x2="{width - right}" y2="{height - bottom}" stroke="black"/>',
             f'<line x1="{left}" y1="{top}" x2="{left}" y2="{height - bottom}" stroke="black"/>',
             f'<line x1="{left}" y1="{y(TARGET_P95_MS):.1f}" x2="{width - right}" y2="{y(TARGET_P95_MS):.1f}" stroke="gray" stroke-dasharray="6,4"/>',
             f'<text x="{width - right - 4}" y="{y(TARGET_P95_MS) - 4:.1f}" text-anchor="end" fill="gray">p95 target 150 ms</text>',
             f'<text x="{(width + left) / 2}" y="{height - 12}" text-anchor="middle">table orders offered per second</text>',
             f'<text x="16" y="{(height - bottom + top) / 2}" transform="rotate(-90 16 {(height - bottom + top) / 2})" '
             f'text-anchor="middle">p95 through the gateway (ms)</text>']
    for tick in range(0, int(x_max) + 1, max(10, int(x_max / 8) // 10 * 10)):
        parts.append(f'<text x="{x(tick):.1f}" y="{height - bottom + 16}" text-anchor="middle">{tick}</text>')
    for tick in range(0, int(y_max) + 1, 50):
        parts.append(f'<text x="{left - 6}" y="{y(tick) + 4:.1f}" text-anchor="end">{tick}</text>')
    for (label, steps), color in zip(curves.items(), colors):
        points = " ".join(f"{x(s.offered):.1f},{y(s.p95):.1f}" for s in steps)
        parts.append(f'<polyline points="{points}" fill="none" stroke="{color}" stroke-width="2"/>')
        parts += [f'<circle cx="{x(s.offered):.1f}" cy="{y(s.p95):.1f}" r="3" fill="{color}"/>' for s in steps]
        parts.append(f'<text x="{left + 10}" y="{top + 16 + 16 * colors.index(color)}" fill="{color}">{label}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


async def main(start: float, increment: float, seconds: float, max_rate: float) -> int:
    print(f"machine: {machine()}", flush=True)
    curves: dict[str, list[Step]] = {}
    with config.stack_lock(LOCK_WAIT_SECONDS):
        found = replicas_now()
        others = {name: n for name, n in found.items() if name != "ordering"}
        try:
            for processes in (1, 2):
                set_ordering_processes(processes, others)
                print(f"ordering x{processes}:", flush=True)
                curves[f"ordering x{processes}"] = await ramp(processes, start, increment, seconds, max_rate)
        finally:
            set_ordering_processes(found.get("ordering", 1), others)
    one, two = capacity(curves["ordering x1"]), capacity(curves["ordering x2"])
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "capacity.svg").write_text(svg(curves))
    (RESULTS / "capacity.json").write_text(json.dumps(
        {"machine": machine(), "curves": {k: [asdict(s) for s in v] for k, v in curves.items()}}, indent=2) + "\n")
    if one is None or two is None:
        print("no step met p95 <= 150 ms with 0 errors: no capacity to compare (a run that met nothing is a failed run)")
        return 1
    for label, point in (("one ordering process", one), ("two ordering processes", two)):
        print(f"{label}: {point.offered:.0f} orders/s (carried {point.carried:.1f}/s, p95 {point.p95:.1f} ms); CPU ms per order: "
              + ", ".join(f"{g} {ms:.1f}" for g, ms in point.cpu_ms_per_order.items() if ms >= 0.05))
    ratio = two.offered / one.offered
    print(f"two processes carry {ratio:.2f}x what one does; curve: {RESULTS / 'capacity.svg'}")
    return verdict(f"two processes carry at least {TARGET_RATIO}x one", ratio >= TARGET_RATIO)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--start", type=float, default=20, help="first rate (orders a second)")
    parser.add_argument("--step", type=float, default=10, help="added each step")
    parser.add_argument("--seconds", type=float, default=12, help="each step's length, its warm-up included")
    parser.add_argument("--max-rate", type=float, default=400)
    arguments = parser.parse_args()
    sys.exit(asyncio.run(main(arguments.start, arguments.step, arguments.seconds, arguments.max_rate)))
