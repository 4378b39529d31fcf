#!/usr/bin/env python3
"""Local launcher for machines without a container engine.

    python deploy/local/stack.py up [NAME ...]      start (or restart when changed) and wait until ready
    python deploy/local/stack.py down [NAME ...]    stop what `up` started
    python deploy/local/stack.py restart [NAME ...]
    python deploy/local/stack.py status

Processes come from the table in deploy/local/config.py. Each runs detached in its own session,
with a pid file in .run/pids/<name>.json and its output in .run/logs/<name>.log. `up` is safe to
repeat: a running process is left alone unless its command, environment or watched source files
changed, in which case it is restarted.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import signal
import socket
import subprocess
import sys
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
    if not cmd:
        return False
    # A zombie has an empty cmdline; compare the program and its arguments.
    return cmd == state["cmd"]


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
def render_gateway_config() -> None:
    """gateway/traefik.yml with the local port, route-table directory and log files."""
    import yaml  # from the venv

    static = yaml.safe_load((REPO / "gateway" / "traefik.yml").read_text())
    static["entryPoints"]["web"]["address"] = f"127.0.0.1:{config.GATEWAY_PORT}"
    static["providers"]["file"]["directory"] = str(REPO / "gateway" / "dynamic")
    static.setdefault("accessLog", {})["filePath"] = str(LOGS / "gateway-access.log")
    out = RUN / "gateway" / "traefik.yml"
    out.parent.mkdir(parents=True, exist_ok=True)
    text = ("# Rendered by deploy/local/stack.py from gateway/traefik.yml; do not edit.\n"
            + yaml.safe_dump(static, sort_keys=False))
    if not out.exists() or out.read_text() != text:  # unchanged file: no needless gateway restart
        out.write_text(text)


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
    if not names:
        return PROCESSES
    known = {p.name for p in PROCESSES}
    unknown = [n for n in names if n not in known]
    if unknown:
        sys.exit(f"unknown process(es): {', '.join(unknown)}; known: {', '.join(sorted(known))}")
    return [p for p in PROCESSES if p.name in names]


def up(names: list[str]) -> int:
    procs = _select(names)
    if any(p.name in config.SERVICES for p in procs) and not config.infra_passwords():
        # Each service logs in to RabbitMQ and Redis as its own user, made by the infra step.
        say(f"no service passwords in {config.INFRA_PASSWORDS}: run `make infra` (or `make up`) first")
        return 1
    if any(p.name == "gateway" for p in procs):
        render_gateway_config()
    (RUN / "media").mkdir(parents=True, exist_ok=True)
    (RUN / "mail").mkdir(parents=True, exist_ok=True)
    started: list[Process] = []
    waiting: list[Process] = []
    for p in procs:
        if p.requires is not None and not p.requires.exists():
            say(f"{p.name}: skipped ({p.requires.relative_to(REPO)} does not exist yet)")
            continue
        state = _read_state(p)
        if _alive(state):
            if state.get("fingerprint") == _fingerprint(p):
                waiting.append(p)
                continue
            say(f"{p.name}: changed, restarting")
            stop(p)
        if _port_open(p.port):
            say(f"{p.name}: port {p.port} is already in use by another program; stop it or "
                f"change the port (GATEWAY_PORT for the gateway)")
            return 1
        start(p)
        started.append(p)
        waiting.append(p)

    deadline = time.monotonic() + READY_TIMEOUT
    pending = list(waiting)
    failed: list[Process] = []
    while pending and time.monotonic() < deadline:
        for p in list(pending):
            if _ready(p):
                pending.remove(p)
            elif not _alive(_read_state(p)):
                pending.remove(p)
                failed.append(p)
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
    fresh = {p.name for p in started}
    for p in waiting:
        say(f"{p.name:<14} ready on :{p.port}{'  (started)' if p.name in fresh else ''}")
    say(f"platform: http://127.0.0.1:{config.GATEWAY_PORT}/  (API /api/, websocket /ws/)")
    say(f"mail sink: {RUN / 'mail'}   logs: {LOGS}")
    return 0


def down(names: list[str]) -> int:
    for p in reversed(_select(names)):
        if stop(p):
            say(f"{p.name}: stopped")
    return 0


def status(_names: list[str]) -> int:
    rc = 0
    for p in PROCESSES:
        state = _read_state(p)
        if _alive(state):
            s = "ready" if _ready(p) else "running, NOT ready"
            rc |= 0 if s == "ready" else 1
            print(f"{p.name:<14} {s:<20} pid {state['pid']:<8} :{p.port}")
        else:
            print(f"{p.name:<14} {'stopped':<20} {'':<12} :{p.port}")
            rc = 1
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
    ap.add_argument("names", nargs="*", help="process names (default: all); for replay: the service")
    args, rest = ap.parse_known_args()
    if args.command == "replay":
        return replay(args.names[0] if args.names else "", rest)
    if rest:
        ap.error(f"unrecognized arguments: {' '.join(rest)}")
    if args.command == "restart":
        down(args.names)
        return up(args.names)
    return {"up": up, "down": down, "status": status}[args.command](args.names)


if __name__ == "__main__":
    sys.exit(main())
