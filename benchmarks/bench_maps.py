"""Big maps at full speed: ``apply`` and ``legal_actions()`` microseconds and ``angry`` games per
second on generated worlds of 42, 100, 200 and 400 territories.

    python benchmarks/bench_maps.py [--sizes 42 100 200 400] [--games N] [--repeats R] [--seed S]

One process, one core; every time is CPU time of the thread (``time.thread_time_ns``, less the
clock's own cost), so that other work on a shared machine does not count. Each size is a world from ``risk.worlds.generate`` (style
``continents``, ``--seed``), played by four ``angry`` bots (standard rules: cards with
escalating values, so stacks grow into the hundreds on the bigger maps; starting armies two per
territory a player holds once the world is dealt, and never fewer than the standard 30) until
one conquers the world. ``apply`` is timed one action at a time by replaying those games without the bots, and
``legal_actions()`` in every tenth position of the replays; the figures are medians (the mean
of ``apply`` too, which the rare expensive action moves, and the mean of the blitzes alone),
and the medians of ``--repeats`` runs. Games that reach the rules' 1,000-turn cap count as
games; the last column says how many ended by conquest.
"""

from __future__ import annotations

import argparse
import statistics
import time

from ai import make_agent
from risk.actions import Blitz, parse_action
from risk.match import Match
from risk.rules import Rules
from risk.worlds import generate_board


PLAYERS = 4


def rules_for(board) -> Rules:
    """The standard rules with enough starting armies to hold a share of a big world."""
    share = -(-len(board) // PLAYERS)
    return Rules(starting_armies_override=max(Rules().starting_armies(PLAYERS), 2 * share))


def play(board, games: int, first_seed: int = 0):
    """(games per CPU second, the matches, how many ended by conquest)."""
    matches = []
    rules = rules_for(board)
    start = time.process_time()
    for seed in range(first_seed, first_seed + games):
        match = Match([make_agent("angry") for _ in range(PLAYERS)], seed=seed, board=board, rules=rules)
        match.play()
        matches.append(match)
    elapsed = time.process_time() - start
    conquests = sum(1 for m in matches if m.state.end_reason == "conquest")
    return games / elapsed, matches, conquests


def replay_timings(matches) -> tuple[list[float], list[float], list[float], int]:
    """(microseconds of every apply, of the blitzes' applies, of legal_actions() in every tenth
    position, the largest stack)."""
    clock = time.thread_time_ns
    cost = _clock_cost()
    applies: list[float] = []
    blitzes: list[float] = []
    legal: list[float] = []
    largest = 0
    for match in matches:
        record = match.record
        state = type(match.state).new(players=len(record.players), seed=record.seed, rules=record.rules,
                                      board=match.state.board)
        parsed = [parse_action(text, state.board) for _, text in record.actions]
        for index, action in enumerate(parsed):
            if index % 10 == 0:
                start = clock()
                state.legal_actions()
                legal.append((clock() - start - cost) / 1000)
                largest = max(largest, max(state.armies))
            start = clock()
            state.apply(action)
            applies.append((clock() - start - cost) / 1000)
            if isinstance(action, Blitz):
                blitzes.append(applies[-1])
    return applies, blitzes, legal, largest


def _clock_cost() -> int:
    """Nanoseconds that reading the clock twice adds to a measure (the median of many tries)."""
    clock = time.thread_time_ns
    tries = []
    for _ in range(2001):
        start = clock()
        tries.append(clock() - start)
    return int(statistics.median(tries))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[42, 100, 200, 400])
    parser.add_argument("--games", type=int, default=4, help="games per size and run (default 4)")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1, help="the worlds' seed (default 1)")
    args = parser.parse_args()

    print(f"{'territories':>11} {'apply µs':>9} {'(mean)':>8} {'blitz µs':>9} {'legal µs':>9} "
          f"{'games/CPU s':>14} {'actions':>8} {'largest stack':>14} {'conquests':>10}")
    for size in args.sizes:
        board = generate_board(size, seed=args.seed)
        play(board, 1, first_seed=10_000)  # warm the samplers and tables, as a long run has them
        runs = []
        for repeat in range(args.repeats):
            rate, matches, conquests = play(board, args.games, first_seed=repeat * args.games)
            applies, blitzes, legal, largest = replay_timings(matches)
            runs.append((statistics.median(applies), statistics.fmean(applies), statistics.fmean(blitzes),
                         statistics.median(legal), rate, statistics.fmean(len(m.record.actions) for m in matches),
                         largest, conquests))
        apply_us, mean_us, blitz_us, legal_us, rate = (statistics.median(r[i] for r in runs) for i in range(5))
        actions = statistics.fmean(r[5] for r in runs)
        largest = max(r[6] for r in runs)
        conquests = sum(r[7] for r in runs)
        print(f"{size:>11} {apply_us:>9.1f} {mean_us:>8.1f} {blitz_us:>9.1f} {legal_us:>9.1f} {rate:>14.2f} "
              f"{actions:>8.0f} {largest:>14} {conquests:>4}/{args.games * args.repeats}")


if __name__ == "__main__":
    main()
