#!/usr/bin/env python3
"""Set-up steps behind `make up` / `make test`. Standard library only (runs before the venv exists).

    python3 deploy/local/setup.py STEP [STEP ...]

Steps (each is safe to repeat and quick when nothing changed; state is kept in stamp files):
    venv       .venv from requirements.txt + editable installs of kit, proto and the services
    apt        Debian packages the stack needs, installed only when missing
    apt-test   Debian packages only the tests need (chromium, poppler-utils), installed only when missing
    infra      PostgreSQL, Redis and RabbitMQ started when not running; one RabbitMQ user and one
               Redis ACL user per service, and `tests` for the suites and tools (passwords
               generated once into .run/keys/); Redis's default user off, RabbitMQ's guest removed
    databases  one database per service, and test_<name> for its tests, created when missing
    keys       JWT signing key pair (EC P-256 for ES256, PEM) generated once into .run/keys/
    migrate    alembic upgrade head for every service whose migrations changed
    seed       demo data (identity), once; again only when the seed script changes
    web        npm ci when package-lock.json changed; npm run build when sources changed
    web-deps   only the npm packages (`make test-fast` needs no build)
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import config  # noqa: E402
from config import REPO, RUN, SERVICES  # noqa: E402

STAMPS = RUN / "stamps"
VENV = REPO / ".venv"
WEB = REPO / "web"


def say(msg: str) -> None:
    print(f"[setup] {msg}", flush=True)


def run(cmd: list[str], **kw) -> subprocess.CompletedProcess:
    say("$ " + " ".join(str(c) for c in cmd) + (f"   (in {kw['cwd']})" if "cwd" in kw else ""))
    return subprocess.run([str(c) for c in cmd], check=True, **kw)


def tool_env(extra: dict[str, str] | None = None) -> dict[str, str]:
    env = dict(os.environ)
    env["PATH"] = f"{VENV / 'bin'}:{env.get('PATH', '/usr/local/bin:/usr/bin:/bin')}"
    env.update(extra or {})
    return env


def port_open(port: int, host: str = "127.0.0.1") -> bool:
    with socket.socket() as s:
        s.settimeout(0.5)
        return s.connect_ex((host, port)) == 0


def wait_port(port: int, what: str, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if port_open(port):
            return
        time.sleep(0.5)
    sys.exit(f"[setup] {what} did not open port {port} within {timeout:.0f}s")


# ----------------------------------------------------------------------------- stamps
def digest(paths: list[Path], content: bool = True) -> str:
    """Hash of the given files (and every file under the given folders)."""
    h = hashlib.sha256()
    for root in paths:
        files = [root] if root.is_file() else sorted(f for f in root.rglob("*") if f.is_file()) if root.exists() else []
        for f in files:
            if "__pycache__" in f.parts:
                continue
            h.update(str(f.relative_to(REPO)).encode())
            if content:
                h.update(f.read_bytes())
            else:
                st = f.stat()
                h.update(f"{st.st_mtime_ns}:{st.st_size}".encode())
        h.update(b"\0" + str(root).encode())
    return h.hexdigest()


def stamp_ok(name: str, value: str) -> bool:
    try:
        return (STAMPS / name).read_text() == value
    except FileNotFoundError:
        return False


def stamp_set(name: str, value: str) -> None:
    STAMPS.mkdir(parents=True, exist_ok=True)
    (STAMPS / name).write_text(value)


def stamp_clear(name: str) -> None:
    (STAMPS / name).unlink(missing_ok=True)


# ----------------------------------------------------------------------------- apt
def apt_install(packages: list[str]) -> None:
    if not packages:
        return
    if os.geteuid() != 0 and not shutil.which("sudo"):
        sys.exit(f"[setup] need Debian packages {packages} but am not root and have no sudo")
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    run(sudo + ["apt-get", "update", "-q"], env=env)
    run(sudo + ["apt-get", "install", "-y", "-q", "--no-install-recommends", *packages], env=env)


def pg_version() -> str | None:
    base = Path("/etc/postgresql")
    versions = sorted((p.name for p in base.iterdir() if p.is_dir()), key=lambda v: float(v)) if base.exists() else []
    return versions[-1] if versions else None


def step_apt() -> None:
    missing = []
    if not list(Path("/usr/lib/postgresql").glob("*/bin/postgres")) or not shutil.which("psql"):
        missing.append("postgresql")
    if not shutil.which("redis-server"):
        missing.append("redis-server")
    if not shutil.which("rabbitmq-server") and not Path("/usr/sbin/rabbitmq-server").exists():
        missing.append("rabbitmq-server")
    if not shutil.which("openssl"):
        missing.append("openssl")
    # WeasyPrint (QR and report PDFs) renders with Pango and needs a font.
    import ctypes.util
    for library, package in (("pango-1.0", "libpango-1.0-0"), ("pangoft2-1.0", "libpangoft2-1.0-0")):
        if ctypes.util.find_library(library) is None:
            missing.append(package)
    if not Path("/usr/share/fonts/truetype/dejavu").exists():
        missing.append("fonts-dejavu-core")
    if not Path(config.PROMETHEUS_BIN).exists():
        missing.append("prometheus")  # scrapes every process of the stack (deploy/prometheus/)
    if missing:
        say(f"installing Debian packages: {' '.join(missing)}")
        apt_install(missing)
    else:
        say("Debian packages present")


def step_apt_test() -> None:
    missing = []
    if (WEB / "package.json").exists() and not Path("/usr/bin/chromium").exists():
        missing.append("chromium")  # the browser tests
    if not shutil.which("pdftoppm") or not shutil.which("pdftotext"):
        missing.append("poppler-utils")  # the PDF tests read served PDFs back (kit/testing/pdf.py)
    if missing:
        say(f"installing Debian packages for the tests: {' '.join(missing)}")
        apt_install(missing)


# ----------------------------------------------------------------------------- venv
def python_packages() -> list[Path]:
    """Editable packages of the repo: kit, proto, the provider simulators, then each service."""
    dirs = [REPO / "services" / "kit", REPO / "proto", REPO / "deploy" / "simulators",
            *(REPO / "services" / n for n in SERVICES)]
    return [d for d in dirs if (d / "pyproject.toml").exists()]


def step_venv() -> None:
    py = VENV / "bin" / "python"
    if not py.exists():
        base = shutil.which("python3.11") or shutil.which("python3")
        if not base:
            apt_install(["python3", "python3-venv"])
            base = shutil.which("python3.11") or shutil.which("python3")
        try:
            run([base, "-m", "venv", VENV])
        except subprocess.CalledProcessError:  # Debian without ensurepip
            shutil.rmtree(VENV, ignore_errors=True)
            apt_install(["python3-venv"])
            run([base, "-m", "venv", VENV])
    pkgs = python_packages()
    want = digest([REPO / "requirements.txt", *(p / "pyproject.toml" for p in pkgs)])
    marker = VENV / ".setup-stamp"
    if marker.exists() and marker.read_text() == want:
        say("venv up to date")
        return
    pip = [py, "-m", "pip", "install", "-q"]
    run(pip + ["-r", REPO / "requirements.txt"])
    if pkgs:
        editable: list = []
        for p in pkgs:
            editable += ["-e", p]
        run(pip + ["--no-deps", *editable])
    marker.write_text(want)


# ----------------------------------------------------------------------------- infra
def psql(sql: str, db: str = "postgres", check: bool = True) -> subprocess.CompletedProcess:
    # -w: never prompt for a password (a fresh cluster asks for one over TCP; see ensure_pg_trust)
    return subprocess.run(["psql", "-w", "-h", config.PG_HOST, "-p", str(config.PG_PORT), "-U", config.PG_USER,
                           "-d", db, "-v", "ON_ERROR_STOP=1", "-tAc", sql], stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, check=check)


def ensure_pg_trust() -> None:
    """Services connect as postgres over TCP without a password: trust 127.0.0.1 and ::1."""
    probe = psql("select 1", check=False)
    if probe.returncode == 0:
        return
    ver = pg_version()
    hba = Path(f"/etc/postgresql/{ver}/main/pg_hba.conf")
    if not hba.exists():
        sys.exit(f"[setup] cannot connect to PostgreSQL: {probe.stderr.strip()}")
    say(f"PostgreSQL refused the connection ({probe.stderr.strip()}); trusting 127.0.0.1 in {hba}")
    lines = hba.read_text().splitlines()
    trust = ["host    all    all    127.0.0.1/32    trust  # added by deploy/local/setup.py",
             "host    all    all    ::1/128         trust  # added by deploy/local/setup.py"]
    if trust[0] not in lines:
        hba.write_text("\n".join(trust + lines) + "\n")  # pg_hba is first-match: put them on top
    run(["pg_ctlcluster", "--skip-systemctl-redirect", ver, "main", "reload"])
    time.sleep(1)
    probe = psql("select 1", check=False)
    if probe.returncode != 0:
        sys.exit(f"[setup] still cannot connect to PostgreSQL: {probe.stderr.strip()}")


def start_postgres() -> None:
    if port_open(config.PG_PORT):
        return
    ver = pg_version()
    if ver is None or not Path(f"/etc/postgresql/{ver}/main").exists():
        ver = ver or sorted(p.name for p in Path("/usr/lib/postgresql").iterdir())[-1]
        run(["pg_createcluster", ver, "main"])
    say(f"starting PostgreSQL {ver}")
    run(["pg_ctlcluster", "--skip-systemctl-redirect", ver, "main", "start"])
    wait_port(config.PG_PORT, "PostgreSQL", 60)


def start_redis() -> None:
    if port_open(6379):
        return
    say("starting Redis")
    for d in ("/var/lib/redis", "/var/log/redis"):
        Path(d).mkdir(parents=True, exist_ok=True)
    run(["redis-server", "--daemonize", "yes", "--bind", "127.0.0.1", "-::1", "--port", "6379",
         "--save", "", "--appendonly", "no", "--dir", "/var/lib/redis", "--logfile", "/var/log/redis/ci.log"])
    wait_port(6379, "Redis", 30)


def start_rabbitmq() -> None:
    if port_open(5672):
        return
    say("starting RabbitMQ (takes a few seconds)")
    run(["rabbitmq-server", "-detached"])
    wait_port(5672, "RabbitMQ", 120)


def step_infra() -> None:
    start_postgres()
    ensure_pg_trust()
    start_redis()
    start_rabbitmq()
    passwords = service_passwords()
    apply_rabbitmq_users(passwords)
    apply_redis_users(passwords)
    say("PostgreSQL, Redis and RabbitMQ are up; each service, and the suites, log in as their own user")


# ----------------------------------------------------------------------------- service logins
# The same users and rights as docker-compose and Kubernetes (deploy/docker/rabbitmq/,
# deploy/docker/redis/users.acl), Redis's `default off` included: no local process reaches Redis
# or the broker without a password (a forged frame on `notifications.live` rang every tablet).
# The test suites and tools log in as `tests` (config.TESTS_USER), a user only this machine has:
# on Redis everything (they flush their own databases, and the launcher applies the users as it);
# on RabbitMQ only their own namespaces (`test-…`, `bench-…`) and server-named queues, so they can
# never publish on the running stack's exchange. RabbitMQ's guest is removed.
RABBITMQ_DEFINITIONS = REPO / "deploy" / "docker" / "rabbitmq"
REDIS_ACL = REPO / "deploy" / "docker" / "redis" / "users.acl"
LOGINS = ("rabbitmq", "redis")
TESTS_REDIS_RULES = ["on", "~*", "&*", "+@all"]
_TESTS_NAMES = r"(test-|bench-|amq\.gen-).*"
TESTS_RABBITMQ_PERMISSIONS = {"configure": f"^{_TESTS_NAMES}$", "write": f"^({_TESTS_NAMES}|amq\\.default)$",
                              "read": f"^{_TESTS_NAMES}$"}


def service_passwords() -> dict[str, dict[str, str]]:
    """Each service's (and the suites') RabbitMQ and Redis password: generated once, then kept
    (with the JWT keys)."""
    passwords = config.infra_passwords()
    users = [*SERVICES, config.TESTS_USER]
    missing = [(name, kind) for name in users for kind in LOGINS if not passwords.get(name, {}).get(kind)]
    if not missing:
        return passwords
    for name, kind in missing:
        passwords.setdefault(name, {})[kind] = secrets.token_hex(24)
    config.KEYS.mkdir(parents=True, exist_ok=True)
    os.chmod(config.KEYS, 0o700)
    part = config.INFRA_PASSWORDS.with_suffix(".part")
    part.write_text(json.dumps(passwords, indent=2))
    os.chmod(part, 0o600)
    part.replace(config.INFRA_PASSWORDS)
    say(f"generated {len(missing)} password(s) for RabbitMQ and Redis in {config.INFRA_PASSWORDS}")
    return passwords


def rabbitmq_users() -> set[str]:
    listed = subprocess.run(["rabbitmqctl", "-q", "list_users", "--formatter", "json"],
                            capture_output=True, text=True, check=True)
    return {user["user"] for user in json.loads(listed.stdout)}


def rabbitmq_login_works(user: str, password: str) -> bool:
    # the password on stdin: a command line is readable by every user of the machine
    return subprocess.run(["rabbitmqctl", "-q", "authenticate_user", user], input=password + "\n",
                          capture_output=True, text=True).returncode == 0


def apply_rabbitmq_users(passwords: dict[str, dict[str, str]]) -> None:
    """compose's definitions (users, rights, topic rights) and the suites' user imported into the
    machine's RabbitMQ, which keeps them on disk, and guest removed: again only when they changed,
    a user is missing or guest is back (a new node database creates it)."""
    want = digest([RABBITMQ_DEFINITIONS, REPO / "proto" / "contracts" / "topology.py", config.INFRA_PASSWORDS,
                   Path(__file__)])
    users = rabbitmq_users()
    # The stamp is this checkout's: another checkout on the machine (a fresh clone's `make test`)
    # may have imported the same users with its own passwords since, so they are tried too.
    if (stamp_ok("rabbitmq-users", want) and {*SERVICES, config.TESTS_USER} <= users and "guest" not in users
            and all(rabbitmq_login_works(name, passwords[name]["rabbitmq"]) for name in (*SERVICES, config.TESTS_USER))):
        return
    spec = importlib.util.spec_from_file_location("render_definitions", RABBITMQ_DEFINITIONS / "render_definitions.py")
    render = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(render)
    template = json.loads((RABBITMQ_DEFINITIONS / "definitions.json").read_text())
    definitions = render.render(template, {f"{name.upper()}_MQ_PASSWORD": passwords[name]["rabbitmq"] for name in SERVICES})
    definitions = with_tests_user(definitions, render.password_hash(passwords[config.TESTS_USER]["rabbitmq"]))
    # rabbitmqctl hands the path to the broker, which reads it as its own user: readable by it
    # for the moment of the import (password hashes only), then gone.
    folder = Path(tempfile.mkdtemp(prefix="rabbitmq-definitions-"))
    try:
        os.chmod(folder, 0o755)
        path = folder / "definitions.json"
        path.write_text(json.dumps(definitions))
        os.chmod(path, 0o644)
        say("RabbitMQ: one user per service (deploy/docker/rabbitmq/definitions.json)")
        run(["rabbitmqctl", "-q", "import_definitions", path], capture_output=True, text=True)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    if "guest" in rabbitmq_users():
        say("RabbitMQ: removing guest (the suites and tools log in as tests)")
        run(["rabbitmqctl", "-q", "delete_user", "guest"], capture_output=True, text=True)
    stamp_set("rabbitmq-users", want)


def with_tests_user(definitions: dict, password_hash: str) -> dict:
    """The definitions plus the suites' user, with rights on their own names only (no topic rights:
    nothing they may write to is the stack's)."""
    user = {"name": config.TESTS_USER, "tags": [], "password_hash": password_hash,
            "hashing_algorithm": "rabbit_password_hashing_sha256"}
    vhosts = {p["vhost"] for p in definitions["permissions"]}
    rights = [{"user": config.TESTS_USER, "vhost": vhost, **TESTS_RABBITMQ_PERMISSIONS} for vhost in sorted(vhosts)]
    return {**definitions, "users": [*definitions["users"], user], "permissions": [*definitions["permissions"], *rights]}


