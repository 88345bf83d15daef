"""Option types and rule options shared by the command line and the libraries that parse their
own options (the tournament's): each type rejects a bad value with one clear line.

It lives outside :mod:`risk.commands` so that the library never imports the command line; the
commands import these from here.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from risk.rules import Rules


def _whole(text: str, what: str = "") -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{what}'{text}' is not a whole number") from None


def _real(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a number") from None
    if value != value:  # NaN passes every comparison below, so name it here
        raise argparse.ArgumentTypeError(f"'{text}' is not a number")
    return value


def positive_int(text: str) -> int:
    value = _whole(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} must be at least 1")
    return value


def non_negative_int(text: str) -> int:
    value = _whole(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"{value} must not be negative")
    return value


def seed_value(text: str) -> int:
    value = _whole(text, "seed ")
    if value < 0:
        raise argparse.ArgumentTypeError(f"seed {value} must not be negative")
    return value


def positive_float(text: str) -> float:
    value = _real(text)
    if not value > 0:
        raise argparse.ArgumentTypeError(f"{text} must be greater than 0")
    return value


def non_negative_float(text: str) -> float:
    value = _real(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text} must not be negative")
    return value


def fraction(text: str) -> float:
    """A number strictly between 0 and 1."""
    value = positive_float(text)
    if value >= 1:
        raise argparse.ArgumentTypeError(f"{text} must be below 1")
    return value


def output_file(text: str) -> str:
    """A file the command will write: checked before any work, so a long run cannot end in a
    path that was never writable."""
    path = Path(text)
    folder = path.parent if str(path.parent) else Path(".")
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"{text} is a folder; give a file name")
    if not folder.is_dir():
        raise argparse.ArgumentTypeError(f"cannot write {text}: folder {folder} does not exist")
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise argparse.ArgumentTypeError(f"cannot write {text}: permission denied")
    return text


def png_file(text: str) -> str:
    """A plot to write: an :func:`output_file` whose name says PNG, which is what is written."""
    output_file(text)
    if Path(text).suffix.lower() != ".png":
        raise argparse.ArgumentTypeError(f"{text}: plots are written as PNG; give a name ending in .png")
    return text


# -- the rules -----------------------------------------------------------------------------------

def add_rules_options(parser) -> None:
    """--rules-preset and --rules, shared by every command that starts games."""
    from risk.rules import PRESETS

    parser.add_argument("--rules-preset", default="us-1993", metavar="NAME",
                        help=f"the rules of an edition: {', '.join(PRESETS)} (default: us-1993)")
    parser.add_argument("--rules", default="", metavar="NAME=VALUE,...",
                        help="rule options on top of the preset, e.g. fortify=connected,missions=true "
                             "(see docs/rules.md)")


def rules_from_args(args) -> Rules:
    """The preset, changed by --rules, and the turn cap of --max-turns (if the command has one);
    raises UsageError on a bad option."""
    from risk.rules import Rules

    rules = Rules.parse(args.rules, Rules.preset(getattr(args, "rules_preset", "us-1993")))
    if getattr(args, "max_turns", None) is not None:
        rules = Rules.parse(f"max_turns={args.max_turns}", rules)
    return rules
