"""What the chaos run does to the running stack, and how it watches it heal.

Everything here blocks (subprocesses, sleeps): the run calls it in a thread. Processes are started
and stopped only through the launcher (deploy/local/stack.py), as `make up` would; a process is
killed with SIGKILL (no goodbye: its requests, transactions and unacknowledged deliveries are cut);
RabbitMQ is restarted with `rabbitmqctl stop_app` / `start_app`; Redis is killed and started again
with the machine's command, then `make infra`'s users are set on it again (deploy/local/setup.py:
Redis keeps no users on disk)."""
from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "deploy" / "local"))
import config  # noqa: E402
import setup  # noqa: E402  (standard library only: the infra step's Redis users)

STACK = [config.PY, str(REPO / "deploy" / "local" / "stack.py")]
HEAL_SECONDS = 120  # a fault not healed by then is reported as such


@dataclass
class Fault:
    kind: str  # kill | rabbitmq | redis
    target: str  # a process name, or the server
    at: float  # seconds since the run's start
    note: str = ""
    replicated: bool = False  # a kill: the service had other processes serving meanwhile
    back: float | None = None  # seconds from the fault until the process/server answered again
    healed: float | None = None  # ... until it was ready and in rotation / the backlog drained
    steps: list[str] = field(default_factory=list)

    def line(self) -> str:
        back = f"{self.back:.1f} s" if self.back is not None else "-"
        healed = f"{self.healed:.1f} s" if self.healed is not None else "NOT HEALED"
        return f"{self.at:6.1f} s  {self.kind:<8} {self.target:<16} back {back:>8}   healed {healed:>10}   {self.note}"


# ----------------------------------------------------------------------------- the launcher
def stack(*args: str, replicas: dict[str, int] | None = None, timeout: float = 300) -> tuple[int, str]:
    env = {k: v for k, v in os.environ.items() if k != "REPLICAS"}
    if replicas is not None:
        env["REPLICAS"] = " ".join(f"{name}={n}" for name, n in sorted(replicas.items()) if n != 1) or "default"
    done = subprocess.run([*STACK, *args], env=env, capture_output=True, text=True, timeout=timeout)
    return done.returncode, done.stdout + done.stderr


def status() -> list[dict]:
    """`stack.py status --json`: every process, its pid, readiness and the gateway's view."""
    done = subprocess.run([*STACK, "status", "--json"], capture_output=True, text=True, timeout=120)
    try:
        return json.loads(done.stdout)
    except ValueError:
        return []


def service_rows(rows: list[dict] | None = None) -> list[dict]:
    return [r for r in (status() if rows is None else rows) if r.get("service")]


def healthy(rows: list[dict] | None = None) -> bool:
    """Every service process ready, and in the gateway's rotation where the gateway says."""
    rows = service_rows(rows)
    return bool(rows) and all(r["ready"] and r["gateway"] in (None, "UP") for r in rows)


def replicas_of(rows: list[dict]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for r in service_rows(rows):
        counts[r["service"]] = counts.get(r["service"], 0) + 1
    return counts


def wait_until(probe, seconds: float, step: float = 0.25) -> float | None:
    """Seconds until probe() was true, None if it never was within `seconds`."""
    started = time.monotonic()
    while time.monotonic() - started < seconds:
        if probe():
            return time.monotonic() - started
        time.sleep(step)
    return None


def _ready(port: int) -> bool:
    import urllib.request

    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=2) as r:
            return r.status == 200
    except OSError:
        return False


def _port_open(port: int) -> bool:
    with socket.socket() as s:
        s.settimeout(0.5)
        return s.connect_ex(("127.0.0.1", port)) == 0


# ----------------------------------------------------------------------------- faults
def kill(name: str, started: float, restart_after: float) -> Fault:
    """SIGKILL one service process (its whole process group), then start it again through the
    launcher after `restart_after` s, as a supervisor would: healed once it is ready and in the
    gateway's rotation."""
    row = next((r for r in status() if r["name"] == name), None)
    fault = Fault("kill", name, time.monotonic() - started)
    if row is not None:
        fault.replicated = sum(1 for r in service_rows() if r["service"] == row["service"]) > 1
    if row is None or not row["pid"]:
        fault.note = "not running: nothing killed"
        return fault
    t0 = time.monotonic()
    try:
        os.killpg(row["pid"], signal.SIGKILL)
    except ProcessLookupError:
        os.kill(row["pid"], signal.SIGKILL)
    fault.note = f"pid {row['pid']}, started again by the launcher after {restart_after:.0f} s"
    time.sleep(restart_after)
    rc, out = stack("up", name)
    fault.steps.append(out[-2000:])
    port = row["port"]
    if wait_until(lambda: _ready(port), HEAL_SECONDS) is not None:
        fault.back = time.monotonic() - t0
        seen = wait_until(lambda: next((r["gateway"] in (None, "UP") for r in status() if r["name"] == name), False),
                          HEAL_SECONDS, step=0.5)
        fault.healed = None if seen is None else time.monotonic() - t0
    if rc != 0:
        fault.note += f"; the launcher said: {out.strip().splitlines()[-1] if out.strip() else rc}"
    return fault


