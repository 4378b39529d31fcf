"""`make test` stops a suite that hangs and fails it with what it printed (CI once sat silent for its
whole 90 minutes on one suite)."""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "local"))
import run_tests  # noqa: E402


def test_a_hung_suite_is_stopped_at_its_limit_with_its_output_and_its_children(monkeypatch, capsys, tmp_path):
    monkeypatch.setitem(run_tests.SUITE_LIMITS, "hang-check", 2)
    monkeypatch.setattr(run_tests, "results", [])
    child = tmp_path / "child.pid"
    script = f"echo waiting for ever; sleep 300 & echo $! > {child}; wait"
    started = time.monotonic()
    run_tests.suite("hang-check", ["sh", "-c", script], run_tests.REPO, run_tests.env_with())
    assert time.monotonic() - started < 20
    assert run_tests.results[-1][:2] == ("hang-check", "failed")
    printed = capsys.readouterr().out
    assert "waiting for ever" in printed
    assert "stopped after its limit of 2s" in printed
    # SIGKILL takes effect when the child next runs: on a loaded machine that is a moment later
    pid, deadline = child.read_text().strip(), time.monotonic() + 10
    while still_running(pid, b"sleep\x00300\x00") and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not still_running(pid, b"sleep\x00300\x00")


def still_running(pid: str, command: bytes) -> bool:
    """The process `pid` still runs `command`: not gone, not a zombie, and not another process that
    got its number since (pids wrap at 32,768 here, and a busy `make test` starts thousands)."""
    proc = Path(f"/proc/{pid}")
    try:
        state = (proc / "stat").read_text().rsplit(")", 1)[1].split()[0]
        running = (proc / "cmdline").read_bytes()
    except OSError:
        return False
    return state != "Z" and running == command


def test_a_suite_within_its_limit_passes(monkeypatch, capsys):
    monkeypatch.setattr(run_tests, "results", [])
    run_tests.suite("quick-check", ["sh", "-c", "echo fine"], run_tests.REPO, run_tests.env_with())
    assert run_tests.results[-1][:2] == ("quick-check", "passed")
    assert "fine" in capsys.readouterr().out
