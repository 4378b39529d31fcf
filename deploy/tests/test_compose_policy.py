"""docker-compose.yml's security rules, read from the file (no container engine needed):
development-only parts behind the `dev` profile or bound to 127.0.0.1, the JWT private key in
identity only, one PostgreSQL role and one RabbitMQ user per service with rights on their own
things only, X-Forwarded-* trusted from the gateways only, and no default admin password."""

from __future__ import annotations

import importlib.util
import ipaddress
import json
import re
import subprocess
from pathlib import Path

import pytest
import yaml

REPO = Path(__file__).resolve().parents[2]
DOCKER = REPO / "deploy" / "docker"
SERVICES = ["identity", "catalog", "floor", "ordering", "billing", "notifications"]
GATEWAYS = ["traefik", "traefik-tls"]
REQUIRED = re.compile(r"^\$\{(?P<var>[A-Z0-9_]+):\?[^}]+\}$")


@pytest.fixture(scope="module")
def compose() -> dict:
    return yaml.safe_load((REPO / "docker-compose.yml").read_text())


def required_var(value: str) -> str | None:
    m = REQUIRED.match(value)
    return m.group("var") if m else None


PORT = re.compile(r"^(?:(?P<address>\d+\.\d+\.\d+\.\d+):)?(?P<host>\$\{[^}]+\}|\d+):(?P<container>\d+)$")


def host_ports(service: dict) -> list[tuple[str | None, str]]:
    """(bound address, or None for every interface; host port) of each published port."""
    out = []
    for p in service.get("ports", []):
        m = PORT.match(str(p))
        assert m, f"unexpected port syntax {p!r}"
        out.append((m.group("address"), m.group("host")))
    return out


# ------------------------------------------------------------------------- exposure
def test_only_the_tls_gateway_listens_beyond_this_machine(compose):
    for name, service in compose["services"].items():
        for address, port in host_ports(service):
            if name == "traefik-tls":
                assert port in ("443", "80"), port
                continue
            assert address == "127.0.0.1", f"{name} publishes {port} on every interface"


def test_development_parts_sit_behind_the_dev_profile(compose):
    smtp = compose["services"]["smtp"]
    assert smtp.get("profiles") == ["dev"]
    assert "latest" not in smtp["image"]
    assert compose["services"]["traefik-tls"].get("profiles") == ["tls"]
    for name, service in compose["services"].items():
        if name not in ("smtp", "traefik-tls"):
            assert not service.get("profiles"), f"{name} is part of the platform: no profile"
    for s in SERVICES:
        assert compose["services"][s]["environment"]["SMTP_HOST"] == "${SMTP_HOST:-smtp}", \
            "outside dev, SMTP_HOST names a real relay"


def test_third_party_images_are_pinned(compose):
    for name, service in compose["services"].items():
        image = service.get("image", "")
        if image.startswith("restaurant-platform/"):
            assert image.endswith(":${IMAGE_TAG:-dev}"), (name, image)
        else:
            assert ":" in image and not image.endswith(":latest"), (name, image)


# ------------------------------------------------------------------------- JWT keys
def mounts(service: dict) -> list[str]:
    return [str(v).split(":")[0] for v in service.get("volumes", [])]


def test_only_identity_mounts_the_private_key(compose):
    holders = {name for name, s in compose["services"].items() if "jwt-private" in mounts(s)}
    assert holders == {"identity", "keys"}, holders  # keys: the one-shot that generates the pair
    for name, s in compose["services"].items():
        env = s.get("environment", {})
        if "JWT_PRIVATE_KEY_FILE" in env:
            assert name == "identity", name
        if name in SERVICES:
            assert "jwt-public" in mounts(s)
            assert env["JWT_PUBLIC_KEY_FILE"].startswith("/keys/public/")
    assert "keys" not in compose["volumes"], "one volume with both keys would reach every service"
    script = (DOCKER / "make-keys.sh").read_text()
    assert "/keys/private/jwt_private.pem" in script and "/keys/public/jwt_public.pem" in script
    assert "chmod 600 /keys/private/jwt_private.pem" in script


