#!/usr/bin/env python3
"""Benchmark: what a table order costs the stack, and how many a second it carries (issues 23, 40).

    .venv/bin/python deploy/bench/capacity.py [--start 10] [--step 10] [--seconds 12] [--max-rate 400]
    .venv/bin/python deploy/bench/capacity.py --rate 20 [--runs 3] [--save-baseline]

Needs the local stack (`make up`), as it runs (one process a service unless REPLICAS says
otherwise), and holds its lock (/tmp/resto-stack.lock). It builds a restaurant through the API (50
tables, three dishes), then offers 3-line table orders through the gateway (`POST /api/ordenes/`,
as a tablet) at a fixed rate, open loop: each order leaves at its moment whether or not the ones
before were answered, as diners do. Without `--rate` the rate starts at `--start` a second and
grows by `--step` each `--seconds` step (the first 3 s of a step are its warm-up) until the step's
p95 passes 150 ms, an order fails, or the stack falls behind the offered rate: the rate the stack
carries is the last one met. With `--rate`, `--runs` steps at that rate, each with a restaurant of
its own. After a step it waits until every consumer has handled the step's events, so a step's
cost is its own orders' whole cost.

For each step: the rate offered and carried, p50/p95/p99 and errors, and the CPU milliseconds an
order cost each part of the stack (every service's processes, PostgreSQL, RabbitMQ, Redis, the
gateway), read from /proc over the step, and their sum. Then the cost at the reference rate (20 a
second, which every machine of this kind carries) against the baseline recorded on this machine
(`results/capacity-baseline.json`, written by `--save-baseline`): issue 40 asks for at most a
third of it. The figures go to results/capacity.json and the curve to results/capacity.svg.
Two ordering processes are no longer compared with one (issue 40): on 2 cores a second process
only competes with the other services for them.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

import httpx

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "local"))
import config  # noqa: E402
from common import machine, stack_cpu_ms  # noqa: E402
from payments import events_waiting  # noqa: E402
from stack_restaurant import new_restaurant, vacuum_analyze  # noqa: E402

GATEWAY = f"http://127.0.0.1:{config.GATEWAY_PORT}"
RESULTS = HERE / "results"
BASELINE = RESULTS / "capacity-baseline.json"
TARGET_P95_MS = 150.0
REFERENCE_RATE = 20.0
TARGET_SHARE = 1 / 3  # issue 40: an order at most a third of the baseline's CPU
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

    @property
    def cpu_ms(self) -> float:
        return sum(self.cpu_ms_per_order.values())

    def line(self) -> str:
        return (f"offered {self.offered:.0f}/s, carried {self.carried:.1f}/s, {self.errors} errors; p50 {self.p50:.1f} / "
                f"p95 {self.p95:.1f} / p99 {self.p99:.1f} ms; CPU ms an order {self.cpu_ms:.1f}: " + costs(self.cpu_ms_per_order))


def costs(per_group: dict[str, float]) -> str:
    return ", ".join(f"{g} {ms:.1f}" for g, ms in sorted(per_group.items(), key=lambda item: -item[1]) if ms >= 0.05)


def commit() -> str:
    """The commit the stack's code is at, and whether its services or contracts differ from it
    (the bench's own edits do not change what it measures)."""
    done = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=HERE, capture_output=True, text=True)
    dirty = subprocess.run(["git", "status", "--porcelain", "--", "services", "proto"], cwd=HERE.parents[1],
                           capture_output=True, text=True)
    return done.stdout.strip() + ("+changes" if dirty.stdout.strip() else "")


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


async def fresh_restaurant(http: httpx.AsyncClient):
    """A restaurant of the step's own: open lines a step left at its tables would make the next
    step's orders read more."""
    restaurant = await new_restaurant(http, tables=50)
    await quiet()
    await vacuum_analyze("ordering")
    return restaurant


async def ramp(start: float, increment: float, seconds: float, max_rate: float) -> list[Step]:
    limits = httpx.Limits(max_connections=IN_FLIGHT, max_keepalive_connections=200)
    steps: list[Step] = []
    async with httpx.AsyncClient(base_url=GATEWAY, timeout=30, limits=limits) as http:
        rate = start
        while rate <= max_rate:
            done = await step(http, await fresh_restaurant(http), rate, seconds)
            steps.append(done)
            print(f"  {done.line()}", flush=True)
            if not done.met:
                break
            rate += increment
    return steps


