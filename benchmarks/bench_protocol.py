"""The bot protocol's cost: the same games and decisions in-process and through the protocol.

    python benchmarks/bench_protocol.py [--games N] [--repeats R] [--decisions N] [--mcts SPEC]

Each measurement is repeated R times and the median reported:

1. games per second of 4-player games, ``angry`` in seat 1 against ``random``, ``threshold`` and
   ``angry`` (60-turn cap), seat 1 in-process, then the same bot served over the protocol
   (``python -m risk.protocol.serve angry``) by a fresh process per game (a bot file with
   ``reuse = false``: each game pays for a start-up, also measured alone), then by one process
   kept across the games (the default of a ``cmd:`` spec). The served bot must play the very
   same games (the places of every game are compared);
2. milliseconds per decision of seat 1 after the setup, wall clock, and the whole game's CPU
   milliseconds per decision of seat 1, the referee's and its ended bot programs' (start-ups
   included): hardly stretched by a busy machine, unlike the wall clock;
3. ``mcts`` decisions per second after the setup (3 players against ``angry`` and ``random``),
   in-process and served.

The load average is printed before and after: with a load above the core count the wall-clock
figures are not worth quoting. What the protocol costs per decision is the request's JSON (the
view and the legal actions, a few KB), two pipe crossings, and the served bot rebuilding a
GameState from the view before it thinks.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from risk.players import make_player as make_agent  # noqa: E402
from risk.match import Match  # noqa: E402
from risk.protocol.external import stop_parked_programs  # noqa: E402
from risk.rules import Rules  # noqa: E402

OPPONENTS = ("random", "threshold", "angry")


def served(spec: str) -> str:
    """The spec of a built-in bot served over the protocol by a child Python."""
    return f"cmd:{sys.executable} -m risk.protocol.serve {spec}"


class TimedAgent:
    """Passes everything to ``agent``, adding up the wall-clock time of its moves after the
    setup (the claims and placements, which mcts answers by a quick rule, not a search)."""

    def __init__(self, agent):
        self.agent = agent
        self.moves = 0
        self.seconds = 0.0

    def act(self, view):
        started = time.perf_counter()
        try:
            return self.agent.act(view)
        finally:
            if view.turn > 0:
                self.seconds += time.perf_counter() - started
                self.moves += 1

    def __getattr__(self, name):
        return getattr(self.agent, name)


def close(agent) -> None:
    closer = getattr(agent, "close", None)
    if closer is not None:
        closer()


def cpu_seconds() -> float:
    """CPU time of this process and of its children that have ended (the bot programs)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def startup_seconds(spec: str) -> float:
    """Seconds from starting ``python -m risk.protocol.serve spec`` to its hello: what each
    game pays for its own process."""
    started = time.perf_counter()
    server = subprocess.Popen([sys.executable, "-m", "risk.protocol.serve", spec], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    server.stdin.write('{"type":"hello","protocol":1,"engine":"bench","engine_version":""}\n')
    server.stdin.flush()
    server.stdout.readline()
    elapsed = time.perf_counter() - started
    server.stdin.close()
    server.wait()
    return elapsed


def play_games(first_seat: str, games: int, seed: int) -> dict:
    """Games with ``first_seat`` in seat 1: games per second, its wall-clock and CPU
    milliseconds per decision after the setup, and the games' places (to compare)."""
    bot = TimedAgent(make_agent(first_seat))
    others = [make_agent(spec) for spec in OPPONENTS]
    places = []
    cpu_started = cpu_seconds()
    try:
        started = time.perf_counter()
        for game in range(games):
            result = Match([bot, *others], seed=seed + game, rules=Rules(max_turns=60)).play()
            places.append(result.places)
        elapsed = time.perf_counter() - started
    finally:
        close(bot.agent)
        stop_parked_programs()  # a kept program ends (and is reaped) before its CPU is counted
    return {"games/s": games / elapsed, "ms": 1000 * bot.seconds / bot.moves,
            "cpu ms": 1000 * (cpu_seconds() - cpu_started) / bot.moves, "places": places}


def decisions_per_second(spec: str, decisions: int, seed: int) -> float:
    """Decisions per second of seat 1 after the setup, over whole games until ``decisions``."""
    bot = TimedAgent(make_agent(spec))
    try:
        game = 0
        while bot.moves < decisions:
            match = Match([bot, make_agent("angry"), make_agent("random")], seed=seed + game,
                          rules=Rules(max_turns=40))
            while not match.state.is_terminal() and bot.moves < decisions:
                match.step()
            match.close()
            game += 1
    finally:
        close(bot.agent)
    return bot.moves / bot.seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games per measurement (default 20)")
    parser.add_argument("--repeats", type=int, default=3, help="repeats of each measurement (default 3)")
    parser.add_argument("--decisions", type=int, default=100,
                        help="mcts decisions after the setup per measurement (default 100)")
    parser.add_argument("--mcts", default="mcts", help="the searching bot's spec (default mcts)")
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args(argv)

    cores = os.cpu_count() or 1
    load_before = os.getloadavg()[0]
    print(f"load average {load_before:.2f} on {cores} cores")
    runs = {}
    folder = tempfile.TemporaryDirectory()
    fresh = Path(folder.name) / "angry.json"
    fresh.write_text(json.dumps({"command": [sys.executable, "-m", "risk.protocol.serve", "angry"],
                                 "reuse": False}))
    for label, spec in (("angry in-process", "angry"), ("angry served", str(fresh)),
                        ("angry served, kept", served("angry"))):
        results = [play_games(spec, args.games, args.seed) for _ in range(args.repeats)]
        runs[label] = results
        median = {key: statistics.median(r[key] for r in results) for key in ("games/s", "ms", "cpu ms")}
        each = ", ".join(f"{r['games/s']:.2f}" for r in results)
        print(f"{label:<18} {median['games/s']:7.2f} games/s, {median['ms']:.2f} ms and "
              f"{median['cpu ms']:.2f} CPU ms (the whole game's, bot programs included) a "
              f"decision (4 players vs {', '.join(OPPONENTS)}; "
              f"runs {each} games/s)")
    folder.cleanup()
    here, there, kept_rate = (statistics.median(r["games/s"] for r in runs[label]) for label in runs)
    same = all(run[0]["places"] == runs["angry in-process"][0]["places"] for run in runs.values())
    print(f"served angry {'played the same games as' if same else 'played DIFFERENT games from'} "
          f"the in-process one; {here / there:.2f}x slower, kept across games {here / kept_rate:.2f}x")
    startup = statistics.median(startup_seconds("angry") for _ in range(max(3, args.repeats)))
    without = 1 / (1 / there - startup)
    print(f"{'':<18} a served bot's start-up: {startup:.2f} s a game; without it {without:.2f} games/s "
          f"({here / without:.2f}x slower)")

    for label, spec in ((f"{args.mcts} in-process", args.mcts), (f"{args.mcts} served", served(args.mcts))):
        rates = [decisions_per_second(spec, args.decisions, args.seed) for _ in range(args.repeats)]
        print(f"{label:<18} {statistics.median(rates):7.2f} decisions/s "
              f"(runs {', '.join(f'{r:.2f}' for r in rates)})")
    load_after = os.getloadavg()[0]
    busy = max(load_before, load_after) > cores
    print(f"load average {load_after:.2f} after; "
          f"{'the machine was BUSY: quote only the CPU figures, or measure again' if busy else 'quiet enough'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
