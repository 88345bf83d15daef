"""Bot specs that name a program: ``cmd:COMMAND ARGS...`` and a bot file (``.json`` or ``.toml``).

``cmd:node bots/random.js`` runs the command (split like a shell line, no shell) in the current
folder. A bot file says more::

    {"command": ["node", "random.js"], "cwd": ".", "name": "random-js",
     "options": {"depth": 2}, "retries": 2, "timeout": 60, "log": "logs/random-js.log",
     "reuse": true}

``command`` is a list (or one string, split like a shell line); ``cwd`` and ``log`` are relative
to the file's folder. ``reuse`` (true by default, for ``cmd:`` specs too) keeps a program that
finished a game cleanly for the next game of the same bot (:mod:`risk.protocol.external`);
``"reuse": false`` starts a fresh program for every game. A bot file's spec may set options
like a built-in bot's parameters: ``bots/deep.toml:depth=3,width=8``; its ``options`` are the
defaults (so ``risk tune`` can tune them). A spec read from a save or record never starts a
program: ``risk.players.make_trusted_player`` refuses these specs, as it refuses import paths.
"""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Any

from risk.errors import UsageError
from risk.files import read_bounded
from risk.schema import MAX_DEPTH, JsonProblem, nested_deeper_than, read_json, short_form

CMD_PREFIX = "cmd:"
BOT_FILE_SUFFIXES = (".json", ".toml")
#: Whether a program is kept between games unless its bot file says ``"reuse": false``.
DEFAULT_REUSE = True
_FILE_KEYS = {"command", "cwd", "name", "options", "retries", "timeout", "log", "reuse"}


def is_external_spec(spec: str) -> bool:
    """Whether ``spec`` names a bot program (``cmd:...`` or a bot file) rather than a Python bot."""
    spec = spec.strip()
    if spec.startswith(CMD_PREFIX):
        return True
    head = program_head(spec)
    return head.lower().endswith(BOT_FILE_SUFFIXES)


def program_head(spec: str) -> str:
    """The part of a program spec that names the program: the whole ``cmd:`` spec, or a bot
    file's path without the ``:option=value,...`` that may follow it."""
    spec = spec.strip()
    if spec.startswith(CMD_PREFIX):
        return spec
    for suffix in BOT_FILE_SUFFIXES:
        at = spec.lower().find(suffix + ":")
        if at >= 0:
            return spec[:at + len(suffix)]
    return spec


class BotProgram:
    """A bot program named by a spec, before it runs: builds :class:`ExternalAgent` values and
    answers ``parameters()`` (its options' defaults) like a bot class does for ``make_agent``."""

    def __init__(self, spec: str):
        self.spec = spec.strip()
        self.settings = _read_spec(self.spec)
        self.__name__ = self.settings.get("name") or "external"

    def parameters(self) -> dict[str, Any]:
        return dict(self.settings.get("options") or {})

    def __call__(self, **options: Any):
        from risk.protocol.external import DEFAULT_RETRIES, DEFAULT_TIMEOUT, ExternalAgent

        settings = self.settings
        merged = {**self.parameters(), **options}
        spec = program_head(self.spec)
        changed = [f"{k}={v}" for k, v in options.items() if self.parameters().get(k) != v]
        if changed and not self.spec.startswith(CMD_PREFIX):
            spec += ":" + ",".join(changed)
        return ExternalAgent(settings["command"], spec=spec, cwd=settings.get("cwd"), options=merged,
                             display_name=settings.get("name"), retries=settings.get("retries", DEFAULT_RETRIES),
                             timeout=settings.get("timeout", DEFAULT_TIMEOUT), log_path=settings.get("log"),
                             reuse=settings.get("reuse", DEFAULT_REUSE))