# ------------------------------------------------------------------------- PostgreSQL
@pytest.mark.parametrize("service", SERVICES)
def test_each_service_connects_as_its_own_role(compose, service):
    for name in (service, f"{service}-migrate"):
        url = compose["services"][name]["environment"]["DATABASE_URL"]
        m = re.fullmatch(r"postgresql\+asyncpg://(?P<user>[a-z]+):(?P<pw>\$\{[^}]+\})@postgres:5432/(?P<db>[a-z]+)", url)
        assert m, url
        assert m.group("user") == service and m.group("db") == service
        assert required_var(m.group("pw")) == f"{service.upper()}_DB_PASSWORD"


def test_postgres_has_no_trust_and_creates_one_role_per_service(compose):
    pg = compose["services"]["postgres"]
    env = pg["environment"]
    assert "POSTGRES_HOST_AUTH_METHOD" not in env, "no trust authentication"
    assert required_var(env["POSTGRES_PASSWORD"]) == "POSTGRES_PASSWORD"
    for s in SERVICES:
        assert required_var(env[f"{s.upper()}_DB_PASSWORD"]) == f"{s.upper()}_DB_PASSWORD"
    assert any("postgres-init.sh:/docker-entrypoint-initdb.d/" in v for v in pg["volumes"])
    script = (DOCKER / "postgres-init.sh").read_text()
    assert re.search(r"for service in \$\{POSTGRES_SERVICES:-" + " ".join(SERVICES) + r"\}; do", script)
    assert "NOSUPERUSER NOCREATEDB NOCREATEROLE" in script
    assert 'CREATE DATABASE :"role" OWNER :"role";' in script
    assert 'REVOKE ALL ON DATABASE :"role" FROM PUBLIC;' in script
    assert "PASSWORD :'password'" in script, "the password reaches SQL as a quoted psql variable"


def test_postgres_init_script_is_valid_shell():
    subprocess.run(["sh", "-n", str(DOCKER / "postgres-init.sh")], check=True)
    subprocess.run(["sh", "-n", str(DOCKER / "make-keys.sh")], check=True)
    subprocess.run(["sh", "-n", str(DOCKER / "make-env.sh")], check=True)


# ------------------------------------------------------------------------- RabbitMQ
@pytest.fixture(scope="module")
def definitions() -> dict:
    return json.loads((DOCKER / "rabbitmq" / "definitions.json").read_text())


@pytest.mark.parametrize("service", SERVICES)
def test_each_service_has_its_own_rabbitmq_user(compose, service):
    for name in (service, f"{service}-migrate"):
        url = compose["services"][name]["environment"]["RABBITMQ_URL"]
        m = re.fullmatch(r"amqp://(?P<user>[a-z]+):(?P<pw>\$\{[^}]+\})@rabbitmq:5672/", url)
        assert m and m.group("user") == service, url
        assert required_var(m.group("pw")) == f"{service.upper()}_MQ_PASSWORD"


def test_rabbitmq_imports_the_definitions(compose, definitions):
    rabbit = compose["services"]["rabbitmq"]
    assert "RABBITMQ_DEFAULT_PASS" not in rabbit.get("environment", {})
    assert rabbit["depends_on"]["rabbitmq-definitions"]["condition"] == "service_completed_successfully"
    conf = (DOCKER / "rabbitmq" / "rabbitmq.conf").read_text()
    path = re.search(r"^definitions\.local\.path = (\S+)$", conf, re.M).group(1)
    assert any(v.startswith("rabbitmq-definitions:") and path.startswith(v.split(":")[1]) for v in rabbit["volumes"])
    assert {u["name"] for u in definitions["users"]} == set(SERVICES)
    assert all(u["tags"] == [] for u in definitions["users"]), "no service is an administrator"
    assert {p["user"] for p in definitions["permissions"]} == set(SERVICES)
    render = compose["services"]["rabbitmq-definitions"]
    for s in SERVICES:
        assert required_var(render["environment"][f"{s.upper()}_MQ_PASSWORD"]) == f"{s.upper()}_MQ_PASSWORD"


def allowed(definitions: dict, user: str, right: str, resource: str) -> bool:
    perm = next(p for p in definitions["permissions"] if p["user"] == user)
    return re.search(perm[right], resource) is not None


