"""Render RabbitMQ's definitions: the template's users get their password hashes from the
environment (<SERVICE>_MQ_PASSWORD, required), so no password is ever committed, and their topic
permissions from the bus topology (contracts/topology.py), so they follow every new consumer.

    python render_definitions.py definitions.json /definitions/definitions.json

The hash is RabbitMQ's rabbit_password_hashing_sha256: base64(salt + sha256(salt + password)),
with a random 4-byte salt (https://www.rabbitmq.com/docs/passwords#computing-password-hash).

Topic permissions are regular expressions on routing keys, per exchange (RabbitMQ checks `write`
on every publish to a topic exchange and `read` on every binding to one):
  platform.events              write: the service's own event types (`<service>.…`) only, so ordering's
                               login can never publish `identity.operator.added`;
                               read: its own types (it declares its consumers' queues) and the types
                               it consumes, so it cannot bind a queue to anyone else's events.
  platform.events.dead-letter  write: nothing (only the broker dead-letters there);
                               read: its own queues' names (`<service>.#`, its dead-letter queue).
Standard library only: the local launcher (deploy/local/setup.py) renders with it too.
"""
import base64
import hashlib
import importlib.util
import json
import os
import re
import secrets
import sys
from pathlib import Path

EVENTS = "platform.events"
# In the repository the topology is read from its file (the launcher has no pydantic to import the
# `contracts` package); in the image, from the installed package.
HERE = Path(__file__).resolve()
TOPOLOGY_FILE = HERE.parents[3] / "proto" / "contracts" / "topology.py" if len(HERE.parents) > 3 else None


def password_hash(password: str) -> str:
    salt = secrets.token_bytes(4)
    return base64.b64encode(salt + hashlib.sha256(salt + password.encode()).digest()).decode()


def consumes() -> dict[str, tuple[str, ...]]:
    """contracts.topology.CONSUMES: which event types each service consumes."""
    if TOPOLOGY_FILE is not None and TOPOLOGY_FILE.exists():
        spec = importlib.util.spec_from_file_location("bus_topology", TOPOLOGY_FILE)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module.CONSUMES
    from contracts.topology import CONSUMES

    return CONSUMES


def alternatives(patterns: list[str]) -> str:
    return "^(" + "|".join(patterns) + ")$"


def topic_permissions(service: str, vhost: str, consumed: tuple[str, ...]) -> list[dict]:
    own = re.escape(service) + r"\..+"
    return [
        {"user": service, "vhost": vhost, "exchange": EVENTS,
         "write": alternatives([own]),
         "read": alternatives([own, *(re.escape(t) for t in sorted(consumed))])},
        {"user": service, "vhost": vhost, "exchange": f"{EVENTS}.dead-letter",
         "write": "^$",
         "read": alternatives([own])},
    ]


def render(template: dict, env: dict[str, str], topology: dict[str, tuple[str, ...]] | None = None) -> dict:
    topology = consumes() if topology is None else topology
    out = {k: v for k, v in template.items() if not k.startswith("_")}
    users = []
    for user in template["users"]:
        var = f"{user['name'].upper()}_MQ_PASSWORD"
        if not env.get(var):
            raise SystemExit(f"render_definitions: {var} is not set")
        users.append({**user, "password_hash": password_hash(env[var]),
                      "hashing_algorithm": "rabbit_password_hashing_sha256"})
    out["users"] = users
    out["topic_permissions"] = [
        permission
        for p in template["permissions"]
        for permission in topic_permissions(p["user"], p["vhost"], tuple(topology.get(p["user"], ())))
    ]
    return out


if __name__ == "__main__":
    source, target = sys.argv[1], sys.argv[2]
    with open(source) as f:
        rendered = render(json.load(f), dict(os.environ))
    with open(target + ".part", "w") as f:
        json.dump(rendered, f, indent=2)
    os.chmod(target + ".part", 0o644)  # read by RabbitMQ's own user
    os.replace(target + ".part", target)
    print(f"render_definitions: {len(rendered['users'])} users")
