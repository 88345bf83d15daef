"""Paths of every kind, in and out: no input is read without bound or waited on for ever, and no
output replaces anything but a regular file.

Every reader of a file the program takes (a map, a Domination map and its cards, a record, a
save, a results file, a bot file, the window's settings) is handed a path of every kind: missing,
a folder, a FIFO nobody writes, an endless device (``/dev/zero``, ``/dev/urandom``), a symbolic
link to one, a socket, a file over its size bound, text in UTF-16 or Latin-1, JSON nested too
deep. Each must end within seconds in one :class:`RiskError`. Every writer (a record, a save, a
map, a results file, a plot, the settings, a bot's log) is handed a device, a FIFO, a socket, a
symbolic link and a folder: each must be refused in one line and left exactly as it was.
"""

from __future__ import annotations

import json
import os
import socket
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from risk.errors import RiskError
from tests.support import ROOT

DATA = ROOT / "tests" / "data"


# -- the kinds of path ---------------------------------------------------------------------------

def _fifo(folder: Path, name: str) -> Path:
    path = folder / name
    os.mkfifo(path)
    return path


def _socket(folder: Path, name: str) -> Path:
    path = folder / name
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(path))
    server.close()  # the socket file stays, with nobody behind it
    return path


def _device(folder: Path, name: str) -> Path:
    """A character device: a copy of /dev/null's node in ``folder`` where we may make one (root);
    else /dev/null itself, which a user who may not make devices cannot replace either."""
    path = folder / name
    try:
        os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    except PermissionError:
        return Path("/dev/null")
    return path


def _link(folder: Path, name: str, target: Path) -> Path:
    path = folder / name
    path.symlink_to(target)
    return path


def _nested(depth: int, suffix: str) -> bytes:
    if suffix == ".toml":
        return ("x = " + "[" * depth + "]" * depth + "\n").encode()
    return ("[" * depth + "]" * depth).encode()


#: Input kinds: each makes a path in a folder for a file named ``name`` (whose suffix says its kind).
INPUTS = {
    "missing": lambda d, name: d / name,
    "folder": lambda d, name: (d / name).mkdir() or d / name,
    "fifo": lambda d, name: _fifo(d, name),
    "dev-zero": lambda d, name: _link(d, name, Path("/dev/zero")),
    "dev-urandom": lambda d, name: _link(d, name, Path("/dev/urandom")),
    "socket": lambda d, name: _socket(d, name),
    "too-large": lambda d, name: _sparse(d / name, TOO_LARGE),
    "utf-16": lambda d, name: _write(d / name, '{"seats": ["human"]}'.encode("utf-16")),
    "latin-1": lambda d, name: _write(d / name, '{"name": "Caf\u00e9"}'.encode("latin-1")),
    "deep": lambda d, name: _write(d / name, _nested(100_000, Path(name).suffix)),
}


#: Larger than every reader's bound, once a results file's 1 GB is lowered for the test (reading
#: a gigabyte to prove it is too large would take seconds).
TOO_LARGE = (64 << 20) + 1


def _write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


def _sparse(path: Path, size: int) -> Path:
    with open(path, "wb") as handle:
        handle.truncate(size)  # no disk used: the reader must stop at its bound all the same
    return path


def _read_map(path):
    from risk.board import load_map
    load_map(path)


def _read_domination(path):
    from risk.domination import read_domination
    read_domination(path)


def _read_cards(path):
    """A Domination map whose cards file (beside it) is ``path``: a cards file is optional, so
    one that is not a regular file is left out with a warning naming it (or the map is refused);
    the lines of one that is are read leniently (Latin-1 too), those that are no card ignored."""
    from risk.domination import read_domination
    source = (DATA / "tiny.map").read_text().replace("tiny.cards", path.name)
    assert path.name in source
    beside = path.parent / "with-cards.map"
    beside.write_text(source)
    _, warnings = read_domination(beside)
    if path.is_file() and path.stat().st_size <= 1 << 20:
        raise RiskError("read")
    assert any(path.name in warning for warning in warnings), warnings
    raise RiskError("left out with a warning")


def _read_record(path):
    from risk.gui.replay import Replay
    Replay.open(path)


def _read_save(path):
    from risk.gui.session import check_save
    check_save(path)


def _read_results(path):
    from risk.commands.tournament import report
    report(path, None, True)  # what `risk tournament --report` does


