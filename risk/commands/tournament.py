"""``risk tournament``: many games between bots with rotated seats; a table of results.

    risk tournament --bots mcts,threshold,angry,random --games 400 --jobs 2 --seed 7 --out r.jsonl
    risk tournament --bots strategist,threshold,bots/deep.toml --records games/ --out r.jsonl
    risk tournament --report r.jsonl --plot r.png
"""

from __future__ import annotations

import sys

from risk.commands.options import (add_records_option, add_run_options, add_setup_options, png_file,
                                   positive_int)
from risk.errors import UsageError
from risk.tournament import DEFAULT_MAX_TURNS, DEFAULT_MAX_TURNS_WHY


def register(sub) -> None:
    parser = sub.add_parser(
        "tournament", help="play many games between bots and rank them",
        description="Play games between bots in seat-rotation groups (one seed per group, played "
                    "once per rotation of the seats), then print win rates with Wilson 95% "
                    "intervals, average places, win rates by seat and Plackett-Luce ratings. "
                    "Bots are listed by name (a program's by the name it says in its hello), "
                    "with #2, #3 only where two share a name. "
                    "With --report, summarise an existing results file instead.")
    parser.add_argument("--bots", default="", metavar="SPEC,...",
                        help="2 to 6 comma-separated bot specs, e.g. threshold:attack_threshold=0.5,"
                             "angry,random (see risk bots)")
    parser.add_argument("--games", type=positive_int, default=100, metavar="N",
                        help="games to play, rounded up to whole rotation groups "
                             "(with --sprt: the most the test may play); default 100")
    add_setup_options(parser, max_turns=DEFAULT_MAX_TURNS, max_turns_why=DEFAULT_MAX_TURNS_WHY)
    add_run_options(parser)
    add_records_option(parser)
    parser.add_argument("--sprt", metavar="p0=P,p1=P",
                        help="stop as soon as a sequential test decides whether the FIRST bot's "
                             "win rate is p1 rather than p0 (alpha = beta = 0.05 unless given)")
    parser.add_argument("--report", metavar="FILE",
                        help="play nothing: summarise this results file")
    parser.add_argument("--plot", metavar="FILE.png", type=png_file,
                        help="draw the win rates with their intervals and the win rates by seat")
    parser.set_defaults(run=run)


def run(args) -> int:
    if args.report:
        if args.bots or args.resume or args.out or args.sprt or args.records:
            raise UsageError("--report reads a finished file: it takes no --bots, --out, "
                             "--resume, --records or --sprt")
        return report(args.report, args.plot, args.json)
    if not args.bots:
        raise UsageError("give the bots to play (--bots a,b,...) or a file to --report")
    return play(args)


def play(args) -> int:
    from ai import split_specs
    from risk.commands.options import make_setup, open_session
    from risk.tournament.entrants import entrant_names
    from risk.tournament.schedule import entrant_labels, groups_for, seat_of, tournament_tasks
    from risk.tournament.session import GroupCursor
    from risk.tournament.stats import parse_sprt

    specs = split_specs(args.bots)
    if not 2 <= len(specs) <= 6:
        raise UsageError(f"--bots needs 2 to 6 bots, not {len(specs)}")
    sprt = parse_sprt(args.sprt) if args.sprt else None
    # A bad spec, or a seat the referee cannot set up, fails here in one line, before any game.
    labels = entrant_labels(entrant_names(specs))
    setup, seed = make_setup(args)
    players = len(specs)
    groups = groups_for(args.games, players)
    tasks = tournament_tasks(specs, groups, seed, labels)
    if len(tasks) != args.games:
        print(f"--games {args.games} rounded up to {len(tasks)}: {groups} groups of "
              f"{players} seat rotations", file=sys.stderr)

    session, runner = open_session(args, setup, len(tasks))
    session.check_planned(lambda game: game < len(tasks), f"tournament of {len(tasks)} games")
    cursor = GroupCursor(tasks)

    def feed_test(record):
        # The first bot is entrant 0: in rotation r it sits in seat (0 - r) mod n.
        for group in cursor.add(record):
            if sprt.verdict is None:
                sprt.add(sum(r["winner"] == seat_of(0, r["rotation"], players) for r in group),
                         len(group))
                sprt.check()

    finished = False
    try:
        with runner:
            records = session.play(tasks, on_record=feed_test if sprt else None,
                                   stop=lambda: sprt is not None and sprt.verdict is not None)
        finished = True
    finally:
        session.close(finished)

    records = list(session.records.values())
    summary_lines(records, sprt, labels[0], args.json, args.plot)
    if args.records:
        print(f"game records in {args.records}", file=sys.stderr)
    return 0


def summary_lines(records, sprt, first_bot, as_json, plot) -> None:
    from risk.commands.options import print_json
    from risk.tournament.ratings import rate_games
    from risk.tournament.report import format_table, plot_report, summary_json
    from risk.tournament.summary import summarize

    summary = summarize(records)
    ratings = rate_games(records)
    if as_json:
        print_json(summary_json(summary, ratings, sprt.to_json() if sprt else None))
    else:
        print()
        print(format_table(summary, ratings))
        if sprt is not None:
            print(sprt.describe(first_bot))
    if plot:
        plot_report(summary, plot)
        print(f"plot written to {plot}", file=sys.stderr)


def report(path, plot, as_json) -> int:
    from risk.tournament.results import ResultsFile

    results, torn = ResultsFile.read(path)
    if not results.records:
        raise UsageError(f"{path} holds no games" + (" (only an unfinished line)" if torn else ""))
    if torn:
        print(f"{path}: ignoring an unfinished last line (the run was interrupted)", file=sys.stderr)
    summary_lines(results.in_order(), None, None, as_json, plot)
    return 0