def redis_acl_commands(passwords: dict[str, dict[str, str]]) -> tuple[list[str], str]:
    """The suites' user and users.acl's service users (each reset to exactly its rules), and apart,
    users.acl's `default off`."""
    def hashed(name: str) -> str:
        return "#" + hashlib.sha256(passwords[name]["redis"].encode()).hexdigest()

    users = [" ".join(["ACL", "SETUSER", config.TESTS_USER, "reset", *TESTS_REDIS_RULES, hashed(config.TESTS_USER)])]
    default_rules = None
    for line in REDIS_ACL.read_text().splitlines():
        if not line.startswith("user "):
            continue
        _, name, *rules = line.split()
        if name == "default":
            default_rules = rules
        else:
            users.append(" ".join(["ACL", "SETUSER", name, "reset", *rules, hashed(name)]))
    if default_rules is None or "off" not in default_rules or "on" in default_rules:
        sys.exit(f"[setup] {REDIS_ACL} must turn Redis's default user off")
    return users, " ".join(["ACL", "SETUSER", "default", "reset", *default_rules])


def apply_redis_users(passwords: dict[str, dict[str, str]], port: int = 6379) -> None:
    """The users set on the machine's Redis. It keeps nothing on disk, so they are set every time
    (one round trip; an unchanged user stays as it was, and its open connections keep working).

    Logged in as `tests`, made by an earlier run; a Redis that has just started (or never had the
    users) still has its default user open, which does the work until `tests` exists. Then, as
    `tests`, the default user is turned off and the connections it still holds are closed (`off`
    only stops new ones: a listener opened before would keep publishing)."""
    users, default_off = redis_acl_commands(passwords)
    # the password goes on redis-cli's standard input, never on a command line `ps` shows
    auth = f"AUTH {config.TESTS_USER} {passwords[config.TESTS_USER]['redis']}"
    script = [auth, *users, auth, default_off, "CLIENT KILL USER default"]
    for attempt in ("first", "after a restart"):
        done = subprocess.run(["redis-cli", "-h", "127.0.0.1", "-p", str(port)], input="\n".join(script) + "\n",
                              capture_output=True, text=True, check=True)
        answers = [line for line in done.stdout.splitlines() if line.strip()]  # an error is followed by a blank line
        # the first AUTH fails only on a Redis without the users; the kill answers how many it closed
        if len(answers) == len(script) and answers[1:-1] == ["OK"] * (len(script) - 2) and answers[-1].isdigit():
            return
        if attempt == "first" and port == 6379 and locked_out(answers):
            # Another checkout on this machine (a CI clone, an earlier session's) set the users with
            # its own passwords and turned the default user off: nothing here can log in. The
            # machine's Redis keeps nothing on disk, so a restart gives back the open default user.
            restart_redis()
            continue
        sys.exit(f"[setup] Redis refused the users: {done.stdout.strip()} {done.stderr.strip()}")


