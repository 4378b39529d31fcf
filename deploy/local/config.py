"""The local stack in one place: services, ports, environment, the process table, and the lock a
run that changes the stack's processes holds.

Standard library only: both setup.py (which may run before the venv exists) and stack.py import it.

- Add an environment variable for the services: add it to ENV (or SERVICE_ENV for one service).
- Add a process (e.g. a provider simulator): add one Process(...) line to PROCESSES.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import NoReturn

REPO = Path(__file__).resolve().parents[2]
RUN = REPO / ".run"
VENV_BIN = REPO / ".venv" / "bin"
PY = str(VENV_BIN / "python")

GATEWAY_PORT = int(os.environ.get("GATEWAY_PORT", "8080"))
WEB_PORT = int(os.environ.get("WEB_PORT", "8090"))
SMTP_PORT = int(os.environ.get("SMTP_PORT", "1025"))
OAUTH_SIM_PORT = int(os.environ.get("OAUTH_SIM_PORT", "8201"))
MARKETPLACE_SIM_PORT = int(os.environ.get("MARKETPLACE_SIM_PORT", "8202"))
# Prometheus (Debian's package, installed by `make setup`) and what it scrapes besides the services:
# Traefik's own metrics, on an entrypoint of their own (gateway/traefik.yml `metrics`, :8082 in
# containers; another port here, so a Traefik a test starts from gateway/traefik.yml can bind :8082).
PROMETHEUS_PORT = int(os.environ.get("PROMETHEUS_PORT", "9090"))
GATEWAY_METRICS_PORT = int(os.environ.get("GATEWAY_METRICS_PORT", "8089"))
PROMETHEUS_BIN = "/usr/bin/prometheus"
PROMETHEUS_CONFIG = RUN / "prometheus" / "prometheus.yml"  # rendered by stack.py from deploy/prometheus/
PG_HOST, PG_PORT, PG_USER = "127.0.0.1", 5432, "postgres"

# service name -> local port, 8101 onwards in the order of the platform's one list of services
sys.path.insert(0, str(REPO / "services" / "kit"))
from kit.services import SERVICES as SERVICE_NAMES  # noqa: E402  (standard library only)

SERVICES: dict[str, int] = {name: 8101 + index for index, name in enumerate(SERVICE_NAMES)}

# identity's Google and Facebook settings for the local OAuth simulator, as the simulator defines them
sys.path.insert(0, str(REPO / "deploy" / "simulators"))
from simulators.oauth_apps import provider_settings  # noqa: E402  (standard library only)

OAUTH_SIMULATOR = provider_settings(f"http://127.0.0.1:{OAUTH_SIM_PORT}")

KEYS = RUN / "keys"
JWT_PRIVATE = KEYS / "jwt_private.pem"
JWT_PUBLIC = KEYS / "jwt_public.pem"
# Each service's RabbitMQ and Redis password, generated once by `make infra` (setup.py), which
# gives each service its own user on the machine's broker and Redis; kept beside the JWT keys.
# So is the password of TESTS_USER, the test suites' and tools' own login (kit/testing reads it
# from this file too): the machine's Redis answers no one without a login, and its RabbitMQ has no
# guest.
INFRA_PASSWORDS = KEYS / "infra-passwords.json"
TESTS_USER = "tests"


def database_url(db: str) -> str:
    return f"postgresql+asyncpg://{PG_USER}@{PG_HOST}:{PG_PORT}/{db}"


# ---------------------------------------------------------------------------------------------
# Environment of every service process. `{name}` is the service name. Later issues add here.
# ---------------------------------------------------------------------------------------------
ENV: dict[str, str] = {
    "SERVICE_NAME": "{name}",
    "DATABASE_URL": database_url("{name}"),
    "JWT_PUBLIC_KEY_FILE": str(JWT_PUBLIC),
    "MEDIA_ROOT": str(RUN / "media"),
    "SMTP_HOST": "127.0.0.1",
    "SMTP_PORT": str(SMTP_PORT),
    "PUBLIC_BASE_URL": f"http://127.0.0.1:{GATEWAY_PORT}",
    "PYTHONUNBUFFERED": "1",
}

def marketplace_token_key() -> str:
    """The secret billing derives its token-encryption key from: made once (like the JWT pair), kept
    with the keys, so the tokens billing stored survive a restart."""
    path = KEYS / "marketplace-token.key"
    if not path.exists():
        import secrets

        KEYS.mkdir(parents=True, exist_ok=True)
        path.touch(mode=0o600)
        path.write_text(secrets.token_hex(32))
    return path.read_text().strip()


# Billing's marketplace settings pointing at the local simulator (deploy/simulators/simulators/mercadopago.py:
# the same application id and secrets, which are the simulator's own and reach nothing real).
MARKETPLACE_SIM_URL = f"http://127.0.0.1:{MARKETPLACE_SIM_PORT}"

# Variables only one service gets.
SERVICE_ENV: dict[str, dict[str, str]] = {
    "identity": {
        "JWT_PRIVATE_KEY_FILE": str(JWT_PRIVATE),
        # Google and Facebook sign-in go to the local simulator (deploy/simulators/): no internet here.
        "GOOGLE": json.dumps(OAUTH_SIMULATOR["google"]),
        "FACEBOOK": json.dumps(OAUTH_SIMULATOR["facebook"]),
    },
    "billing": {
        "MERCADOPAGO_AUTH_URL": MARKETPLACE_SIM_URL,
        "MERCADOPAGO_API_URL": MARKETPLACE_SIM_URL,
        "MERCADOPAGO_CLIENT_ID": "local-marketplace-app",
        "MERCADOPAGO_CLIENT_SECRET": "local-marketplace-secret",
        "MERCADOPAGO_WEBHOOK_SECRET": "local-marketplace-webhook-secret",
        "MERCADOPAGO_TOKEN_KEY": marketplace_token_key(),
        # Online checkout reads a table's or a delivery order's lines from ordering, current, over
        # HTTP (ARCHITECTURE.md: 'where it must be current'): ordering's first process.
        "ORDERING_URL": f"http://127.0.0.1:{SERVICES['ordering']}",
    },
}


# Only the running local stack sets these. The demo button works there (off by default everywhere
# else). Every local client is 127.0.0.1, and the gateway and browser suites register hundreds of
# accounts and ask for many reset mails: the per-address limits apply to real deployments and
# identity's own tests check them at their defaults; the per-account login limits stay as they are
# everywhere. Ordering's demo clock lets the demo (deploy/local/demo.py) place and pay its month of
# orders on past days (X-Demo-Time on staff calls); compose and k8s never set any of these
# (deploy/tests/test_stack_only.py).
STACK_ONLY_ENV: dict[str, dict[str, str]] = {
    "identity": {
        "DEMO_LOGIN_ENABLED": "true",
        "REGISTRATIONS_PER_ADDRESS": "100000",
        "RESET_MAILS_PER_ADDRESS": "100000",
    },
    "ordering": {
        "DEMO_CLOCK": "true",
    },
    # billing's anonymous checkout calls: every bench's diner is 127.0.0.1 too (its per-table and
    # per-charge limits stay at their defaults, and billing's own tests check the per-address one)
    "billing": {
        "ANONYMOUS_PER_ADDRESS_PER_MINUTE": "100000",
    },
}


def service_env(name: str) -> dict[str, str]:
    """Environment of a service process in the local stack."""
    env = base_env(name)
    env.update(STACK_ONLY_ENV.get(name, {}))
    return env


def base_env(name: str) -> dict[str, str]:
    env = {k: v.format(name=name) for k, v in ENV.items()}
    env.update(SERVICE_ENV.get(name, {}))
    env.update(infra_logins(name))
    return env


def infra_passwords() -> dict[str, dict[str, str]]:
    """{service or TESTS_USER: {"rabbitmq": ..., "redis": ...}}; empty until `make infra` made them."""
    try:
        return json.loads(INFRA_PASSWORDS.read_text())
    except (FileNotFoundError, ValueError):
        return {}


def infra_logins(name: str) -> dict[str, str]:
    """The RabbitMQ and Redis URLs of a service's own users, or of TESTS_USER (the test suites' and
    tools': Redis's database 0 is the running stack's)."""
    passwords = infra_passwords().get(name, {})
    return {
        "RABBITMQ_URL": f"amqp://{name}:{passwords.get('rabbitmq', '')}@127.0.0.1:5672/",
        "REDIS_URL": f"redis://{name}:{passwords.get('redis', '')}@127.0.0.1:6379/0",
    }


