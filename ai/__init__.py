"""The bots: one protocol (:mod:`ai.agent`), a registry of the built-in bots (:mod:`ai.registry`),
and one module per bot.

>>> from ai import make_bot
>>> make_bot("random").name
'random'
"""

from ai.agent import Agent, BaseAgent
from ai.registry import available, make_bot, register, split_specs

__all__ = ["Agent", "BaseAgent", "available", "make_agent", "make_bot", "register", "split_specs"]


def make_agent(spec: str, allow_imports: bool = True):
    """Any player spec (a program, a trained policy, an import path, a built-in bot), built by
    :func:`risk.players.make_player`. The window still asks for players here; once it calls
    :mod:`risk.players` itself this name goes, with the one import against the layers that it
    makes (docs/architecture.md)."""
    from risk.players import make_player

    return make_player(spec, allow_imports)
