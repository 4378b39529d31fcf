#!/usr/bin/env python3
"""Local launcher for machines without a container engine.

    python deploy/local/stack.py up [NAME ...]      start (or restart when changed) and wait until ready
    python deploy/local/stack.py down [NAME ...]    stop what `up` started
    python deploy/local/stack.py restart [NAME ...]
    python deploy/local/stack.py status [--json]

Processes come from the table in deploy/local/config.py. Each runs detached in its own session,
with a pid file in .run/pids/<name>.json and its output in .run/logs/<name>.log. `up` is safe to
repeat: a running process is left alone unless its command, environment or watched source files
changed, in which case it is restarted.

A service may run several processes (REPLICAS="ordering=2", config.py). The gateway sends to the
ones in rotation: the launcher renders gateway/dynamic/routes.yml into .run/gateway/dynamic/ with
each service's processes as its servers, health-checked on /readyz, and Traefik applies the file
without a restart. A process joins once it is ready. A changed (or restarted) service process is
replaced one at a time: out of rotation, wait until the gateway applied that, stop (uvicorn
finishes the requests in flight), start, wait until ready, back in rotation; then the next one.

For scripts (the chaos and capacity runs): `processes(service)` lists a service's processes with
their pids, ports, readiness and rotation; `up([name])`, `down([name])` and `restart([name])`
start, stop (out of rotation first) and replace one process or a whole service.
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import hashlib
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import config  # noqa: E402
from config import PROCESSES, REPO, RUN, Process  # noqa: E402

PIDS = RUN / "pids"
LOGS = RUN / "logs"
READY_TIMEOUT = float(os.environ.get("READY_TIMEOUT", "90"))


def say(msg: str) -> None:
    print(f"[stack] {msg}", flush=True)


# ----------------------------------------------------------------------------- process state
def _pidfile(p: Process) -> Path:
    return PIDS / f"{p.name}.json"


def _read_state(p: Process) -> dict | None:
    try:
        return json.loads(_pidfile(p).read_text())
    except (FileNotFoundError, ValueError):
        return None


def _cmdline(pid: int) -> list[str] | None:
    try:
        raw = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return None
    return [part.decode(errors="replace") for part in raw.split(b"\0") if part]


def _alive(state: dict | None) -> bool:
    """The recorded pid is alive AND is still our command (guards against pid reuse)."""
    if not state:
        return False
    cmd = _cmdline(state["pid"])
    if cmd is None:
        return False
    if not cmd:
        # An empty cmdline is a zombie's, or a process just started: Popen returns once the exec
        # closed its error pipe, a moment before the kernel sets the new program's arguments.
        return _run_state(state["pid"]) not in (None, "Z", "X")
    return cmd == state["cmd"]


def _run_state(pid: int) -> str | None:
    """The process's state letter in /proc/<pid>/stat (R, S, Z...), None when there is none."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return stat.rsplit(")", 1)[1].split()[0]  # after the command name, which may hold spaces


def _fingerprint(p: Process) -> str:
    h = hashlib.sha256()
    h.update(json.dumps([p.cmd, str(p.cwd), sorted(p.env.items())]).encode())
    for root in p.watch:
        paths = [root] if root.is_file() else sorted(root.rglob("*")) if root.exists() else []
        for f in paths:
            if "__pycache__" in f.parts or f.suffix == ".pyc" or not f.is_file():
                continue
            st = f.stat()
            h.update(f"{f}:{st.st_mtime_ns}:{st.st_size}".encode())
    return h.hexdigest()


def _port_open(port: int, host: str = "127.0.0.1") -> bool:
    with socket.socket() as s:
        s.settimeout(0.3)
        return s.connect_ex((host, port)) == 0


def _ready(p: Process) -> bool:
    if p.ready == "tcp":
        return _port_open(p.port)
    try:
        with urllib.request.urlopen(p.ready, timeout=3) as r:
            return 200 <= r.status < 300
    except (urllib.error.URLError, OSError, ValueError):
        return False


def _tail(path: Path, lines: int = 30) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except FileNotFoundError:
        return "(no log)"


