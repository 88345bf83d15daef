"""No file can give a traceback: every broken file is refused with one line naming it.

The corpus comes from ``tests/support/broken_files.py`` (hundreds of cases of every kind). Every case is
fed to the loaders in-process, where anything but success or a :class:`RiskError` fails; a
sample of them goes to the real commands in subprocesses, which must exit non-zero with exactly
one line on stderr naming the file, no traceback and no output file left behind. Hypothesis
adds random bytes, truncations and type swaps of valid maps, records and results lines.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.broken_files import (BrokenFile, _domination_seed, _jsonl, _map_seed, _record_lines,
                          _results_lines, _save_lines, corpus)
from risk.errors import RiskError
from tests.support import ROOT

CORPUS = corpus()


def feed(kind: str, path: Path) -> None:
    """Read ``path`` as the program reads a file of ``kind``, with everything the commands that
    read it do next (replaying a record, resuming a save, summarising results)."""
    if kind == "map":
        from risk.board import load_map, map_summary

        map_summary(load_map(path))
    elif kind in ("domination", "cards"):
        from risk.board import board_from_dict
        from risk.domination import read_domination

        data, _ = read_domination(path)
        board_from_dict(data, path=str(path))
        json.dumps(data)
    elif kind == "record":
        from risk.record import GameRecord

        GameRecord.load(path).replay(str(path))
    elif kind == "save":
        from risk.gui.session import check_save, load_session

        check_save(path)
        load_session(path)
    elif kind == "results":
        from risk.tournament.ratings import rate_games
        from risk.tournament.results import ResultsFile
        from risk.tournament.summary import summarize

        results, _ = ResultsFile.read(path)
        summarize(results.in_order())
        rate_games(results.in_order())
        ResultsFile.open(path, resume=True).close()
    else:  # pragma: no cover - a kind added to the corpus but not here
        raise AssertionError(kind)


def test_the_corpus_is_large_and_covers_every_kind():
    kinds = {case.kind for case in CORPUS}
    assert len(CORPUS) >= 300
    assert kinds == {"map", "domination", "cards", "record", "save", "results"}
    assert len({(case.kind, case.name) for case in CORPUS}) == len(CORPUS)
    assert corpus() == CORPUS  # deterministic


def test_the_seeds_load(tmp_path):
    """The corpus breaks valid files: each seed itself loads (else every case is refused for
    the seed's own fault, and proves nothing)."""
    seeds = {"map": json.dumps(_map_seed()).encode(), "domination": _domination_seed(),
             "record": _jsonl(_record_lines()), "save": _jsonl(_save_lines()),
             "results": _jsonl(_results_lines())}
    for kind, content in seeds.items():
        path = tmp_path / f"seed-{kind}"
        path.write_bytes(content)
        if kind == "domination":
            (tmp_path / "tiny.cards").write_bytes((ROOT / "tests" / "data" / "tiny.cards").read_bytes())
        feed(kind, path)


def test_every_broken_file_is_refused_in_one_line(tmp_path):
    failures = []
    for index, case in enumerate(CORPUS):
        folder = tmp_path / f"c{index}"
        folder.mkdir()
        path = case.write(folder, index)
        try:
            feed(case.kind, path)
        except RiskError as exc:
            message = str(exc)
            if "\n" in message or str(path) not in message:
                failures.append(f"{case.kind} {case.name}: not one line naming the file: {message[:200]!r}")
        except BaseException as exc:  # noqa: BLE001 - the point is to see everything else
            failures.append(f"{case.kind} {case.name}: {type(exc).__name__}: {str(exc)[:120]}")
    assert not failures, f"{len(failures)} of {len(CORPUS)} cases:\n" + "\n".join(failures)


# -- the commands, in subprocesses ----------------------------------------------------------------

def _commands(kind: str, path: Path, out: Path) -> list[list[str]]:
    if kind == "map":
        return [["map", "validate", str(path)], ["map", "info", str(path)]]
    if kind in ("domination", "cards"):
        return [["map", "validate", str(path)], ["map", "import", str(path), "-o", str(out)]]
    if kind == "record":
        return [["replay", str(path)]]
    if kind == "save":
        return [["play", "--load", str(path), "--quit-after-turns", "1", "--speed", "max"],
                ["replay", str(path)]]
    return [["tournament", "--report", str(path)],
            ["tournament", "--resume", "--out", str(path), "--bots", "angry,angry", "--max-turns", "2",
             "--games", "2", "--seed", "1", "--jobs", "1"],
            ["tune", "threshold", "--param", "attack_threshold", "--opponents", "angry", "--values",
             "0.4,0.5,0.6", "--games-per-value", "2", "--seed", "1", "--max-turns", "2", "--jobs", "1",
             "--out", str(path), "--resume"]]


def _sample() -> list[BrokenFile]:
    rng = random.Random(5)
    by_kind: dict[str, list[BrokenFile]] = {}
    for case in CORPUS:
        by_kind.setdefault(case.kind, []).append(case)
    picked = []
    for kind, cases in sorted(by_kind.items()):
        named = [c for c in cases if c.name in ("folder", "empty", "deep nesting", "utf-16")]
        picked.extend(named[:2] + rng.sample(cases, min(len(cases), 15)))
    return picked


def _env(data: Path) -> dict[str, str]:
    return dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT),
                MARKOV_RISK_DATA=str(data), PYGAME_HIDE_SUPPORT_PROMPT="1")