def test_env(name: str) -> dict[str, str]:
    """Environment for a service's pytest run: the running service's, at default limits, test database."""
    env = base_env(name)
    # The suites log in as TESTS_USER, in a broker namespace and a Redis database of their own
    # (kit/testing): they declare and delete whatever they need there.
    env.update(infra_logins(TESTS_USER))
    env["DATABASE_URL"] = database_url(f"test_{name}")
    env["TEST_DATABASE_URL"] = env["DATABASE_URL"]
    return env


# Where the gateway's route table finds the upstreams (gateway/dynamic/routes.yml templating).
# Traefik's Go runtime, the same in docker-compose and k8s (deploy/tests checks they agree).
# Traefik allocates on every proxied request; with Go's default GOGC=100 its garbage collector
# ran often enough to cost about an eighth of its CPU under the public-menu benchmark. GOGC=400
# collects a quarter as often: 0.21 instead of 0.24 ms of CPU per request, for about 70 MB more
# resident memory under that load (205 MB against 135 MB). GOMEMLIMIT caps the trade: near it,
# Go collects as often as it must.
GATEWAY_RUNTIME: dict[str, str] = {"GOGC": "400", "GOMEMLIMIT": "512MiB"}
GATEWAY_UPSTREAMS: dict[str, str] = {
    **{f"{name.upper()}_URL": f"http://127.0.0.1:{port}" for name, port in SERVICES.items()},
    "WEB_URL": f"http://127.0.0.1:{WEB_PORT}",
}
GATEWAY_ENV: dict[str, str] = {**GATEWAY_UPSTREAMS, **GATEWAY_RUNTIME}
# Traefik's read-only API, on this machine only: the launcher asks it which servers a service has
# in rotation (a rolling restart waits until the gateway stopped sending to a process) and
# `make status` shows what it sees.
GATEWAY_API_PORT = int(os.environ.get("GATEWAY_API_PORT", "8079"))


