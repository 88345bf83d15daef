"""``risk ladder play|add|show``: a local ladder, the rating of every bot played here, kept game by
game in a SQLite database (:mod:`risk.tournament.ladder`, docs/tournaments.md).

    risk ladder play --bots strategist,threshold,angry --games 60 --seed 1
    risk ladder add results.jsonl
    risk ladder show --plot ladder.png
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

from risk.commands.options import (add_pool_options, add_setup_options, output_file, png_file,
                                   positive_int)
from risk.errors import UsageError
from risk.tournament import DEFAULT_MAX_TURNS, DEFAULT_MAX_TURNS_WHY

#: The database's file name in the user's data folder.
LADDER_FILE = "ladder.sqlite"


def register(sub) -> None:
    parser = sub.add_parser(
        "ladder", help="keep ratings of every bot played in a local database",
        description="A local ladder: every game played (ladder play) or read from a tournament's "
                    "results file (ladder add) moves its bots' Plackett-Luce ratings, one game "
                    "per transaction, in a SQLite database; ladder show prints the table.")
    actions = parser.add_subparsers(dest="ladder_command", metavar="ACTION", parser_class=type(parser))

    play = actions.add_parser(
        "play", help="play games between bots and add each to the ladder as it ends",
        description="Play games between 2 to 6 different bots in seat-rotation groups and add "
                    "each game to the ladder as it ends. A game the ladder holds already (the "
                    "same setup, seed and seats) is not played again: after an interruption, "
                    "the same command with the same --seed plays only the games still missing.")
    play.add_argument("--bots", required=True, metavar="SPEC,...",
                      help="2 to 6 different bot specs (see risk bots)")
    play.add_argument("--games", type=positive_int, default=30, metavar="N",
                      help="games to play, rounded up to whole rotation groups; default 30")
    add_setup_options(play, max_turns=DEFAULT_MAX_TURNS, max_turns_why=DEFAULT_MAX_TURNS_WHY)
    add_pool_options(play)
    _add_db_option(play)
    play.set_defaults(run=run_play)

    add = actions.add_parser(
        "add", help="add the games of tournament results files",
        description="Add every game of tournament results files (risk tournament --out) to the "
                    "ladder, in game order. A game the ladder holds already is skipped, so a "
                    "file may be added again (after an interruption, or after its run went on).")
    add.add_argument("results", nargs="+", metavar="FILE", help="a results file (JSON Lines)")
    _add_db_option(add)
    add.set_defaults(run=run_add)

    show = actions.add_parser("show", help="print the table: ratings with μ ± 2σ, best first",
                              description="Print the ladder's table: each bot's games, wins, "
                                          "average place and rating μ with μ ± 2σ, best first by "
                                          "the ordinal μ - 3σ.")
    show.add_argument("--plot", metavar="FILE.png", type=png_file,
                      help="draw each bot's rating with its interval")
    show.add_argument("--json", action="store_true", help="print the table as JSON")
    _add_db_option(show)
    show.set_defaults(run=run_show)
    parser.set_defaults(run=lambda args: (parser.print_help(), 2)[1])


def _add_db_option(parser) -> None:
    parser.add_argument("--db", metavar="FILE", type=output_file, default=None,
                        help=f"the ladder's database (default: {LADDER_FILE} in the user's data "
                             "folder: $MARKOV_RISK_DATA, else $XDG_DATA_HOME/markov-risk or "
                             "~/.local/share/markov-risk)")


def database(args) -> Path:
    """The --db file, or the ladder in the user's data folder (the window's saves live there)."""
    if args.db:
        return Path(args.db)
    from risk.gui.saves import data_dir

    return data_dir() / LADDER_FILE


def run_play(args) -> int:
    from ai import split_specs
    from risk.commands.options import make_setup
    from risk.tournament.entrants import entrant_names
    from risk.tournament.ladder import Ladder, game_key
    from risk.tournament.report import describe_game
    from risk.tournament.runner import Runner
    from risk.tournament.schedule import entrant_labels, groups_for, tournament_tasks

    specs = split_specs(args.bots)
    if not 2 <= len(specs) <= 6:
        raise UsageError(f"--bots needs 2 to 6 bots, not {len(specs)}")
    twice = next((spec for spec in specs if specs.count(spec) > 1), None)
    if twice is not None:
        raise UsageError(f"the ladder rates different bots against each other: '{twice}' is listed twice")
    # A bad spec, or a seat the referee cannot set up, fails here in one line, before any game.
    labels = entrant_labels(entrant_names(specs))
    setup, seed = make_setup(args)
    tasks = tournament_tasks(specs, groups_for(args.games, len(specs)), seed, labels)
    path = database(args)
    with Ladder(path) as ladder:
        missing = [task for task in tasks
                   if not ladder.has(game_key(setup.fingerprint, task.seed, task.seats))]
        if len(missing) < len(tasks):
            print(f"{path}: {len(tasks) - len(missing)} of these {len(tasks)} games are in the "
                  "ladder already", file=sys.stderr)
        with Runner(setup, backend=args.backend, jobs=args.jobs) as runner:
            for result in runner.play(missing):
                ladder.add(result, source=f"ladder play --seed {seed}")
                print(describe_game(result, len(tasks)), flush=True)
        _print_table(ladder, path)
    return 0


def run_add(args) -> int:
    from risk.tournament.ladder import ADDED, Ladder
    from risk.tournament.results import ResultsFile

    # Every file is read and checked before the first game is added.
    files = []
    for name in args.results:
        results, torn = ResultsFile.read(name)
        if torn:
            print(f"{name}: ignoring an unfinished last line (the run was interrupted)", file=sys.stderr)
        files.append((name, results.in_order()))
    path = database(args)
    with Ladder(path) as ladder:
        for name, results in files:
            counts = Counter(ladder.add(result, source=str(name)) for result in results)
            left_out = ", ".join(f"{count} {why}" for why, count in counts.items() if why != ADDED)
            print(f"{name}: added {counts[ADDED]} of {len(results)} games"
                  + (f" (left out: {left_out})" if left_out else ""))
        _print_table(ladder, path)
    return 0


def run_show(args) -> int:
    from risk.commands.options import print_json
    from risk.tournament.ladder import Ladder
    from risk.tournament.report import plot_ladder

    path = database(args)
    if not path.exists():
        raise UsageError(f"no ladder at {path} yet: add games with risk ladder play or risk ladder add")
    with Ladder(path) as ladder:
        standings = ladder.standings()
        if args.json:
            print_json({"games": ladder.game_count(), "bots": [s.to_json() for s in standings]})
        else:
            _print_table(ladder, path)
    if args.plot:
        plot_ladder(standings, args.plot)
        print(f"plot written to {args.plot}", file=sys.stderr)
    return 0


def _print_table(ladder, path: Path) -> None:
    from risk.tournament.report import format_ladder

    print()
    print(format_ladder(ladder.standings(), ladder.game_count(), str(path)))
