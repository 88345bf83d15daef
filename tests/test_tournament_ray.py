"""The Ray backend plays the same games as the process pool (on a local Ray instance).

Ray is in the ``test`` extra, so the README's test command installs it and this test runs.
"""

from __future__ import annotations

from pathlib import Path

from risk.cli import main

TINY = str(Path(__file__).parent / "data" / "tiny.json")


def test_ray_backend_gives_the_process_pool_results_line_for_line(tmp_path, monkeypatch, capsys):
    monkeypatch.delenv("RAY_ADDRESS", raising=False)      # a local instance of 2 CPUs, not a cluster
    options = ["tournament", "--bots", "angry,random,random", "--games", "6", "--seed", "21",
               "--map", TINY, "--max-turns", "30", "--jobs", "2", "--move-timeout", "5"]
    pool, ray = tmp_path / "pool.jsonl", tmp_path / "ray.jsonl"
    assert main([*options, "--out", str(pool)]) == 0
    assert main([*options, "--backend", "ray", "--out", str(ray)]) == 0
    pool_lines = pool.read_text().splitlines()
    assert len(pool_lines) == 6
    assert ray.read_text().splitlines() == pool_lines

    import ray as ray_module
    assert not ray_module.is_initialized()                 # the run stopped the Ray it started
