"""Tournaments: many games between bots, with rotated seats, statistics and ratings.

- :mod:`~risk.tournament.schedule`: seat-rotation groups and per-game seeds
- :mod:`~risk.tournament.worker`: one game in a worker (a :class:`~risk.match.Match` on the move
  clock of :mod:`risk.clock`) and the fault policy
- :mod:`~risk.tournament.runner`: in-process, process-pool and Ray backends
- :mod:`~risk.tournament.results`: the JSON Lines results file, durable appends, resume
- :mod:`~risk.tournament.session`: the plumbing a run shares (resume checks, progress, lines)
- :mod:`~risk.tournament.stats`: Wilson intervals and sequential probability ratio tests
- :mod:`~risk.tournament.summary`, :mod:`~risk.tournament.ratings`: per-bot totals, ratings
- :mod:`~risk.tournament.report`: the final table, the ``--json`` summary and the plot

See docs/tournaments.md for the user's view.
"""

import importlib

#: Where :class:`~risk.tournament.runner.Runner` plays its games (it refuses any other name). Named
#: here, where the command line can read them without loading the runner.
BACKENDS = ("process", "ray")

#: Each public name and the module that defines it, imported on first use (PEP 562), so that
#: ``risk tournament --help`` does not pay for the engine and the runner.
_HOMES = {
    "Runner": "runner", "TournamentError": "runner",
    "GameTask": "schedule", "group_seed": "schedule", "tournament_tasks": "schedule",
    "SPRT": "stats", "PairedSPRT": "stats", "wilson_interval": "stats",
    "GameSetup": "worker", "play_game": "worker",
}

__all__ = sorted(_HOMES)


def __getattr__(name: str):
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'risk.tournament' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"risk.tournament.{home}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
