"""``benchmarks/bench_rl.py``'s loops still run in every mode it offers (they time the
environments; a mode that breaks is only noticed when someone measures)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")

from risk.rl import incremental, masks  # noqa: E402

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_rl.py"


def load_bench():
    spec = importlib.util.spec_from_file_location("bench_rl", BENCH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("mode", ["incremental", "rebuild_everything", "freeze_observations"])
def test_each_mode_plays_its_steps(mode, monkeypatch):
    # the modes replace the trackers' methods: put them back afterwards
    monkeypatch.setattr(incremental.ObservationTracker, "_fill", incremental.ObservationTracker._fill)
    monkeypatch.setattr(masks.MaskTracker, "update", masks.MaskTracker.update)
    bench = load_bench()
    if mode != "incremental":
        getattr(bench, mode)()
    assert all(rate > 0 for rate in bench.interleaved(300, 1, 20, chunk=100))
    rate, driven = bench.gymnasium_loop(100, 1, 20)
    assert rate > 0 and driven >= rate