def _resume_results(path):
    from risk.tournament.results import ResultsFile
    existed = path.exists()
    ResultsFile.open(path, resume=True).close()
    assert not existed  # resuming a run that wrote nothing yet starts its file
    raise RiskError("a new file")


def _read_bot_file(path):
    from risk.players import make_player
    make_player(str(path))


def _read_settings(path):
    from risk.gui.setup import GameSetup, load_settings
    # The window never stops for its settings: anything unreadable gives the defaults.
    assert load_settings(path) == GameSetup()
    raise RiskError("the defaults")


#: Readers, each with the file name it reads (the suffix chooses JSON or TOML for a bot file).
READERS = {
    "map": (_read_map, "map.json"),
    "domination": (_read_domination, "map.map"),
    "cards": (_read_cards, "map.cards"),
    "record": (_read_record, "game.jsonl"),
    "save": (_read_save, "save.jsonl"),
    "results": (_read_results, "results.jsonl"),
    "resume": (_resume_results, "results.jsonl"),
    "bot-json": (_read_bot_file, "bot.json"),
    "bot-toml": (_read_bot_file, "bot.toml"),
    "settings": (_read_settings, "settings.json"),
}


def _within(seconds: float, call, *args):
    """``call(*args)`` in a thread, which must finish within ``seconds``; its exception or None."""
    outcome: list = []

    def run():
        try:
            call(*args)
            outcome.append(None)
        except BaseException as exc:  # noqa: BLE001 - the test looks at whatever it was
            outcome.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    return thread.is_alive(), (outcome[0] if outcome else None)


@pytest.mark.parametrize("kind", sorted(INPUTS))
@pytest.mark.parametrize("reader", sorted(READERS))
def test_every_reader_refuses_every_kind_of_path_in_one_line(tmp_path, monkeypatch, reader, kind):
    import risk.tournament.results

    monkeypatch.setattr(risk.tournament.results, "MAX_RESULTS_BYTES", 32 << 20)
    read, name = READERS[reader]
    path = INPUTS[kind](tmp_path, name)
    stuck, error = _within(20, read, path)
    if stuck and kind == "fifo":
        with open(path, "wb"):  # let the stuck reader go before failing
            pass
    assert not stuck, f"{reader} waits for ever on a {kind}"
    assert isinstance(error, RiskError), f"{reader} on a {kind}: {error!r}"
    assert "\n" not in str(error) and "Traceback" not in str(error)


def test_a_pipe_is_named_as_one(tmp_path):
    from risk.board import load_map
    with pytest.raises(RiskError, match=r"is a pipe \(FIFO\), not a map file"):
        load_map(_fifo(tmp_path, "map.json"))
    with pytest.raises(RiskError, match="is a device, not a map file"):
        load_map(_link(tmp_path, "zero.json", Path("/dev/zero")))


VALIDATE = (["map", "validate", "{path}"], "map.json")
IMPORT = (["map", "import", "{path}", "-o", "{out}"], "map.map")
REPLAY = (["replay", "{path}"], "game.jsonl")
REPORT = (["tournament", "--report", "{path}"], "results.jsonl")
SIMULATE = (["simulate", "--bots", "{path},random", "--max-turns", "2"], "bot.json")


