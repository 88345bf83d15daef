"""The starter kits of examples/bots/ (Java, C++, Rust, Go): each builds with its README's build
line into a temporary folder, passes ``risk bot check`` (one program kept across the games, as the
referee runs it by default), and plays move for move the games of the Python border bot, the
strategy every kit implements. A kit whose toolchain is missing is skipped, saying which tool."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pytest

from ai import make_agent
from risk.match import Match
from risk.protocol.external import ExternalAgent
from risk.rules import Rules
from tests.support import ROOT

BOTS = ROOT / "examples" / "bots"
PYTHON_BORDER = [sys.executable, str(BOTS / "border_bot.py")]


@dataclass(frozen=True)
class Kit:
    folder: str
    tools: tuple[str, ...]
    #: the build commands, given the output folder: run in the kit's folder
    build: Callable[[Path], list[list[str]]]
    #: the command that runs the built bot, given the output folder
    run: Callable[[Path], list[str]]


KITS = {
    "java": Kit("java", ("javac", "java"),
                lambda out: [["javac", "-d", str(out), "BorderBot.java"]],
                lambda out: ["java", "-cp", str(out), "BorderBot"]),
    "cpp": Kit("cpp", ("g++",),
               lambda out: [["g++", "-std=c++17", "-O2", "-Wall", "-Wextra", "-Werror", "-o", str(out / "border_bot"),
                             "border_bot.cpp"]],
               lambda out: [str(out / "border_bot")]),
    "rust": Kit("rust", ("cargo",),
                lambda out: [["cargo", "build", "--release", "--offline", "--quiet", "--target-dir", str(out)]],
                lambda out: [str(out / "release" / "border-bot")]),
    "go": Kit("go", ("go",),
              lambda out: [["go", "build", "-o", str(out / "border-bot"), "."]],
              lambda out: [str(out / "border-bot")]),
}


@pytest.fixture(scope="module", params=sorted(KITS))
def kit_command(request, tmp_path_factory) -> list[str]:
    """The command of a built kit (built once per test module, out of the tracked tree)."""
    name = request.param
    kit = KITS[name]
    missing = [tool for tool in kit.tools if shutil.which(tool) is None]
    if missing:
        pytest.skip(f"{', '.join(missing)} not installed: the {name} starter kit cannot be built here")
    out = tmp_path_factory.mktemp(f"kit-{name}")
    # Go and cargo keep caches under $HOME: a clean one per run, inside the test's folder.
    env = {**os.environ, "GOCACHE": str(out / "go-cache"), "GOPATH": str(out / "go-path"), "GOFLAGS": "-buildvcs=false"}
    for command in kit.build(out):
        done = subprocess.run(command, cwd=BOTS / kit.folder, env=env, capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, f"{' '.join(command)} failed:\n{done.stdout}\n{done.stderr}"
    return kit.run(out)


def test_a_kit_passes_the_check_across_games_in_one_program(kit_command, tmp_path):
    from risk.bot_check import check_bot

    report = check_bot(kit_command, games=3, seed=1, max_turns=40, transcripts=tmp_path)
    assert report.ok, report.text()
    log = (tmp_path / "bot.log").read_text()
    assert log.count("[referee] started") == 1 and log.count("[referee] next game") == 2, log
    assert [game.seat for game in report.games] == [0, 1, 2]


def play(command: list[str], seat: int, seed: int) -> list:
    agents = [make_agent("angry"), make_agent("random")]
    agents.insert(seat, ExternalAgent(command, spec="kit"))
    match = Match(agents, seed=seed, rules=Rules(max_turns=60))
    try:
        match.play()
    finally:
        agents[seat].close()
    return match.record.actions


@pytest.mark.parametrize("seat, seed", [(0, 31), (2, 32)])
def test_a_kit_plays_the_moves_of_the_python_border_bot(kit_command, seat, seed):
    """Every kit implements one strategy, with the same ties broken the same way: a difference
    is a bug in one of them (their JSON, their arithmetic, or their reading of an item)."""
    assert play(kit_command, seat, seed) == play(PYTHON_BORDER, seat, seed)


def test_the_border_strategy_beats_random_bots():
    """The kits' strategy is a sensible one: against two random bots it wins every game of a
    seat rotation (each kit plays the same moves, as the test above checks)."""
    winners = []
    for seat in range(3):
        agents = [make_agent("random"), make_agent("random")]
        agents.insert(seat, ExternalAgent(PYTHON_BORDER, spec="border"))
        result = Match(agents, seed=40 + seat, rules=Rules(max_turns=200)).play()
        winners.append(result.winner == seat)
    assert winners == [True, True, True]


def test_each_kit_has_a_readme_with_its_build_run_and_check_lines():
    for name, kit in KITS.items():
        readme = (BOTS / kit.folder / "README.md").read_text()
        for heading in ("Build", "Run", "Check"):
            assert f"## {heading}" in readme, (name, heading)
        assert "risk bot check" in readme
