"""Render RabbitMQ's definitions: the template's users get their password hashes from the
environment (<SERVICE>_MQ_PASSWORD, required), so no password is ever committed.

    python render_definitions.py definitions.json /definitions/definitions.json

The hash is RabbitMQ's rabbit_password_hashing_sha256: base64(salt + sha256(salt + password)),
with a random 4-byte salt (https://www.rabbitmq.com/docs/passwords#computing-password-hash).
"""
import base64
import hashlib
import json
import os
import secrets
import sys


def password_hash(password: str) -> str:
    salt = secrets.token_bytes(4)
    return base64.b64encode(salt + hashlib.sha256(salt + password.encode()).digest()).decode()


def render(template: dict, env: dict[str, str]) -> dict:
    out = {k: v for k, v in template.items() if not k.startswith("_")}
    users = []
    for user in template["users"]:
        var = f"{user['name'].upper()}_MQ_PASSWORD"
        if not env.get(var):
            raise SystemExit(f"render_definitions: {var} is not set")
        users.append({**user, "password_hash": password_hash(env[var]),
                      "hashing_algorithm": "rabbit_password_hashing_sha256"})
    out["users"] = users
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
