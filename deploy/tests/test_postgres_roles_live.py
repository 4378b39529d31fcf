"""deploy/docker/postgres-init.sh on a REAL PostgreSQL: the local one (make infra). The script runs
as the superuser on two throwaway service names; each role then works in its own database and is
refused the other's, and holds no power beyond it. Roles and databases are dropped afterwards.
Skipped where the local server is not reachable as postgres on 127.0.0.1."""

from __future__ import annotations

import os
import subprocess
import uuid
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "deploy" / "docker" / "postgres-init.sh"
PG = {"PGHOST": "127.0.0.1", "PGPORT": "5432"}


def psql(user: str, database: str, sql: str) -> subprocess.CompletedProcess:
    return subprocess.run(["psql", "-w", "-X", "-v", "ON_ERROR_STOP=1", "-U", user, "-d", database, "-Atc", sql],
                          capture_output=True, text=True, env={**os.environ, **PG}, timeout=30)


@pytest.fixture(scope="module")
def roles():
    if psql("postgres", "postgres", "select 1").returncode != 0:
        pytest.skip("no local PostgreSQL as postgres on 127.0.0.1")
    names = [f"probe_{uuid.uuid4().hex[:8]}" for _ in range(2)]
    env = {**os.environ, **PG, "POSTGRES_USER": "postgres", "POSTGRES_SERVICES": " ".join(names),
           **{f"{n.upper()}_DB_PASSWORD": uuid.uuid4().hex for n in names}}
    try:
        run = subprocess.run(["sh", str(SCRIPT)], capture_output=True, text=True, env=env, timeout=60)
        assert run.returncode == 0, run.stdout + run.stderr
        yield names
    finally:
        for n in names:
            psql("postgres", "postgres", f'DROP DATABASE IF EXISTS "{n}" WITH (FORCE)')
            psql("postgres", "postgres", f'DROP ROLE IF EXISTS "{n}"')


def test_a_role_owns_and_uses_its_database(roles):
    a, _ = roles
    r = psql(a, a, "CREATE TABLE t (id int); INSERT INTO t VALUES (1); SELECT count(*) FROM t;")
    assert r.returncode == 0 and r.stdout.strip().endswith("1"), r.stderr
    assert psql("postgres", "postgres", f"SELECT pg_get_userbyid(datdba) FROM pg_database WHERE datname = '{a}'").stdout.strip() == a


def test_a_role_cannot_connect_to_another_service_database(roles):
    a, b = roles
    r = psql(a, b, "SELECT 1")
    assert r.returncode != 0 and "permission denied for database" in r.stderr, r.stderr
    r = psql(b, a, "SELECT 1")
    assert r.returncode != 0 and "permission denied for database" in r.stderr, r.stderr


def test_a_role_has_no_power_beyond_its_database(roles):
    a, _ = roles
    flags = psql("postgres", "postgres", f"SELECT rolsuper, rolcreatedb, rolcreaterole FROM pg_roles WHERE rolname = '{a}'")
    assert flags.stdout.strip() == "f|f|f"
    assert psql(a, a, "CREATE DATABASE nope").returncode != 0
    assert psql(a, a, "CREATE ROLE nope").returncode != 0


def test_the_script_refuses_a_missing_password(tmp_path):
    if psql("postgres", "postgres", "select 1").returncode != 0:
        pytest.skip("no local PostgreSQL")
    name = f"probe_{uuid.uuid4().hex[:8]}"
    env = {**os.environ, **PG, "POSTGRES_USER": "postgres", "POSTGRES_SERVICES": name}
    env.pop(f"{name.upper()}_DB_PASSWORD", None)
    run = subprocess.run(["sh", str(SCRIPT)], capture_output=True, text=True, env=env, timeout=60)
    assert run.returncode != 0 and "is not set" in run.stderr
    assert psql("postgres", "postgres", f"SELECT 1 FROM pg_roles WHERE rolname = '{name}'").stdout.strip() == ""
