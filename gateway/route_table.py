"""Read gateway/dynamic/routes.yml the way Traefik does, for the tests.

Traefik runs the file through Go templating before parsing it; the only template construct the
table uses is `{{ env "NAME" | default "URL" }}`, rendered here from the given environment.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

import yaml

GATEWAY = Path(__file__).resolve().parent
ROUTES_FILE = GATEWAY / "dynamic" / "routes.yml"

_TEMPLATE = re.compile(r'\{\{\s*env\s+"(?P<var>[A-Z0-9_]+)"\s*\|\s*default\s+"(?P<default>[^"]*)"\s*\}\}')
_ANY_TEMPLATE = re.compile(r"\{\{.*?\}\}")
_PREFIX = re.compile(r"PathPrefix\(`(?P<prefix>[^`]+)`\)")


@dataclass(frozen=True)
class Router:
    name: str
    service: str
    priority: int
    prefixes: tuple[str, ...]
    middlewares: tuple[str, ...]


def render(text: str, env: dict[str, str] | None = None) -> str:
    env = os.environ if env is None else env

    def sub(m: re.Match) -> str:
        return env.get(m.group("var")) or m.group("default")

    out = _TEMPLATE.sub(sub, text)
    leftover = _ANY_TEMPLATE.search(out)
    if leftover:
        raise ValueError(f"unsupported template construct in {ROUTES_FILE.name}: {leftover.group(0)}")
    return out


def load(env: dict[str, str] | None = None) -> dict:
    return yaml.safe_load(render(ROUTES_FILE.read_text(), {} if env is None else env))


def template_vars() -> dict[str, str]:
    """Every env var the table reads, with its default."""
    return {m.group("var"): m.group("default") for m in _TEMPLATE.finditer(ROUTES_FILE.read_text())}


def routers(config: dict | None = None) -> list[Router]:
    config = load() if config is None else config
    out = []
    for name, r in config["http"]["routers"].items():
        prefixes = tuple(m.group("prefix") for m in _PREFIX.finditer(r["rule"]))
        out.append(Router(name, r["service"], int(r.get("priority", 0)), prefixes,
                          tuple(r.get("middlewares", []))))
    return out


def prefix_owner(config: dict | None = None) -> dict[str, str]:
    """{prefix: service} over all routers."""
    return {p: r.service for r in routers(config) for p in r.prefixes}


def owner_of(path: str, config: dict | None = None) -> str:
    """The service Traefik picks for a path: highest priority, then the longest matching prefix."""
    best = None
    for r in routers(config):
        for p in r.prefixes:
            if path.startswith(p):
                key = (r.priority, len(p))
                if best is None or key > best[0]:
                    best = (key, r.service)
    if best is None:
        raise LookupError(path)
    return best[1]
