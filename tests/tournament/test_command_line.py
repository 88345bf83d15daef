"""Bad command lines for ``risk tournament`` and ``risk tune``: one line, non-zero exit."""

from __future__ import annotations

from pathlib import Path

import pytest

from risk.cli import main
from tests.support import DATA

TINY = str(DATA / "tiny.json")


@pytest.mark.parametrize("argv, code, message", [
    (["tournament", "--bots", "angry,random", "--games", "0"], 2, "--games: 0 must be at least 1"),
    (["tournament", "--bots", "angry,random", "--jobs", "two"], 2, "--jobs: 'two' is not a whole number"),
    (["tournament", "--bots", "angry,random", "--move-timeout", "-1"], 2, "--move-timeout: -1 must be greater than 0"),
    (["tournament", "--bots", "angry,random", "--backend", "mpi"], 2, "--backend: invalid choice"),
    (["tournament", "--bots", "angry,random", "--seed", "x"], 2, "seed 'x' is not a whole number"),
    (["tournament", "--bots", "angry"], 1, "--bots needs 2 to 6 bots, not 1"),
    (["tournament", "--bots", "angry,nobody"], 1, "unknown bot 'nobody'; the bots are: angry"),
    (["tournament", "--bots", "angry,random:depth=3"], 1, "unknown parameter 'depth'"),
    (["tournament"], 1, "give the bots to play"),
    (["tournament", "--bots", "angry,random", "--sprt", "p0=0.3,p1=0.2"], 1, "p0=0.3 must be below p1=0.2"),
    (["tournament", "--bots", "angry,random", "--sprt", "0.3"], 1, "--sprt takes p0=P,p1=P"),
    (["tournament", "--bots", "angry,random", "--rules", "fortify=teleport"], 1, "rule fortify='teleport'"),
    (["tournament", "--bots", "angry,random", "--map", "no/such/map.json"], 1, "no/such/map.json"),
    (["tournament", "--bots", "angry,random", "--resume"], 1, "--resume needs the --out file"),
    (["tournament", "--report", "no/such/results.jsonl"], 1, "no/such/results.jsonl"),
    (["tournament", "--report", TINY, "--bots", "angry,random"], 1, "--report reads a finished file"),
    (["tune", "angry", "--param", "x", "--opponents", "random", "--values", "1:3:1"], 1,
     "bot 'angry' has no numeric parameters to tune"),
    (["tune", "tests.support.bots:MixBot", "--param", "spin", "--opponents", "random", "--values", "1:3:1"], 1,
     "has no numeric parameter 'spin'; its numeric parameters are: share (default 0.5), depth (default 3)"),
    (["tune", "nobody", "--param", "x", "--opponents", "random", "--values", "1:3:1"], 1,
     "unknown bot 'nobody'; the bots are: angry"),
    (["tune", "tests.support.bots:MixBot", "--param", "share", "--opponents", "random"], 1,
     "a sweep needs --values"),
    (["tune", "tests.support.bots:MixBot", "--param", "share", "--opponents", "random", "--values", "0.5:0.1:0.1"], 1,
     "the stop 0.1 must be above the start 0.5"),
    (["tune", "tests.support.bots:MixBot", "--param", "share", "--opponents", "random", "--values", "0.1,0.2"], 1,
     "fitting a curve needs at least 3"),
    (["tune", "tests.support.bots:MixBot", "--param", "depth", "--opponents", "random", "--values", "1:3:0.5"], 1,
     "'0.5' must be a whole number"),
    (["tune", "tests.support.bots:MixBot", "--param", "share", "--opponents", "random,random,random,random,random,random",
      "--values", "0:1:0.5"], 1, "--opponents needs 1 to 5 bots"),
    (["tune", "tests.support.bots:MixBot", "--param", "share", "--param", "depth", "--opponents", "random",
      "--values", "0:1:0.5"], 1, "a sweep tunes one --param"),
    (["tune", "tests.support.bots:MixBot", "--method", "spsa", "--param", "share=1:0", "--opponents", "random"], 1,
     "the range 1.0:0.0 is empty"),
    (["tune", "tests.support.bots:MixBot", "--param", "share", "--opponents", "random", "--values", "0:1:0.5",
      "--confirm-gain", "2"], 2, "--confirm-gain: 2 must be below 1"),
    (["tune", "tests.support.bots:MixBot", "--opponents", "random"], 2, "the following arguments are required: --param"),
])
def test_a_bad_value_gives_one_error_line(argv, code, message, capsys):
    assert main(argv) == code
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, lines
    assert "error:" in lines[0] and message in lines[0], lines[0]
    assert captured.out == ""