# ---------------------------------------------------------------------------------------------
# Processes per service: REPLICAS="ordering=2 notifications=2" (`make up REPLICAS=...`). The
# choice is kept in .run/replicas.json for every later `make up`/`make restart` until another one
# replaces it whole (a service it does not name runs one process; REPLICAS=default: one each).
# Process 1 of a service keeps its port (8101...) and name; process r (2-9) of the service at
# index i is `<name>-r` on port 8300 + 10*i + r (ordering-2: 8332, notifications-2: 8352).
# ---------------------------------------------------------------------------------------------
REPLICAS_FILE = RUN / "replicas.json"
MAX_REPLICAS = 9


def parse_replicas(text: str) -> dict[str, int]:
    """"ordering=2 notifications=2" (commas work too) -> {"ordering": 2, "notifications": 2}."""
    if text.strip() == "default":
        return {}
    chosen: dict[str, int] = {}
    for item in text.replace(",", " ").split():
        name, _, count = item.partition("=")
        if name not in SERVICES or not count.isdigit() or not 1 <= int(count) <= MAX_REPLICAS:
            raise ValueError(f"REPLICAS: {item!r} is not <service>=<1..{MAX_REPLICAS}> "
                             f"(services: {' '.join(SERVICES)}), nor 'default'")
        chosen[name] = int(count)
    return chosen


