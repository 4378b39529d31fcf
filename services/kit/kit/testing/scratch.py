"""A service process of its own for a benchmark (services/*/bench, deploy/bench): a scratch
database built by the service's migrations, a broker namespace, a Redis database and a throwaway
key pair, never the running stack's. Leaving the block stops the processes it started and removes
the database, the queues and the exchanges.

    async with scratch_service("billing", "bench_billing") as scratch:
        ...  # fill scratch.dsn
        base = await scratch.serve(8195)
"""
import asyncio
import contextlib
import importlib
import os
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path

import asyncpg
import httpx

from contracts.topology import CONSUMES, queues_to_declare
from kit.settings import ServiceSettings
from kit.testing import PG_ADMIN_DSN, RABBITMQ_URL, delete_exchanges, delete_queues, recreate_database, redis_url
from kit.tokens import TokenSigner, generate_key_pair

BENCH_REDIS_DB = 8  # the suites use 9 and up (kit.testing.TEST_REDIS_DB)


@dataclass
class Scratch:
    service: str
    database: str
    namespace: str = field(default_factory=lambda: f"bench-{uuid.uuid4().hex[:8]}.")
    keys: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="bench-keys-")))
    processes: list[subprocess.Popen] = field(default_factory=list)

    @property
    def dsn(self) -> str:
        """The database, for asyncpg."""
        return f"postgresql://postgres@127.0.0.1:5432/{self.database}"

    @property
    def folder(self) -> Path:
        """services/<service>: its alembic.ini, and where uvicorn runs."""
        return Path(importlib.import_module(self.service).__file__).resolve().parents[1]

    @property
    def env(self) -> dict[str, str]:
        return {
            **os.environ,
            "SERVICE_NAME": self.service,
            "DATABASE_URL": self.dsn.replace("postgresql://", "postgresql+asyncpg://"),
            "REDIS_URL": redis_url(BENCH_REDIS_DB),
            "RABBITMQ_URL": RABBITMQ_URL,
            "BROKER_NAMESPACE": self.namespace,
            "JWT_PUBLIC_KEY_FILE": str(self.keys / "jwt_public.pem"),
            "LOG_LEVEL": "WARNING",
        }

    def signer(self) -> TokenSigner:
        """Issues tokens the scratch process accepts, as identity would."""
        return TokenSigner((self.keys / "jwt_private.pem").read_text(), issuer="identity", lifetime_seconds=3600)

    async def serve(self, port: int, *options: str) -> str:
        """`uvicorn <service>.main:app` on `port` (with uvicorn's `options`); its base URL once it is ready."""
        command = [sys.executable, "-m", "uvicorn", f"{self.service}.main:app", "--port", str(port),
                   "--log-level", "warning", "--no-access-log", *options]
        self.processes.append(subprocess.Popen(command, cwd=self.folder, env=self.env))
        base = f"http://127.0.0.1:{port}"
        await wait_ready(base, self.service)
        return base

    def queue_names(self) -> list[str]:
        """Every queue a process of the service declares (kit.bus): its events' consumers' and its own."""
        own = [*CONSUMES[self.service], "dead-letter", *(f"retry.{level}" for level in range(len(ServiceSettings().consumer_retry_delays)))]
        return ([f"{self.namespace}{consumer}.{event_type}" for consumer, event_type in queues_to_declare(self.service)]
                + [f"{self.namespace}{self.service}.{name}" for name in own])


async def wait_ready(base: str, what: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    async with httpx.AsyncClient() as http:
        while time.monotonic() < deadline:
            with contextlib.suppress(httpx.TransportError):
                if (await http.get(f"{base}/readyz")).status_code == 200:
                    return
            await asyncio.sleep(0.2)
    raise SystemExit(f"{what} did not become ready")


@contextlib.asynccontextmanager
async def scratch_service(service: str, database: str) -> AsyncIterator[Scratch]:
    """A migrated scratch database for `service`; see the module's text."""
    scratch = Scratch(service, database)
    generate_key_pair(scratch.keys)
    await recreate_database(database)
    try:
        subprocess.run([sys.executable, "-m", "alembic", "upgrade", "head"], cwd=scratch.folder, env=scratch.env,
                       check=True, capture_output=True)
        yield scratch
    finally:
        for process in reversed(scratch.processes):
            process.terminate()
            process.wait(timeout=30)
        await delete_queues(scratch.queue_names())
        await delete_exchanges(scratch.namespace)
        connection = await asyncpg.connect(PG_ADMIN_DSN)
        await connection.execute(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
        await connection.close()
        shutil.rmtree(scratch.keys, ignore_errors=True)
