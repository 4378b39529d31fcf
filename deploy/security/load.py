"""Concurrent load for the flood attacks: a flood of requests, a neighbour's traffic timed while it
runs, and a service's memory sampled meanwhile."""
from __future__ import annotations

import asyncio
import statistics
import time
from dataclasses import dataclass, field

import httpx

import processes


@dataclass
class Timings:
    latencies: list[float] = field(default_factory=list)  # seconds
    statuses: list[int] = field(default_factory=list)

    def add(self, seconds: float, status: int) -> None:
        self.latencies.append(seconds)
        self.statuses.append(status)

    def percentile(self, p: float) -> float:
        if not self.latencies:
            return 0.0
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered)) - 1))]

    @property
    def server_errors(self) -> list[int]:
        return [s for s in self.statuses if s >= 500 or s == 0]

    def summary(self) -> str:
        if not self.latencies:
            return "no requests"
        return (f"{len(self.latencies)} requests, p50 {self.percentile(50) * 1000:.0f} ms, p95 {self.percentile(95) * 1000:.0f} ms, "
                f"max {max(self.latencies) * 1000:.0f} ms, mean {statistics.mean(self.latencies) * 1000:.0f} ms, "
                f"5xx {len(self.server_errors)}")


async def timed(http: httpx.AsyncClient, timings: Timings, method: str, url: str, **kwargs) -> httpx.Response | None:
    started = time.monotonic()
    try:
        answer = await http.request(method, url, **kwargs)
    except httpx.HTTPError:
        timings.add(time.monotonic() - started, 0)
        return None
    timings.add(time.monotonic() - started, answer.status_code)
    return answer


class MemoryWatch:
    """The peak resident memory of some services' process trees, sampled every 50 ms."""

    def __init__(self, *services: str):
        self.services = services
        self.peak = {s: processes.rss_bytes(s) for s in services}
        self._task: asyncio.Task | None = None

    async def _run(self) -> None:
        while True:
            for service in self.services:
                self.peak[service] = max(self.peak[service], processes.rss_bytes(service))
            await asyncio.sleep(0.05)

    async def __aenter__(self) -> "MemoryWatch":
        self._task = asyncio.create_task(self._run())
        return self

    async def __aexit__(self, *exc) -> None:
        self._task.cancel()
        await asyncio.gather(self._task, return_exceptions=True)
        for service in self.services:
            self.peak[service] = max(self.peak[service], processes.rss_bytes(service))

    def mib(self, service: str) -> float:
        return self.peak[service] / 1024 ** 2


async def neighbour_until(done: asyncio.Event, work, workers: int, minimum_seconds: float) -> None:
    """Run `work()` in `workers` loops until `done` is set and at least `minimum_seconds` passed."""
    started = time.monotonic()

    async def loop():
        while not done.is_set() or time.monotonic() - started < minimum_seconds:
            await work()

    await asyncio.gather(*(loop() for _ in range(workers)))


def acceptable_shedding(answer: httpx.Response | None) -> bool:
    """A flood's request may succeed, or be shed with 503 and a Retry-After (the limit's answer)."""
    if answer is None:
        return False
    return answer.status_code < 500 or (answer.status_code == 503 and "retry-after" in answer.headers)