async def fixed(rate: float, seconds: float, runs: int) -> list[Step]:
    limits = httpx.Limits(max_connections=IN_FLIGHT, max_keepalive_connections=200)
    steps: list[Step] = []
    async with httpx.AsyncClient(base_url=GATEWAY, timeout=30, limits=limits) as http:
        for run in range(1, runs + 1):
            steps.append(await step(http, await fresh_restaurant(http), rate, seconds))
            print(f"  run {run}: {steps[-1].line()}", flush=True)
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


def at_reference(steps: list[Step]) -> list[Step]:
    return [s for s in steps if s.offered == REFERENCE_RATE and s.orders]


def median_costs(steps: list[Step]) -> dict[str, float]:
    groups = sorted({g for s in steps for g in s.cpu_ms_per_order})
    return {g: statistics.median(s.cpu_ms_per_order.get(g, 0.0) for s in steps) for g in groups}


def compare(steps: list[Step]) -> int:
    """The cost at the reference rate against the baseline's; 0 when at most a third of it."""
    mine = at_reference(steps)
    if not mine:
        print(f"no step ran at {REFERENCE_RATE:.0f} orders/s: nothing to compare (a run that measured nothing is a failed run)")
        return 1
    now = median_costs(mine)
    totals = sorted(s.cpu_ms for s in mine)
    print(f"cost at {REFERENCE_RATE:.0f} orders/s over {len(mine)} step(s): CPU ms an order min {totals[0]:.1f} / "
          f"median {statistics.median(totals):.1f} / max {totals[-1]:.1f}; by part (median): {costs(now)}")
    if not BASELINE.exists():
        print(f"no baseline recorded on this machine ({BASELINE}): run with --save-baseline on the code to compare with")
        return 1
    base = json.loads(BASELINE.read_text())
    before = base["cpu_ms_per_order"]
    print(f"baseline ({base['commit']}, {base['recorded']}, {base['machine']}): {sum(before.values()):.1f} ms: {costs(before)}")
    for group in sorted(set(before) | set(now), key=lambda g: -before.get(g, 0.0)):
        print(f"  {group:<14} {before.get(group, 0.0):6.1f} -> {now.get(group, 0.0):6.1f} ms")
    share = statistics.median(totals) / sum(before.values())
    print(f"an order now costs {share:.2f} of the baseline's CPU (target at most {TARGET_SHARE:.2f}): "
          + ("met" if share <= TARGET_SHARE else "NOT met"))
    return 0 if share <= TARGET_SHARE else 1


async def main(arguments: argparse.Namespace) -> int:
    print(f"machine: {machine()}", flush=True)
    with config.stack_lock(LOCK_WAIT_SECONDS):
        if arguments.rate:
            steps = await fixed(arguments.rate, arguments.seconds, arguments.runs)
        else:
            steps = await ramp(arguments.start, arguments.step, arguments.seconds, arguments.max_rate)
    if not steps or not any(s.orders for s in steps):
        print("no order was measured (a run that records nothing is a failed run)")
        return 1
    RESULTS.mkdir(exist_ok=True)
    record = {"machine": machine(), "commit": commit(), "recorded": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
              "steps": [asdict(s) for s in steps]}
    if not arguments.rate:
        (RESULTS / "capacity.svg").write_text(svg({"one process a service": steps}))
        (RESULTS / "capacity.json").write_text(json.dumps(record, indent=2) + "\n")
        met = [s for s in steps if s.met]
        if met:
            print(f"carried: {met[-1].offered:.0f} orders/s (p95 {met[-1].p95:.1f} ms); curve: {RESULTS / 'capacity.svg'}")
        else:
            print("no step met p95 <= 150 ms with 0 errors")
    if arguments.save_baseline:
        mine = at_reference(steps)
        if not mine:
            print(f"--save-baseline needs steps at {REFERENCE_RATE:.0f} orders/s")
            return 1
        BASELINE.write_text(json.dumps({**{k: record[k] for k in ("machine", "commit", "recorded")},
                                        "cpu_ms_per_order": median_costs(mine), "steps": [asdict(s) for s in mine]},
                                       indent=2) + "\n")
        print(f"baseline written: {BASELINE}")
        return 0
    return compare(steps)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    parser.add_argument("--start", type=float, default=10, help="the ramp's first rate (orders a second)")
    parser.add_argument("--step", type=float, default=10, help="added each step")
    parser.add_argument("--seconds", type=float, default=12, help="each step's length, its warm-up included")
    parser.add_argument("--max-rate", type=float, default=400)
    parser.add_argument("--rate", type=float, help="runs at this one rate instead of a ramp")
    parser.add_argument("--runs", type=int, default=3, help="with --rate: how many steps")
    parser.add_argument("--save-baseline", action="store_true", help="record the cost at 20/s as the baseline to compare with")
    sys.exit(asyncio.run(main(parser.parse_args())))
