"""Named bots, and spec strings that build them.

A spec is ``name`` or ``name:param=value,param=value`` (``threshold:attack_threshold=0.6``), or
an import path ``package.module:ClassName`` (optionally followed by ``:param=value,...``) for a
bot that lives outside this project. A list of specs is comma-separated; a comma followed by
``param=value`` continues the previous bot's parameters (``mcts:iterations=400,c=1.4,random``).
"""

from __future__ import annotations

import importlib
from typing import Any

from risk.errors import UsageError

REGISTRY: dict[str, type] = {}

#: Modules that register the built-in bots when imported.
_BUILTIN_MODULES = ("ai.random_agent", "ai.angry", "ai.threshold", "ai.markov", "ai.mcts")


def register(cls: type) -> type:
    """Class decorator: make a bot available by its ``name``."""
    REGISTRY[cls.name] = cls
    return cls


def _load_builtins() -> None:
    for module in _BUILTIN_MODULES:
        importlib.import_module(module)


def available() -> list[str]:
    _load_builtins()
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


def resolve(spec: str) -> tuple[type, dict[str, str]]:
    """The bot class a spec names and its raw parameter strings."""
    _load_builtins()
    head, _, params_text = spec.partition(":")
    first_param = params_text.split(",", 1)[0]
    cls: type | None = None
    # "pkg.mod:Class" or "mod:Class" is an import path; "name:param=value" is a registered bot.
    if "." in head or (first_param and "=" not in first_param.split(":", 1)[0]):
        module_name = head
        class_name, _, params_text = params_text.partition(":")
        if not class_name:
            raise UsageError(f"bot '{spec}': an import path needs the form package.module:ClassName")
        try:
            module = importlib.import_module(module_name)
        except ImportError as exc:
            raise UsageError(f"bot '{spec}': cannot import {module_name} ({exc})") from None
        cls = getattr(module, class_name, None)
        if cls is None:
            raise UsageError(f"bot '{spec}': {module_name} has no {class_name}")
    else:
        cls = REGISTRY.get(head)
        if cls is None:
            raise UsageError(f"unknown bot '{head}'; the bots are: {', '.join(available())} "
                             "(or package.module:ClassName)")
    params: dict[str, str] = {}
    for item in filter(None, (p.strip() for p in params_text.split(","))):
        key, eq, value = item.partition("=")
        if not eq:
            raise UsageError(f"bot '{spec}': parameter '{item}' needs the form name=value")
        params[key.strip()] = value.strip()
    return cls, params


def make_agent(spec: str):
    """Build a bot from its spec; raises UsageError with one line naming what is wrong."""
    cls, raw = resolve(spec.strip())
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
