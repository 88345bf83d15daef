"""The error hierarchy.

Every error a user can cause is a :class:`RiskError`, itself a :class:`ValueError`, so callers
can catch one family. The command line prints ``str(error)`` as a single line and exits non-zero;
the message names what was wrong (and the file and line where there is one).
"""

from __future__ import annotations


class RiskError(ValueError):
    """Base class of every error caused by bad input to the program."""


class MapError(RiskError):
    """A map file is malformed or inconsistent."""

    def __init__(self, message: str, path: str | None = None, line: int | None = None):
        self.path = path
        self.line = line
        where = ""
        if path is not None:
            where = f"{path}:{line}: " if line is not None else f"{path}: "
        super().__init__(where + message)


class RulesError(RiskError):
    """A rules option is unknown or has a value outside its range."""


class IllegalActionError(RiskError):
    """An action that the rules do not allow in this position.

    ``apply`` raises it before changing anything, so the state is left untouched. ``action`` is
    what was refused (None when the refusal is not about one action) and ``reason`` says why, in
    words a player can be shown; the message is ``illegal action '<text>': <reason>``.
    """

    def __init__(self, message: str, *, action: object = None, reason: str | None = None):
        super().__init__(message)
        self.action = action
        self.reason = message if reason is None else reason

    @classmethod
    def refusing(cls, action: object, text: str, reason: str) -> "IllegalActionError":
        """The error for ``action`` (written ``text``), refused because of ``reason``."""
        return cls(f"illegal action '{text}': {reason}", action=action, reason=reason)


class ActionIndexError(IllegalActionError):
    """An action index (:mod:`risk.rl.codec`) out of range or naming no legal action here, or a
    legal action that has no index (its army count is not one of the codec's buckets)."""


class ActionParseError(RiskError):
    """The text form of an action could not be read."""


class RecordError(RiskError):
    """A game record or save file is malformed, or replaying it does not give what it claims."""

    def __init__(self, message: str, path: str | None = None, line: int | None = None):
        self.path = path
        self.line = line
        where = ""
        if path is not None:
            where = f"{path}:{line}: " if line is not None else f"{path}: "
        super().__init__(where + message)


class FileError(RiskError):
    """A file cannot be read or written as asked: missing, too large, not a regular file (a
    device, a pipe, a folder, a symbolic link where a file is written), not UTF-8 text."""

    def __init__(self, message: str, path: str | None = None, line: int | None = None):
        self.path = path
        self.line = line
        where = ""
        if path is not None:
            where = f"{path}:{line}: " if line is not None else f"{path}: "
        super().__init__(where + message)


class PositionError(RiskError):
    """A written game position (``GameState.from_dict``) is malformed or does not fit its board."""


class UsageError(RiskError):
    """A bad command-line value."""


class RefereeError(RiskError):
    """The referee could not set up a seat (a bot program's log folder is missing, its program
    cannot be found): the referee's error, never counted as the bot's fault."""