def _read_spec(spec: str) -> dict[str, Any]:
    if spec.startswith(CMD_PREFIX):
        line = spec[len(CMD_PREFIX):].strip()
        try:
            command = shlex.split(line)
        except ValueError as exc:
            raise UsageError(f"bot '{spec}': cannot split the command ({exc})") from None
        if not command:
            raise UsageError(f"bot '{spec}': 'cmd:' needs a command, e.g. cmd:python3 my_bot.py")
        return {"command": command}
    return read_bot_file(program_head(spec))


#: A bot file is a few lines of settings; anything near this size is not one.
MAX_BOT_FILE_BYTES = 1 << 20
MAX_RETRIES = 100
MAX_TIMEOUT = 24 * 3600.0


def read_bot_file(path_text: str) -> dict[str, Any]:
    """The settings of a bot file, checked; raises UsageError naming the file and what is wrong
    in one line (a file too large, not a regular file, not UTF-8, nested too deeply, a setting
    of the wrong type)."""
    path = Path(path_text)
    data = _parse_bot_file(path, path_text)
    if not isinstance(data, dict):
        raise UsageError(f"bot file {path_text}: the top level must be a table of settings")
    unknown = sorted(set(data) - _FILE_KEYS, key=str)
    if unknown:
        raise UsageError(f"bot file {path_text}: unknown setting {short_form(unknown[0])} "
                         f"(known: {', '.join(sorted(_FILE_KEYS))})")
    command = data.get("command")
    if isinstance(command, str):
        command = _split(command, path_text)
    if not isinstance(command, list) or not command or not all(isinstance(c, str) for c in command):
        raise UsageError(f"bot file {path_text}: 'command' must be a non-empty list of strings")
    for key in ("cwd", "log", "name"):
        if key in data and not isinstance(data[key], str):
            raise UsageError(f"bot file {path_text}: '{key}' must be a string")
    folder = path.resolve().parent
    settings: dict[str, Any] = {"command": command, "cwd": str(folder / data.get("cwd", "."))}
    if "log" in data:
        settings["log"] = str(folder / data["log"])
    if "name" in data:
        settings["name"] = data["name"]
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise UsageError(f"bot file {path_text}: 'options' must be a table of option names and values")
    settings["options"] = options
    if "reuse" in data:
        if not isinstance(data["reuse"], bool):
            raise UsageError(f"bot file {path_text}: 'reuse' must be true or false")
        settings["reuse"] = data["reuse"]
    for key, kind, most in (("retries", int, MAX_RETRIES), ("timeout", (int, float), MAX_TIMEOUT)):
        if key in data:
            value = data[key]
            if not isinstance(value, kind) or isinstance(value, bool) or not 0 <= value <= most:
                raise UsageError(f"bot file {path_text}: '{key}' must be a number from 0 to {most:g}")
            settings[key] = value
    return settings


def _parse_bot_file(path: Path, path_text: str) -> Any:
    """The bot file's content, read through the bounded reader; UsageError in one line."""
    import tomllib  # only for a bot file: every make_agent call looks at specs

    def refused(message: str, name: str) -> UsageError:
        return UsageError(f"bot file {name}: cannot read it: {message}")

    text = read_bounded(path, MAX_BOT_FILE_BYTES, refused, "bot file")
    kind = path.suffix[1:].upper()
    if path.suffix.lower() != ".toml":
        try:
            return read_json(text)
        except JsonProblem as exc:
            raise UsageError(f"bot file {path_text}: not valid JSON ({exc})") from None
    try:
        data = tomllib.loads(text)
    except (ValueError, tomllib.TOMLDecodeError) as exc:
        raise UsageError(f"bot file {path_text}: not valid {kind} ({str(exc).splitlines()[0]})") from None
    except RecursionError:
        raise UsageError(f"bot file {path_text}: not valid {kind} (nested too deeply)") from None
    if nested_deeper_than(data, MAX_DEPTH):
        raise UsageError(f"bot file {path_text}: nested more than {MAX_DEPTH} levels deep")
    return data


def _split(line: str, path_text: str) -> list[str]:
    try:
        return shlex.split(line)
    except ValueError as exc:
        raise UsageError(f"bot file {path_text}: cannot split the command ({exc})") from None
