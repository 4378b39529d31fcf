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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--menu", type=int, help="an existing public menu instead of a new one")
    menu = parser.parse_args().menu or asyncio.run(new_menu())
    url = f"{GATEWAY}/menus?menu={menu}"
    runs = [load(url) for _ in range(LOADS)]
    kib = runs[0]["jsGzipBytes"] / 1024
    lcps = [run["lcpMs"] for run in runs]
    for script in runs[0]["scripts"]:
        print(f"{script['gzip'] / 1024:7.1f} KiB  {script['url']}")
    print(f"/menus?menu={menu} (150 dishes with pictures) as a phone: {kib:.1f} KiB of JavaScript gzipped; "
          f"LCP {', '.join(f'{ms} ms' for ms in lcps)} (median {statistics.median(lcps):.0f} ms)")
    met = kib <= JS_BUDGET_KIB and statistics.median(lcps) <= LCP_TARGET_MS
    print(f"targets <= {JS_BUDGET_KIB} KiB JS, LCP <= {LCP_TARGET_MS} ms: " + ("met" if met else "NOT met"))
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