def chosen_replicas() -> dict[str, int]:
    """What REPLICAS asks for now, else what was chosen last (.run/replicas.json), else {}."""
    if os.environ.get("REPLICAS", "").strip():
        return parse_replicas(os.environ["REPLICAS"])
    try:
        return {name: int(n) for name, n in json.loads(REPLICAS_FILE.read_text()).items() if name in SERVICES}
    except (FileNotFoundError, ValueError, AttributeError):
        return {}


def _replicas() -> dict[str, int]:
    try:
        chosen = chosen_replicas()
    except ValueError as e:
        sys.exit(str(e))
    return {name: chosen.get(name, 1) for name in SERVICES}


REPLICAS: dict[str, int] = _replicas()


def replica_name(service: str, replica: int) -> str:
    return service if replica == 1 else f"{service}-{replica}"


def replica_port(service: str, replica: int) -> int:
    if replica == 1:
        return SERVICES[service]
    return 8300 + 10 * list(SERVICES).index(service) + replica


# ---------------------------------------------------------------------------------------------
# The stack's lock (a person can hold it over a `make up` with `flock /tmp/resto-stack.lock make up`;
# `make up` does not take it itself): a run that changes the
# running stack's processes (gateway/tests/test_rolling_restart.py, `make chaos`, `make
# bench-capacity`) holds it throughout, so two of them never change the stack at once.
# ---------------------------------------------------------------------------------------------
STACK_LOCK = "/tmp/resto-stack.lock"


@contextlib.contextmanager
def stack_lock(seconds: float, give_up: Callable[[str], NoReturn] = sys.exit,
               waiting: Callable[[], None] = lambda: None):
    """Holds STACK_LOCK, waited for at most `seconds`: past them `give_up` is told why (sys.exit by
    default; a test fails instead). `waiting` is called once when another run holds it."""
    with open(STACK_LOCK, "w") as lock:
        deadline = time.monotonic() + seconds
        waited = False
        while True:
            try:
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    give_up(f"{STACK_LOCK} still held after {seconds:.0f} s")
                if not waited:
                    waiting()
                    waited = True
                time.sleep(0.5)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


# ---------------------------------------------------------------------------------------------
# Process table
# ---------------------------------------------------------------------------------------------
@dataclass
class Process:
    name: str
    cmd: list[str]
    port: int
    ready: str  # "http://..." (answers 2xx) or "tcp" (port accepts connections)
    cwd: Path = REPO
    env: dict[str, str] = field(default_factory=dict)
    # Files/folders whose change means "restart me" on the next `make up`.
    watch: list[Path] = field(default_factory=list)
    # Skip (with a message) when this path does not exist, e.g. a service not written yet.
    requires: Path | None = None
    # The service this process is one replica of (behind the gateway, restarted one at a time).
    service: str | None = None


# Every service's uvicorn, here and in the image (deploy/docker/service-entrypoint.sh): a websocket
# frame over 4 KiB is closed with 1009 before the app reads it (the auth message is far smaller);
# a stop waits at most 20 s for requests in flight (a PDF waiting its turn may take longer); no
# `Server: uvicorn` header tells a caller what to attack. A kept-alive connection stays open 75 s,
# longer than the gateway keeps an idle one (`serversTransport` in gateway/traefik.yml, 60 s): the
# gateway, not uvicorn, closes it, so a request never goes out on a connection uvicorn has just
# closed (a 502 the gateway does not retry, seen under load with uvicorn's default 5 s).
UVICORN_LIMITS = ["--ws-max-size", "4096", "--timeout-graceful-shutdown", "20", "--no-server-header",
                  "--timeout-keep-alive", "75"]


