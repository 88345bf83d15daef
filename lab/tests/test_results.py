"""``lab/scripts/results.py`` and ``results_runs.py``: the raw results' archives and manifest, and
``dom_vs_hard.sh`` writing its runs where they are packed from."""

from __future__ import annotations

import gzip
import json
import os
import stat
import subprocess
from pathlib import Path

import pytest

from study_scripts import SCRIPTS, load_script
from risk.tournament.schedule import tournament_tasks
from risk.tournament.stats import wilson_interval

results = load_script("results")
runs = load_script("results_runs")

STAMP = 1764000000  # 2025-11-24 16:00 UTC


def lines(records) -> bytes:
    return "".join(json.dumps(record) + "\n" for record in records).encode()


def sparring_games(spec: str, rest: list[str], winners: list[bool]) -> list[dict]:
    seats = [{"spec": f"ext:{spec}"}] + [{"spec": other} for other in rest]
    return [{"seats": seats, "winner_spec": f"ext:{spec}" if won else rest[0]} for won in winners]


def tournament_games(specs: list[str], groups: int, seed: int, winner_seat) -> list[dict]:
    """Records of a tournament as ``risk tournament`` writes them; winner_seat(task) picks the winner."""
    return [{"game": task.game, "group": task.group, "rotation": task.rotation, "seed": task.seed,
             "seats": list(task.seats), "players": list(task.players), "winner": winner_seat(task),
             "rules": {}} for task in tournament_tasks(specs, groups, seed)]


def test_every_archived_run_is_in_exactly_one_study():
    for row in results.read_manifest(results.RESULTS / "manifest.jsonl"):
        matching = [study.name for study in results.STUDIES
                    if results.re.fullmatch(study.pattern, row["run"])]
        assert matching == [row["study"]], row["run"]


def test_a_run_of_no_study_is_named():
    with pytest.raises(ValueError, match="run q7-unknown belongs to no study"):
        results.study_of("q7-unknown")


def test_a_file_without_a_run_suffix_is_named():
    with pytest.raises(ValueError, match="notes.md: not a run's file"):
        runs.split_name("notes.md")
    assert runs.split_name("z01-6p-base.phases.jsonl.gz") == ("z01-6p-base", ".phases.jsonl.gz")
    assert runs.split_name("z01-6p-base.trajectory.jsonl") == ("z01-6p-base", ".trajectory.jsonl")


def test_a_sparring_run_counts_the_ext_seat_and_rebuilds_its_batch():
    games = sparring_games("strategist:a=1;b=2", ["hard", "hard"], [True, False, True])
    found = runs.outcome("t9-test", {".jsonl": lines(games)})
    assert (found.kind, found.games, found.wins) == ("sparring", 3, 2)
    assert found.interval == wilson_interval(2, 3)
    assert found.command == "bash lab/scripts/dom_vs_hard.sh t9-test 'strategist:a=1;b=2' 3 hard,hard"
    duel = runs.outcome("t9-duel", {".jsonl": lines(sparring_games("strategist", ["hard"], [False]))})
    assert duel.command == "bash lab/scripts/dom_vs_hard.sh t9-duel strategist 1"


def test_a_tournament_run_finds_its_master_seed_and_follows_the_first_bot_round_the_seats():
    # The first bot wins every game it plays from the last seat, whatever the rotation.
    games = tournament_games(["strategist", "mcts", "mcts"], 2, 41, lambda task: 2)
    found = runs.outcome("local-u99-test", {".jsonl": lines(games)})
    assert (found.kind, found.games, found.wins) == ("tournament", 6, 2)
    assert found.command == ("risk tournament --bots strategist,mcts,mcts --games 6 --seed 41 "
                             "--out lab/results/raw/local-u99-test.jsonl")
    assert found.note == ""
    screen = runs.outcome("local-u99-screen", {".jsonl": lines(games[1:3])})
    assert "games 1 to 2 of a longer schedule" in screen.note


def test_a_tuning_run_counts_the_tuned_seat_and_quotes_its_report():
    games = [{"seats": ["mcts:tau=0.7", "angry"], "winner": 0, "tag": {"phase": "sweep", "value": 0.7, "seat": 0},
              "group": 0, "seed": -1},
             {"seats": ["angry", "mcts:tau=0.8"], "winner": 0, "tag": {"phase": "sweep", "value": 0.8, "seat": 1},
              "group": 0, "seed": -1},
             {"seats": ["mcts:tau=0.8", "angry"], "winner": 0, "tag": {"phase": "confirm", "role": "candidate",
                                                                         "seat": 0}, "group": 0, "seed": -1}]
    report = b"resuming\noptimum tau=0.8, 95% bootstrap interval [0.7, 0.8]\nplot written\n"
    found = runs.outcome("mcts-tau-test", {".jsonl": lines(games), ".txt": report})
    assert (found.kind, found.games, found.wins) == ("tuning", 3, 2)
    assert found.command == ("risk tune mcts --param tau --values 0.7,0.8 --opponents angry "
                             "--games-per-value 1 --confirm --out lab/results/raw/mcts-tau-test.jsonl")
    assert "optimum tau=0.8, 95% bootstrap interval [0.7, 0.8]" in found.note


