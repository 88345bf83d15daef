"""The race to eliminate, from the game records of a ``risk tournament --records DIR``: who took
the first player out and who took the one that left two, and how the duels that followed went
by who made them, for one bot.

    python lab/scripts/elimination_race.py DIR [...] [--bot strategist]

A player's eliminator takes its cards, so at a table of three or four the eliminations decide who
enters the last duel richer. Each game's record is replayed (``risk.record.GameRecord.replay``,
which checks it) and its ``PlayerEliminated`` events read in order; the bot's share is of the
armies on the board of the players left, just after the elimination. ``--bot`` is the label the
record lists the bot by (its spec).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from risk.errors import RiskError
from risk.events import PlayerEliminated
from risk.record import GameRecord


@dataclass(frozen=True)
class Elimination:
    turn: int
    player: int
    by: int
    players_left: int
    bot_share: float  #: the bot's share of the armies of the players left (0 once it is out)


@dataclass(frozen=True)
class RaceGame:
    bot: int
    won: bool
    eliminations: tuple[Elimination, ...]


def race_of(path: Path, bot_label: str) -> RaceGame | None:
    """The eliminations of one recorded game, or None if ``bot_label`` did not play it."""
    record = GameRecord.load(path)
    if bot_label not in record.players:
        return None
    bot = record.players.index(bot_label)
    eliminations: list[Elimination] = []

    def on_events(state, events) -> None:
        for event in events:
            if isinstance(event, PlayerEliminated):
                left = [p for p in range(len(record.players)) if state.alive[p]]
                armies = {p: state.total_armies(p) for p in left}
                share = armies.get(bot, 0) / max(1, sum(armies.values()))
                eliminations.append(Elimination(state.turn, event.player, event.by, len(left), share))

    final = record.replay(str(path), on_events=on_events)
    outcome = final.outcome()
    return RaceGame(bot, outcome is not None and outcome.winner == bot, tuple(eliminations))


def taker(game: RaceGame, elimination: Elimination) -> str:
    if elimination.player == game.bot:
        return "bot out"
    return "bot took" if elimination.by == game.bot else "other took"


def race_table(games: list[RaceGame]) -> list[str]:
    """Lines: games by (first elimination, the one that left two, result), then the duels the bot
    entered by who made them."""
    paths: Counter = Counter()
    duels: dict[str, list[tuple[float, bool]]] = {"bot took": [], "other took": []}
    for game in games:
        first = game.eliminations[0] if game.eliminations else None
        to_duel = next((e for e in game.eliminations if e.players_left == 2), None)
        steps = [taker(game, first) if first else "-"]
        if first is not None and first.player != game.bot:
            steps.append(taker(game, to_duel) if to_duel else "-")
        paths[(*steps, "won" if game.won else "lost")] += 1
        bot_out = next((e for e in game.eliminations if e.player == game.bot), None)
        if to_duel is not None and (bot_out is None or bot_out.players_left < 2):  # the bot is in the duel
            duels[taker(game, to_duel)].append((to_duel.bot_share, game.won))
    lines = [f"{count:5d}  {' / '.join(key)}" for key, count in sorted(paths.items())]
    for who, entered in duels.items():
        if entered:
            ahead = [won for share, won in entered if share >= 0.5]
            lines.append(f"duels after the {who.split()[0]} took the third player out: {len(entered)}, "
                         f"won {sum(won for _, won in entered)}; median share of armies "
                         f"{statistics.median(share for share, _ in entered):.2f}; "
                         f"entered with half or more: won {sum(ahead)} of {len(ahead)}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--bot", default="strategist")
    args = parser.parse_args(argv)
    games = []
    try:
        for folder in args.folders:
            paths = sorted(folder.glob("*.jsonl.gz"))
            if not paths:
                sys.exit(f"elimination_race.py: error: no game records (*.jsonl.gz) in {folder}")
            games += [g for g in (race_of(p, args.bot) for p in paths) if g is not None]
    except RiskError as exc:
        sys.exit(f"elimination_race.py: error: {exc}")
    print(f"{len(games)} games of {args.bot}")
    print("\n".join(race_table(games)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
