#!/usr/bin/env python3
"""Benchmark: the diner's menu on a cheap phone (issue 13).

    .venv/bin/python deploy/bench/diner_phone.py [--menu ID]

Needs the local stack (`make up`). Builds a restaurant with a 150-dish menu with one picture each
through the gateway (as `make bench` does: deploy/bench/public_menu.py), then opens `/menus` for
it five times in Chromium as a phone (web/scripts/phone-load.mjs: 390x844, CPU 4x slower,
1.6 Mbit/s, 150 ms round trips, empty cache) and prints the JavaScript it loaded (gzipped) and
the largest contentful paint of each load, against the targets: at most 150 KiB of JavaScript and
LCP within 2.0 s.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import statistics
import subprocess
import sys
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from public_menu import GATEWAY, build_menu, register_owner, wait_for_membership  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
JS_BUDGET_KIB, LCP_TARGET_MS, LOADS = 150, 2000, 5


async def new_menu() -> int:
    async with httpx.AsyncClient(timeout=60) as http:
        token, restaurant = await register_owner(http)
        headers = {"Authorization": f"Token {token}"}
        await wait_for_membership(http, headers, restaurant)
        menu, _ = await build_menu(http, headers, restaurant)
        return menu


def load(url: str) -> dict:
    env = {**os.environ, "PATH": f"{REPO / '.venv' / 'bin'}:{os.environ.get('PATH', '')}"}  # Node 24 from the venv
    done = subprocess.run(["node", "scripts/phone-load.mjs", url], cwd=REPO / "web", env=env, capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def lcp_summary(recorded: list[int | None]) -> tuple[str, list[int]]:
    """The loads' LCPs as min/median/max over the loads that recorded one; a load that recorded
    none is a failed load, counted apart, never a 0 in the median."""
    lcps = [ms for ms in recorded if ms is not None]
    failed = len(recorded) - len(lcps)
    each = ", ".join("none" if ms is None else f"{ms} ms" for ms in recorded)
    if not lcps:
        return f"LCP {each}: no load recorded one (failed run)", lcps
    figures = f"min/median/max {min(lcps)} / {statistics.median(lcps):.0f} / {max(lcps)} ms"
    return f"LCP {each} ({figures}" + (f"; {failed} failed load(s) without an LCP)" if failed else ")"), lcps


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--menu", type=int, help="an existing public menu instead of a new one")
    menu = parser.parse_args().menu or asyncio.run(new_menu())
    url = f"{GATEWAY}/menus?menu={menu}"
    runs = [load(url) for _ in range(LOADS)]
    kib = runs[0]["jsGzipBytes"] / 1024
    for script in runs[0]["scripts"]:
        print(f"{script['gzip'] / 1024:7.1f} KiB  {script['url']}")
    print(f"machine: {os.cpu_count()} CPUs, {platform.platform()}; {LOADS} loads")
    summary, lcps = lcp_summary([run["lcpMs"] for run in runs])
    print(f"/menus?menu={menu} (150 dishes with pictures) as a phone: {kib:.1f} KiB of JavaScript gzipped; {summary}")
    met = kib <= JS_BUDGET_KIB and len(lcps) == LOADS and statistics.median(lcps) <= LCP_TARGET_MS
    print(f"targets <= {JS_BUDGET_KIB} KiB JS, LCP <= {LCP_TARGET_MS} ms: " + ("met" if met else "NOT met"))
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