def test_a_claim_blocks_report_has_games_and_wins_by_seat_but_no_seat_under_test():
    report = (b"game 0: winner seat 2; seat 1 Nort6; seat 2 Aust4; seat 3 Afri6\n"
              b"game 1: winner seat 2; seat 1 Aust4; seat 2 Nort6; seat 3 Afri6\n")
    found = runs.outcome("claim-blocks-test", {".txt": report})
    assert (found.kind, found.games, found.wins, found.interval) == ("claims", 2, None, None)
    assert found.note == "wins by seat 0, 2, 0 (no seat under test)"


def test_an_openspiel_run_counts_the_mcts_seat_and_a_curve_its_games():
    games = [{"game": n, "seed": 35000 + n, "mcts_seat": n % 4, "seats": ["random"] * 4, "winner": winner}
             for n, winner in enumerate([0, 2, 2, 1])]
    for game in games:
        game["seats"][game["mcts_seat"]] = "mcts"
    found = runs.outcome("rl-mcts-vs-random", {".jsonl": lines(games)})
    assert (found.kind, found.games, found.wins) == ("openspiel", 4, 2)
    assert found.command == ("python examples/openspiel_mcts.py --games 4 --opponents random --seed 35 "
                             "--out lab/results/raw/rl-mcts-vs-random.jsonl")
    curve = runs.outcome("rl-ppo-curve", {".csv": b"steps,games,win_rate\n2048,3,0.3\n4096,7,0.25\n"})
    assert (curve.kind, curve.games, curve.wins) == ("curve", 7, None)
    assert results.study_of("rl-mcts-vs-random").name == results.study_of("rl-ppo-curve").name == "rl"
    with pytest.raises(ValueError, match="not a learning curve"):
        runs.outcome("rl-x", {".csv": b"a,b\n1,2\n"})


def test_a_run_without_results_is_named():
    with pytest.raises(ValueError, match="run z99-x: no results file"):
        runs.outcome("z99-x", {".err": b"bridge: 0 games\n"})
    with pytest.raises(ValueError, match="z99-x.jsonl line 2: not JSON"):
        runs.outcome("z99-x", {".jsonl": b'{"seats": []}\n{oops\n'})


def test_the_notebooks_commands_are_found_by_the_runs_they_write():
    markdown = "\n".join([
        "Text that says `bash lab/scripts/dom_vs_hard.sh not-a-command strategist 10` inline.",
        "",
        "    bash lab/scripts/dom_vs_hard.sh u25-test 'strategist:second_claims=block-compact' 1000",
        "    risk tournament --bots strategist,mcts --games 400 --jobs 2 --seed 1124 \\",
        "        --out lab/results/raw/local-u34-test.jsonl   # the declared batch",
        "    python lab/scripts/claim_blocks.py --games 24 --seed 900 > lab/results/raw/claim-blocks-test.txt",
        "    bash lab/scripts/dom_vs_hard.sh u25-test strategist 5     # a later mention does not replace it",
    ])
    assert runs.documented_commands(markdown) == {
        "u25-test": "bash lab/scripts/dom_vs_hard.sh u25-test 'strategist:second_claims=block-compact' 1000",
        "local-u34-test": "risk tournament --bots strategist,mcts --games 400 --jobs 2 --seed 1124 "
                          "--out lab/results/raw/local-u34-test.jsonl",
        "claim-blocks-test": "python lab/scripts/claim_blocks.py --games 24 --seed 900 > "
                             "lab/results/raw/claim-blocks-test.txt"}
    games = lines(sparring_games("strategist:second_claims=block-compact", ["hard"], [True]))
    found = runs.outcome("u25-test", {".jsonl": games}, runs.documented_commands(markdown)["u25-test"])
    assert found.command.endswith("1000") and found.wins == 1