def _service(name: str, replica: int = 1) -> Process:
    port = replica_port(name, replica)
    return Process(
        name=replica_name(name, replica),
        cmd=[PY, "-m", "uvicorn", f"{name}.main:app", "--host", "127.0.0.1", "--port", str(port),
             "--proxy-headers", "--forwarded-allow-ips", "127.0.0.1", "--no-access-log", *UVICORN_LIMITS],
        port=port,
        ready=f"http://127.0.0.1:{port}/readyz",
        cwd=REPO / "services" / name,
        env=service_env(name),
        watch=[REPO / "services" / name / name, REPO / "services" / "kit" / "kit",
               REPO / "proto" / "contracts", KEYS],
        requires=REPO / "services" / name / name / "main.py",
        service=name,
    )


def service_processes(service: str) -> list[Process]:
    """Every process (replica) of a service in the table, the first one first."""
    return [p for p in PROCESSES if p.service == service]


PROCESSES: list[Process] = [
    *[_service(name, replica) for name in SERVICES for replica in range(1, REPLICAS[name] + 1)],
    Process("smtp", [PY, str(REPO / "deploy/local/smtp_sink.py"), "--port", str(SMTP_PORT),
                     "--dir", str(RUN / "mail")], SMTP_PORT, "tcp",
            watch=[REPO / "deploy/local/smtp_sink.py"]),
    Process("web", [PY, str(REPO / "deploy/local/webserver.py"), "--port", str(WEB_PORT),
                    "--root", str(REPO / "web" / "dist")], WEB_PORT, f"http://127.0.0.1:{WEB_PORT}/",
            watch=[REPO / "deploy/local/webserver.py"]),
    # Provider simulators, one line each (deploy/simulators/).
    Process("oauth-sim", [PY, "-m", "uvicorn", "simulators.oauth:app", "--host", "127.0.0.1",
                          "--port", str(OAUTH_SIM_PORT), "--no-access-log"], OAUTH_SIM_PORT, "tcp",
            watch=[REPO / "deploy/simulators/simulators"]),
    # The payment marketplace: its notifications (a seller's deauthorization, payments) reach billing
    # through the gateway, as the real provider's would; unanswered ones are tried again soon.
    Process("marketplace-sim", [PY, "-m", "uvicorn", "simulators.mercadopago:app", "--host", "127.0.0.1",
                                "--port", str(MARKETPLACE_SIM_PORT), "--no-access-log"], MARKETPLACE_SIM_PORT,
            f"{MARKETPLACE_SIM_URL}/_control/health",
            env={"MP_SIM_WEBHOOK_URL": f"http://127.0.0.1:{GATEWAY_PORT}/api/webhooks/mercadopago/",
                 "MP_SIM_RETRY_SECONDS": "5,30,120,600"},
            watch=[REPO / "deploy/simulators/simulators"]),
    Process("gateway", [str(VENV_BIN / "traefik"), f"--configFile={RUN / 'gateway' / 'traefik.yml'}"],
            GATEWAY_PORT, f"http://127.0.0.1:{GATEWAY_PORT}/",
            cwd=REPO / "gateway", env=GATEWAY_ENV,
            # The rendered static config (port!) and the plugin. The route table is rendered into
            # .run/gateway/dynamic/ with each service's processes (stack.py), and Traefik reloads it.
            watch=[RUN / "gateway" / "traefik.yml", REPO / "gateway" / "plugins-local"]),
    # Scrapes every process above (deploy/prometheus/prometheus.yml, rendered with this table's
    # targets by stack.py); its data stays in .run/prometheus/data for a week.
    Process("prometheus", [PROMETHEUS_BIN, f"--config.file={PROMETHEUS_CONFIG}",
                           f"--storage.tsdb.path={RUN / 'prometheus' / 'data'}", "--storage.tsdb.retention.time=7d",
                           f"--web.listen-address=127.0.0.1:{PROMETHEUS_PORT}"],
            PROMETHEUS_PORT, f"http://127.0.0.1:{PROMETHEUS_PORT}/-/ready",
            watch=[PROMETHEUS_CONFIG, REPO / "deploy" / "prometheus" / "alerts.yml"],
            requires=Path(PROMETHEUS_BIN)),
]
