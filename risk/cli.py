"""The ``risk`` command: one subcommand per module in :mod:`risk.commands`.

Every error a user can cause ends as one line on stderr (``risk: error: ...``) and a non-zero
exit status: 2 for a bad command line, 1 for anything else (a bad file, an illegal move, ...).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from typing import Sequence

from risk import __version__
from risk.errors import RiskError

#: Subcommand modules, in the order ``risk --help`` lists them. Each defines ``register(sub)``.
COMMAND_MODULES = (
    "risk.commands.play",
    "risk.commands.simulate",
    "risk.commands.odds",
    "risk.commands.tournament",
    "risk.commands.tune",
    "risk.commands.map",
    "risk.commands.replay",
    "risk.commands.bots",
)


class ArgumentParser(argparse.ArgumentParser):
    """An argparse parser whose errors are one line, not a usage block."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {message}\n")


def build_parser() -> ArgumentParser:
    parser = ArgumentParser(
        prog="risk",
        description="Risk: the board game engine, exact battle odds, AI players and tournaments.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=ArgumentParser)
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, --version, or a bad command line already reported
        return int(exc.code or 0)
    if not getattr(args, "run", None):
        parser.print_help()
        return 2
    try:
        return int(args.run(args) or 0)
    except RiskError as exc:
        print(f"risk: error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("risk: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except OSError as exc:
        where = f"{exc.filename}: " if getattr(exc, "filename", None) else ""
        print(f"risk: error: {where}{exc.strerror or exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