def locked_out(answers: list[str]) -> bool:
    """redis-cli's answers when neither the suites' user nor the default user may log in."""
    return bool(answers) and answers[0].startswith("WRONGPASS") and any(a.startswith("NOAUTH") for a in answers)


def restart_redis() -> None:
    found = subprocess.run(["pgrep", "-f", r"^redis-server .*:6379"], capture_output=True, text=True)
    pids = [int(pid) for pid in found.stdout.split()]
    if not pids:
        sys.exit("[setup] Redis holds another checkout's users and no local redis-server on :6379 was found to restart")
    say(f"Redis holds users whose passwords are not those of {config.INFRA_PASSWORDS} (another checkout's): "
        "restarting it, it keeps nothing on disk")
    for pid in pids:
        os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + 30
    while port_open(6379):
        if time.monotonic() > deadline:
            sys.exit("[setup] Redis did not stop within 30 s")
        time.sleep(0.2)
    start_redis()


def step_databases() -> None:
    existing = set(psql("select datname from pg_database").stdout.split())
    for name in SERVICES:
        for db in (name, f"test_{name}"):
            if db not in existing:
                say(f"creating database {db}")
                psql(f'CREATE DATABASE "{db}"')
                if db == name:  # a new database needs its migrations and seed again
                    stamp_clear(f"migrate-{name}")
                    stamp_clear(f"seed-{name}")


