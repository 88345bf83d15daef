"""The bots: one protocol (:mod:`ai.agent`), a registry of the built-in bots (:mod:`ai.registry`),
and one module per bot.

>>> from ai import make_bot
>>> make_bot("random").name
'random'
"""

from ai.agent import Agent, BaseAgent
from ai.registry import available, make_bot, register, split_specs

__all__ = ["Agent", "BaseAgent", "available", "make_agent", "make_bot", "register", "split_specs"]


#: A built-in bot from its spec: the name bots' users (and the sparring harness's bridge) know.
#: Programs, trained policies and import paths are the player factory's,
#: :func:`risk.players.make_player`, above the bots.
make_agent = make_bot
