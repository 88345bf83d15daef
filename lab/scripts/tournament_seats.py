"""How a bot's games of a ``risk tournament`` went by its seat in the order of play: wins (the
tournament's own summary, :func:`risk.tournament.summary.summarize`) and the games it was the
first player out, per seat (seat 0 moves first), from the tournament's ``--out`` results.

    python lab/scripts/tournament_seats.py RESULTS.jsonl [...] [--bot strategist]

``--bot`` is the entrant's label in the results (``players``: the spec, ``spec#2`` for a copy).
"""

from __future__ import annotations

import argparse
import sys

from risk.errors import RiskError
from risk.tournament.results import ResultsFile
from risk.tournament.summary import summarize


def first_out(records: list[dict], bot: str) -> list[int]:
    """By seat, the games ``bot`` ended in its table's last place."""
    seats = max((len(r["seats"]) for r in records), default=0)
    counts = [0] * seats
    for record in records:
        players = record.get("players") or record["seats"]
        if bot in players:
            seat = players.index(bot)
            counts[seat] += record["places"][seat] == len(players)
    return counts


def seat_line(path: str, bot: str) -> str:
    records = ResultsFile.read(path)[0].in_order()
    summary = summarize(records).bots.get(bot)
    if summary is None:
        return f"{path}: no game of {bot!r}"
    out = first_out(records, bot)
    return f"{path}: " + "; ".join(f"seat {seat}: won {summary.seat_wins[seat]}/{games}, first out {out[seat]}"
                                   for seat, games in enumerate(summary.seat_games) if games)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results", nargs="+")
    parser.add_argument("--bot", default="strategist")
    args = parser.parse_args(argv)
    try:
        for path in args.results:
            print(seat_line(path, args.bot))
    except RiskError as exc:
        sys.exit(f"tournament_seats.py: error: {exc}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
