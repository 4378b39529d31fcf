"""What the benchmarks report alike, and what the chaos run (deploy/chaos) shares with them: the
machine a run was measured on, the CPU time the stack's processes used, a bench's options when its
clients each call at an interval, the runs' latency figures, and waiting for a figure that is still
moving towards the one expected. Standard library only."""
from __future__ import annotations

import argparse
import asyncio
import math
import os
import platform
import statistics
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")


def machine() -> str:
    """CPU model and count, system and load average: other work on the machine moves the figures."""
    model = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                  if line.startswith("model name")), "?")
    load = ", ".join(f"{value:.2f}" for value in os.getloadavg())
    return f"{os.cpu_count()} CPUs ({model}), {platform.system()} {platform.release()}; load average {load}"


def group_of(cmdline: str, services: Iterable[str]) -> str | None:
    """The stack's part a process belongs to, from its command line: one of `services`, or the
    servers they use (PostgreSQL, RabbitMQ, Redis, the gateway); None for anything else."""
    for service in services:
        if f"{service}.main:app" in cmdline:
            return service
    if cmdline.startswith("postgres") or "/postgres " in cmdline:
        return "postgres"
    if "beam.smp" in cmdline:
        return "rabbitmq"
    if "traefik" in cmdline:
        return "gateway"
    if "redis-server" in cmdline:
        return "redis"
    return None


def stack_cpu_ms(services: Iterable[str]) -> Counter:
    """CPU milliseconds (user and system) each part of the stack has used so far, every process of
    it added up, from /proc: the difference of two readings is what a stretch of load cost. A
    process's count takes in its children that have ended: PostgreSQL's connections that close (a
    pool's overflow) or a PDF's render would otherwise take their CPU with them."""
    ticks: Counter = Counter()
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:  # the process ended between the listing and the reading
            continue
        if group := group_of(cmdline, services):
            ticks[group] += sum(int(field) for field in stat[11:15])  # utime, stime, cutime, cstime
    hz = os.sysconf("SC_CLK_TCK")
    return Counter({group: count * 1000 / hz for group, count in ticks.items()})


def paced_clients_options(doc: str, clients: int, between: str) -> argparse.ArgumentParser:
    """The command line of a bench whose `--clients` each call every `--interval` seconds for
    `--seconds` (`between`: what the interval separates, for --help), described by the first line
    of its docstring `doc`."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--clients", type=int, default=clients)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--interval", type=float, default=1.0, help=f"seconds between {between}")
    return parser


@dataclass
class Runs:
    """Each run's p95 and the errors of all the runs, for the line over them."""
    p95s: list[float] = field(default_factory=list)
    errors: int = 0

    def add(self, latencies: list[float], errors: int) -> str:
        """Keeps one run's p95 and errors; answers its p50, p95 and p99 for the run's own line."""
        cuts = statistics.quantiles(latencies, n=100)
        self.p95s.append(cuts[94])
        self.errors += errors
        return f"p50 {statistics.median(latencies):.1f} ms, p95 {cuts[94]:.1f} ms, p99 {cuts[98]:.1f} ms"

    def summary(self) -> str:
        return (f"p95 over {len(self.p95s)} runs: min {min(self.p95s):.1f} / median {statistics.median(self.p95s):.1f} / "
                f"max {max(self.p95s):.1f} ms; {self.errors} errors in all")


async def caught_up_with(read: Callable[[], Awaitable[T]], expected: T, stall_seconds: float,
                         most_seconds: float = math.inf) -> tuple[float | None, T]:
    """Reads until `read()` answers `expected`: (seconds it took, or None when it gave up; the last
    answer). A consumer with a backlog is not an error, so the wait goes on while the answer keeps
    changing and gives up only after `stall_seconds` without a change (or `most_seconds` in all):
    a lost event shows as a shortfall, never as a wait cut short."""
    started = last_change = time.monotonic()
    seen = await read()
    while seen != expected:
        now = time.monotonic()
        if now - last_change > stall_seconds or now - started > most_seconds:
            return None, seen
        await asyncio.sleep(1)
        answer = await read()
        if answer != seen:
            seen, last_change = answer, time.monotonic()
    return time.monotonic() - started, seen
