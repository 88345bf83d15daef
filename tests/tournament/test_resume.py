"""Resume: a run killed at any moment loses no finished game and duplicates none."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from risk.cli import main
from tests.support import DATA, ROOT

TINY = str(DATA / "tiny.json")
# Classic map, a 40-turn cap: games of some length, played by two workers while the run is killed.
OPTIONS = ["--bots", "angry,random,random", "--games", "60", "--seed", "11", "--max-turns", "40"]


def game_numbers(path: Path) -> list[int]:
    return [json.loads(line)["game"] for line in path.read_text().splitlines()]


#: ``risk ARGS`` with the whole process group (the run, its forkserver and its workers) killed by
#: SIGKILL as soon as the ``KILL_AFTER_LINES``-th finished game is durable in the results file: a
#: kill -9 in the middle of the run at a point fixed in advance, not raced by the clock.
KILLED_RUN = """
import os, signal, sys
from risk.tournament import results

lines, written = int(os.environ["KILL_AFTER_LINES"]), [0]
append = results.ResultsFile.append

def append_then_die(self, record):
    append(self, record)
    written[0] += 1
    if written[0] == lines:
        os.killpg(os.getpgid(0), signal.SIGKILL)

results.ResultsFile.append = append_then_die
from risk.cli import main
sys.exit(main(sys.argv[1:]))
"""


def test_kill_minus_nine_then_resume_gives_the_uninterrupted_file(tmp_path, capsys):
    killed = tmp_path / "killed.jsonl"
    environment = dict(os.environ, KILL_AFTER_LINES="6",
                       PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    process = subprocess.Popen(
        [sys.executable, "-c", KILLED_RUN, "tournament", *OPTIONS, "--jobs", "2", "--json", "--out", str(killed)],
        cwd=ROOT, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        process.wait(timeout=300)
    finally:
        try:  # whatever is left of the group, should the run have ended otherwise
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    assert process.returncode == -signal.SIGKILL
    before = killed.read_bytes()
    finished_before = before.count(b"\n")
    assert finished_before == 6 and before.endswith(b"\n")   # six games durable, nothing after them

    assert main(["tournament", *OPTIONS, "--jobs", "2", "--out", str(killed), "--resume"]) == 0
    assert f"resuming after {finished_before} finished games" in capsys.readouterr().err
    numbers = game_numbers(killed)
    assert sorted(numbers) == list(range(60))                 # none lost, none duplicated

    straight = tmp_path / "straight.jsonl"
    assert main(["tournament", *OPTIONS, "--jobs", "1", "--out", str(straight)]) == 0
    assert killed.read_bytes() == straight.read_bytes()
    # every line the killed run had finished survives unchanged
    assert set(before.decode().splitlines()) <= set(straight.read_text().splitlines())


def small_run(out: Path, *extra: str) -> int:
    return main(["tournament", "--bots", "angry,random,random", "--games", "9", "--seed", "3",
                 "--map", TINY, "--max-turns", "30", "--jobs", "1", "--out", str(out), *extra])


@pytest.fixture
def finished(tmp_path, capsys) -> Path:
    out = tmp_path / "done.jsonl"
    assert small_run(out) == 0
    capsys.readouterr()
    return out


def test_a_torn_last_line_is_dropped_and_its_game_played_again(finished, tmp_path, capsys):
    complete = finished.read_text().splitlines(keepends=True)
    torn = tmp_path / "torn.jsonl"
    torn.write_text("".join(complete[:5]) + complete[5][:40])   # killed while writing game 6
    assert small_run(torn, "--resume") == 0
    assert "resuming after 5 finished games" in capsys.readouterr().err
    assert torn.read_bytes() == finished.read_bytes()


def test_resuming_a_finished_file_plays_nothing(finished, capsys):
    before = finished.read_bytes()
    assert small_run(finished, "--resume") == 0
    captured = capsys.readouterr()
    assert "game " not in captured.out.split("\n\n")[0]          # no game lines, only the table
    assert finished.read_bytes() == before


def one_error_line(capsys) -> str:
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1, err
    return err[0]


def test_a_malformed_line_is_reported_with_its_line_number(finished, capsys):
    text = finished.read_text().splitlines(keepends=True)
    text[3] = "{not json\n"
    finished.write_text("".join(text))
    assert small_run(finished, "--resume") == 1
    assert one_error_line(capsys).startswith(f"risk: error: {finished}:4: not a JSON line")


def test_a_line_missing_a_field_is_reported_with_its_line_number(finished, capsys):
    records = [json.loads(line) for line in finished.read_text().splitlines()]
    del records[6]["places"]
    finished.write_text("".join(json.dumps(r) + "\n" for r in records))
    assert small_run(finished, "--resume") == 1
    assert f"{finished}:7: 'places'" in one_error_line(capsys)


def test_a_duplicated_game_is_reported(finished, capsys):
    text = finished.read_text().splitlines(keepends=True)
    finished.write_text("".join(text + [text[2]]))
    assert small_run(finished, "--resume") == 1
    assert f"{finished}:10: game 2 is already on line 3" in one_error_line(capsys)


def test_resuming_with_other_options_is_refused(finished, capsys):
    assert main(["tournament", "--bots", "angry,random,random", "--games", "9", "--seed", "4",
                 "--map", TINY, "--max-turns", "30", "--out", str(finished), "--resume"]) == 1
    assert "resume with the options the file was started with" in one_error_line(capsys)
    assert main(["tournament", "--bots", "angry,random,random", "--games", "9", "--seed", "3",
                 "--map", TINY, "--max-turns", "31", "--out", str(finished), "--resume"]) == 1
    assert "rules, map or move timeout" in one_error_line(capsys)
    assert main(["tournament", "--bots", "angry,random,random", "--games", "3", "--seed", "3",
                 "--map", TINY, "--max-turns", "30", "--out", str(finished), "--resume"]) == 1
    assert "is not part of this tournament" in one_error_line(capsys)


def test_an_existing_file_is_not_overwritten_and_resume_needs_its_seed(finished, capsys):
    before = finished.read_bytes()
    assert small_run(finished) == 1
    assert "add --resume" in one_error_line(capsys)
    assert main(["tournament", "--bots", "angry,random", "--out", str(finished), "--resume"]) == 1
    assert "--resume needs the --seed" in one_error_line(capsys)
    assert finished.read_bytes() == before