# ----------------------------------------------------------------------------- keys
def _is_p256(pub: Path) -> bool:
    """The kit signs and verifies ES256 (kit/tokens.py): the key must be EC P-256."""
    if shutil.which("openssl"):
        out = subprocess.run(["openssl", "pkey", "-pubin", "-in", str(pub), "-noout", "-text"],
                             capture_output=True, text=True)
        return out.returncode == 0 and ("prime256v1" in out.stdout or "P-256" in out.stdout)
    code = ("import sys;from cryptography.hazmat.primitives.serialization import load_pem_public_key as l;"
            "k=l(open(sys.argv[1],'rb').read());sys.exit(getattr(getattr(k,'curve',None),'name','')!='secp256r1')")
    return subprocess.run([str(VENV / "bin" / "python"), "-c", code, str(pub)]).returncode == 0


def step_keys() -> None:
    """ES256 signing key pair (EC P-256, PEM/PKCS8), generated once; regenerated only when the
    existing pair is not P-256 (e.g. made by an older version of this script)."""
    priv, pub = config.JWT_PRIVATE, config.JWT_PUBLIC
    if priv.exists() and pub.exists():
        if _is_p256(pub):
            say(f"JWT keys present in {priv.parent}")
            return
        say("existing JWT keys are not EC P-256 (the kit uses ES256): generating new ones")
    priv.parent.mkdir(parents=True, exist_ok=True)
    os.chmod(priv.parent, 0o700)
    say(f"generating the JWT signing key pair (EC P-256, for ES256) in {priv.parent}")
    if shutil.which("openssl"):
        run(["openssl", "genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", priv])
        run(["openssl", "pkey", "-in", priv, "-pubout", "-out", pub])
    else:
        code = (
            "import sys;from cryptography.hazmat.primitives.asymmetric import ec;"
            "from cryptography.hazmat.primitives import serialization as s;"
            "k=ec.generate_private_key(ec.SECP256R1());"
            "open(sys.argv[1],'wb').write(k.private_bytes(s.Encoding.PEM,s.PrivateFormat.PKCS8,s.NoEncryption()));"
            "open(sys.argv[2],'wb').write(k.public_key().public_bytes(s.Encoding.PEM,s.PublicFormat.SubjectPublicKeyInfo))"
        )
        run([VENV / "bin" / "python", "-c", code, priv, pub])
    os.chmod(priv, 0o600)
    os.chmod(pub, 0o644)


