"""What the suite reads of the running local stack's processes (deploy/local/stack.py keeps their
pid files in .run/pids/): a process's pid, its environment (the credentials the launcher gave it),
its memory, and a setting as that process sees it."""
from __future__ import annotations

import importlib
import json
import os
from pathlib import Path

from tenants import REPO

PIDS = REPO / ".run" / "pids"


def pid(name: str) -> int | None:
    try:
        found = json.loads((PIDS / f"{name}.json").read_text())["pid"]
    except (OSError, ValueError, KeyError):
        return None
    return found if Path(f"/proc/{found}").exists() else None


def environment(name: str) -> dict[str, str]:
    """The environment a running process was started with (empty when it cannot be read)."""
    found = pid(name)
    if found is None:
        return {}
    try:
        raw = Path(f"/proc/{found}/environ").read_bytes()
    except OSError:
        return {}
    return dict(item.split("=", 1) for item in raw.decode(errors="replace").split("\0") if "=" in item)


def descendants(root: int) -> list[int]:
    """`root` and every process below it (a render pool's workers count toward the service)."""
    found, frontier = [root], [root]
    while frontier:
        current = frontier.pop()
        for task in Path(f"/proc/{current}/task").glob("*"):
            try:
                children = (task / "children").read_text().split()
            except OSError:
                continue
            for child in map(int, children):
                if child not in found:
                    found.append(child)
                    frontier.append(child)
    return found


def rss_bytes(name: str) -> int:
    """Resident memory of a service's process tree, in bytes (0 when it is not running)."""
    root = pid(name)
    if root is None:
        return 0
    total = 0
    for process in descendants(root):
        try:
            for line in Path(f"/proc/{process}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1]) * 1024
        except OSError:
            continue
    return total


def setting(service: str, *needles: str) -> tuple[str, object] | None:
    """The first setting of `service` whose name holds every needle: (name, value as the running
    process sees it: its environment wins over the default). None when there is no such setting."""
    try:
        settings = importlib.import_module(f"{service}.settings").Settings
    except Exception:  # noqa: BLE001  (the service's package is not installed here)
        return None
    env = environment(service)
    for name, info in settings.model_fields.items():
        if all(n in name for n in needles):
            raw = env.get(name.upper())
            if raw is None:
                return name, info.default
            try:
                return name, type(info.default)(raw) if info.default is not None else raw
            except (TypeError, ValueError):
                return name, raw
    return None


def service_url(name: str, variable: str) -> str | None:
    """A URL the launcher gave a running service (RABBITMQ_URL, REDIS_URL): its credentials."""
    found = environment(name).get(variable)
    if found:
        return found
    try:
        import sys

        sys.path.insert(0, str(REPO / "deploy" / "local"))
        import config  # noqa: PLC0415

        return config.service_env(name).get(variable)
    except Exception:  # noqa: BLE001
        return os.environ.get(variable)
