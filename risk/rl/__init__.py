"""Risk for reinforcement learning: an action codec, observations, a PettingZoo environment, a
Gymnasium environment, many of its games in one vectorised environment, trained policies that
play with numpy alone (and an OpenSpiel game). Install the ``rl`` extra
(``pip install 'markov-risk[rl]'``); nothing in the core package imports this one.

The names load lazily (PEP 562), as in :mod:`risk`: ``import risk.rl`` imports neither
PettingZoo nor Gymnasium nor OpenSpiel; the first use of a name imports the module behind it.
See ``docs/rl.md``.
"""

from __future__ import annotations

import importlib

#: Each public name -> (the module that defines it, its name there). One line per name, so that
#: branches adding names merge cleanly.
_SOURCES: dict[str, tuple[str, str]] = {
    "ActionCodec": ("risk.rl.codec", "ActionCodec"),
    "best_trade": ("risk.rl.codec", "best_trade"),
    "ObservationEncoder": ("risk.rl.observation", "ObservationEncoder"),
    "env": ("risk.rl.pettingzoo_env", "env"),
    "raw_env": ("risk.rl.pettingzoo_env", "raw_env"),
    "RiskAECEnv": ("risk.rl.pettingzoo_env", "raw_env"),
    "gym_env": ("risk.rl.gymnasium_env", "gym_env"),
    "RiskGymEnv": ("risk.rl.gymnasium_env", "RiskGymEnv"),
    "GYM_ID": ("risk.rl.gymnasium_env", "GYM_ID"),
    "PolicyAgent": ("risk.rl.policy_agent", "PolicyAgent"),
    "vector_env": ("risk.rl.vector", "vector_env"),
    "RiskVectorEnv": ("risk.rl.vector", "RiskVectorEnv"),
    "NumpyPolicy": ("risk.rl.numpy_policy", "NumpyPolicy"),
    "RiskOpenSpielGame": ("risk.rl.openspiel_game", "RiskGame"),
}

__all__ = sorted(_SOURCES)


def __getattr__(name: str) -> object:
    """Import the module behind a public name on its first use, and keep the name."""
    try:
        module, attribute = _SOURCES[name]
    except KeyError:
        raise AttributeError(f"module 'risk.rl' has no attribute {name!r}") from None
    value = getattr(importlib.import_module(module), attribute)
    globals()[name] = value  # later look-ups skip this function
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_SOURCES))
