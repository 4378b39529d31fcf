"""The phone benchmark's judgement: a load that records no largest contentful paint is a failed
load, never a 0 ms in the median (deploy/bench/diner_phone.py)."""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
import diner_phone as bench  # noqa: E402


def test_every_load_with_an_lcp_gives_min_median_max():
    summary, lcps = bench.lcp_summary([1800, 1900, 1850])
    assert lcps == [1800, 1900, 1850]
    assert "min/median/max 1800 / 1850 / 1900 ms" in summary


def test_a_load_without_an_lcp_is_left_out_of_the_median_and_counted_as_failed():
    summary, lcps = bench.lcp_summary([1800, None, 1900])
    assert lcps == [1800, 1900]
    assert "none" in summary and "1 failed load(s) without an LCP" in summary
    assert "/ 1850 /" in summary  # the median of what was recorded, not of 0, 1800, 1900


def test_a_run_that_records_nothing_is_a_failed_run():
    summary, lcps = bench.lcp_summary([None, None])
    assert lcps == [] and "failed run" in summary
