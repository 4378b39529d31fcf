"""The public-menu benchmark's judgement: medians over rounds of back-to-back pairs."""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
import public_menu as bench  # noqa: E402  deploy/bench/public_menu.py


def run(target: str, round_: int, rps: float, p95: float, kind: str = "200 full menu") -> bench.Run:
    return bench.Run(target, kind, round=round_, seconds=1.0, requests=int(rps), p50=p95 / 2, p95=p95, p99=p95 * 2)


def test_the_ratio_is_taken_within_each_round_then_the_median():
    # The machine slows down by half in round 2: a ratio across rounds would say 0.4x or 1.6x;
    # within rounds it is 0.8x every time.
    runs = [
        run("direct", 1, 4000, 20), run("gateway", 1, 3200, 30),
        run("direct", 2, 2000, 40), run("gateway", 2, 1600, 60),
        run("direct", 3, 4000, 20), run("gateway", 3, 3200, 35),
    ]
    (line,) = bench.verdict(runs)
    assert "**0.80x** median of 3 (min/max 0.80/0.80);" in line
    assert "gateway p95 **35.0 ms** median (range 30.0-60.0; target <= 50 ms: met)" in line


def test_targets_missed_are_said_so_per_answer_kind():
    runs = [
        run("direct", 1, 4000, 20), run("gateway", 1, 2000, 70),
        run("direct", 1, 4000, 20, "304 revalidation"), run("gateway", 1, 3600, 30, "304 revalidation"),
    ]
    full, revalidation = bench.verdict(runs)
    assert full.startswith("- 200 full menu:") and "0.50x" in full and full.count("NOT met") == 1  # p95 70 ms: the ratio has no target
    assert revalidation.startswith("- 304 revalidation:") and "0.90x" in revalidation and "NOT met" not in revalidation


def test_a_round_missing_its_pair_is_left_out():
    runs = [run("direct", 1, 4000, 20), run("gateway", 1, 3000, 30), run("gateway", 2, 100, 900)]
    (line,) = bench.verdict(runs)
    assert "median of 1" in line and "0.75x" in line
