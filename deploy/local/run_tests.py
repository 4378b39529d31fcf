#!/usr/bin/env python3
"""`make test`: every suite, each in its own pytest (or npm) run, then one summary line.

1. unit suites: services/kit/tests, proto/tests, deploy/tests, and services/<name>/tests (each
   service from its own directory, so its own conftest, test database and broker namespace
   apply), two at a time;
2. meanwhile `make up`, then gateway/tests against the running stack (nothing else uses it
   yet), then the web checks that need no stack: `npm run lint` (ESLint) and `npm run test`
   (Vitest);
3. once both lanes are done: `npm run e2e` (Playwright, two workers) against the running stack,
   alone on the machine (its timing is the user's);
4. then the attack suite's short form (deploy/security/run.py --short; `make security` is the
   full one): its floods and its per-address limits must not land on the suites before it;
5. last, the chaos run's short form (deploy/chaos/run.py --short; `make chaos` is the full one):
   it kills processes and restarts RabbitMQ and Redis, so it runs alone, after every suite that
   uses the stack, and puts the stack back as it found it.

Each suite's output is printed whole when it ends, so parallel suites never interleave.

A folder without test files is skipped; pytest exit code 5 ("no tests collected") for a folder
that has test files is a failure. Exit status is non-zero when any suite failed.

`--only fast` (`make test-fast`, a developer's loop, no server needed): every package's
`tests/unit/` layer (in-memory fakes, no PostgreSQL, RabbitMQ or Redis), ruff over the Python,
ESLint and the TypeScript check, two at a time.

    python deploy/local/run_tests.py [--only unit|fast|gateway|web|security|chaos] [-- extra pytest args]
"""

from __future__ import annotations

import argparse
import fcntl
import tempfile
import threading
from concurrent.futures import ThreadPoolExecutor
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import config  # noqa: E402
from config import REPO, SERVICES  # noqa: E402

PYTEST = str(config.VENV_BIN / "pytest")
RUFF = str(config.VENV_BIN / "ruff")
results: list[tuple[str, str, float]] = []  # (suite, passed|failed|skipped, seconds)
busy: dict[str, float] = {}  # suite -> how busy the machine's cores were while it ran (0 to 1)
failures: dict[str, list[str]] = {}  # suite -> the lines of its output that name what failed

# What names a failing test in pytest (-q short summary), Vitest and Playwright (list reporter).
FAILURE_LINE = re.compile(r"^\s*(FAILED |ERROR |FAIL |✘|×|\d+\) \[)|^\s*\[\w+\] › .*›|\b\d+ (failed|flaky)\b")


def has_tests(folder: Path) -> bool:
    if not folder.is_dir():
        return False
    return any(f for pat in ("test_*.py", "*_test.py") for f in folder.rglob(pat)
               if "node_modules" not in f.parts)


def env_with(extra: dict[str, str] | None = None) -> dict[str, str]:
    env = dict(os.environ)
    env["PATH"] = f"{config.VENV_BIN}:{env.get('PATH', '/usr/bin:/bin')}"
    env.update(extra or {})
    return env


printing = threading.Lock()

# Seconds a suite may take before it is stopped and failed (CI's whole run has 90 minutes; a suite
# takes 1 to 12 today). The browser suite is the longest.
SUITE_LIMIT = 20 * 60
SUITE_LIMITS = {"web e2e (playwright)": 30 * 60}
TIMED_OUT = 124  # timeout(1)'s code


def cpu_ticks() -> tuple[int, int]:
    """(busy, all) ticks of every core since boot (/proc/stat), or (0, 0) where there is none."""
    try:
        fields = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    except (OSError, ValueError):
        return 0, 0
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)  # idle and waiting on I/O
    return sum(fields) - idle, sum(fields)


def suite(name: str, cmd: list[str], cwd: Path, env: dict[str, str], no_tests_is_failure: bool = True) -> None:
    header = f"\n===== {name}: {' '.join(cmd)}   (in {cwd.relative_to(REPO) if cwd != REPO else '.'})"
    t0 = time.monotonic()
    # One run of a suite at a time on this machine: two would share its test database and queues.
    limit = SUITE_LIMITS.get(name, SUITE_LIMIT)
    with open(f"/tmp/resto-suite-{name.split()[0]}.lock", "w") as lock, tempfile.TemporaryFile("w+") as out:
        fcntl.flock(lock, fcntl.LOCK_EX)
        with printing:
            print(f"..... {name}: started at {time.strftime('%H:%M:%S')} (limit {limit // 60} min)", flush=True)
        ticks = cpu_ticks()
        proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        try:
            rc = proc.wait(timeout=limit)
        except subprocess.TimeoutExpired:
            # A hung suite fails with what it printed, instead of holding CI silent until its own limit.
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            rc = TIMED_OUT
        out.seek(0)
        output = out.read()
    dt = time.monotonic() - t0
    (busy_then, all_then), (busy_now, all_now) = ticks, cpu_ticks()
    if all_now > all_then:
        # a suite that leaves the cores idle waits on something (a sleep, a timeout, a server)
        busy[name] = (busy_now - busy_then) / (all_now - all_then)
    with printing:
        print(header, flush=True)
        print(output, end="", flush=True)
        if rc == 5 and no_tests_is_failure:
            print(f"----- {name}: pytest collected no tests although the folder has test files", flush=True)
        if rc == TIMED_OUT:
            print(f"----- {name}: stopped after its limit of {limit}s: the output above is where it hung", flush=True)
        print(f"----- {name}: {'passed' if rc == 0 else f'FAILED (exit {rc})'} in {dt:.0f}s", flush=True)
        results.append((name, "passed" if rc == 0 else "failed", dt))
        if rc != 0:
            failures[name] = failing_lines(output)


