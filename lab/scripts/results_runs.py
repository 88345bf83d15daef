"""What one run of the lab's raw results is: its files, its kind, the project seat's result, and
the command that made it (``lab/scripts/results.py`` writes the manifest from these).

A run is every file sharing one name before its suffix (``z01-6p-base.jsonl``, ``.err``,
``.trajectory.jsonl``, ``.phases.jsonl``). Its kind is read from its results file:

- ``sparring``: Domination's games through ``lab/scripts/dom_vs_hard.sh``, the project's bot the
  ``ext:`` seat;
- ``tournament``: ``risk tournament`` (or ``lab/scripts/seat_screen.py``), the first bot of
  ``--bots`` under test;
- ``tuning``: ``risk tune``, the tuned bot in the seat each game's tag names;
- ``claims``: ``lab/scripts/claim_blocks.py``'s report, four seats and no bot under test;
- ``openspiel``: ``examples/openspiel_mcts.py``'s games, OpenSpiel's MCTSBot the seat under test;
- ``curve``: a training run's learning curve (``curve.csv`` of ``examples/train_maskable_ppo.py``
  or ``train_openspiel_dqn.py``), its games and no seat under test.

The command is the one the notebook quotes for the run, when it quotes one (the notebook's are
the commands as they were typed, with ``--jobs`` and the declared size); otherwise it is rebuilt
from the results: the specs and the number of games from the file, a tournament's master seed
found by trying seeds until one gives the first game's deal.
"""

from __future__ import annotations

import json
import re
import shlex
from collections import Counter
from dataclasses import dataclass
from pathlib import PurePath

from risk.tournament.schedule import SWEEP_STREAM, TOURNAMENT_STREAM, group_seed
from risk.tournament.stats import wilson_interval

#: A run's file suffixes, longest first (a name is split at the first that fits).
SUFFIXES = (".phases.jsonl.gz", ".phases.jsonl", ".trajectory.jsonl", ".hardcpu.jsonl", ".jsonl", ".json", ".err",
            ".txt", ".png", ".csv")

#: Where a run's files go when extracted, and where new runs are written: outside the tracked tree.
RAW_PREFIX = "lab/results/raw/"

#: Master seeds tried, from 0, to find a run's (every run so far used one under 3,000).
SEED_SEARCH = 10_000

CLAIMS_LINE = re.compile(r"game (\d+): winner seat (\d+);")
CLAIMS_SEAT = re.compile(r"; seat (\d+) ")


@dataclass(frozen=True)
class Outcome:
    """A run as the manifest lists it."""

    kind: str
    games: int
    wins: int | None  # the project seat's wins; None where no seat is under test
    command: str
    note: str = ""

    @property
    def rate(self) -> float | None:
        return None if self.wins is None or not self.games else self.wins / self.games

    @property
    def interval(self) -> tuple[float, float] | None:
        return None if self.wins is None else wilson_interval(self.wins, self.games)


def split_name(name: str) -> tuple[str, str]:
    """(run id, suffix) of a file name; ValueError for a name with no run suffix."""
    for suffix in SUFFIXES:
        if name.endswith(suffix) and len(name) > len(suffix):
            return name[:-len(suffix)], suffix
    raise ValueError(f"{name}: not a run's file (its suffix is none of {', '.join(SUFFIXES)})")


def json_lines(name: str, data: bytes) -> list[dict]:
    """The records of a JSON Lines file; ValueError naming the file and line of a bad one."""
    records = []
    for number, line in enumerate(data.decode().splitlines(), 1):
        if line.strip():
            try:
                records.append(json.loads(line))
            except json.JSONDecodeError as error:
                raise ValueError(f"{name} line {number}: not JSON ({error.msg})") from None
    return records


def documented_commands(markdown: str) -> dict[str, str]:
    """The first command the notebook's indented code lines give for each run: a
    ``dom_vs_hard.sh RUN ...`` line, or one writing ``--out``/``>`` to a run's file."""
    commands: dict[str, str] = {}
    lines = iter(markdown.splitlines())
    for line in lines:
        if not line.startswith("    ") or not line.strip():
            continue
        command = line.strip()
        while command.endswith("\\"):
            command = command[:-1].rstrip() + " " + next(lines, "").strip()
        command = command.split("  #", 1)[0].strip()  # a trailing comment is not the command's
        for run in runs_named(command):
            commands.setdefault(run, command)
    return commands


def runs_named(command: str) -> list[str]:
    """The runs a command writes: the name given to dom_vs_hard.sh, the files after --out or >."""
    try:
        words = shlex.split(command)
    except ValueError:
        return []
    named = []
    for before, word in zip(words, words[1:]):
        if before.endswith("dom_vs_hard.sh"):
            named.append(word)
        elif before in ("--out", ">"):
            try:
                named.append(split_name(PurePath(word).name)[0])
            except ValueError:
                pass
    return named


def outcome(run: str, files: dict[str, bytes], documented: str | None = None) -> Outcome:
    """The run from its files (keyed by suffix); ValueError when it has no results to read."""
    if ".jsonl" in files:
        games = json_lines(f"{run}.jsonl", files[".jsonl"])
        if not games:
            raise ValueError(f"{run}.jsonl holds no game")
        if isinstance(games[0]["seats"][0], dict):
            found = sparring(run, games)
        elif "mcts_seat" in games[0]:
            found = openspiel(run, games)
        elif games[0].get("tag"):
            found = tuning(run, games, files.get(".txt", b"").decode())
        else:
            found = tournament(run, games)
    elif ".txt" in files and CLAIMS_LINE.search(files[".txt"].decode()):
        found = claims(files[".txt"].decode())
    elif ".csv" in files:
        found = curve(run, files[".csv"].decode())
    else:
        raise ValueError(f"run {run}: no results file ({run}.jsonl, or a claim_blocks.py report)")
    if documented:
        return Outcome(found.kind, found.games, found.wins, documented, found.note)
    return found


