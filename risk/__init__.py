"""Risk: a rules-exact game engine, exact battle mathematics, AI players and tournaments.

The layout follows the architecture:

- :mod:`risk.board` maps (the classic map, Domination imports) and the compiled board;
- :mod:`risk.rules` the rules as one frozen value; :mod:`risk.cards` cards and their odds;
- :mod:`risk.state` and :mod:`risk.engine` the game itself; :mod:`risk.actions`,
  :mod:`risk.events` what goes in and what comes out; :mod:`risk.record` records and saves;
- :mod:`risk.battle` the exact Markov solution of a battle, sampling and Monte Carlo;
- :mod:`risk.cli` the ``risk`` command; the bots live in the sibling package :mod:`ai`.
"""

__version__ = "0.1.0"