def test_rabbitmq_permissions_cover_a_service_own_things_only(definitions):
    exchanges = ["platform.events", "platform.events.dead-letter", "platform.events.retry"]
    for s in SERVICES:
        others = [o for o in SERVICES if o != s]
        for right in ("configure", "write", "read"):
            for ex in exchanges:
                assert allowed(definitions, s, right, ex), (s, right, ex)
            assert allowed(definitions, s, right, f"{s}.dead-letter")
            assert allowed(definitions, s, right, f"{s}.retry.1")
            assert allowed(definitions, s, right, f"{s}.{others[0]}.thing.happened"), "consume a queue of its own"
            assert not allowed(definitions, s, right, "amq.topic")
            assert not allowed(definitions, s, right, f"x{s}.dead-letter")
        for o in others:
            # Declaring (and binding) a consumer's queue for an event this service produces; read
            # too: RabbitMQ asks for it on a queue declared with a dead-letter exchange (tested on
            # a real broker in test_rabbitmq_permissions_live.py) ...
            for right in ("configure", "write", "read"):
                assert allowed(definitions, s, right, f"{o}.{s}.thing.happened")
            # ... but never another producer's queues, nor o's own ones.
            third = next(t for t in SERVICES if t not in (s, o))
            for right in ("configure", "write", "read"):
                assert not allowed(definitions, s, right, f"{o}.{third}.thing.happened"), (s, right, o, third)
                assert not allowed(definitions, s, right, f"{o}.dead-letter")
                assert not allowed(definitions, s, right, f"{o}.retry.1")


def test_rendered_definitions_carry_rabbitmq_password_hashes(definitions):
    import base64
    import hashlib

    spec = importlib.util.spec_from_file_location("render_definitions", DOCKER / "rabbitmq" / "render_definitions.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    env = {f"{s.upper()}_MQ_PASSWORD": f"pw-{s}" for s in SERVICES}
    rendered = module.render(definitions, env)
    assert not any(k.startswith("_") for k in rendered)
    for user in rendered["users"]:
        raw = base64.b64decode(user["password_hash"])
        salt, digest = raw[:4], raw[4:]
        assert digest == hashlib.sha256(salt + f"pw-{user['name']}".encode()).digest()
        assert user["hashing_algorithm"] == "rabbit_password_hashing_sha256"
        assert "password" not in user
    with pytest.raises(SystemExit):
        module.render(definitions, {k: v for k, v in env.items() if not k.startswith("BILLING")})


# ------------------------------------------------------------------------- forwarded headers
def test_services_trust_forwarded_headers_from_the_gateways_only(compose):
    gateway_ips = {compose["services"][g]["networks"]["default"]["ipv4_address"] for g in GATEWAYS}
    subnet = ipaddress.ip_network(compose["networks"]["default"]["ipam"]["config"][0]["subnet"])
    assert all(ipaddress.ip_address(ip) in subnet for ip in gateway_ips)
    for s in SERVICES:
        trusted = compose["services"][s]["environment"]["FORWARDED_ALLOW_IPS"]
        assert set(trusted.split(",")) == gateway_ips, (s, trusted)
    entrypoint = (DOCKER / "service-entrypoint.sh").read_text()
    assert '--forwarded-allow-ips "${FORWARDED_ALLOW_IPS:-127.0.0.1}"' in entrypoint
    assert "'*'" not in entrypoint and '"*"' not in entrypoint


# ------------------------------------------------------------------------- admin seed
def test_the_admin_password_comes_from_the_environment(compose):
    seed = compose["services"]["identity-seed"]
    assert seed["command"] == ["seed"]
    assert required_var(seed["environment"]["ADMIN_PASSWORD"]) == "ADMIN_PASSWORD", "required, no default"
    assert "JWT_PRIVATE_KEY_FILE" not in seed["environment"]
    text = (REPO / "docker-compose.yml").read_text()
    assert "Admin-Resto-2026" not in text and "Demo-Resto-2026" not in text


def test_make_env_generates_every_required_variable(compose):
    text = (REPO / "docker-compose.yml").read_text()
    needed = set(re.findall(r"\$\{([A-Z0-9_]+):\?", text))
    out = subprocess.run(["sh", str(DOCKER / "make-env.sh")], capture_output=True, text=True, check=True).stdout
    made = dict(line.split("=", 1) for line in out.splitlines())
    assert needed == set(made), needed ^ set(made)
    assert all(re.fullmatch(r"[0-9a-f]{48}", v) for v in made.values())
    again = dict(line.split("=", 1) for line in subprocess.run(
        ["sh", str(DOCKER / "make-env.sh")], capture_output=True, text=True, check=True).stdout.splitlines())
    assert not set(made.values()) & set(again.values()), "fresh secrets every time"