def _run_all(jobs: list[tuple[str, list[str]]], data: Path) -> list[tuple[str, list[str], subprocess.CompletedProcess]]:
    # One interpreter runs every command in turn (imports once): each is a fresh `risk.cli.main`
    # whose stderr and exit status are captured separately; a real subprocess checks the same
    # for a few of them below.
    script = (
        "import contextlib, io, json, sys, traceback\n"
        "from risk.cli import main\n"
        "out = []\n"
        "for argv in json.load(sys.stdin):\n"
        "    err = io.StringIO()\n"
        "    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):\n"
        "        try:\n"
        "            code = main(argv)\n"
        "        except BaseException:\n"
        "            code = 99; err.write(traceback.format_exc())\n"
        "    out.append([code, err.getvalue()])\n"
        "print(json.dumps(out))\n")
    done = subprocess.run([sys.executable, "-c", script], input=json.dumps([argv for _, argv in jobs]),
                          capture_output=True, text=True, env=_env(data), timeout=300, cwd=data)
    assert done.returncode == 0, done.stderr[-3000:]
    answers = json.loads(done.stdout.strip().splitlines()[-1])
    return [(name, argv, subprocess.CompletedProcess(argv, code, "", err))
            for (name, argv), (code, err) in zip(jobs, answers)]


def _check(name: str, argv: list[str], path: Path, out: Path, done) -> list[str]:
    problems = []
    err = done.stderr
    if done.returncode == 0:
        return []  # a mutation that left the file valid (a description swapped, say)
    if "Traceback" in err:
        problems.append(f"{name}: {' '.join(argv[:2])}: traceback:\n{err[-1500:]}")
    elif err.count("\n") != 1 or str(path) not in err:
        problems.append(f"{name}: {' '.join(argv[:2])}: not one line naming the file: {err[:300]!r}")
    if out.exists() or list(out.parent.glob(f".{out.name}.*")):
        problems.append(f"{name}: {' '.join(argv[:2])}: left an output file")
    return problems


def test_commands_refuse_broken_files_in_one_line(tmp_path):
    """Each command gets its own copy of the case: a refused file is left exactly as it was (a
    resume never cuts a file it refuses), and no output file appears."""
    jobs, where = [], []
    for index, case in enumerate(_sample()):
        for number, argv in enumerate(_commands(case.kind, Path("F"), Path("O"))):
            folder = tmp_path / f"c{index}-{number}"
            folder.mkdir()
            path = case.write(folder, index)
            out = folder / "out.json"
            argv = [str(path) if word == "F" else str(out) if word == "O" else word for word in argv]
            jobs.append((f"{case.kind} {case.name}", argv))
            where.append((path, out, case.content))
    problems = []
    for (name, argv, done), (path, out, content) in zip(_run_all(jobs, tmp_path), where):
        problems.extend(_check(name, argv, path, out, done))
        if done.returncode != 0 and content is not None and path.read_bytes() != content:
            problems.append(f"{name}: {' '.join(argv[:2])}: changed the file it refused")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("kind, name", [("map", "deep nesting"), ("save", "folder"),
                                        ("save", "a player's bot an import path"),
                                        ("results", "a game number of 5000 digits"),
                                        ("domination", "a country 10^400 in the borders")])
def test_a_real_subprocess_refuses_in_one_line(tmp_path, kind, name):
    case = next(c for c in CORPUS if (c.kind, c.name) == (kind, name))
    path = case.write(tmp_path, 0)
    out = tmp_path / "out.json"
    for argv in _commands(kind, path, out)[:1]:
        done = subprocess.run([sys.executable, "-m", "risk", *argv], capture_output=True, text=True,
                              env=_env(tmp_path), timeout=120, cwd=tmp_path)
        assert done.returncode != 0
        assert _check(name, argv, path, out, done) == []
    assert not (tmp_path / "pwned").exists()


# -- hypothesis: random bytes, truncations and type swaps of valid files ---------------------------

FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                       HealthCheck.too_slow])
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=10)


