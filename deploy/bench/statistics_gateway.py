#!/usr/bin/env python3
"""Benchmark: statistics over a million paid lines, through the gateway and directly (issue 21).

    .venv/bin/python deploy/bench/statistics_gateway.py [--lines 1000000] [--restaurants 50] [--days 90] \
        [--rounds 3] [--runs 200]

billing's own benchmark (services/billing/bench/statistics.py) builds a scratch billing database and
fills it through the handlers' bulk path (`ledger.service.record_payments`) from ordering's
`PaymentRecorded` events: `--lines` paid lines across `--restaurants` restaurants over `--days`
days. This one reuses it, starts that scratch billing process, and puts in front of it a Traefik of
its own, with the platform's static configuration and route table (gateway/traefik.yml,
gateway/dynamic/routes.yml: the same routers, request id, security headers and body limits),
whose `billing` service is the scratch process. The running stack and its data are not touched
(a million lines in its database would stay there: the ledger refuses deletes).

Then, one request at a time, `--rounds` rounds of `--runs` requests per query, through the gateway
and, for comparison, straight to the process: a month's page of the statistics
(`GET obtener-balance/resto-statistics/?pk=&start_date=&end_date=`, 10 rows), the chart's all rows
(the same with `paginate=0`), and for reference the month's balance and the admin's fee table. A
different restaurant each request. Prints the machine and, per query and path, p95 min / median /
max over the rounds (target: both statistics queries at most 100 ms through the gateway).
"""
from __future__ import annotations

import argparse
import asyncio
import importlib.util
import shutil
import statistics
import subprocess
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path

import httpx
import yaml

REPO = Path(__file__).resolve().parents[2]
BILLING = REPO / "services" / "billing"
DATABASE = "bench_billing_gateway"
TARGET_MS = 100.0


def billing_bench():
    """services/billing/bench/statistics.py, by its path (its name is the standard library's)."""
    spec = importlib.util.spec_from_file_location("billing_statistics_bench", BILLING / "bench" / "statistics.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def gateway_config(folder: Path, port: int, billing_url: str) -> Path:
    """The platform's Traefik configuration, listening on `port`, its `billing` service at `billing_url`."""
    static = yaml.safe_load((REPO / "gateway" / "traefik.yml").read_text())
    static["entryPoints"]["web"]["address"] = f"127.0.0.1:{port}"
    static["providers"]["file"]["directory"] = str(folder / "dynamic")
    static["accessLog"]["filePath"] = str(folder / "access.log")
    static["log"]["filePath"] = str(folder / "traefik.log")
    table = yaml.safe_load((REPO / "gateway" / "dynamic" / "routes.yml").read_text())
    table["http"]["services"]["billing"]["loadBalancer"]["servers"] = [{"url": billing_url}]
    (folder / "dynamic").mkdir(parents=True)
    (folder / "dynamic" / "routes.yml").write_text(yaml.safe_dump(table, sort_keys=False, width=1 << 16))
    static_file = folder / "traefik.yml"
    static_file.write_text(yaml.safe_dump(static, sort_keys=False))
    return static_file


async def wait_routed(base: str) -> None:
    """Until the gateway answers a billing path from the scratch process."""
    async with httpx.AsyncClient() as http:
        for _ in range(300):
            try:
                answer = await http.get(f"{base}/api/obtener-balance/resto-statistics/")
                if answer.headers.get("X-Service") == "billing":
                    return
            except httpx.TransportError:
                pass
            await asyncio.sleep(0.1)
    raise SystemExit("the bench's gateway did not route to billing")


async def main(arguments: argparse.Namespace) -> None:
    bench = billing_bench()
    folder = Path(tempfile.mkdtemp(prefix="statistics-gateway-"))
    today = datetime.now(UTC).date()
    try:
        async with bench.filled_billing(DATABASE, arguments, today) as (scratch, filled):
            direct = await scratch.serve(arguments.port, "--proxy-headers", "--forwarded-allow-ips", "127.0.0.1")
            static = gateway_config(folder / "gateway", arguments.gateway_port, direct)
            gateway = subprocess.Popen([str(REPO / ".venv" / "bin" / "traefik"), f"--configFile={static}"], cwd=REPO / "gateway",
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            try:
                through = f"http://127.0.0.1:{arguments.gateway_port}"
                await wait_routed(through)
                found = {}
                for path, base in (("through the gateway", through), ("direct", direct)):
                    print(f"{path}:", file=sys.stderr)
                    found[path] = await bench.bench(base, filled.tokens, filled.admin, arguments.restaurants, arguments.rounds, arguments.runs, today)
            finally:
                gateway.terminate()
                gateway.wait(timeout=30)
    finally:
        shutil.rmtree(folder, ignore_errors=True)

    print(f"machine: {bench.machine()}")
    print(f"data: {filled.lines:,} paid lines in {filled.payments:,} payments, {arguments.restaurants} restaurants, {arguments.days} days; "
          f"loaded through billing's handlers' bulk path in {filled.load_seconds:.0f} s")
    print(f"runs: {arguments.rounds} rounds of {arguments.runs} sequential requests per query, each path; a month is the last 30 days")
    met = True
    for path, queries in found.items():
        for name, values in queries.items():
            verdict = ""
            if name.startswith("statistics") and path == "through the gateway":
                ok = max(values) <= TARGET_MS
                met &= ok
                verdict = f" (target {TARGET_MS:.0f} ms: {'met' if ok else 'NOT met'})"
            print(f"{path}, {name}: p95 min {min(values):.1f} / median {statistics.median(values):.1f} / max {max(values):.1f} ms{verdict}")
    sys.exit(0 if met else 1)


if __name__ == "__main__":
    parser = billing_bench().data_and_rounds(argparse.ArgumentParser(description=__doc__.splitlines()[0]))
    parser.add_argument("--runs", type=int, default=200, help="requests per query, round and path")
    parser.add_argument("--port", type=int, default=8196, help="the scratch billing process")
    parser.add_argument("--gateway-port", type=int, default=8197, help="the bench's own Traefik")
    asyncio.run(main(parser.parse_args()))