# ----------------------------------------------------------------------------- migrations, seed
def migrated(db: str) -> bool:
    """The database has an alembic version (it was not dropped and recreated behind our back)."""
    r = psql("select count(*) from alembic_version", db=db, check=False)
    return r.returncode == 0 and r.stdout.strip() not in ("", "0")


def step_migrate() -> None:
    for name in SERVICES:
        d = REPO / "services" / name
        if not (d / "alembic.ini").exists():
            say(f"{name}: no alembic.ini yet, skipping migrations")
            continue
        want = digest([d / "alembic.ini", d / "migrations", REPO / "services" / "kit" / "kit" / "migrations.py"])
        if stamp_ok(f"migrate-{name}", want) and migrated(name):
            continue
        run([VENV / "bin" / "alembic", "upgrade", "head"], cwd=d, env=tool_env(config.service_env(name)))
        stamp_set(f"migrate-{name}", want)
    say("migrations applied")


def step_seed() -> None:
    # Services with a demo seed module (<name>/seed.py); only identity has one for now.
    for name in SERVICES:
        seed = REPO / "services" / name / name / "seed.py"
        if not seed.exists():
            continue
        want = digest([seed])
        if stamp_ok(f"seed-{name}", want):
            continue
        run([VENV / "bin" / "python", "-m", f"{name}.seed"], cwd=REPO / "services" / name,
            env=tool_env(config.service_env(name)))
        stamp_set(f"seed-{name}", want)
    say("demo data seeded")


