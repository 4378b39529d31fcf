#!/usr/bin/env python3
"""`make security`: the attack suite against the running stack, then the table of what was tried
and what got through. Exit status 0 only when every test passed and nothing got through.

    python deploy/security/run.py [--short] [-- extra pytest arguments]

--short is the form `make test` runs (fewer generated requests, fewer sockets). The table is also
kept as .run/security/table.txt, the raw rows as .run/security/ledger.json.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path
from xml.etree import ElementTree

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(HERE))

from ledger import ledger_path, load, table  # noqa: E402


def failed_tests(junit: Path) -> list[str]:
    """Every test that failed or errored, as `file::name`, from pytest's JUnit report."""
    if not junit.exists():
        return []
    found = []
    for case in ElementTree.parse(junit).iter("testcase"):
        if case.find("failure") is not None or case.find("error") is not None:
            found.append(f"{case.get('classname', '').rsplit('.', 1)[-1]}::{case.get('name')}")
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--short", action="store_true", help="the short form (make test)")
    parser.add_argument("pytest_args", nargs="*")
    args = parser.parse_args()
    path = ledger_path()
    path.unlink(missing_ok=True)
    env = {**os.environ, "SECURITY_MODE": "short" if args.short else "full", "SECURITY_LEDGER": str(path)}
    started = time.monotonic()
    junit = path.parent / "junit.xml"
    pytest = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", f"--junitxml={junit}",
                             *args.pytest_args, str(HERE)], cwd=REPO, env=env)
    took = time.monotonic() - started
    rows = load(path)
    printed = table(rows)
    unfinished = failed_tests(junit)
    if unfinished:
        printed += "\n\ntests that failed or could not run (see pytest's output above):\n" + "\n".join(f"  {t}" for t in unfinished)
    through = sum(len(r.through) for r in rows)
    verdict = (f"{'short' if args.short else 'full'} run in {took:.0f} s: {sum(r.tried for r in rows)} attempts, "
               f"{through} got through; {len(unfinished)} tests failed; pytest exit {pytest.returncode}")
    print("\n===== attack suite: what was tried and what got through\n" + printed + "\n\n" + verdict, flush=True)
    (path.parent / "table.txt").write_text(printed + "\n\n" + verdict + "\n")
    return 0 if pytest.returncode == 0 and through == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