# ----------------------------------------------------------------------------- gateway config
GATEWAY_DYNAMIC = RUN / "gateway" / "dynamic"
GATEWAY_API = f"http://127.0.0.1:{config.GATEWAY_API_PORT}/api"
# Traefik probes every process of a service that has several: one that does not answer /readyz
# (its database or Redis away, killed) leaves the rotation within about a second and comes back
# once it answers. The timeout is generous: a process busy with a rush is slow, not gone, and
# taking it out would pile its share onto the others. A lone process is not probed: with nobody
# to send its requests to, a failed probe would only turn slow answers into 503s (seen: catalog
# under a flood answered /readyz in more than 3 s and the gateway refused every catalog request).
HEALTH_CHECK = {"path": "/readyz", "interval": "1s", "timeout": "5s"}
# Traefik applies a changed file within about 2 s (providersThrottleDuration).
GATEWAY_APPLY_TIMEOUT = float(os.environ.get("GATEWAY_APPLY_TIMEOUT", "20"))
# uvicorn's --timeout-graceful-shutdown (20 s) and a margin: requests in flight finish first.
SERVICE_STOP_TIMEOUT = 25.0


def render_gateway_config() -> None:
    """gateway/traefik.yml with the local port, route-table directory, log files and the API."""
    import yaml  # from the venv

    static = yaml.safe_load((REPO / "gateway" / "traefik.yml").read_text())
    static["entryPoints"]["web"]["address"] = f"127.0.0.1:{config.GATEWAY_PORT}"
    # Routers that name no entrypoint stay on `web`, never on the API's.
    static["entryPoints"]["web"]["asDefault"] = True
    static["entryPoints"]["local-api"] = {"address": f"127.0.0.1:{config.GATEWAY_API_PORT}",
                                          "http": {"aliasHeadersStrategy": "delete"}}
    static["api"] = {"dashboard": False}
    static["providers"]["file"]["directory"] = str(GATEWAY_DYNAMIC)
    static["entryPoints"]["metrics"]["address"] = f"127.0.0.1:{config.GATEWAY_METRICS_PORT}"  # for Prometheus
    static.setdefault("accessLog", {})["filePath"] = str(LOGS / "gateway-access.log")
    out = RUN / "gateway" / "traefik.yml"
    out.parent.mkdir(parents=True, exist_ok=True)
    text = ("# Rendered by deploy/local/stack.py from gateway/traefik.yml; do not edit.\n"
            + yaml.safe_dump(static, sort_keys=False))
    if not out.exists() or out.read_text() != text:  # unchanged file: no needless gateway restart
        out.write_text(text)


def render_prometheus_config() -> None:
    """deploy/prometheus/prometheus.yml with a static target per process of the table (render_local.py)."""
    sys.path.insert(0, str(REPO / "deploy" / "prometheus"))
    import render_local

    text = render_local.render(PROCESSES, config.GATEWAY_METRICS_PORT)
    out = config.PROMETHEUS_CONFIG
    out.parent.mkdir(parents=True, exist_ok=True)
    if not out.exists() or out.read_text() != text:  # unchanged file: no needless restart
        out.write_text(text)


# ----------------------------------------------------------------------------- rotation
# Service processes a launcher keeps out of the gateway's rotation (starting, being replaced,
# leaving): {name: the launcher's pid}, shared by every launcher running at once (a `make up`
# meanwhile must not put back a process another is replacing); a dead launcher's entries no
# longer count. Read, changed and rendered under ROTATION_LOCK.
HELD_OUT = RUN / "gateway" / "held-out.json"
ROTATION_LOCK = RUN / "gateway" / "rotation.lock"


@contextlib.contextmanager
def _rotation_lock():
    ROTATION_LOCK.parent.mkdir(parents=True, exist_ok=True)
    with open(ROTATION_LOCK, "a") as lock:  # a file of its own per call: threads exclude each other too
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def held_out() -> dict[str, int]:
    try:
        held = json.loads(HELD_OUT.read_text())
    except (FileNotFoundError, ValueError):
        return {}
    return {name: pid for name, pid in held.items() if _pid_alive(pid)}


def _url(p: Process) -> str:
    return f"http://127.0.0.1:{p.port}"


def in_rotation(service: str, held: dict[str, int] | None = None) -> list[Process]:
    """The service's processes the gateway is to send to: alive, and held out by no launcher."""
    held = held_out() if held is None else held
    return [p for p in config.service_processes(service) if p.name not in held and _alive(_read_state(p))]