def test_pack_archives_by_study_keeps_what_is_archived_and_extracts_the_same_files(tmp_path):
    raw, archive, out = tmp_path / "raw", tmp_path / "results", tmp_path / "out"
    raw.mkdir(), archive.mkdir()
    sparring = lines(sparring_games("strategist", ["hard"] * 5, [True, False, False]))
    phases = b'{"game": true}\n{"turn": 12, "state": 2, "armies": 13, "territories": 6, "cards": 0}\n'
    (raw / "z01-test.jsonl").write_bytes(sparring)
    (raw / "z01-test.phases.jsonl.gz").write_bytes(gzip.compress(phases))
    (raw / "z01-test.err").write_bytes(b"bridge: 3 games in 1.0 s\n")
    ladder = tournament_games(["strategist", "mcts"], 1, 2026, lambda task: 0)
    (raw / "ladder-test.jsonl").write_bytes(lines(ladder))
    commit = "a" * 40
    rows = results.pack(results.raw_files(raw), archive, {}, {"z01-test": (commit, STAMP)}, "b" * 40)
    assert [(row["run"], row["study"], row["games"], row["wins"]) for row in rows] == [
        ("z01-test", "round-09", 3, 1), ("ladder-test", "ladders", 2, 1)]
    assert rows[0]["date"] == "2025-11-24 16:00" and rows[0]["commit"] == commit
    assert rows[0]["files"] == ["z01-test.err", "z01-test.jsonl", "z01-test.phases.jsonl"]
    assert rows[1]["commit"] == "b" * 40  # git never saw it: HEAD at packing
    assert sorted(path.name for path in archive.iterdir()) == [
        "MANIFEST.md", "ladders.tar.xz", "manifest.jsonl", "round-09.tar.xz"]
    assert "| z01-test | 2025-11-24 16:00 | aaaaaaa | 3 | 1 (33.3%) | [6.1%, 79.2%] |" in \
        (archive / "MANIFEST.md").read_text()

    # A new run of the same study joins the archive; the runs already there stay.
    later = tmp_path / "later"
    later.mkdir()
    (later / "z02-test.jsonl").write_bytes(lines(sparring_games("strategist", ["hard"], [True])))
    rows = results.pack(results.raw_files(later), archive, {}, {}, "c" * 40)
    assert [row["run"] for row in rows] == ["z01-test", "z02-test", "ladder-test"]
    assert rows[0]["commit"] == commit and rows[0]["date"] == "2025-11-24 16:00"

    written = results.extract(["z02-test"], out, archive)
    assert sorted(written) == ["z01-test.err", "z01-test.jsonl", "z01-test.phases.jsonl", "z02-test.jsonl"]
    assert (out / "z01-test.phases.jsonl").read_bytes() == phases
    assert (out / "z01-test.jsonl").read_bytes() == sparring


def test_extract_names_what_it_does_not_know(tmp_path, capsys, monkeypatch):
    with pytest.raises(ValueError, match="round-99 is neither a study nor a run"):
        results.extract(["round-99"], tmp_path, tmp_path)
    monkeypatch.setattr(results, "RESULTS", tmp_path)
    assert results.main(["extract", "round-99", "--to", str(tmp_path / "out")]) == 1
    error = capsys.readouterr().err
    assert error.startswith("results: round-99 is neither") and error.count("\n") == 1


def test_the_committed_manifest_matches_its_archives_within_the_size_limit():
    rows = results.read_manifest(results.RESULTS / "manifest.jsonl")
    studies = {row["study"] for row in rows}
    archives = {path.name[:-len(".tar.xz")]: path.stat().st_size for path in results.RESULTS.glob("*.tar.xz")}
    assert studies == set(archives)
    assert sum(archives.values()) <= 10_000_000
    assert (results.RESULTS / "MANIFEST.md").read_text() == results.render(rows)
    for row in rows:
        assert row["games"] > 0 and row["command"] and len(row["commit"]) == 40, row["run"]
        if row["wins"] is not None:
            assert row["interval"] == [round(x, 6) for x in wilson_interval(row["wins"], row["games"])]


def test_dom_vs_hard_finds_the_checkout_from_lab_scripts_and_writes_where_runs_are_packed_from(tmp_path):
    bin_dir, sparring, out = tmp_path / "bin", tmp_path / "sparring", tmp_path / "raw"
    bin_dir.mkdir(), sparring.mkdir()
    java = bin_dir / "java"  # stands in for Domination's engine: records how it was called
    java.write_text('#!/bin/sh\nprintf "%s\\n" "$PWD" "$@" > "$CALLED"\nprintf "PYTHONPATH=%s\\n" "$PYTHONPATH" >> "$CALLED"\n')
    java.chmod(java.stat().st_mode | stat.S_IEXEC)
    called = tmp_path / "called"
    env = {**os.environ, "PATH": f"{bin_dir}:{os.environ['PATH']}", "SPARRING": str(sparring),
           "RESULTS_DIR": str(out), "CALLED": str(called)}
    env.pop("PYTHON", None)
    subprocess.run(["bash", str(SCRIPTS / "dom_vs_hard.sh"), "q1-test", "strategist:a=1;b=2", "10", "hard,hard"],
                   env=env, check=True)
    root = SCRIPTS.parent.parent
    args = called.read_text().splitlines()
    assert args[0] == str(sparring)
    assert args[args.index("--seats") + 1] == "ext:strategist:a=1;b=2,hard,hard"
    assert args[args.index("--out") + 1] == str(out / "q1-test.jsonl")
    assert args[args.index("--") + 1: args.index("--") + 3] == [str(root / ".venv" / "bin" / "python"),
                                                                 str(root / "lab" / "scripts" / "dom_bridge_specs.py")]
    assert args[-1].startswith(f"PYTHONPATH={root}")
    assert (out / "q1-test.err").exists()
