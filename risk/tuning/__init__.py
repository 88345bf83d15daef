"""Tuning a bot's numeric parameters against a field of opponents.

- :mod:`~risk.tuning.params`: which parameters a bot has, the values to try, the specs that set them
- :mod:`~risk.tuning.sweep`: one parameter over a grid, every value on the same deals
- :mod:`~risk.tuning.fit`: the logistic-quadratic curve and the bootstrap interval of its optimum
- :mod:`~risk.tuning.confirm`: the paired sequential test of the optimum against the baseline
- :mod:`~risk.tuning.spsa`: several parameters at once, as fishtest does
- :mod:`~risk.tuning.tuner`: the phases of a run, numbered into one results file
- :mod:`~risk.tuning.plots`: the curve and the SPSA path

The games are played by :mod:`risk.tournament`, with its seat rotation, results file, resume,
backends and fault policy. See docs/tournaments.md.
"""
