"""A service of several processes changes without dropping a request. While tablets keep placing
orders through the gateway, ordering grows to two processes (the new one joins the gateway's
rotation once ready), both are replaced one at a time (what `make up` does after a change, here
`stack.py restart`), and it shrinks back to what it was (the extra one leaves the rotation before
it stops): every order is acknowledged (201) and stored once.

It changes the running stack's processes, so it holds the stack's lock (`flock
/tmp/resto-stack.lock make up` waits for it) and puts back the REPLICAS it found."""
import asyncio
import json
import os
import subprocess
import sys
import threading
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "deploy" / "local"))
sys.path.insert(0, str(REPO / "deploy" / "bench"))

import config  # noqa: E402  deploy/local/config.py
from stack_restaurant import Restaurant, new_restaurant  # noqa: E402

SERVICE = "ordering"
STACK = [config.PY, str(REPO / "deploy" / "local" / "stack.py")]
CLIENTS = 2  # tablets placing orders back to back: about 30-60 orders a second on this machine
LOCK_WAIT_SECONDS = 600


def stack(*args: str, replicas: dict[str, int] | None = None) -> str:
    env = {k: v for k, v in os.environ.items() if k != "REPLICAS"}
    if replicas is not None:
        env["REPLICAS"] = " ".join(f"{name}={n}" for name, n in replicas.items()) or "default"
    done = subprocess.run([*STACK, *args], env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def processes() -> list[dict]:
    """The service's processes as `make status` sees them: pid, readiness, the gateway's view."""
    done = subprocess.run([*STACK, "status", "--json"], capture_output=True, text=True, timeout=60)
    return [row for row in json.loads(done.stdout) if row["service"] == SERVICE]


class Tablets:
    """CLIENTS tablets placing one order after another through the gateway until stopped."""

    def __init__(self, base_url: str, restaurant: Restaurant):
        self.base_url, self.restaurant = base_url, restaurant
        self.answers: list[int | str] = []
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []

    def _place(self, index: int) -> None:
        places = self.restaurant.places
        with httpx.Client(base_url=self.base_url, timeout=30, headers=self.restaurant.headers) as http:
            n = index
            while not self._stop.is_set():
                try:
                    answer = http.post("/api/ordenes/", json=self.restaurant.order(places[n % len(places)]))
                    self.answers.append(answer.status_code)
                except httpx.HTTPError as e:
                    self.answers.append(f"{type(e).__name__}: {e}")
                n += CLIENTS

    @contextmanager
    def placing(self):
        """Orders flow during the block; yields the answers received meanwhile."""
        first = len(self.answers)
        self._stop.clear()
        self._threads = [threading.Thread(target=self._place, args=(i,)) for i in range(CLIENTS)]
        for t in self._threads:
            t.start()
        during: list = []
        try:
            yield during
        finally:
            self._stop.set()
            for t in self._threads:
                t.join()
            during.extend(self.answers[first:])


def test_a_service_grows_is_replaced_and_shrinks_without_dropping_an_order(base_url, client):
    restaurant = asyncio.run(_new_restaurant(base_url))
    tablets = Tablets(base_url, restaurant)
    with config.stack_lock(LOCK_WAIT_SECONDS, give_up=pytest.fail):
        before = config.chosen_replicas()
        grown = {**before, SERVICE: max(2, before.get(SERVICE, 1))}
        try:
            with tablets.placing() as growing:
                stack("up", SERVICE, replicas=grown)
            running = processes()
            assert len(running) == grown[SERVICE]
            assert all(p["ready"] and p["gateway"] == "UP" for p in running), running

            with tablets.placing() as replacing:
                stack("restart", SERVICE)
            replaced = processes()
            assert all(p["ready"] and p["gateway"] == "UP" for p in replaced), replaced
            old_pids = {p["name"]: p["pid"] for p in running}
            assert all(p["pid"] != old_pids[p["name"]] for p in replaced), (running, replaced)
        finally:
            with tablets.placing() as shrinking:
                stack("up", SERVICE, replicas=before)
    assert len(processes()) == before.get(SERVICE, 1)

    for phase, answers in (("growing", growing), ("replacing", replacing), ("shrinking", shrinking)):
        assert answers, f"no order was placed while {phase}"
        failed = [a for a in answers if a != 201]
        assert not failed, f"{len(failed)} of {len(answers)} orders failed while {phase}: {failed[:5]}"
    assert len(replacing) >= 50, f"only {len(replacing)} orders while both processes were replaced"

    placed = 1 + sum(len(a) for a in (growing, replacing, shrinking))  # new_restaurant placed the first
    lines = client.get(f"/api/ordenes/?fk_sit__fk_resto={restaurant.id}&status=0&size=1",
                       headers=restaurant.headers).json()["count"]
    assert lines == placed * len(restaurant.dishes), "every acknowledged order stored, none twice"


async def _new_restaurant(base_url: str) -> Restaurant:
    async with httpx.AsyncClient(base_url=base_url, timeout=30) as http:
        return await new_restaurant(http, tables=10)
