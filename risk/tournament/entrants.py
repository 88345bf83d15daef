"""Who plays a run: each entrant's name, and the referee's check that every seat can be set up.

The table, the game lines and the ``players`` of each result line name an entrant by its *name*:

- a built-in bot: its spec, the registry name with the parameters given (``threshold``,
  ``threshold:attack_threshold=0.5``);
- a Python class by import path: the class name, with the parameters given
  (``tests.support.bots:GateBot`` is ``GateBot``);
- a bot program: its bot file's ``name``, else the name its program says in its ``hello``, with
  the options the spec sets (``bots/deep.toml:depth=3`` is ``deep-bot:depth=3``); its spec if the
  program fails its handshake (its games then record that fault);
- a trained policy: its spec.

Entrants that share a name are told apart by a suffix in ``--bots`` order (``random``,
``random#2``, ``random#3``); a name no other entrant has keeps none. The specs stay in each result
line's ``seats``, which is what a resume and the tuner read.

Setting up a program's seat is the referee's job: the program's folder, its log folder, the
program itself. :func:`referee_problem` checks them before the program is started, so a missing
log folder is the referee's :class:`~risk.errors.RefereeError` (one line, before the first game,
and again in the worker before each game: a Ray node may lack what the head has) rather than a
crash charged to the bot.
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path
from typing import Any, Sequence

from risk.errors import RefereeError
from risk.files import output_problem

#: The longest name kept from a program's hello (the table's column and the result lines).
MAX_NAME = 60


def entrant_names(specs: Sequence[str]) -> list[str]:
    """Each entrant's name, before any game: builds each bot, checks every program's seat
    (:class:`RefereeError`), and starts each program once to hear its name. UsageError for a bad
    spec."""
    from risk.players import make_player

    names = []
    for spec in specs:
        agent = make_player(spec)
        check_seat(spec, agent)
        names.append(bot_name(spec, agent))
    return names


def bot_name(spec: str, agent: Any) -> str:
    """The name of the bot ``agent``, built from ``spec`` (see the module's docstring)."""
    from risk.players import IMPORT_PATH, PROGRAM, spec_kind
    from risk.protocol.spec import program_head

    spec = spec.strip()
    kind = spec_kind(spec)
    if kind == IMPORT_PATH:
        return spec.partition(":")[2]          # Class, or Class:param=value,...
    if kind == PROGRAM:
        name = _clean(getattr(agent, "display_name", None)) or _clean(_hello_name(agent))
        return name + spec[len(program_head(spec)):] if name else spec
    return spec


def check_seat(spec: str, agent: Any) -> None:
    """Raise :class:`RefereeError` naming ``spec`` if the referee cannot set up its seat."""
    problem = referee_problem(agent)
    if problem is not None:
        raise RefereeError(f"referee set-up error (not the bot's fault): bot '{spec}': {problem}")


def referee_problem(agent: Any) -> str | None:
    """What keeps the referee from starting ``agent``'s program, in one phrase, or None (also
    for every bot that is not a program)."""
    from risk.protocol.external import ExternalAgent

    if not isinstance(agent, ExternalAgent):
        return None
    folder = Path(agent.cwd) if agent.cwd is not None else Path.cwd()
    if not folder.is_dir():
        return f"its working folder {folder} does not exist"
    if agent.log_path is not None:
        log = Path(agent.log_path)
        if not log.parent.is_dir():
            return (f"its log folder {log.parent} does not exist (the referee writes the bot's "
                    f"stderr to {log.name} there): create it, or change the bot file's \"log\"")
        if log.is_dir():
            return f"its log {log} is a folder, not a file"
        unwritable = output_problem(log)  # a device, a FIFO or a link is never written to either
        if unwritable is not None:
            return f"its log {log} {unwritable}"
        if not os.access(log if log.exists() else log.parent, os.W_OK):
            return f"its log {log} cannot be written (permission denied)"
    executable = agent.command[0]
    if os.sep in executable or "/" in executable:
        program = folder / executable
        if not program.is_file():
            return f"its program {program} does not exist"
        if not os.access(program, os.X_OK):
            return f"its program {program} is not executable"
    elif shutil.which(executable) is None:
        return f"its program '{executable}' is not found on PATH"
    return None


def _hello_name(agent: Any) -> str | None:
    """The name a program says in its hello: started once, off any game, then stopped; None if
    it fails the handshake (the bot's fault, which its games will record)."""
    from risk.match import BotFault

    try:
        agent.prepare(None, 0, None)
        return agent.hello.name if agent.hello is not None else None
    except BotFault:
        return None
    finally:
        agent.close()


def _clean(name: str | None) -> str:
    """A name fit for one table cell: whitespace collapsed, no control or other unprintable
    character (a program's hello is its own text, printed on the user's terminal), at most
    :data:`MAX_NAME` characters."""
    spaced = re.sub(r"\s+", " ", name or "")
    return "".join(char for char in spaced if char.isprintable()).strip()[:MAX_NAME]