# ----------------------------------------------------------------------------- web
WEB_IGNORE = {"node_modules", "dist", "test-results", "playwright-report", "coverage", ".vite", "blob-report"}


def web_sources() -> str:
    h = hashlib.sha256()
    for dirpath, dirnames, filenames in os.walk(WEB):
        dirnames[:] = sorted(d for d in dirnames if d not in WEB_IGNORE and not d.startswith(".cache"))
        for fn in sorted(filenames):
            f = Path(dirpath) / fn
            st = f.stat()
            h.update(f"{f.relative_to(WEB)}:{st.st_mtime_ns}:{st.st_size}\n".encode())
    return h.hexdigest()


def web_deps_in_sync() -> bool:
    """node_modules already holds exactly what package-lock.json pins (npm's own record of the
    installed tree, node_modules/.package-lock.json, agrees): no `npm ci` needed. This keeps
    `make up` from wiping a node_modules that someone just installed with `npm install`."""
    try:
        want = json.loads((WEB / "package-lock.json").read_text())["packages"]
        have = json.loads((WEB / "node_modules" / ".package-lock.json").read_text())["packages"]
    except (FileNotFoundError, ValueError, KeyError):
        return False
    for path, meta in want.items():
        if not path:  # the project itself
            continue
        got = have.get(path)
        if got is None:
            if meta.get("optional") or meta.get("peer"):  # e.g. other platforms' binaries
                continue
            return False
        if got.get("version") != meta.get("version"):
            return False
    return True