def failing_lines(output: str, most: int = 25) -> list[str]:
    """The lines that name the failures, once each: CI's log may keep only the end of a long run."""
    seen: dict[str, None] = {}
    for line in output.splitlines():
        if FAILURE_LINE.search(line):
            seen.setdefault(line.rstrip()[:200], None)
    return list(seen)[:most]


def skipped(name: str, why: str) -> None:
    print(f"\n===== {name}: skipped ({why})", flush=True)
    results.append((name, "skipped", 0.0))


def unit(extra: list[str], workers: int = 2) -> None:
    base = env_with()
    runs: list[tuple] = [("ruff (python lint)", [RUFF, "check", "."], REPO, base, False)]
    for name, pkg in (("kit", REPO / "services" / "kit"), ("proto", REPO / "proto")):
        if has_tests(pkg / "tests"):
            runs.append((name, [PYTEST, "-q", *extra, "tests"], pkg, base))
        else:
            skipped(name, f"no tests in {(pkg / 'tests').relative_to(REPO)}")
    for name in SERVICES:
        d = REPO / "services" / name
        if has_tests(d / "tests"):
            # The service's own conftest decides; DATABASE_URL points at test_<name> as a safety net.
            runs.append((name, [PYTEST, "-q", *extra], d, env_with(config.test_env(name))))
        else:
            skipped(name, f"no tests in services/{name}/tests")
    if has_tests(REPO / "deploy" / "tests"):
        runs.append(("deploy", [PYTEST, "-q", *extra, "deploy/tests"], REPO, base))
    with ThreadPoolExecutor(max_workers=workers) as pool:
        for done in [pool.submit(suite, *run) for run in runs]:
            done.result()


def python_packages() -> list[tuple[str, Path]]:
    """(name, folder) of every Python package with tests, each run from its own folder."""
    return [("kit", REPO / "services" / "kit"), ("proto", REPO / "proto"),
            *((name, REPO / "services" / name) for name in SERVICES)]


# proto's tests are all of them pure: the contracts and their exported schemas
UNIT_LAYER = {"proto": "tests"}
# Only the plugins a unit layer uses: loading every installed one (schemathesis, hypothesis) took
# each package's run 4 of its 9 seconds.
UNIT_PLUGINS = ("-p", "no:cacheprovider", "-p", "asyncio", "-p", "timeout")


def fast(extra: list[str], workers: int = 2) -> None:
    """The unit layers, the linters and the type check: no server, no stack."""
    env = env_with({"CI": "1"})
    # the two longest first, each on a core of its own; the unit layers share what is left
    runs: list[tuple] = [("web types (tsc)", ["npm", "run", "typecheck"], REPO / "web", env, False),
                         (WEB_CHECKS["lint"], ["npm", "run", "lint"], REPO / "web", env, False),
                         ("ruff (python lint)", [RUFF, "check", "."], REPO, env_with())]
    for name, folder in python_packages():
        layer = folder / UNIT_LAYER.get(name, "tests/unit")
        if has_tests(layer):
            runs.append((f"unit-{name}", [PYTEST, "-q", *UNIT_PLUGINS, *extra, str(layer.relative_to(folder))],
                         folder, env_with({"PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"})))
        else:
            skipped(f"unit-{name}", f"no tests in {layer.relative_to(REPO)}")
    with ThreadPoolExecutor(max_workers=workers) as pool:
        for done in [pool.submit(suite, *run) for run in runs]:
            done.result()


