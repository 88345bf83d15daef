"""The agent protocol every bot follows.

A bot receives a *view*: its own copy of the game, with the other players' cards and the deck
order hidden (drawn at random from what it cannot see) and ``view.rng`` set to the bot's private
random source. It never sees the live game or the game's dice. It returns one legal action.

The runner seeds each seat's random source from the game's seed, the seat and the bot's own
``seed`` parameter, so the same seeds give the same moves.
"""

from __future__ import annotations

import inspect
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, runtime_checkable

if TYPE_CHECKING:
    from risk.actions import Action
    from risk.state import GameState


@runtime_checkable
class Agent(Protocol):
    """What the game runner needs from a bot."""

    name: ClassVar[str]

    def act(self, view: "GameState") -> "Action":
        """Return a legal action for ``view.current_player``."""
        ...


class BaseAgent:
    """A convenient base: parameters are keyword arguments of ``__init__`` with defaults.

    ``seed`` (every bot has it) is mixed into the seat's random source, so two copies of a bot
    with different seeds play differently in the same game.
    """

    name: ClassVar[str] = "base"

    def __init__(self, seed: int | None = None):
        self.seed = seed

    def reset(self, seed: int | None = None) -> None:
        """Called by the runner before a game; bots with memory clear it here."""

    def act(self, view: "GameState") -> "Action":
        raise NotImplementedError

    @classmethod
    def parameters(cls) -> dict[str, Any]:
        """The constructor's parameters and their defaults."""
        signature = inspect.signature(cls.__init__)
        kinds = (inspect.Parameter.KEYWORD_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
        return {name: p.default for name, p in signature.parameters.items()
                if name != "self" and p.kind in kinds}

    @property
    def spec(self) -> str:
        """The spec string that builds this bot again (parameters that differ from the defaults)."""
        changed = [f"{k}={getattr(self, k)}" for k, default in self.parameters().items()
                   if hasattr(self, k) and getattr(self, k) != default]
        return self.name + (":" + ",".join(changed) if changed else "")

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.spec}>"


# Parameter checks shared by the bots' constructors: each raises one ValueError naming the value,
# which the registry reports as a one-line usage error.

def non_negative(**values: float) -> None:
    for label, value in values.items():
        if value < 0:
            raise ValueError(f"{label}={value} must not be negative")


def between_0_and_1(**values: float) -> None:
    for label, value in values.items():
        if not 0.0 <= value <= 1.0:
            raise ValueError(f"{label}={value} must be between 0 and 1")


def one_of(label: str, value: str, choices: tuple[str, ...]) -> None:
    if value not in choices:
        raise ValueError(f"{label}={value} must be one of {', '.join(choices)}")
