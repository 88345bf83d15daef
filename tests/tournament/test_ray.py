"""The Ray backend plays the same games as the process pool (on a local Ray instance).

Ray is in the ``test`` extra, so the README's test command installs it and this test runs.
"""

from __future__ import annotations

import signal
from pathlib import Path

import pytest

from risk.cli import main
from tests.support import DATA

TINY = str(DATA / "tiny.json")


def test_ray_backend_gives_the_process_pool_results_line_for_line(tmp_path, monkeypatch, capsys):
    monkeypatch.delenv("RAY_ADDRESS", raising=False)      # a local instance of 2 CPUs, not a cluster
    options = ["tournament", "--bots", "angry,random,random", "--games", "6", "--seed", "21",
               "--map", TINY, "--max-turns", "30", "--jobs", "2", "--move-timeout", "5"]
    pool, ray = tmp_path / "pool.jsonl", tmp_path / "ray.jsonl"

    def ours(signum, frame):
        raise AssertionError("not called")

    previous = signal.signal(signal.SIGTERM, ours)
    try:
        assert main([*options, "--out", str(pool)]) == 0
        assert signal.getsignal(signal.SIGTERM) is ours       # each run gives back the handler it found,
        assert main([*options, "--backend", "ray", "--out", str(ray)]) == 0
        assert signal.getsignal(signal.SIGTERM) is ours       # not the one a stopped Ray leaves behind
    finally:
        signal.signal(signal.SIGTERM, previous)
    pool_lines = pool.read_text().splitlines()
    assert len(pool_lines) == 6
    assert ray.read_text().splitlines() == pool_lines

    import ray as ray_module
    assert not ray_module.is_initialized()                 # the run stopped the Ray it started


def test_a_failed_ray_task_is_reported_by_its_exception_not_by_rays_wrapper():
    import concurrent.futures
    import traceback

    import ray.exceptions

    from risk.board import load_map
    from risk.errors import RiskError
    from risk.rules import Rules
    from risk.tournament.runner import Runner
    from risk.tournament.schedule import tournament_tasks
    from risk.tournament.worker import GameSetup

    try:
        raise ValueError("the bot's module is not installed on this node")
    except ValueError as cause:
        error = ray.exceptions.RayTaskError("play_game", traceback.format_exc(), cause, pid=7, ip="10.0.0.2")
    failed: concurrent.futures.Future = concurrent.futures.Future()
    failed.set_exception(error)
    runner = Runner(GameSetup(Rules(), load_map()), backend="ray")
    runner._ray = ray
    task = tournament_tasks(["angry", "angry"], groups=1, master_seed=1)[0]
    with pytest.raises(RiskError) as raised:
        runner._result(failed, task)
    assert str(raised.value) == ("Ray failed to play game 0: ValueError: the bot's module is not "
                                 "installed on this node")
