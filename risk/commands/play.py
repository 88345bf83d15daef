"""``risk play``: the game in a window, a person against bots (or bots alone, to watch)."""

from __future__ import annotations

import os
from pathlib import Path

from risk.commands.options import add_game_options, positive_int, rules_from_args
from risk.errors import UsageError

SPEEDS = ("slow", "normal", "fast", "max")

#: (option, its argparse name, its default): what sets up a new game, which --load refuses.
NEW_GAME_OPTIONS = (("--players", "players", None), ("--bots", "bots", ""), ("--seed", "seed", None),
                    ("--map", "map", None), ("--rules", "rules", ""), ("--rules-preset", "rules_preset", "us-1993"),
                    ("--max-turns", "max_turns", None), ("--humans", "humans", 1), ("--seat", "seat", 1),
                    ("--bots-only", "bots_only", False))


def register(sub) -> None:
    parser = sub.add_parser(
        "play", help="play in a window against bots",
        description="Open the game window: you in one seat, bots in the others. Without game options "
                    "it opens the menu (resume the last game, new game, load).",
        epilog="Keys in the window: F1 shows them all. Saves and the autosave live in "
               "$XDG_DATA_HOME/markov-risk (or ~/.local/share/markov-risk); MARKOV_RISK_DATA moves the "
               "folder and MARKOV_RISK_AUTOSAVE the autosave file.")
    add_game_options(parser, bots_default="")
    for action in parser._actions:
        if action.dest == "map":
            action.help = ("a map file: this program's JSON, or a Domination .map, shown on its own picture "
                           "when the files its [files] section names are beside it (default: classic)")
        if action.dest == "bots":
            action.help = ("the bots of the other seats, comma-separated; one name fills every bot seat "
                           "(default: the best available: mcts,markov,threshold when they exist, else angry); "
                           "with --bots-only, every seat")
    parser.add_argument("--players", type=positive_int, default=None,
                        help="number of players, 2 to 6 (default: 4, or one more than --bots names when it "
                             "names two or more)")
    parser.add_argument("--seat", type=positive_int, default=1, help="your seat, 1 = first to move (default 1)")
    parser.add_argument("--load", metavar="SAVE", type=Path, default=None,
                        help="resume a saved game (or the autosave)")
    parser.add_argument("--bots-only", action="store_true", help="no human: watch the bots play")
    parser.add_argument("--humans", type=positive_int, default=1, metavar="N",
                        help="people sharing the window (hot-seat), in seats --seat, --seat+1, ...; a hand-over "
                             "screen hides each one's cards from the next (default 1)")
    parser.add_argument("--speed", choices=SPEEDS, default="normal", help="how fast bots move (default normal)")
    parser.add_argument("--screenshot", metavar="FILE.png", type=Path, default=None,
                        help="save a screenshot of the window when it closes")
    parser.add_argument("--quit-after-turns", type=positive_int, default=None, metavar="N",
                        help="close the window once N turns have been played (or at game over)")
    parser.add_argument("--size", default="1280x800", metavar="WxH", help="window size (default 1280x800)")
    parser.set_defaults(run=run)


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise UsageError(f"--size '{text}' must look like 1280x800") from None
    if w < 800 or h < 560:
        raise UsageError(f"--size {text} is too small (at least 800x560)")
    return w, h


def build_config(args):
    """The window's configuration from the command line; UsageError on bad values."""
    from ai import split_specs
    from risk.players import make_player
    from risk.board import load_map
    from risk.randomness import fresh_seed
    from risk.gui.app import PlayConfig
    from risk.gui.bots import default_bots
    from risk.gui.setup import load_board

    size = _size(args.size)
    if args.load is not None:
        given = [option for option, dest, default in NEW_GAME_OPTIONS if getattr(args, dest) != default]
        if given:
            raise UsageError(f"--load resumes the saved game as it was saved; {given[0]} would set up "
                             "another game (leave it out, or start a new game without --load)")
        if args.load.is_dir():
            raise UsageError(f"--load {args.load}: is a folder, not a saved game")
        if not args.load.is_file():
            raise UsageError(f"--load {args.load}: no such file")
        from risk.gui.session import check_save

        check_save(args.load)  # before the window opens: a broken save, or one naming an import path, is refused
        return PlayConfig(load=args.load, speed=args.speed, screenshot=args.screenshot,
                          quit_after_turns=args.quit_after_turns, size=size)
    specs = split_specs(args.bots) if args.bots else []
    for spec in specs:
        make_player(spec)  # check every spec now, with a one-line error
    humans = 0 if args.bots_only else args.humans
    if humans > 6:
        raise UsageError(f"--humans {humans}: a game has at most 6 players")
    if args.bots_only and args.humans != 1:
        raise UsageError("--bots-only and --humans do not go together: a game of bots alone has no people")
    if args.players is not None:
        if not 2 <= args.players <= 6:
            raise UsageError(f"--players must be 2 to 6, not {args.players}")
        players = args.players
    elif len(specs) > 1:
        players = len(specs) if args.bots_only else len(specs) + humans
    else:
        players = max(4, humans)  # no bots named, or one that repeats for every bot seat
    if not 2 <= players <= 6:
        raise UsageError(f"a game has 2 to 6 players; --bots names {len(specs)} bots")
    if humans > players:
        raise UsageError(f"--humans {humans} is more than the {players} players")
    seats_for_bots = players - humans
    if not specs and seats_for_bots:
        specs = default_bots(seats_for_bots)
    elif len(specs) == 1:
        specs = specs * seats_for_bots
    elif len(specs) != seats_for_bots:
        raise UsageError(f"--bots names {len(specs)} bots, but {players} players need {seats_for_bots}")
    if not args.bots_only and args.seat > players:
        raise UsageError(f"--seat {args.seat} is not a seat of a {players}-player game")
    rules = rules_from_args(args)
    board = load_board(Path(args.map)) if args.map else load_map(None)
    seed = args.seed if args.seed is not None else fresh_seed()
    game_options = (args.players, args.bots, args.seed, args.map, args.rules, args.max_turns,
                    None if args.rules_preset == "us-1993" else args.rules_preset)
    menu = not args.bots_only and all(v in (None, "") for v in game_options) and args.seat == 1 and humans == 1
    human_seats = [(args.seat - 1 + k) % players for k in range(humans)]
    return PlayConfig(players=players, bots=specs, seat=args.seat - 1, bots_only=args.bots_only, seed=seed,
                      humans=human_seats,
                      rules=rules, board=board, speed=args.speed, screenshot=args.screenshot,
                      quit_after_turns=args.quit_after_turns, menu=menu and args.screenshot is None, size=size)


def run(args) -> int:
    from risk.gui.app import display_problem

    config = build_config(args)
    problem = display_problem()
    if problem is not None:  # before pygame starts: SDL would fall back to an invisible window
        raise UsageError(f"cannot open a window: {problem}")
    if config.load is None and args.seed is None and not config.menu:
        print(f"seed {config.seed}")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from risk.gui.app import App  # pygame only now, so `risk --help` needs no display

    try:
        app = App(config)
    except Exception as exc:  # no display
        import pygame
        if isinstance(exc, pygame.error):
            raise UsageError(f"cannot open a window: {exc} (is there a display? try xvfb-run)") from None
        raise
    return app.run()