def rabbitmqctl(*args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run(["rabbitmqctl", "-q", *args], capture_output=True, text=True, timeout=timeout)


def queues() -> list[dict]:
    done = rabbitmqctl("list_queues", "name", "messages", "consumers", "--formatter", "json", timeout=60)
    try:
        return json.loads(done.stdout) if done.returncode == 0 else []
    except ValueError:
        return []


def _service_queue(name: str) -> bool:
    service, _, rest = name.partition(".")
    return service in config.SERVICES and not rest.startswith("dead-letter")


def waiting(listed: list[dict] | None = None) -> int | None:
    """Events the stack's consumers have not handled yet (ready, being handled or waiting to be
    retried), dead letters aside; None when the broker does not answer."""
    listed = queues() if listed is None else listed
    if not listed:
        return None
    return sum(q["messages"] for q in listed if _service_queue(q["name"]))


def dead_letters() -> dict[str, int]:
    return {q["name"]: q["messages"] for q in queues() if q["name"].split(".", 1)[-1].startswith("dead-letter") and q["messages"]}


def consumers_back(listed: list[dict]) -> bool:
    """Every service's main queues have a consumer again (retry and dead-letter queues have none)."""
    main = [q for q in listed if _service_queue(q["name"]) and ".retry." not in q["name"] and not q["name"].endswith(".retry")]
    return bool(main) and all(q["consumers"] > 0 for q in main)


def restart_rabbitmq(started: float, down_seconds: float) -> Fault:
    fault = Fault("rabbitmq", "rabbitmq", time.monotonic() - started)
    before = waiting() or 0
    t0 = time.monotonic()
    stopped = rabbitmqctl("stop_app")
    fault.steps.append(f"stop_app: {stopped.returncode} {stopped.stderr.strip()[:200]}")
    time.sleep(down_seconds)
    begun = rabbitmqctl("start_app")
    fault.steps.append(f"start_app: {begun.returncode} {begun.stderr.strip()[:200]}")
    back = wait_until(lambda: _port_open(5672) and consumers_back(queues()), HEAL_SECONDS, step=0.5)
    fault.back = None if back is None else time.monotonic() - t0
    limit = max(before, 20)
    drained = wait_until(lambda: (w := waiting()) is not None and w <= limit, HEAL_SECONDS, step=0.5)
    fault.healed = None if drained is None or back is None else time.monotonic() - t0
    fault.note = f"down {down_seconds:.0f} s; healed: every queue consumed again and the backlog back to <= {limit} events"
    return fault


def redis_pids() -> list[int]:
    found = subprocess.run(["pgrep", "-f", r"^redis-server .*:6379"], capture_output=True, text=True)
    return [int(pid) for pid in found.stdout.split()]


def restart_redis(started: float, down_seconds: float) -> Fault:
    """Redis killed and started again with the machine's command (setup.start_redis), then the
    infra step's users set on it (setup.apply_redis_users): healed once every process is ready."""
    fault = Fault("redis", "redis", time.monotonic() - started)
    pids = redis_pids()
    if not pids:
        fault.note = "no redis-server on :6379 found: nothing restarted"
        return fault
    t0 = time.monotonic()
    for pid in pids:
        os.kill(pid, signal.SIGKILL)
    wait_until(lambda: not _port_open(6379), 30, step=0.1)
    time.sleep(down_seconds)
    setup.step_infra()  # `make infra`: Redis started as the machine starts it, then every user set again
    fault.back = time.monotonic() - t0
    ready = wait_until(lambda: healthy(), HEAL_SECONDS, step=0.5)
    fault.healed = None if ready is None else time.monotonic() - t0
    fault.note = f"SIGKILL, down {down_seconds:.0f} s, started and its users set again (make infra's step)"
    return fault


def ensure_infra() -> list[str]:
    """RabbitMQ's app running and Redis up with its users: what a run that failed half-way may
    have left otherwise. Answers what it had to do."""
    did = []
    if not _port_open(5672):
        rabbitmqctl("start_app")
        did.append("RabbitMQ's app started again")
    if not _port_open(6379):
        setup.start_redis()
        did.append("Redis started again")
    setup.apply_redis_users(setup.service_passwords())
    return did
