"""Players from spec strings: the one factory the commands, the tournament, the window and
``risk.make_agent`` call.

A spec names one of four kinds of player:

- a built-in bot, ``name`` or ``name:param=value,...`` (:mod:`ai.registry` builds it);
- a Python class by import path, ``package.module:ClassName`` (optionally ``:param=value,...``);
- a bot *program* speaking the bot protocol, ``cmd:COMMAND ARGS...`` or a bot file
  ``path/bot.json`` / ``path/bot.toml`` (optionally ``:option=value,...``; :mod:`risk.protocol.spec`);
- a trained policy, ``rl:path/to/model.zip`` (optionally ``,deterministic=true``;
  :mod:`risk.rl.policy_agent`, whose torch loads with the model only).

This module sits above the bots and the adapters (docs/architecture.md), so that the registry
needs neither the protocol nor the RL package.

An import path, a program and a model all run code of the user's choosing: right for a spec the
user typed, wrong for one read from a file (a save, a record, a results file).
:func:`make_trusted_player` builds only the built-in bots and refuses the other kinds in one line,
before anything is imported, started or unpickled.

>>> make_player("threshold:attack_threshold=0.6").attack_threshold
0.6
>>> make_trusted_player("os:system")
Traceback (most recent call last):
...
risk.errors.UsageError: bot 'os:system' is an import path, refused in a file: a bot read from a file (a save, a record, the window's settings) must be one of the registered bots
"""

from __future__ import annotations

import importlib
from typing import Any

from ai import registry
from risk.errors import UsageError
from risk.files import printable
from risk.protocol.spec import BotProgram, is_external_spec, program_head

BUILT_IN, IMPORT_PATH, PROGRAM, POLICY = "built-in", "import path", "program", "policy"

#: What each kind of spec that runs the user's code would do, as a refusal says it.
_WOULD = {IMPORT_PATH: "is an import path", PROGRAM: "runs a program", POLICY: "loads a trained model"}


def spec_kind(spec: str) -> str:
    """Which kind of player ``spec`` names: :data:`BUILT_IN`, :data:`IMPORT_PATH`,
    :data:`PROGRAM` or :data:`POLICY`. Reads the text only (a bot file's ``.json``/``.toml``
    ending, the ``cmd:`` and ``rl:`` prefixes), so it is safe on any spec."""
    spec = spec.strip()
    if spec.startswith(registry.POLICY_PREFIX):
        return POLICY
    if is_external_spec(spec):  # before import paths: "bots/deep.toml:depth=3" has a dot too
        return PROGRAM
    if registry.is_import_path(spec):
        return IMPORT_PATH
    return BUILT_IN


def refusal(spec: str) -> str | None:
    """Why ``spec``, read from a file, must not be built (one line), or None for a built-in
    bot's spec."""
    kind = spec_kind(spec)
    if kind == BUILT_IN:
        return None
    return (f"bot '{printable(spec)}' {_WOULD[kind]}, refused in a file: a bot read from a file (a "
            "save, a record, the window's settings) must be one of the registered bots")


def resolve(spec: str, allow_imports: bool = True) -> tuple[Any, dict[str, str]]:
    """What builds the player ``spec`` names (a bot class, a :class:`BotProgram`) and its raw
    parameter strings; raises UsageError. Without ``allow_imports`` only a built-in bot's spec
    is read: the other kinds are refused, and nothing is imported or run."""
    spec = spec.strip()
    kind = spec_kind(spec)
    if kind != BUILT_IN and not allow_imports:
        raise UsageError(refusal(spec))
    if kind == POLICY:
        return _policy(spec)
    if kind == PROGRAM:
        return BotProgram(spec), registry.parse_params(spec, spec[len(program_head(spec)):].lstrip(":"))
    if kind == IMPORT_PATH:
        return _imported(spec)
    return registry.resolve(spec)


def make_player(spec: str, allow_imports: bool = True):
    """The player a spec names; raises UsageError with one line naming what is wrong. Without
    ``allow_imports``, as :func:`make_trusted_player`."""
    factory, raw = resolve(spec, allow_imports)
    return registry.build(factory, raw, spec)


def make_trusted_player(spec: str):
    """A player from a spec read from a file: a built-in bot only; any other kind is refused
    with UsageError naming it, and never imported, started or unpickled."""
    return make_player(spec, allow_imports=False)


def _policy(spec: str) -> tuple[type, dict[str, str]]:
    # The path is the first item; a comma would end it, as it ends every spec.
    path, *rest = spec[len(registry.POLICY_PREFIX):].split(",")
    if not path.strip():
        raise UsageError(f"bot '{spec}': give the model file, e.g. rl:models/ppo.zip")
    params = registry.parse_params(spec, ",".join(rest))
    if "path" in params:
        raise UsageError(f"bot '{spec}': the model file comes right after rl:, not as path=")
    from risk.rl.policy_agent import PolicyAgent  # light: torch is imported when the model loads

    return PolicyAgent, {"path": path.strip(), **params}


def _imported(spec: str) -> tuple[type, dict[str, str]]:
    module_name, _, rest = spec.partition(":")
    class_name, _, params_text = rest.partition(":")
    if not class_name:
        raise UsageError(f"bot '{spec}': an import path needs the form package.module:ClassName")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise UsageError(f"bot '{spec}': cannot import {module_name} ({exc})") from None
    cls = getattr(module, class_name, None)
    if cls is None:
        raise UsageError(f"bot '{spec}': {module_name} has no {class_name}")
    return cls, registry.parse_params(spec, params_text)
