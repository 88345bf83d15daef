"""The engine's apply, copy and view timed in two commits on the very same actions.

``benchmarks/bench_engine.py`` times each tree on the games its own bots play; when a change
alters the bots' random streams (issue 34) the two trees time different games, and on a busy
2-core machine the noise is as large as the difference. This study plays the games once, in the
*base* tree, and replays their action texts in both trees, alternating, several rounds; each
figure is the best (the least disturbed) of several passes, and the table gives the median over
rounds of those bests::

    python lab/scripts/engine_before_after.py 5f352d4 [--after WORKTREE] [--games 8] [--rounds 6]

The base commit is checked out with ``git archive`` into a temporary folder; ``--after`` is a
folder holding the other tree (default: this checkout). Each tree replays a game with its own
draws; a game that meets a big blitz the two ways draw differently (records of version 1 against
version 2) is replayed the base's way in a tree that knows both.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: Plays the games in the tree on sys.path; prints [[seed, first_way, [action text, ...]], ...].
PLAY = """
import json, sys
from ai import make_agent
from risk.match import Match
games = []
for seed in range(1, int(sys.argv[1]) + 1):
    match = Match([make_agent("angry") for _ in range(3)], seed=seed)
    match.play()
    first_way = not hasattr(match.state.rng, "blitz_draws")
    games.append([seed, first_way, [text for _, text in match.record.actions]])
print(json.dumps(games))
"""

#: Times the tree on sys.path on the games in the file argv[1]; prints {"apply": us, ...}.
TIME = """
import json, sys, time
from risk.actions import parse_action
from risk.errors import RiskError
from risk.state import GameState
try:
    from risk.randomness import RandomSource
except ImportError:  # before the random source had a module of its own
    from risk.state import RandomSource
games = json.load(open(sys.argv[1]))
passes = int(sys.argv[2])

def fresh(seed, first_way):
    state = GameState.new(players=3, seed=seed)
    if first_way and hasattr(state.rng, "blitz_draws"):
        state.rng.blitz_draws = 1
    return state

def replay(seed, first_way, actions):
    state, kept = fresh(seed, first_way), []
    for i, action in enumerate(actions):
        if i % 25 == 0:
            kept.append(state.copy(RandomSource(1)))
        state.apply(action)
    return kept

parsed, positions = [], []
for seed, first_way, texts in games:  # the warm-up pass: every battle's tables built once
    actions = [parse_action(text, GameState.new(players=3, seed=seed).board) for text in texts]
    try:  # the tree's own draws, unless the game met a battle the two ways draw differently
        kept = replay(seed, False, actions)
        first_way = False
    except RiskError:  # an action illegal after a blitz this tree drew otherwise
        kept = replay(seed, first_way, actions)
    positions.extend(kept)
    parsed.append((seed, first_way, actions))
count = sum(len(actions) for _, _, actions in parsed)

def apply_pass():
    spent = 0.0
    for seed, first_way, actions in parsed:
        state = fresh(seed, first_way)
        start = time.perf_counter()
        for action in actions:
            state.apply(action)
        spent += time.perf_counter() - start
    return spent / count

def timed(operation):
    start = time.perf_counter()
    for _ in range(20):
        for position in positions:
            operation(position)
    return (time.perf_counter() - start) / (20 * len(positions))

rng = RandomSource(5)
print(json.dumps({
    "apply": 1e6 * min(apply_pass() for _ in range(passes)),
    "copy": 1e6 * min(timed(lambda p: p.copy()) for _ in range(passes)),
    "view": 1e6 * min(timed(lambda p: p.view(p.current_player, rng)) for _ in range(passes)),
}))
"""

MEASURES = ("apply", "copy", "view")


def run_in(tree: Path, code: str, *args: str) -> str:
    """``code`` run by this Python with ``tree`` first on the path, from a neutral folder."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    done = subprocess.run([sys.executable, "-c", code, *args], cwd=tempfile.gettempdir(), env=env,
                          capture_output=True, text=True)
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise SystemExit(f"engine_before_after: the tree {tree} failed: {last}")
    return done.stdout


def check_out(commit: str, folder: Path) -> Path:
    """The tree of ``commit`` (of this repository) written into ``folder``."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit], capture_output=True)
    if archive.returncode != 0:
        raise SystemExit(f"engine_before_after: no commit {commit!r} here: "
                         f"{archive.stderr.decode(errors='replace').strip()}")
    with tarfile.open(fileobj=BytesIO(archive.stdout)) as tar:
        tar.extractall(folder, filter="data")
    return folder


def compare(base: Path, after: Path, games: int, rounds: int, passes: int) -> dict[str, dict[str, list[float]]]:
    """Per tree and measure, the best of ``passes`` in each round (microseconds)."""
    with tempfile.TemporaryDirectory(prefix="before-after-") as scratch:
        actions = Path(scratch) / "games.json"
        actions.write_text(run_in(base, PLAY, str(games)))
        figures: dict[str, dict[str, list[float]]] = {"base": {m: [] for m in MEASURES},
                                                      "after": {m: [] for m in MEASURES}}
        for _ in range(rounds):  # alternating, so that a busy spell falls on both trees
            for name, tree in (("base", base), ("after", after)):
                measured = json.loads(run_in(tree, TIME, str(actions), str(passes)))
                for measure in MEASURES:
                    figures[name][measure].append(measured[measure])
        return figures


def table(figures: dict[str, dict[str, list[float]]], base_name: str, after_name: str) -> str:
    lines = [f"| microseconds per | {base_name} | {after_name} | after / base |", "|---|---|---|---|"]
    for measure in MEASURES:
        before = statistics.median(figures["base"][measure])
        now = statistics.median(figures["after"][measure])
        lines.append(f"| {measure} | {before:.2f} | {now:.2f} | {now / before:.3f} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base", help="the commit to compare with (e.g. 5f352d4)")
    parser.add_argument("--after", type=Path, default=ROOT, help="the other tree (default: this checkout)")
    parser.add_argument("--games", type=int, default=8, help="three-player angry games (default 8)")
    parser.add_argument("--rounds", type=int, default=6, help="alternations of the two trees (default 6)")
    parser.add_argument("--passes", type=int, default=5, help="passes per round, the best kept (default 5)")
    args = parser.parse_args(argv)
    for name in ("games", "rounds", "passes"):
        if getattr(args, name) < 1:
            parser.error(f"--{name} must be at least 1")
    if not (args.after / "risk" / "state.py").is_file():
        parser.error(f"--after {args.after} holds no risk/state.py: not a tree of this project")
    with tempfile.TemporaryDirectory(prefix="base-tree-") as folder:
        base = check_out(args.base, Path(folder))
        figures = compare(base, args.after.resolve(), args.games, args.rounds, args.passes)
    print(f"{args.games} games replayed in both trees, {args.rounds} rounds alternating, "
          f"best of {args.passes} passes a round, the median over rounds:")
    print(table(figures, args.base, str(args.after) if args.after != ROOT else "this checkout"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