def _refused_or_loaded(kind: str, path: Path) -> None:
    try:
        feed(kind, path)
    except RiskError as exc:
        assert "\n" not in str(exc) and str(path) in str(exc)


def _encoded(kind: str, value) -> bytes:
    if kind == "map":
        return json.dumps(value, indent=1).encode()
    return ("\n".join(json.dumps(line) for line in value) + "\n").encode()


SEEDS = {"map": _map_seed(), "record": _record_lines(4), "save": _save_lines(),
         "results": _results_lines()}


def _paths(value, prefix=()):
    if isinstance(value, dict):
        for key, item in value.items():
            yield prefix + (key,)
            yield from _paths(item, prefix + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield prefix + (index,)
            yield from _paths(item, prefix + (index,))


PATHS = {kind: list(_paths(value)) for kind, value in SEEDS.items()}


@FAST
@given(kind=st.sampled_from(sorted(SEEDS)), data=st.binary(max_size=400))
def test_random_bytes_are_refused(tmp_path_factory, kind, data):
    path = tmp_path_factory.mktemp("bytes") / "file"
    path.write_bytes(data)
    _refused_or_loaded(kind, path)


@FAST
@given(kind=st.sampled_from(sorted(SEEDS)), cut=st.floats(0, 1))
def test_truncations_are_refused(tmp_path_factory, kind, cut):
    valid = _encoded(kind, SEEDS[kind])
    path = tmp_path_factory.mktemp("cut") / "file"
    path.write_bytes(valid[: int(len(valid) * cut)])
    _refused_or_loaded(kind, path)


@FAST
@given(kind=st.sampled_from(sorted(SEEDS)), index=st.integers(0, 10 ** 6), value=JSON_VALUES)
def test_type_swaps_are_refused(tmp_path_factory, kind, index, value):
    paths = PATHS[kind]
    where = paths[index % len(paths)]
    data = json.loads(json.dumps(SEEDS[kind]))
    holder = data
    for step in where[:-1]:
        holder = holder[step]
    holder[where[-1]] = value
    path = tmp_path_factory.mktemp("swap") / "file"
    try:
        path.write_bytes(_encoded(kind, data))
    except ValueError:  # a float json.dumps writes as NaN: the loader must refuse that too
        return
    _refused_or_loaded(kind, path)


def test_play_load_refuses_every_broken_save_before_the_window_opens(tmp_path):
    """``risk play --load`` checks the save while building its configuration, before pygame
    opens a window: every save the loaders refuse is refused there too."""
    from risk.cli import build_parser
    from risk.commands.play import build_config

    parser = build_parser(built={"play"})
    for index, case in enumerate(c for c in CORPUS if c.kind == "save"):
        folder = tmp_path / f"c{index}"
        folder.mkdir()
        path = case.write(folder, index)
        try:
            feed("save", path)
        except RiskError:
            with pytest.raises(RiskError):
                build_config(parser.parse_args(["play", "--load", str(path)]))


@FAST
@given(data=st.binary(max_size=300), cut=st.floats(0, 1), at=st.floats(0, 1))
def test_domination_bytes_and_truncations_are_refused(tmp_path_factory, data, cut, at):
    valid = _domination_seed()
    folder = tmp_path_factory.mktemp("dom")
    (folder / "tiny.cards").write_bytes((ROOT / "tests" / "data" / "tiny.cards").read_bytes())
    for number, content in enumerate((data, valid[: int(len(valid) * cut)],
                                      valid[: int(len(valid) * at)] + data + valid[int(len(valid) * at):])):
        path = folder / f"case{number}.map"
        path.write_bytes(content)
        _refused_or_loaded("domination", path)


def _nested(depth: int):
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize("value", [10 ** 5000, -(10 ** 400), float("inf"), float("nan"), 1e300, True,
                                   _nested(50_000), {"a": 1}, "x" * 1_000_000, None],
                         ids=["10^5000", "-10^400", "inf", "nan", "1e300", "true", "nested", "object",
                              "long string", "null"])
@pytest.mark.parametrize("where", [("continents", 0, "bonus"), ("territories", 0, "pos", 0),
                                   ("territories", 0, "continent"), ("territories", 1, "shape"),
                                   ("sea_routes",), ("size",), ("borders", 0)])
def test_a_map_handed_over_as_values_is_checked_too(value, where):
    """``board_from_dict`` also takes maps that never went through the JSON reader (a record's
    header, an import): the schema refuses any value there with MapError."""
    from risk.board import board_from_dict
    from risk.errors import MapError

    data = _map_seed()
    holder = data
    for step in where[:-1]:
        holder = holder[step]
    holder[where[-1]] = value
    try:
        board_from_dict(data)
    except MapError as exc:
        assert "\n" not in str(exc) and len(str(exc)) < 300
