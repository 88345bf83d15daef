"""Speed of the bot protocol: ``python benchmarks/bench_protocol.py``.

* games per second of ``angry`` against angry, threshold and random (4 players), the angry seat
  in-process and then served over the protocol (``python -m risk.protocol.serve angry``, one
  process per game as in a tournament, its start-up included; then with ``reuse``, one process
  kept across the games);
* the start-up of a served bot alone (a game of one move);
* angry's and mcts's decisions per second, in-process and served (after a dealt set-up).

Medians of ``--repeats`` runs of ``--games`` games each (seeds 1..games). Say if the machine was
busy: these are wall-clock times.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ai import make_agent  # noqa: E402
from risk.match import Match  # noqa: E402
from risk.protocol.external import stop_parked_programs  # noqa: E402
from risk.rules import Rules  # noqa: E402

SERVE = f"cmd:{sys.executable} -m risk.protocol.serve"


def games_per_second(first: str, games: int, max_turns: int) -> float:
    started = time.perf_counter()
    for seed in range(1, games + 1):
        agents = [make_agent(first), make_agent("angry"), make_agent("threshold"), make_agent("random")]
        Match(agents, seed=seed, rules=Rules(max_turns=max_turns)).play()
    return games / (time.perf_counter() - started)


def decisions_per_second(spec: str, decisions: int) -> float:
    """Decisions per second of seat 0 after a dealt set-up (claims would flatter a search bot)."""
    rules = Rules(setup="deal", placement="auto", max_turns=100)
    match = Match([make_agent(spec), make_agent("angry"), make_agent("random")], seed=7, rules=rules)
    mine = 0
    elapsed = 0.0
    match.start()
    first = True  # not timed: a served bot finishes starting (its lazy imports, the map) there
    while mine < decisions and not match.state.is_terminal():
        ours = match.state.current_player == 0
        started = time.perf_counter()
        match.step()
        if ours and first:
            first = False
        elif ours:
            elapsed += time.perf_counter() - started
            mine += 1
    match.close()
    return mine / elapsed


def cpu_ms_per_decision(spec: str, decisions: int) -> float:
    """CPU time (the referee's and its bot programs', reaped) per decision of seat 0: unlike the
    wall clock, hardly affected by a busy machine."""
    import resource

    def cpu() -> float:
        own = resource.getrusage(resource.RUSAGE_SELF)
        children = resource.getrusage(resource.RUSAGE_CHILDREN)
        return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime

    started = cpu()
    rules = Rules(setup="deal", placement="auto", max_turns=100)
    match = Match([make_agent(spec), make_agent("angry"), make_agent("random")], seed=7, rules=rules)
    mine = 0
    while mine < decisions and not match.state.is_terminal():
        mine += match.state.current_player == 0
        match.step()
    match.close()
    return (cpu() - started) / mine * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--max-turns", type=int, default=1000)
    parser.add_argument("--mcts", default="mcts:iterations=100")
    parser.add_argument("--decisions", type=int, default=60)
    args = parser.parse_args()

    def median(measure) -> float:
        return statistics.median(measure() for _ in range(args.repeats))

    here = median(lambda: games_per_second("angry", args.games, args.max_turns))
    there = median(lambda: games_per_second(f"{SERVE} angry", args.games, args.max_turns))
    print(f"angry vs angry, threshold, random: {here:.2f} games/s in-process, {there:.2f} games/s served "
          f"({here / there:.1f}x)")
    with tempfile.TemporaryDirectory() as folder:
        kept = Path(folder) / "angry.json"
        kept.write_text(json.dumps({"command": [sys.executable, "-m", "risk.protocol.serve", "angry"],
                                    "reuse": True}))
        there = median(lambda: games_per_second(str(kept), args.games, args.max_turns))
        stop_parked_programs()
    print(f"  served with reuse (one process kept across the games): {there:.2f} games/s ({here / there:.1f}x)")
    started = time.perf_counter()
    for _ in range(args.repeats):
        Match([make_agent(f"{SERVE} angry"), make_agent("random")], seed=1, rules=Rules(max_turns=1)).play()
    print(f"a served bot's start and stop: {(time.perf_counter() - started) / args.repeats * 1000:.0f} ms per game")
    here = median(lambda: decisions_per_second("angry", args.decisions * 10))
    there = median(lambda: decisions_per_second(f"{SERVE} angry", args.decisions * 10))
    print(f"angry: {here:.0f} decisions/s in-process, {there:.0f} decisions/s served "
          f"(about {1000 / there - 1000 / here:.2f} ms of protocol per decision)")
    here = median(lambda: cpu_ms_per_decision("angry", args.decisions * 10))
    there = median(lambda: cpu_ms_per_decision(f"{SERVE} angry", args.decisions * 10))
    print(f"angry: {here:.2f} ms CPU per decision of its seat in-process (the whole game's), {there:.2f} ms "
          "served (both processes, start-up included)")
    here = median(lambda: decisions_per_second(args.mcts, args.decisions))
    there = median(lambda: decisions_per_second(f"{SERVE} {args.mcts}", args.decisions))
    print(f"{args.mcts}: {here:.1f} decisions/s in-process, {there:.1f} decisions/s served ({here / there:.2f}x)")


if __name__ == "__main__":
    main()