def sparring(run: str, games: list[dict]) -> Outcome:
    specs = [seat["spec"] for seat in games[0]["seats"]]
    tested = next((spec for spec in specs if spec.startswith("ext:")), None)
    if tested is None:
        raise ValueError(f"{run}.jsonl: no seat of the project's (an ext: spec) in its first game")
    wins = sum(1 for game in games if game["winner_spec"] == tested)
    at = specs.index(tested)
    rest = specs[at + 1:] + specs[:at]
    words = ["bash", "lab/scripts/dom_vs_hard.sh", run, tested[len("ext:"):], str(len(games))]
    if rest != ["hard"]:
        words.append(",".join(rest))
    return Outcome("sparring", len(games), wins, shlex.join(words))


def entrants(game: dict) -> list[str]:
    """The bots in ``--bots`` order, from one game's seats and rotation."""
    seats, rotation = game["seats"], game["rotation"]
    return [seats[(entrant - rotation) % len(seats)] for entrant in range(len(seats))]


def master_seed(game: dict, stream: int) -> int | None:
    """The master seed that gives this game's deal for its group, or None if none under
    :data:`SEED_SEARCH` does."""
    return next((seed for seed in range(SEED_SEARCH)
                 if group_seed(seed, game["group"], stream) == game["seed"]), None)


def tournament(run: str, games: list[dict]) -> Outcome:
    first = games[0]
    players = len(first["seats"])
    wins = sum(1 for game in games if game["winner"] == (-game["rotation"]) % players)
    seed = master_seed(first, TOURNAMENT_STREAM)
    words = ["risk", "tournament", "--bots", ",".join(entrants(first)), "--games", str(len(games))]
    words += ["--seed", str(seed)] if seed is not None else []
    if first.get("rules"):
        words += ["--rules", ",".join(f"{name}={value}" for name, value in first["rules"].items())]
    words += ["--out", f"{RAW_PREFIX}{run}.jsonl"]
    notes = [] if seed is not None else [f"master seed not found under {SEED_SEARCH}"]
    numbers = [game["game"] for game in games]
    if numbers != list(range(len(games))):
        notes.append(f"games {numbers[0]} to {numbers[-1]} of a longer schedule, not all of them: "
                     f"a seat screen (lab/scripts/seat_screen.py) or a stopped run")
    return Outcome("tournament", len(games), wins, shlex.join(words), "; ".join(notes))


def openspiel(run: str, games: list[dict]) -> Outcome:
    """``examples/openspiel_mcts.py``'s games: game ``n`` of master seed ``s`` has seed ``1000 s + n``."""
    wins = sum(1 for game in games if game["winner"] == game["mcts_seat"])
    first = games[0]
    opponents = [spec for seat, spec in enumerate(first["seats"]) if seat != first["mcts_seat"]]
    words = ["python", "examples/openspiel_mcts.py", "--games", str(len(games)),
             "--opponents", opponents[0] if len(set(opponents)) == 1 else ",".join(opponents),
             "--seed", str((first["seed"] - first["game"]) // 1000), "--out", f"{RAW_PREFIX}{run}.jsonl"]
    return Outcome("openspiel", len(games), wins, shlex.join(words))


def curve(run: str, text: str) -> Outcome:
    """A learning curve: its last row's count of games; the command is the notebook's or the docs'."""
    rows = [line.split(",") for line in text.splitlines() if line.strip()]
    if len(rows) < 2 or "games" not in rows[0]:
        raise ValueError(f"{run}.csv: not a learning curve (no 'games' column)")
    games = int(float(rows[-1][rows[0].index("games")]))
    return Outcome("curve", games, None, "see docs/rl-training.md")


def tuning(run: str, games: list[dict], report: str) -> Outcome:
    wins = sum(1 for game in games if game["winner"] == game["tag"]["seat"])
    sweep = [game for game in games if game["tag"].get("phase") == "sweep"]
    first = sweep[0] if sweep else games[0]
    tuned = first["seats"][first["tag"]["seat"]]
    bot, _, setting = tuned.partition(":")
    param = setting.partition("=")[0]
    values = sorted({game["tag"]["value"] for game in sweep})
    opponents = [spec for seat, spec in enumerate(first["seats"]) if seat != first["tag"]["seat"]]
    words = ["risk", "tune", bot, "--param", param, "--values", ",".join(f"{v:g}" for v in values),
             "--opponents", ",".join(opponents)]
    if sweep:
        words += ["--games-per-value", str(len(sweep) // len(values))]
    seed = master_seed(first, SWEEP_STREAM)
    words += ["--seed", str(seed)] if seed is not None else []
    if len(sweep) < len(games):
        words.append("--confirm")
    words += ["--out", f"{RAW_PREFIX}{run}.jsonl"]
    found = [line.strip() for line in report.splitlines() if line.startswith(("optimum", "paired SPRT"))]
    note = "; ".join(["the tuned bot's wins over the sweep and the confirmation"] + found)
    return Outcome("tuning", len(games), wins, shlex.join(words), note)


def claims(report: str) -> Outcome:
    winners = Counter(int(seat) for _, seat in CLAIMS_LINE.findall(report))
    games = sum(winners.values())
    seats = max(int(seat) for seat in CLAIMS_SEAT.findall(report))
    by_seat = ", ".join(str(winners[seat]) for seat in range(1, seats + 1))
    return Outcome("claims", games, None, "python lab/scripts/claim_blocks.py (its bots and seed "
                   "are not in the report)", f"wins by seat {by_seat} (no seat under test)")