def render_routes() -> dict[str, set[str]]:
    """The route table (gateway/dynamic/routes.yml) into .run/gateway/dynamic/, each service's
    servers being its processes in rotation; Traefik watches the folder. {service: server urls}."""
    with _rotation_lock():
        return _render_routes()


def _hold(names: list[str], out: bool) -> dict[str, set[str]]:
    """Hold processes out of rotation (or let them back in), and render."""
    with _rotation_lock():
        held = held_out()
        for name in names:
            if out:
                held[name] = os.getpid()
            else:
                held.pop(name, None)
        HELD_OUT.parent.mkdir(parents=True, exist_ok=True)
        HELD_OUT.write_text(json.dumps(held) + "\n")
        return _render_routes()


def _render_routes() -> dict[str, set[str]]:
    """render_routes, its caller holding the rotation lock."""
    import yaml  # from the venv

    held = held_out()
    table = yaml.safe_load((REPO / "gateway" / "dynamic" / "routes.yml").read_text())
    members: dict[str, set[str]] = {}
    for service in config.SERVICES:
        balancer = table["http"]["services"][service]["loadBalancer"]
        balancer["servers"] = [{"url": _url(p)} for p in in_rotation(service, held)]
        if len(config.service_processes(service)) > 1:
            balancer["healthCheck"] = dict(HEALTH_CHECK)
        members[service] = {s["url"] for s in balancer["servers"]}
    table["http"]["routers"]["local-api"] = {
        "entryPoints": ["local-api"], "rule": "PathPrefix(`/api`)", "service": "api@internal",
        "observability": {"accessLogs": False, "metrics": False, "tracing": False},
    }
    text = ("# Rendered by deploy/local/stack.py from gateway/dynamic/routes.yml with each service's\n"
            "# processes in rotation; do not edit (edit the table, then `make up`).\n"
            + yaml.safe_dump(table, sort_keys=False, width=1 << 16))
    out = GATEWAY_DYNAMIC / "routes.yml"
    if not out.exists() or out.read_text() != text:
        GATEWAY_DYNAMIC.mkdir(parents=True, exist_ok=True)
        tmp = GATEWAY_DYNAMIC / "routes.yml.tmp"  # Traefik reads only .yml, .yaml and .toml files
        tmp.write_text(text)
        os.replace(tmp, out)  # one step: Traefik never reads half a file
    return members


def gateway_servers(service: str) -> dict[str, str] | None:
    """{url: "UP" or "DOWN"}: the servers the running gateway has for a service and what its
    health check says of each; None when the gateway's API does not answer."""
    try:
        with urllib.request.urlopen(f"{GATEWAY_API}/http/services/{service}@file", timeout=2) as r:
            data = json.load(r)
    except (urllib.error.URLError, OSError, ValueError):
        return None
    status = data.get("serverStatus") or {}
    return {s["url"]: status.get(s["url"], "UP") for s in data.get("loadBalancer", {}).get("servers", [])}


def _gateway_running() -> bool:
    return any(p.name == "gateway" and _alive(_read_state(p)) for p in PROCESSES)


def wait_gateway(service: str, urls: set[str]) -> bool:
    """Until the running gateway sends the service's requests to exactly `urls` (at once when no
    gateway runs: nothing is sent anywhere)."""
    deadline = time.monotonic() + GATEWAY_APPLY_TIMEOUT
    while time.monotonic() < deadline:
        if not _gateway_running():
            return True
        seen = gateway_servers(service)
        if seen is not None and set(seen) == urls:
            return True
        time.sleep(0.1)
    say(f"{service}: the gateway did not apply {sorted(urls)} within {GATEWAY_APPLY_TIMEOUT:.0f}s ({GATEWAY_API})")
    return False


def hold_out(procs: list[Process]) -> bool:
    """Take service processes out of rotation and wait until the gateway sends them nothing new."""
    members = _hold([p.name for p in procs], out=True)
    return all([wait_gateway(s, members[s]) for s in sorted({p.service for p in procs if p.service})])


def put_back(p: Process) -> bool:
    """A ready service process back in rotation, once the gateway applied it."""
    return wait_gateway(p.service, _hold([p.name], out=False)[p.service])


