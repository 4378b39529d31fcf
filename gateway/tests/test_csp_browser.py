"""Against the RUNNING stack: the app's screens in Chromium under the gateway's Content-Security-Policy.

tests/csp_probe.cjs opens the public screens, a same-origin websocket, the login dialog, then
every owner screen (demo login, or a newly registered owner where demo login is off), and reports
each `securitypolicyviolation`. Any violation fails: none is exempt (zod's `new Function` probe
is switched off in web/src/lib/zod.ts with `jitless`).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
PROBE = Path(__file__).with_name("csp_probe.cjs")
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")


@pytest.fixture(scope="module")
def screens(base_url) -> list[dict]:
    node = shutil.which("node", path=str(REPO / ".venv" / "bin")) or shutil.which("node")
    if not node or not Path(CHROMIUM).exists() or not (REPO / "web" / "node_modules" / "playwright").exists():
        pytest.skip("needs node, web/node_modules/playwright and Chromium (make test installs them)")
    run = subprocess.run([node, str(PROBE), base_url], capture_output=True, text=True, timeout=240)
    lines = [json.loads(line) for line in run.stdout.splitlines() if line.startswith("{")]
    assert lines, run.stdout + run.stderr
    return lines


def test_every_screen_was_visited(screens):
    errors = [s for s in screens if s["screen"] == "error"]
    assert not errors, errors
    assert {s["screen"] for s in screens} >= {"public", "websocket", "dialog-login", "owner"}


def test_no_screen_violates_the_content_security_policy(screens):
    violations = {s["path"]: s["violations"] for s in screens}
    assert not {path: v for path, v in violations.items() if v}