@pytest.mark.parametrize("args, name, kind", [  # every command and every kind, each kind twice
    (*VALIDATE, "fifo"), (*VALIDATE, "deep"), (*IMPORT, "dev-zero"), (*REPLAY, "utf-16"),
    (*REPLAY, "fifo"), (*REPORT, "dev-zero"), (*REPORT, "deep"), (*SIMULATE, "fifo"), (*SIMULATE, "utf-16"),
])
def test_commands_refuse_endless_and_foreign_inputs_in_one_line(tmp_path, args, name, kind):
    path = INPUTS[kind](tmp_path, name)
    out = tmp_path / "out.json"
    argv = [a.format(path=path, out=out) for a in args]
    run = subprocess.run([sys.executable, "-m", "risk", *argv], capture_output=True, text=True,
                         timeout=60, cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert run.returncode == 1, run.stderr
    assert run.stderr.count("\n") == 1 and run.stderr.startswith("risk: error:"), run.stderr
    assert str(path) in run.stderr and not out.exists()


# -- outputs ---------------------------------------------------------------------------------------

def _target(tmp_path: Path) -> Path:
    target = tmp_path / "precious.txt"
    target.write_text("keep me")
    return target


#: Output kinds: each makes the path ``name`` in a folder, that the program is told to write.
OUTPUTS = {
    "device": lambda d, name: _device(d, name),
    "fifo": lambda d, name: _fifo(d, name),
    "socket": lambda d, name: _socket(d, name),
    "symlink": lambda d, name: _link(d, name, _target(d)),
    "dangling-symlink": lambda d, name: _link(d, name, d / "nowhere"),
    "folder": lambda d, name: (d / name).mkdir() or d / name,
}


def _snapshot(path: Path):
    info = os.lstat(path)
    content = path.resolve().read_text() if path.is_symlink() and path.resolve().is_file() else None
    return stat.S_IFMT(info.st_mode), info.st_ino, info.st_rdev, content


def _write_record(path):
    from risk.match import Match
    from risk.players import make_player
    from risk.rules import Rules
    match = Match([make_player("random"), make_player("random")], seed=1, rules=Rules(max_turns=1))
    match.play()
    match.record.write(path)


def _write_save(path):
    from risk.match import Match
    from risk.players import make_player
    from risk.rules import Rules
    Match([make_player("random"), make_player("random")], seed=1, rules=Rules(max_turns=1)).save(path)


def _write_results(path):
    from risk.tournament.results import ResultsFile
    ResultsFile.open(path, resume=False).close()


def _finish_results(path):
    from risk.tournament.results import ResultsFile
    results = ResultsFile(path, {}, {})
    results.finish()


def _write_plot(path):
    from risk.battle.plots import save_odds_figure
    save_odds_figure(path, max_armies=3)


def _write_settings(path):
    from risk.errors import FileError
    from risk.gui.setup import GameSetup, save_settings
    before = _snapshot(path)
    save_settings(GameSetup(), path)  # the window never stops for it: it writes nothing instead
    assert _snapshot(path) == before
    raise FileError("not written", str(path))


def _write_log(path):
    from risk.protocol.channel import BotProcess
    BotProcess([sys.executable, "-c", "pass"], log_path=path).kill()


def _write_map(path):
    from risk.files import write_atomically
    write_atomically(path, "{}")


WRITERS = {
    "record": _write_record, "save": _write_save, "results": _write_results,
    "results-finish": _finish_results, "plot": _write_plot, "settings": _write_settings,
    "bot-log": _write_log, "file": _write_map,
}


@pytest.mark.parametrize("kind", sorted(OUTPUTS))
@pytest.mark.parametrize("writer", sorted(WRITERS))
def test_every_writer_refuses_anything_but_a_regular_file(tmp_path, writer, kind):
    path = OUTPUTS[kind](tmp_path, "out.png" if writer == "plot" else "out")
    before = _snapshot(path)
    stuck, error = _within(20, WRITERS[writer], path)
    assert not stuck, f"{writer} waits for ever on a {kind}"
    assert isinstance(error, RiskError), f"{writer} to a {kind}: {error!r}"
    assert "\n" not in str(error) and str(path) in str(error)
    assert _snapshot(path) == before, f"{writer} replaced the {kind}"
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


@pytest.mark.parametrize("args, kind", [
    (["map", "import", str(DATA / "tiny.map"), "-o", "{path}"], "device"),
    (["map", "import", str(DATA / "tiny.map"), "-o", "{path}"], "symlink"),
    (["simulate", "--bots", "random,random", "--max-turns", "2", "--seed", "1", "--record", "{path}"], "fifo"),
    (["tournament", "--bots", "random,random", "--games", "2", "--max-turns", "2", "--seed", "1",
      "--jobs", "1", "--out", "{path}"], "symlink"),
    (["odds", "3", "2", "--plot", "{path}"], "device"),
])
def test_commands_refuse_to_replace_what_is_not_a_regular_file(tmp_path, args, kind):
    path = OUTPUTS[kind](tmp_path, "out.png")
    before = _snapshot(path)
    argv = [a.replace("{path}", str(path)) for a in args]
    run = subprocess.run([sys.executable, "-m", "risk", *argv], capture_output=True, text=True,
                         timeout=120, cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert run.returncode != 0, run.stdout
    assert run.stderr.count("\n") == 1 and str(path) in run.stderr, run.stderr
    assert _snapshot(path) == before
