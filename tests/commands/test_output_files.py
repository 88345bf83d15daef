"""Files the commands write: checked before any work, written whole with ordinary permissions,
and every failure one line naming the user's own path."""

from __future__ import annotations

import os
import stat

import pytest

from risk.cli import main
from risk.errors import RecordError
from risk.record import write_atomically


def one_line_error(capsys, args) -> str:
    assert main(args) != 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err


@pytest.mark.parametrize("make_args, message", [
    (lambda d: ["simulate", "--max-turns", "2", "--record", str(d)], "is a folder"),
    (lambda d: ["simulate", "--max-turns", "2", "--record", str(d / "no" / "g.jsonl")], "does not exist"),
    (lambda d: ["odds", "10", "5", "--plot", str(d / "odds.pdf")], "give a name ending in .png"),
    (lambda d: ["odds", "10", "5", "--plot", str(d / "no" / "odds.png")], "does not exist"),
    (lambda d: ["map", "import", "tests/data/tiny.map", "-o", str(d)], "is a folder"),
    (lambda d: ["tournament", "--bots", "angry,random", "--out", str(d)], "is a folder"),
    (lambda d: ["tournament", "--report", "r.jsonl", "--plot", str(d / "r.svg")], "ending in .png"),
])
def test_a_bad_output_path_is_refused_before_any_work(capsys, tmp_path, make_args, message):
    err = one_line_error(capsys, make_args(tmp_path))
    assert message in err
    assert capsys.readouterr().out == ""  # nothing was played or printed first


def test_written_files_get_ordinary_permissions(tmp_path):
    mask = os.umask(0o022)
    try:
        target = tmp_path / "record.jsonl"
        write_atomically(target, "one\n")
        assert stat.S_IMODE(target.stat().st_mode) == 0o644
        target.chmod(0o600)  # an existing file keeps the permissions its owner gave it
        write_atomically(target, "two\n")
        assert stat.S_IMODE(target.stat().st_mode) == 0o600 and target.read_text() == "two\n"
    finally:
        os.umask(mask)
    assert [p.name for p in tmp_path.iterdir()] == ["record.jsonl"]  # no temporary file left


def test_a_failed_write_names_the_users_path_and_leaves_the_old_file(tmp_path, monkeypatch):
    target = tmp_path / "record.jsonl"
    target.write_text("the old record\n")

    def disk_full(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", disk_full)
    with pytest.raises(RecordError) as error:
        write_atomically(target, "the new record\n")
    message = str(error.value)
    assert str(target) in message and "No space left" in message and ".tmp" not in message
    assert target.read_text() == "the old record\n"
    assert [p.name for p in tmp_path.iterdir()] == ["record.jsonl"]


@pytest.mark.parametrize("args, message", [
    (["odds", "100000", "100000"], "too large"),
    (["odds", "--plot", "x.png", "--max", "100000"], "from 2 to 500"),
])
def test_battles_too_large_for_memory_get_one_line(capsys, args, message):
    assert message in one_line_error(capsys, args)


def test_validate_checks_a_domination_map_as_the_import_reads_it(capsys, data_dir, tmp_path):
    assert main(["map", "validate", str(data_dir / "tiny.map")]) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith("ok:") and "risk map import" in captured.out
    broken = tmp_path / "broken.map"
    broken.write_text((data_dir / "tiny.map").read_text().replace("[borders]", "[borders]\n99 1"))
    assert main(["map", "validate", str(broken)]) != 0
