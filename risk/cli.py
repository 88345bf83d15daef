"""The ``risk`` command: one subcommand per module in :mod:`risk.commands`.

Every error a user can cause ends as one line on stderr (``risk: error: ...``) and a non-zero
exit status: 2 for a bad command line, 1 for anything else (a bad file, an illegal move, ...).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from typing import Collection, Sequence

from risk import __version__
from risk.errors import RiskError
from risk.files import printable

#: The subcommands in the order ``risk --help`` lists them: name -> (module, one-line summary).
#: Each module defines ``register(sub)``, which builds its parser. Only the command being run is
#: imported and built; the others appear in ``risk --help`` by their summary here (a test keeps
#: it equal to the module's own), so no command imports what another one needs.
COMMANDS = {
    "play": ("risk.commands.play", "play in a window against bots"),
    "simulate": ("risk.commands.simulate", "play one headless game between bots"),
    "odds": ("risk.commands.odds", "exact odds, expected losses and survivors of a battle"),
    "tournament": ("risk.commands.tournament", "play many games between bots and rank them"),
    "ladder": ("risk.commands.ladder", "keep ratings of every bot played in a local database"),
    "tune": ("risk.commands.tune", "tune a bot's numeric parameters against a field of opponents"),
    "map": ("risk.commands.map", "show, check, import or generate a map"),
    "replay": ("risk.commands.replay", "replay a game record and verify its outcome"),
    "bots": ("risk.commands.bots", "list the bots and their parameters"),
    "bot": ("risk.commands.bot", "check a bot that speaks the bot protocol"),
}


class ArgumentParser(argparse.ArgumentParser):
    """An argparse parser whose errors are one line, not a usage block, in the form of every
    other error of the program (``risk: error: ...``, not argparse's ``risk play: error:``)."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"risk: error: {message}\n")


def build_parser(built: Collection[str] | None = None) -> ArgumentParser:
    """The parser of ``risk``, with the subcommands in ``built`` (default: all) built in full;
    the rest are only named, which is all ``risk --help`` and an unknown command need."""
    parser = ArgumentParser(
        prog="risk",
        description="Risk: the board game engine, exact battle odds, AI players and tournaments.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=ArgumentParser)
    for name, (module, summary) in COMMANDS.items():
        if built is None or name in built:
            importlib.import_module(module).register(sub)
        else:
            sub.add_parser(name, help=summary)
    return parser


def command_named(argv: Sequence[str]) -> str | None:
    """The subcommand a command line names: its first word that is not an option (``risk``'s own
    options, --help and --version, take no value)."""
    return next((word for word in argv if not word.startswith("-")), None)


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser(built={command_named(argv)})
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, --version, or a bad command line already reported
        return int(exc.code or 0)
    if not getattr(args, "run", None):
        parser.print_help()
        return 2
    try:
        return int(args.run(args) or 0)
    except RiskError as exc:  # its text may quote a file: shown with control characters escaped
        print(f"risk: error: {printable(exc)}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("risk: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except OSError as exc:
        where = f"{exc.filename}: " if getattr(exc, "filename", None) else ""
        print(f"risk: error: {printable(where)}{exc.strerror or exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
