"""The bots: one protocol (:mod:`ai.agent`), a registry of named bots (:mod:`ai.registry`),
and one module per bot.

>>> from ai import make_agent
>>> make_agent("random").name
'random'
"""

from ai.agent import Agent, BaseAgent
from ai.registry import available, make_agent, register, split_specs

__all__ = ["Agent", "BaseAgent", "available", "make_agent", "register", "split_specs"]