def _wait_ready(p: Process) -> bool:
    deadline = time.monotonic() + READY_TIMEOUT
    while time.monotonic() < deadline:
        if _ready(p):
            return True
        if not _alive(_read_state(p)):
            break
        time.sleep(0.25)
    why = "exited" if not _alive(_read_state(p)) else f"not ready after {READY_TIMEOUT:.0f}s ({p.ready})"
    say(f"{p.name}: {why}; last lines of {LOGS / (p.name + '.log')}:\n{_tail(LOGS / f'{p.name}.log')}")
    return False


def replace(p: Process) -> bool:
    """A service process replaced without dropping a request: out of rotation (the gateway sends it
    nothing new), stopped (uvicorn finishes what it has), started, ready, back in rotation. A
    process that does not come back stays out (the others keep serving) and the roll stops."""
    if not hold_out([p]):
        put_back(p)
        say(f"{p.name}: left running, not replaced: the gateway still sends it requests")
        return False
    stop(p, SERVICE_STOP_TIMEOUT)
    if _port_open(p.port):
        say(f"{p.name}: port {p.port} is in use by another program; left stopped")
        return False
    start(p)
    if not _wait_ready(p):
        return False
    put_back(p)
    say(f"{p.name:<16} replaced, ready on :{p.port}, back in rotation")
    return True


def roll(procs: list[Process]) -> bool:
    """Replace the given processes, one at a time per service, the services side by side."""
    by_service: dict[str, list[Process]] = {}
    for p in procs:
        by_service.setdefault(p.service, []).append(p)
    results: dict[str, bool] = {}

    def one_service(service: str, todo: list[Process]) -> None:
        results[service] = all(replace(p) for p in todo)  # all() stops at the first failure

    threads = [threading.Thread(target=one_service, args=item, name=f"roll-{item[0]}") for item in by_service.items()]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return all(results.values())


def _retired(names: list[str]) -> list[Process]:
    """Running processes of a pid file the table no longer has (a replica after REPLICAS went
    down, say); only those of the named services when names are given."""
    known = {p.name for p in PROCESSES}
    out = []
    for f in sorted(PIDS.glob("*.json")) if PIDS.exists() else []:
        if f.stem in known:
            continue
        service = next((s for s in config.SERVICES if f.stem.startswith(f"{s}-")), None)
        if names and service not in names:
            continue
        try:
            state = json.loads(f.read_text())
        except ValueError:
            continue
        out.append(Process(f.stem, state["cmd"], state.get("port", 0), "tcp", service=service))
    return out


def processes(service: str) -> list[dict]:
    """A service's processes as scripts need them: name, port, pid (None when stopped), alive,
    ready, and whether the gateway has it in rotation (None when the gateway does not answer)."""
    seen = gateway_servers(service) if _gateway_running() else None
    out = []
    for p in config.service_processes(service):
        state = _read_state(p)
        alive = _alive(state)
        out.append({"name": p.name, "port": p.port, "pid": state["pid"] if alive else None,
                    "alive": alive, "ready": alive and _ready(p),
                    "in_rotation": None if seen is None else seen.get(_url(p)) == "UP"})
    return out


def save_replicas() -> None:
    """REPLICAS given now: kept for every later call (config.chosen_replicas reads it)."""
    if os.environ.get("REPLICAS", "").strip():
        chosen = {name: n for name, n in config.REPLICAS.items() if n != 1}
        config.REPLICAS_FILE.parent.mkdir(parents=True, exist_ok=True)
        config.REPLICAS_FILE.write_text(json.dumps(chosen) + "\n")


# ----------------------------------------------------------------------------- start / stop
def start(p: Process) -> None:
    LOGS.mkdir(parents=True, exist_ok=True)
    PIDS.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ)
    env["PATH"] = f"{config.VENV_BIN}:{env.get('PATH', '/usr/bin:/bin')}"
    env.update(p.env)
    log = open(LOGS / f"{p.name}.log", "ab")
    log.write(f"\n===== {time.strftime('%Y-%m-%d %H:%M:%S')} starting {p.name}: {' '.join(p.cmd)}\n".encode())
    log.flush()
    proc = subprocess.Popen(p.cmd, cwd=p.cwd, env=env, stdin=subprocess.DEVNULL, stdout=log,
                            stderr=subprocess.STDOUT, start_new_session=True)
    log.close()
    _pidfile(p).write_text(json.dumps({"pid": proc.pid, "cmd": p.cmd, "port": p.port,
                                       "fingerprint": _fingerprint(p), "started": time.time()}))


