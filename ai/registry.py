"""Named bots, and spec strings that build them.

A spec is ``name`` or ``name:param=value,param=value`` (``threshold:attack_threshold=0.6``), or
an import path ``package.module:ClassName`` (optionally followed by ``:param=value,...``) for a
bot that lives outside this project. A list of specs is comma-separated; a comma followed by
``param=value`` continues the previous bot's parameters (``mcts:iterations=400,c=1.4,random``).

A trained policy plays as ``rl:path/to/model.zip`` (optionally ``,deterministic=true``): see
:mod:`risk.rl.policy_agent`; torch and sb3-contrib are imported only for such a spec.

An import path runs code of the user's choosing, which is right for a spec the user typed and
wrong for one read from a file (a save, a record): :func:`make_trusted_agent` builds only the
registered bots and refuses import paths without importing anything.

A spec may also name a bot *program* speaking the bot protocol (docs/protocol.md):
``cmd:COMMAND ARGS...`` or a bot file ``path/bot.json`` / ``path/bot.toml`` (optionally
``path/bot.toml:option=value,...``). These run a program too, and an ``rl:`` model file is
unpickled code, so :func:`make_trusted_agent` refuses both as it refuses import paths.
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


#: The prefix of a trained-policy spec, ``rl:path/to/model.zip``.
POLICY_PREFIX = "rl:"


def _resolve_policy(spec: str, allow_imports: bool) -> tuple[type, dict[str, str]]:
    # The path is the first item; a comma would end it, as it ends every spec.
    if not allow_imports:
        raise UsageError(f"bot '{spec}' loads a trained model, refused in a file: a bot read "
                         "from a save or record must be one of the registered bots")
    path, *rest = spec[len(POLICY_PREFIX):].split(",")
    if not path.strip():
        raise UsageError(f"bot '{spec}': give the model file, e.g. rl:models/ppo.zip")
    params = _params(spec, ",".join(rest))
    if "path" in params:
        raise UsageError(f"bot '{spec}': the model file comes right after rl:, not as path=")
    from risk.rl.policy_agent import PolicyAgent  # light: torch is imported when the model loads

    return PolicyAgent, {"path": path.strip(), **params}


def resolve(spec: str, allow_imports: bool = True) -> tuple[type, dict[str, str]]:
    """The bot class a spec names and its raw parameter strings; raises UsageError. Without
    ``allow_imports`` an import path, a program or an ``rl:`` model is refused, and nothing is
    imported or run."""
    from risk.protocol.spec import BotProgram, is_external_spec, program_head

    if spec.strip().startswith(POLICY_PREFIX):
        return _resolve_policy(spec.strip(), allow_imports)
    if is_external_spec(spec):
        if not allow_imports:
            raise UsageError(f"bot '{spec}' runs a program, refused in a file: a bot read from a "
                             "save or record must be one of the registered bots")
        program = BotProgram(spec)
        params_text = spec.strip()[len(program_head(spec)):]
        return program, _params(spec, params_text.lstrip(":"))
    by_import = is_import_path(spec)
    if by_import and not allow_imports:
        raise UsageError(f"bot '{spec}' is an import path, refused in a file: a bot read "
                         "from a save or record must be one of the registered bots")
    _load_builtins()
    head, _, params_text = spec.partition(":")
    cls: type | None = None
    if by_import:
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
                             "(or package.module:ClassName, or rl:model.zip)")
    return cls, _params(spec, params_text)


def _params(spec: str, params_text: str) -> dict[str, str]:
    params: dict[str, str] = {}
    for item in filter(None, (p.strip() for p in params_text.split(","))):
        key, eq, value = item.partition("=")
        if not eq:
            raise UsageError(f"bot '{spec}': parameter '{item}' needs the form name=value")
        params[key.strip()] = value.strip()
    return params


def make_agent(spec: str, allow_imports: bool = True):
    """Build a bot from its spec; raises UsageError with one line naming what is wrong. Without
    ``allow_imports`` only registered bots are built (see :func:`make_trusted_agent`)."""
    cls, raw = resolve(spec.strip(), allow_imports)
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


def make_trusted_agent(spec: str):
    """Build a bot from a spec read from a file (a save, a record, a results file): only a
    registered bot, with its parameters. An import path is refused with UsageError naming
    the spec, and never imported."""
    return make_agent(spec, allow_imports=False)
