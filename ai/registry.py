"""The built-in bots by name, and the spec strings that build them.

A spec is ``name`` or ``name:param=value,param=value`` (``threshold:attack_threshold=0.6``). A
list of specs is comma-separated; a comma followed by ``param=value`` continues the previous
bot's parameters (``mcts:iterations=400,c=1.4,random``).

The registry knows the built-in bots only and never imports or runs anything else, so a spec read
from a file (a save, a record) is safe to build here. The other forms of a spec, a class by
import path (``package.module:ClassName``), a bot program (``cmd:...``, a bot file) and a trained
policy (``rl:model.zip``), run code of the user's choosing: the factory above the bots and the
adapters builds them, :func:`risk.players.make_player` (docs/architecture.md, the layers), and
hands a built-in bot's spec back to :func:`make_bot`. This module keeps what every form shares:
reading parameters (:func:`parse_params`) and building an agent from a class and its parameters
(:func:`build`).
"""

from __future__ import annotations

import importlib
from typing import Any

from risk.errors import UsageError

REGISTRY: dict[str, type] = {}

#: The strongest bot measured (docs/strength.md): what a window's hardest difficulty and
#: ``risk bots --json`` (``"strongest": true``) point to.
STRONGEST = "strategist"

#: Modules that register the built-in bots when imported.
_BUILTIN_MODULES = ("ai.random_agent", "ai.angry", "ai.threshold", "ai.markov", "ai.mcts", "ai.strategist")


def register(cls: type) -> type:
    """Class decorator: make a bot available by its ``name``."""
    REGISTRY[cls.name] = cls
    return cls


def _load_builtins() -> None:
    for module in _BUILTIN_MODULES:
        importlib.import_module(module)


def available(skip_broken: bool = False) -> list[str]:
    """The registered bot names. With ``skip_broken``, a built-in bot whose module fails to
    import is left out instead of raising (so a window can still offer the others)."""
    if not skip_broken:
        _load_builtins()
        return sorted(REGISTRY)
    for module in _BUILTIN_MODULES:
        try:
            importlib.import_module(module)
        except Exception:  # a broken bot must not hide the working ones
            pass
    return sorted(REGISTRY)


def split_specs(text: str) -> list[str]:
    """Split a comma-separated list of bot specs, keeping each bot's parameters with it."""
    specs: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            raise UsageError(f"empty bot name in '{text}'")
        if "=" in part and ":" not in part and specs:
            specs[-1] += "," + part
        else:
            specs.append(part)
    return specs


def _coerce(value: str, default: Any, name: str, spec: str) -> Any:
    if isinstance(default, bool):
        low = value.lower()
        if low in ("true", "yes", "on", "1"):
            return True
        if low in ("false", "no", "off", "0"):
            return False
        raise UsageError(f"bot '{spec}': {name}={value} must be true or false")
    if isinstance(default, int):
        try:
            return int(value)
        except ValueError:
            raise UsageError(f"bot '{spec}': {name}={value} must be a whole number") from None
    if isinstance(default, float) or default is None:
        try:
            return float(value) if default is not None or _looks_numeric(value) else value
        except ValueError:
            raise UsageError(f"bot '{spec}': {name}={value} must be a number") from None
    return value


def _looks_numeric(value: str) -> bool:
    try:
        float(value)
    except ValueError:
        return False
    return True


def is_import_path(spec: str) -> bool:
    """Whether ``spec`` names a bot by import path (``pkg.mod:Class``, ``mod:Class``) rather than
    by a registered name (``name`` or ``name:param=value``)."""
    head, _, params_text = spec.strip().partition(":")
    first_param = params_text.split(",", 1)[0]
    return "." in head or bool(first_param and "=" not in first_param.split(":", 1)[0])


#: The prefix of a trained-policy spec, ``rl:path/to/model.zip`` (built by :mod:`risk.players`).
POLICY_PREFIX = "rl:"


def resolve(spec: str) -> tuple[type, dict[str, str]]:
    """The registered bot class a spec names and its raw parameter strings; raises UsageError
    listing the bots when the name is none of them."""
    _load_builtins()
    head, _, params_text = spec.strip().partition(":")
    cls = REGISTRY.get(head)
    if cls is None:
        raise UsageError(f"unknown bot '{head}'; the bots are: {', '.join(available())} "
                         "(or package.module:ClassName, or rl:model.zip)")
    return cls, parse_params(spec, params_text)


def parse_params(spec: str, params_text: str) -> dict[str, str]:
    """``param=value,param=value`` as raw strings; UsageError naming an item without ``=``."""
    params: dict[str, str] = {}
    for item in filter(None, (p.strip() for p in params_text.split(","))):
        key, eq, value = item.partition("=")
        if not eq:
            raise UsageError(f"bot '{spec}': parameter '{item}' needs the form name=value")
        params[key.strip()] = value.strip()
    return params


def build(cls, raw: dict[str, str], spec: str):
    """An agent from a bot class (or anything that answers ``parameters()`` and builds one) and
    its raw parameters, each read as the type of its default; UsageError naming ``spec`` and
    what is wrong."""
    defaults = cls.parameters() if hasattr(cls, "parameters") else {}
    values: dict[str, Any] = {}
    for key, value in raw.items():
        if defaults and key not in defaults:
            known = ", ".join(defaults) or "none"
            raise UsageError(f"bot '{spec}': unknown parameter '{key}'; its parameters are: {known}")
        values[key] = _coerce(value, defaults.get(key), key, spec)
    try:
        agent = cls(**values)
    except (TypeError, ValueError) as exc:
        raise UsageError(f"bot '{spec}': {exc}") from None
    if not callable(getattr(agent, "act", None)):
        raise UsageError(f"bot '{spec}': {cls.__name__} has no act(view) method")
    return agent


def make_bot(spec: str):
    """A built-in bot from its spec; raises UsageError with one line naming what is wrong."""
    cls, raw = resolve(spec.strip())
    return build(cls, raw, spec)


def make_trusted_agent(spec: str):
    """A bot from a spec read from a file (a save, a record, a results file): a registered bot
    only, so nothing is imported or run; UsageError naming the spec for any other.
    (:func:`risk.players.make_trusted_player` also says what a spec of another form would do.)"""
    _load_builtins()
    if spec.strip().partition(":")[0] not in REGISTRY:
        raise UsageError(f"bot '{spec}' is not a registered bot, refused in a file: a bot read from "
                         "a save or record must be one of the registered bots")
    return make_bot(spec)