def stop(p: Process, timeout: float = 10.0) -> bool:
    state = _read_state(p)
    if not _alive(state):
        _pidfile(p).unlink(missing_ok=True)
        return False
    pid = state["pid"]
    # Our processes lead their own session: signal the whole group (uvicorn workers etc.).
    try:
        os.killpg(pid, signal.SIGTERM)
    except ProcessLookupError:
        pass
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and _alive(state):
        time.sleep(0.1)
    if _alive(state):
        say(f"{p.name}: did not stop in {timeout:.0f}s, killing")
        try:
            os.killpg(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        time.sleep(0.2)
    _pidfile(p).unlink(missing_ok=True)
    return True


def _select(names: list[str]) -> list[Process]:
    """Processes by name; a service's name is every process of it, `<service>-1` its first alone."""
    if not names:
        return PROCESSES
    wanted: set[str] = set()
    for n in names:
        if n in config.SERVICES:
            wanted.update(p.name for p in config.service_processes(n))
        elif n.endswith("-1") and n[:-2] in config.SERVICES:
            wanted.add(n[:-2])
        else:
            wanted.add(n)
    known = {p.name for p in PROCESSES}
    unknown = sorted(wanted - known)
    if unknown:
        sys.exit(f"unknown process(es): {', '.join(unknown)}; known: {', '.join(sorted(known))}")
    return [p for p in PROCESSES if p.name in wanted]


def up(names: list[str], force: set[str] = frozenset()) -> int:
    """Start what is not running, restart what changed (or is in `force`): other processes in
    place, service processes one at a time per service (`replace`)."""
    procs = _select(names)
    if any(p.service for p in procs) and not config.infra_passwords():
        # Each service logs in to RabbitMQ and Redis as its own user, made by the infra step.
        say(f"no service passwords in {config.INFRA_PASSWORDS}: run `make infra` (or `make up`) first")
        return 1
    save_replicas()
    if any(p.name == "gateway" for p in procs):
        render_gateway_config()
    if any(p.name == "prometheus" for p in procs):
        render_prometheus_config()
    (RUN / "media").mkdir(parents=True, exist_ok=True)
    (RUN / "mail").mkdir(parents=True, exist_ok=True)
    retired = [p for p in _retired(names) if p.service]
    render_routes()  # the processes running now; a retired replica is no longer among them
    started: list[Process] = []
    waiting: list[Process] = []
    rolling: list[Process] = []
    for p in procs:
        if p.requires is not None and not p.requires.exists():
            say(f"{p.name}: skipped ({p.requires.relative_to(REPO)} does not exist yet)")
            continue
        state = _read_state(p)
        if _alive(state):
            if p.name not in force and state.get("fingerprint") == _fingerprint(p):
                waiting.append(p)
                continue
            if p.service:  # replaced one at a time once everything else is up
                rolling.append(p)
                continue
            say(f"{p.name}: {'restarting' if p.name in force else 'changed, restarting'}")
            stop(p)
        if _port_open(p.port):
            say(f"{p.name}: port {p.port} is already in use by another program; stop it or "
                f"change the port (GATEWAY_PORT for the gateway)")
            return 1
        if p.service:
            _hold([p.name], out=True)  # joins the rotation once ready
        start(p)
        started.append(p)
        waiting.append(p)

    deadline = time.monotonic() + READY_TIMEOUT
    pending = list(waiting)
    failed: list[Process] = []
    while pending and time.monotonic() < deadline:
        joined = []
        for p in list(pending):
            if _ready(p):
                pending.remove(p)
                if p.service and p in started:
                    joined.append(p.name)
            elif not _alive(_read_state(p)):
                pending.remove(p)
                failed.append(p)
        if joined:
            _hold(joined, out=False)
        if failed:  # no point waiting for the others (they may depend on it)
            break
        if pending:
            time.sleep(0.25)
    gave_up_early = bool(failed)
    failed += pending
    for p in failed:
        if not _alive(_read_state(p)):
            why = "exited"
        elif gave_up_early:
            why = f"not ready yet ({p.ready}); stopped waiting because another process failed"
        else:
            why = f"not ready after {READY_TIMEOUT:.0f}s ({p.ready})"
        say(f"{p.name}: {why}; last lines of {LOGS / (p.name + '.log')}:\n{_tail(LOGS / f'{p.name}.log')}")
    if failed:
        return 1
    members = render_routes()
    for service in sorted({p.service for p in started if p.service}):
        wait_gateway(service, members[service])  # in rotation when `up` returns
    for p in retired:  # out of rotation since the first render: once the gateway applied it, stop
        wait_gateway(p.service, render_routes()[p.service])
        if stop(p, SERVICE_STOP_TIMEOUT):
            say(f"{p.name}: stopped (REPLICAS no longer has it)")
    fresh = {p.name for p in started}
    for p in waiting:
        say(f"{p.name:<16} ready on :{p.port}{'  (started)' if p.name in fresh else ''}")
    if rolling:
        say("replacing, one process of a service at a time: " + " ".join(p.name for p in rolling))
        if not roll(rolling):
            return 1
    say(f"platform: http://127.0.0.1:{config.GATEWAY_PORT}/  (API /api/, websocket /ws/)")
    say(f"mail sink: {RUN / 'mail'}   logs: {LOGS}")
    return 0


def down(names: list[str]) -> int:
    procs = list(reversed(_select(names)))
    procs += [p for p in _retired(names) if not names or p.service]
    # The gateway is stopped first when it goes too; otherwise the service processes leave its
    # rotation before they stop, so no request is sent to a process on its way out.
    leaving: list[Process] = []
    if not any(p.name == "gateway" for p in procs):
        leaving = [p for p in procs if p.service and _alive(_read_state(p))]
        if leaving:
            hold_out(leaving)
    for p in procs:
        if stop(p, SERVICE_STOP_TIMEOUT if p.service else 10.0):
            say(f"{p.name}: stopped")
    if leaving:  # stopped: out of rotation for being dead; a later `up` lets them back once ready
        _hold([p.name for p in leaving], out=False)
    if _gateway_running():
        render_routes()
    return 0


def restart(names: list[str]) -> int:
    return up(names, force={p.name for p in _select(names)})


def status(_names: list[str], as_json: bool = False) -> int:
    """Every process (each replica of a service) with its pid, readiness and, for service
    processes, whether the gateway has it in rotation."""
    rc = 0
    rows = []
    seen = {s: gateway_servers(s) for s in config.SERVICES} if _gateway_running() else {}
    for p in [*PROCESSES, *_retired([])]:
        state = _read_state(p)
        alive = _alive(state)
        ready = alive and _ready(p)
        rotation = None
        if p.service and seen.get(p.service) is not None:
            rotation = seen[p.service].get(_url(p), "out")
        rows.append({"name": p.name, "service": p.service, "port": p.port,
                     "pid": state["pid"] if alive else None, "alive": alive, "ready": ready,
                     "gateway": rotation})
        rc |= 0 if ready else 1
    if as_json:
        print(json.dumps(rows, indent=1))
        return rc
    words = {"UP": "in rotation", "DOWN": "in rotation, failing its health check", "out": "out of rotation"}
    for r in rows:
        state = ("ready" if r["ready"] else "running, NOT ready") if r["alive"] else "stopped"
        pid = f"pid {r['pid']}" if r["pid"] else ""
        print(f"{r['name']:<16} {state:<20} {pid:<12} :{r['port']:<6} {words.get(r['gateway'], '')}".rstrip())
    return rc


def replay(service: str, replay_args: list[str]) -> int:
    """`python -m kit.replay` with the running service's environment (its database and broker)."""
    if service not in config.SERVICES:
        print(f"SERVICE must be one of: {', '.join(config.SERVICES)}", file=sys.stderr)
        return 2
    env = {**os.environ, **config.service_env(service)}
    return subprocess.run([config.PY, "-m", "kit.replay", *replay_args], env=env, cwd=REPO).returncode


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("command", choices=["up", "down", "restart", "status", "replay"])
    ap.add_argument("names", nargs="*", help="process names (default: all; a service's name is all its "
                                             "processes, <service>-1 its first alone); for replay: the service")
    ap.add_argument("--json", action="store_true", help="status: one JSON object per process, for scripts")
    args, rest = ap.parse_known_args()
    if args.command == "replay":
        return replay(args.names[0] if args.names else "", rest)
    if rest:
        ap.error(f"unrecognized arguments: {' '.join(rest)}")
    if args.command == "status":
        return status(args.names, args.json)
    return {"up": up, "down": down, "restart": restart}[args.command](args.names)


if __name__ == "__main__":
    sys.exit(main())