def step_web_deps() -> bool:
    """npm ci when package-lock.json changed; False when there is no web app yet."""
    if not (WEB / "package.json").exists():
        say("web/package.json does not exist yet: skipping the web build")
        return False
    env = tool_env({"npm_config_update_notifier": "false", "npm_config_fund": "false",
                    "npm_config_audit": "false"})
    lock = WEB / "package-lock.json"
    want_deps = digest([lock if lock.exists() else WEB / "package.json"])
    marker = WEB / "node_modules" / ".setup-stamp"
    if not (marker.exists() and marker.read_text() == want_deps):
        if lock.exists() and web_deps_in_sync():
            say("web/node_modules already matches package-lock.json")
        else:
            run(["npm", "ci"] if lock.exists() else ["npm", "install"], cwd=WEB, env=env)
        marker.parent.mkdir(exist_ok=True)
        marker.write_text(want_deps)
    return True


def step_web() -> None:
    if not step_web_deps():
        return
    env = tool_env({"npm_config_update_notifier": "false", "npm_config_fund": "false",
                    "npm_config_audit": "false"})
    want_build = web_sources()
    if stamp_ok("web-build", want_build) and (WEB / "dist" / "index.html").exists():
        say("web app up to date")
        return
    run(["npm", "run", "build"], cwd=WEB, env=env)
    stamp_set("web-build", web_sources())


STEPS = {
    "venv": step_venv, "apt": step_apt, "apt-test": step_apt_test, "infra": step_infra,
    "databases": step_databases, "keys": step_keys, "migrate": step_migrate, "seed": step_seed,
    "web": step_web, "web-deps": step_web_deps,
}


def main() -> int:
    steps = sys.argv[1:]
    unknown = [s for s in steps if s not in STEPS]
    if not steps or unknown:
        print(__doc__)
        return 2
    try:
        for s in steps:
            STEPS[s]()
    except subprocess.CalledProcessError as e:
        print(f"[setup] failed: {' '.join(map(str, e.cmd))} (exit {e.returncode})", file=sys.stderr)
        if e.stderr:
            print(e.stderr if isinstance(e.stderr, str) else e.stderr.decode(errors="replace"), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
