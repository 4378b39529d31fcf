"""docker-compose.yml's security rules, read from the file (no container engine needed):
development-only parts behind the `dev` profile or bound to 127.0.0.1, the JWT private key in
identity only, one PostgreSQL role, one RabbitMQ user and one Redis user per service with rights on
their own things only, X-Forwarded-* trusted from the gateways only, and no default admin password."""

from __future__ import annotations

import importlib.util
import ipaddress
import json
import re
import subprocess
import sys
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
        # RabbitMQ asks for write on the default exchange to declare a queue that dead-letters into
        # it (the retry queues), and kit.replay sends dead letters back through it.
        assert allowed(definitions, s, "write", "amq.default")
        assert not allowed(definitions, s, "configure", "amq.default") and not allowed(definitions, s, "read", "amq.default")
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


def render_module():
    spec = importlib.util.spec_from_file_location("render_definitions", DOCKER / "rabbitmq" / "render_definitions.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def topic_allowed(rendered: dict, user: str, exchange: str, right: str, routing_key: str) -> bool:
    (perm,) = [p for p in rendered["topic_permissions"] if p["user"] == user and p["exchange"] == exchange]
    return re.search(perm[right], routing_key) is not None


def test_each_service_publishes_only_its_own_events_and_binds_only_what_it_consumes(definitions):
    """Topic permissions (RabbitMQ checks `write` on each publish to a topic exchange, `read` on each
    binding to one), rendered from the bus topology: ordering's login can never publish
    `identity.operator.added`, nor bind a queue to `#` or to events it does not consume."""
    from contracts import registered_events
    from contracts.topology import CONSUMES, producer

    rendered = render_module().render(definitions, {f"{s.upper()}_MQ_PASSWORD": "pw" for s in SERVICES})
    types = sorted({*registered_events(), *(t for consumed in CONSUMES.values() for t in consumed)})
    for s in SERVICES:
        for t in types:
            assert topic_allowed(rendered, s, "platform.events", "write", t) == (producer(t) == s), (s, t)
            assert topic_allowed(rendered, s, "platform.events", "read", t) == (producer(t) == s or t in CONSUMES.get(s, ())), (s, t)
        for key in ("#", "*.#", f"{SERVICES[0] if s != SERVICES[0] else SERVICES[1]}.#"):
            assert not topic_allowed(rendered, s, "platform.events", "read", key), (s, key)
        # Only the broker dead-letters: nobody may publish there (a queue name as routing key
        # would land in another service's dead letters); each binds its own dead-letter queue.
        dead = "platform.events.dead-letter"
        assert not topic_allowed(rendered, s, dead, "write", f"{s}.identity.operator.added")
        assert topic_allowed(rendered, s, dead, "read", f"{s}.#")
        assert not topic_allowed(rendered, s, dead, "read", "#")
    assert {(p["user"], p["vhost"]) for p in rendered["topic_permissions"]} == {(s, "/") for s in SERVICES}


# ------------------------------------------------------------------------- Redis
REDIS = DOCKER / "redis"


def acl_users() -> dict[str, list[str]]:
    users = {}
    for line in (REDIS / "users.acl").read_text().splitlines():
        if line.startswith("user "):
            _, name, *rules = line.split()
            users[name] = rules
    return users


@pytest.mark.parametrize("service", SERVICES)
def test_each_service_logs_in_to_redis_as_its_own_user(compose, service):
    url = compose["services"][service]["environment"]["REDIS_URL"]
    m = re.fullmatch(r"redis://(?P<user>[a-z]+):(?P<pw>\$\{[^}]+\})@redis:6379/0", url)
    assert m and m.group("user") == service, url
    assert required_var(m.group("pw")) == f"{service.upper()}_REDIS_PASSWORD"
    assert "REDIS_URL" not in compose["x-service-env"], "no shared Redis login"


def test_redis_answers_nobody_without_a_login_and_knows_one_user_per_service(compose):
    redis = compose["services"]["redis"]
    assert redis["entrypoint"] == ["sh", "/redis/render-acl.sh", "/redis/users.acl", "/tmp/users.acl"]
    assert redis["command"][:2] == ["docker-entrypoint.sh", "redis-server"]
    assert "./deploy/docker/redis:/redis:ro" in redis["volumes"]
    for s in SERVICES:
        assert required_var(redis["environment"][f"{s.upper()}_REDIS_PASSWORD"]) == f"{s.upper()}_REDIS_PASSWORD"
    users = acl_users()
    assert users.pop("default")[0] == "off"
    assert set(users) == set(SERVICES)
    assert all(rules[0] == "on" for rules in users.values())


def test_redis_users_reach_their_own_keys_and_only_notifications_the_live_channel():
    """Keys: `<service>:*` read-write; identity's token revocations (`auth:*`) readable by all,
    writable by identity alone (with its attempt counters); no user reaches every key or channel.
    Channels: only notifications publishes or listens on the live channel."""
    users = acl_users()
    users.pop("default")
    for s, rules in users.items():
        assert "resetchannels" in rules and not {"~*", "allkeys", "&*", "allchannels", "nopass"} & set(rules), s
        assert {"+@all", "-@dangerous", "-scan", "-randomkey"} <= set(rules), s
        keys = {r for r in rules if "~" in r}
        expected = {f"~{s}:*", "~auth:*", "~throttle:*"} if s == "identity" else {f"~{s}:*", "%R~auth:*"}
        assert keys == expected, (s, keys)
        channels = {r for r in rules if r.startswith("&")}
        assert channels == ({"&notifications.live"} if s == "notifications" else set()), s
    settings = (REPO / "services" / "notifications" / "notifications" / "settings.py").read_text()
    assert 'f"{self.broker_namespace}notifications.live"' in settings, "the live channel moved: update users.acl"


def test_the_redis_acl_is_rendered_with_hashed_passwords_from_the_environment(tmp_path):
    import hashlib

    env = {"PATH": "/usr/bin:/bin", **{f"{s.upper()}_REDIS_PASSWORD": f"pw-{s}" for s in SERVICES}}
    target = tmp_path / "users.acl"
    subprocess.run(["sh", str(REDIS / "render-acl.sh"), str(REDIS / "users.acl"), str(target)], env=env, check=True,
                   capture_output=True)
    lines = target.read_text().splitlines()
    assert lines[0].startswith("user default off")
    for line in lines[1:]:
        name = line.split()[1]
        assert line.endswith(" #" + hashlib.sha256(f"pw-{name}".encode()).hexdigest()), name
        assert f"pw-{name}" not in line
    assert oct(target.stat().st_mode & 0o777) == "0o600"
    missing = {k: v for k, v in env.items() if not k.startswith("BILLING")}
    refused = subprocess.run(["sh", str(REDIS / "render-acl.sh"), str(REDIS / "users.acl"), str(tmp_path / "x.acl")],
                             env=missing, capture_output=True, text=True)
    assert refused.returncode != 0 and "BILLING_REDIS_PASSWORD" in refused.stderr


def test_every_service_closes_a_websocket_frame_over_4_kib():
    """uvicorn --ws-max-size 4096 in the image (compose and k8s run its `serve`) and the local launcher."""
    entrypoint = (DOCKER / "service-entrypoint.sh").read_text()
    serve = entrypoint.split("serve)", 1)[1].split(";;", 1)[0]
    assert "--ws-max-size 4096" in serve
    sys.path.insert(0, str(REPO / "deploy" / "local"))
    import config  # deploy/local/config.py

    for process in config.PROCESSES:
        if process.service in SERVICES:  # every replica
            at = process.cmd.index("--ws-max-size")
            assert process.cmd[at + 1] == "4096", process.name


def test_every_service_stops_within_a_bounded_grace():
    """A PDF waiting its turn must not hold a stop (a rolling update, `make up`) for minutes."""
    entrypoint = (DOCKER / "service-entrypoint.sh").read_text()
    serve = entrypoint.split("serve)", 1)[1].split(";;", 1)[0]
    assert "--timeout-graceful-shutdown 20" in serve and "--no-server-header" in serve
    sys.path.insert(0, str(REPO / "deploy" / "local"))
    import config  # deploy/local/config.py

    for process in config.PROCESSES:
        if process.service in SERVICES:  # every replica
            at = process.cmd.index("--timeout-graceful-shutdown")
            assert process.cmd[at + 1] == "20" and "--no-server-header" in process.cmd, process.name


def test_the_gateway_closes_idle_connections_before_the_services_do():
    """Traefik's idle timeout below uvicorn's keep-alive everywhere, so no request races a close."""
    import yaml

    static = yaml.safe_load((REPO / "gateway" / "traefik.yml").read_text())
    idle = int(static["serversTransport"]["forwardingTimeouts"]["idleConnTimeout"].rstrip("s"))
    entrypoint = (DOCKER / "service-entrypoint.sh").read_text()
    serve = entrypoint.split("serve)", 1)[1].split(";;", 1)[0]
    assert int(re.search(r"--timeout-keep-alive (\d+)", serve).group(1)) > idle
    sys.path.insert(0, str(REPO / "deploy" / "local"))
    import config  # deploy/local/config.py

    for process in config.PROCESSES:
        if process.service in SERVICES:
            at = process.cmd.index("--timeout-keep-alive")
            assert int(process.cmd[at + 1]) > idle, process.name


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


def service_environments(compose) -> dict[str, dict]:
    return {name: service.get("environment") or {} for name, service in compose["services"].items()}


def test_no_demo_owner_and_no_published_password(compose):
    """The demo (and its owner, whose password is published) exists only in the local stack: no
    container turns it on, and no seeded account gets a password written in the repository."""
    from identity.seed import DEMO_PASSWORD, LOCAL_ADMIN_PASSWORD

    for name, env in service_environments(compose).items():
        assert not {"DEMO_LOGIN_ENABLED", "DEMO_PASSWORD"} & set(env), name
    text = (REPO / "docker-compose.yml").read_text()
    assert DEMO_PASSWORD not in text and LOCAL_ADMIN_PASSWORD not in text


def test_the_operator_can_rotate_a_seeded_password(compose):
    """`docker compose run --rm identity-seed seed --rotate <email>` reaches the seed's arguments,
    and the seed can end the account's sessions in Redis."""
    entrypoint = (DOCKER / "service-entrypoint.sh").read_text()
    assert 'exec python -m "${SERVICE_NAME}.seed" "$@"' in entrypoint
    seed = compose["services"]["identity-seed"]
    assert seed["environment"]["REDIS_URL"] == compose["services"]["identity"]["environment"]["REDIS_URL"]
    assert "redis" in seed["depends_on"]
    assert "seed --rotate" in (REPO / "docker-compose.yml").read_text()


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
