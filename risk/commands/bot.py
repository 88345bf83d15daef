"""``risk bot``: tools for bots that speak the bot protocol (``risk bot check``)."""

from __future__ import annotations

from risk.commands.options import positive_float, positive_int, seed_value
from risk.files import printable


def register(sub) -> None:
    parser = sub.add_parser("bot", help="check a bot that speaks the bot protocol",
                            description="Tools for bots written in any language that speak the "
                                        "bot protocol (docs/protocol.md).")
    tools = parser.add_subparsers(dest="tool", metavar="TOOL")
    check = tools.add_parser(
        "check", help="play short games against built-in bots and check every message",
        description="Play a few short seeded games between the bot and built-in bots, validate "
                    "every message both ways against the protocol's schema, and print a verdict "
                    "(exit status 0: ok, 1: the bot got something wrong).",
        epilog="The bot is either one spec (cmd:COMMAND, a bot file .json/.toml, or a built-in "
               "bot served over the protocol) or, after --, a command line: "
               "risk bot check -- node examples/bots/random_bot.js")
    check.add_argument("bot", nargs="+", metavar="BOT",
                       help="one bot spec, or -- and the bot's command line")
    check.add_argument("--games", type=positive_int, default=3,
                       help="how many games to play, the bot in a different seat each (default 3)")
    check.add_argument("--seed", type=seed_value, default=1, help="the first game's seed (default 1)")
    check.add_argument("--opponents", default="angry,random",
                       help="comma-separated built-in bot specs to play against (default angry,random)")
    check.add_argument("--max-turns", type=positive_int, default=30,
                       help="end each game after this many player turns (default 30)")
    check.add_argument("--move-time", type=positive_float, default=10.0, metavar="SECONDS",
                       help="seconds the bot may take over one move (default 10)")
    check.add_argument("--transcripts", metavar="DIR", default=None,
                       help="keep each game's conversation (game-N.jsonl) and the bot's stderr (bot.log) here")
    check.set_defaults(run=run_check)
    parser.set_defaults(run=lambda args: parser.print_help() or 2)


def run_check(args) -> int:
    from ai import split_specs
    from risk.bot_check import check_bot
    from risk.errors import UsageError

    opponents = split_specs(args.opponents)
    if not 1 <= len(opponents) <= 5:
        raise UsageError(f"--opponents needs 1 to 5 bots, not {len(opponents)}")
    report = check_bot(args.bot, games=args.games, seed=args.seed, opponents=opponents,
                       max_turns=args.max_turns, move_seconds=args.move_time,
                       transcripts=args.transcripts,
                       progress=lambda line: print(printable(line), flush=True))
    # A verdict quotes the bot's own lines: shown with control characters escaped.
    print("\n".join(map(printable, report.verdict().splitlines())))
    return 0 if report.ok else 1
