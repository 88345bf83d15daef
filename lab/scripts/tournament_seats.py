"""How a bot's games of a ``risk tournament`` went by its seat in the order of play: wins and
games it was the first player out, per seat (seat 0 moves first), from the tournament's
``--out`` results.

    python lab/scripts/tournament_seats.py RESULTS.jsonl [...] [--bot strategist]
"""

from __future__ import annotations

import argparse
import json
from collections import Counter


def by_seat(path: str, bot: str) -> tuple[Counter, Counter, Counter]:
    """Games, wins and first-out places of ``bot`` in the games of ``path``, by its seat."""
    games, wins, first_out = Counter(), Counter(), Counter()
    with open(path) as results:
        for line in results:
            game = json.loads(line)
            if bot not in game["seats"]:
                continue
            seat = game["seats"].index(bot)
            place = game["places"][seat]
            games[seat] += 1
            wins[seat] += place == 1
            first_out[seat] += place == len(game["seats"])
    return games, wins, first_out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results", nargs="+")
    parser.add_argument("--bot", default="strategist")
    args = parser.parse_args(argv)
    for path in args.results:
        games, wins, first_out = by_seat(path, args.bot)
        print(f"{path}: " + "; ".join(f"seat {seat}: won {wins[seat]}/{games[seat]}, first out {first_out[seat]}"
                                      for seat in sorted(games)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
