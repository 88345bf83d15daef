"""The bot protocol's cost: the same games and decisions in-process and through the protocol.

    python benchmarks/bench_protocol.py [--games N] [--repeats R] [--mcts-decisions N]

Two measurements, each repeated R times (the median is reported):

1. games per second of 4-player games between ``angry`` and three built-in bots (``random``,
   ``threshold``, ``angry``; 60-turn cap), the first seat played in-process, then by the same
   bot served over the protocol (``python -m risk.protocol.serve angry``; the referee starts
   one process per seat and game, so its start-up, measured apart, is in each game's time);
2. ``mcts`` decisions per second (its default budget) in 3-player games against ``angry`` and
   ``random``: the time of the mcts seat's moves after the setup only, in-process and served
   (the first request of each game, which pays for the process's start, is counted too).

The load average is printed before and after: on a busy machine (load above the core count)
the figures are not worth quoting. The protocol's overhead is the JSON of each request (the
view and the legal actions, a few KB) and two pipe crossings per decision; the served bot
rebuilds a GameState from the view before it thinks.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

from ai import make_agent
from risk.match import Match
from risk.rules import Rules

OPPONENTS = ("random", "threshold", "angry")


def served(spec: str) -> str:
    """The spec of a built-in bot served over the protocol by a child Python."""
    return f"cmd:{sys.executable} -m risk.protocol.serve {spec}"


class TimedAgent:
    """Passes everything to ``agent``, adding up the time of its moves after the setup (the
    claims and placements, which mcts answers by a quick rule, not a search)."""

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


def games_per_second(first_seat: str, games: int, seed: int) -> tuple[float, float, list]:
    """Games per second with ``first_seat`` in seat 1, its milliseconds per decision after the
    setup, and the games' places (to compare)."""
    bot = TimedAgent(make_agent(first_seat))  # a served bot starts a process for each game
    others = [make_agent(spec) for spec in OPPONENTS]
    places = []
    try:
        started = time.perf_counter()
        for game in range(games):
            result = Match([bot, *others], seed=seed + game, rules=Rules(max_turns=60)).play()
            places.append(result.places)
        elapsed = time.perf_counter() - started
    finally:
        close(bot.agent)
    return games / elapsed, 1000 * bot.seconds / bot.moves, places


def mcts_decisions_per_second(spec: str, decisions: int, seed: int) -> float:
    """Decisions per second of the mcts seat over whole games until ``decisions`` are made."""
    bot = TimedAgent(make_agent(spec))
    try:
        game = 0
        while bot.moves < decisions:
            match = Match([bot, make_agent("angry"), make_agent("random")], seed=seed + game,
                          rules=Rules(max_turns=40))
            while not match.state.is_terminal() and bot.moves < decisions:
                match.step()
            game += 1
    finally:
        close(bot.agent)
    return bot.moves / bot.seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games per measurement (default 20)")
    parser.add_argument("--repeats", type=int, default=3, help="repeats of each measurement (default 3)")
    parser.add_argument("--mcts-decisions", type=int, default=100,
                        help="mcts decisions after the setup per measurement (default 100)")
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args(argv)

    cores = os.cpu_count() or 1
    load_before = os.getloadavg()[0]
    print(f"load average {load_before:.2f} on {cores} cores")
    rows = []
    for label, spec in (("angry in-process", "angry"), ("angry served", served("angry"))):
        rates, decision_ms, places = [], [], None
        for _ in range(args.repeats):
            rate, ms, places = games_per_second(spec, args.games, args.seed)
            rates.append(rate)
            decision_ms.append(ms)
        rows.append((label, statistics.median(rates), places))
        print(f"{label:<22} {statistics.median(rates):8.2f} games/s, "
              f"{statistics.median(decision_ms):.2f} ms a decision "
              f"(4 players vs {', '.join(OPPONENTS)}; runs {', '.join(f'{r:.2f}' for r in rates)})")
    same = rows[0][2] == rows[1][2]
    print(f"served angry {'played the same games as' if same else 'played DIFFERENT games from'} "
          f"the in-process one; protocol overhead {rows[0][1] / rows[1][1]:.2f}x")
    startup = statistics.median(startup_seconds("angry") for _ in range(max(3, args.repeats)))
    without = 1 / (1 / rows[1][1] - startup)
    print(f"{'':<22} of which {startup:.2f} s a game is the served bot's start-up (one process per "
          f"seat and game); without it {without:.2f} games/s, overhead {rows[0][1] / without:.2f}x")

    for label, spec in (("mcts in-process", "mcts"), ("mcts served", served("mcts"))):
        rates = [mcts_decisions_per_second(spec, args.mcts_decisions, args.seed)
                 for _ in range(args.repeats)]
        print(f"{label:<22} {statistics.median(rates):8.2f} decisions/s  "
              f"(runs {', '.join(f'{r:.2f}' for r in rates)})")
    load_after = os.getloadavg()[0]
    busy = max(load_before, load_after) > cores
    print(f"load average {load_after:.2f} after; "
          f"{'the machine was BUSY: do not quote these figures' if busy else 'quiet enough'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
