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
_PATH = re.compile(r"Path\(`(?P<path>[^`]+)`\)")
_REGEXP = re.compile(r"PathRegexp\(`(?P<regexp>[^`]+)`\)")
_TERM = re.compile(r"(?:PathPrefix|Path|PathRegexp)\(`[^`]+`\)")
_METHOD = re.compile(r"Method\(`(?P<method>[A-Z]+)`\)")


@dataclass(frozen=True)
class Router:
    name: str
    service: str
    priority: int
    prefixes: tuple[str, ...]
    middlewares: tuple[str, ...]
    # Exact paths and regular expressions (routers that give a few paths their own middlewares).
    paths: tuple[str, ...] = ()
    regexps: tuple[str, ...] = ()
    # The methods it takes, when its rule names some (the public reads: GET and HEAD); () for any.
    methods: tuple[str, ...] = ()

    def matches(self, path: str, method: str | None = None) -> bool:
        """Every rule of the table is an OR of path matchers, some ANDed with an OR of methods.
        `method` None: whatever the method (a router of some methods only may take the path)."""
        if method is not None and self.methods and method not in self.methods:
            return False
        return (any(path.startswith(p) for p in self.prefixes) or path in self.paths
                or any(re.search(r, path) for r in self.regexps))


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


def split_rule(name: str, rule: str) -> tuple[tuple[str, ...], str]:
    """(methods, paths) of a rule: an OR of path matchers, or `(Method(..) || ..) && (<that OR>)`."""
    if "&&" not in rule:
        leftover = _TERM.sub("", rule).replace("||", "").strip()
        if leftover:
            raise ValueError(f"router {name}: only ORs of PathPrefix, Path and PathRegexp are understood: {leftover!r}")
        return (), rule
    methods_part, _, paths_part = rule.partition("&&")
    methods = tuple(m.group("method") for m in _METHOD.finditer(methods_part))
    strip = lambda text: text.replace("||", "").replace("(", "").replace(")", "").strip()  # noqa: E731
    if not methods or strip(_METHOD.sub("", methods_part)) or strip(_TERM.sub("", paths_part)):
        raise ValueError(f"router {name}: only `(Method(..) || ..) && (<an OR of path matchers>)` is understood")
    return methods, paths_part


def routers(config: dict | None = None) -> list[Router]:
    config = load() if config is None else config
    out = []
    for name, r in config["http"]["routers"].items():
        methods, rule = split_rule(name, r["rule"])
        out.append(Router(
            name, r["service"], int(r.get("priority", 0)),
            tuple(m.group("prefix") for m in _PREFIX.finditer(rule)), tuple(r.get("middlewares", [])),
            tuple(m.group("path") for m in _PATH.finditer(rule)), tuple(m.group("regexp") for m in _REGEXP.finditer(rule)),
            methods,
        ))
    return out


def prefix_owner(config: dict | None = None) -> dict[str, str]:
    """{prefix: service} over all routers."""
    return {p: r.service for r in routers(config) for p in r.prefixes}


def router_for(path: str, config: dict | None = None, method: str | None = None) -> Router:
    """The router Traefik picks for a request: the highest priority among those that match (the
    table gives every router an explicit priority, and no two matching routers share one).
    `method` None stands for a method that can carry a body (POST, PUT, PATCH, DELETE): the routers
    of some methods only (GET and HEAD) never take it."""
    matching = [r for r in routers(config)
                if r.matches(path, method) and (method is not None or not r.methods)]
    if not matching:
        raise LookupError(path)
    return max(matching, key=lambda r: r.priority)


def owner_of(path: str, config: dict | None = None) -> str:
    """The service that answers a path."""
    return router_for(path, config).service