def stack_up() -> bool:
    done = subprocess.run(["make", "--no-print-directory", "up"], cwd=REPO, env=env_with(),
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    with printing:
        print("\n===== make up (the gateway and web suites run against the running stack)", flush=True)
        print(done.stdout, end="", flush=True)
        if done.returncode != 0:
            results.append(("make up", "failed", 0.0))
    return done.returncode == 0


def gateway_answers() -> bool:
    import socket

    with socket.socket() as sock:
        sock.settimeout(1)
        return sock.connect_ex(("127.0.0.1", config.GATEWAY_PORT)) == 0


def gateway(extra: list[str]) -> None:
    suite("gateway", [PYTEST, "-q", *extra, "gateway/tests"], REPO,
          env_with({"GATEWAY_PORT": str(config.GATEWAY_PORT)}))


def security() -> None:
    suite("security", [config.PY, str(REPO / "deploy" / "security" / "run.py"), "--short"], REPO,
          env_with({"GATEWAY_PORT": str(config.GATEWAY_PORT)}))


def chaos() -> None:
    suite("chaos", [config.PY, str(REPO / "deploy" / "chaos" / "run.py"), "--short"], REPO,
          env_with({"GATEWAY_PORT": str(config.GATEWAY_PORT)}))


WEB_CHECKS = {"lint": "web lint (eslint)", "test": "web unit (vitest)", "e2e": "web e2e (playwright)"}


def web(scripts_to_run: tuple[str, ...]) -> None:
    pkg = REPO / "web" / "package.json"
    if not pkg.exists():
        skipped("web", "web/package.json does not exist yet")
        return
    scripts = json.loads(pkg.read_text()).get("scripts", {})
    env = env_with({
        "CI": "1",
        "BASE_URL": f"http://127.0.0.1:{config.GATEWAY_PORT}",
        "GATEWAY_PORT": str(config.GATEWAY_PORT),
        "CHROMIUM_PATH": "/usr/bin/chromium",
        "PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD": "1",
    })
    # lint has no tests to count: exit 0 is a pass, any other code (errors, a warning, a bad config) a failure
    for script in scripts_to_run:
        if script in scripts:
            suite(WEB_CHECKS[script], ["npm", "run", script], REPO / "web", env, no_tests_is_failure=False)
        else:
            skipped(WEB_CHECKS[script], f"no '{script}' script in web/package.json")


def loop_seconds() -> float:
    """The machine's speed as deploy/local/test-times.md compares machines: a 10-million-step loop."""
    t = time.perf_counter()
    [0 for _ in range(10_000_000)]
    return time.perf_counter() - t


STARTED = time.monotonic()


def main() -> int:
    print(f"..... the machine: {os.cpu_count()} cores, a 10-million-step Python loop in {loop_seconds():.2f} s", flush=True)
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", choices=["unit", "fast", "gateway", "web", "security", "chaos"])
    ap.add_argument("pytest_args", nargs="*")
    args = ap.parse_args()
    stack: dict[str, bool] = {}

    def stack_lane() -> None:
        stack["up"] = stack_up()
        # The gateway's suite beside the unit suites: nothing else uses the stack yet, and alone
        # it left the cores 43 % idle (its tests wait on the services' answers and restarts).
        # Even when `make up` failed (say, the web build), test the routing if the gateway answers.
        if args.only in (None, "gateway") and (stack["up"] or gateway_answers()):
            gateway(args.pytest_args)
        # lint and Vitest need no stack, but `make up` installed the npm packages they use.
        if args.only in (None, "web") and stack["up"]:
            web(("lint", "test"))

    if args.only == "fast":
        fast(args.pytest_args)
        return summary()
    lanes = []
    if args.only in (None, "gateway", "web", "security", "chaos"):
        lanes.append(threading.Thread(target=stack_lane, name="stack"))
    for lane in lanes:
        lane.start()
    if args.only in (None, "unit"):
        unit(args.pytest_args)
    for lane in lanes:
        lane.join()
    if args.only in (None, "gateway", "web", "security", "chaos"):
        if args.only in (None, "web") and stack["up"]:
            web(("e2e",))
        if args.only in (None, "security") and stack["up"]:
            security()
        if args.only in (None, "chaos") and stack["up"]:
            chaos()  # last: it kills processes and restarts the broker and Redis under the stack's lock
    return summary()


def summary() -> int:
    passed = sum(1 for _, s, _ in results if s == "passed")
    failed = sum(1 for _, s, _ in results if s == "failed")
    nskip = sum(1 for _, s, _ in results if s == "skipped")
    print("\n===== summary", flush=True)
    for name, state, dt in results:
        cores = f", cores {busy[name]:.0%} busy" if name in busy else ""
        print(f"  {state:<8} {name}{f'  ({dt:.1f}s{cores})' if dt else ''}")
    for name, lines in failures.items():
        print(f"\n  what failed in {name}:")
        for line in lines or ["(no line names a test: read the suite's output above)"]:
            print(f"    {line.strip()}")
    minutes, seconds = divmod(round(time.monotonic() - STARTED), 60)
    print(f"  in all: {minutes} min {seconds} s")
    print(f"{passed} passed, {failed} failed" + (f" ({nskip} skipped)" if nskip else ""), flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
